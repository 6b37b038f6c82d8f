package repl

import (
	"errors"
	"strings"

	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/lexer"
)

// compoundStarts are the keywords that open a compound statement: an input
// starting with one of them is a block and runs only after a blank line, even
// when written on one line (`for x in xs: print(x)`), as in Python.
var compoundStarts = map[string]bool{
	"if": true, "while": true, "for": true, "try": true, "struct": true, "interface": true,
}

// needsMore reports whether src, the pending input whose last line is last,
// needs more lines before it can run: a bracket, triple-quoted string or
// line continuation is still open, or src is a block (a compound statement,
// a decorated or block-bodied def, anything with an indented line) that has
// not been closed by a blank line.
func needsMore(src, last string) bool {
	toks, _, err := lexer.Scan("<input>", src)
	blank := strings.TrimSpace(last) == ""
	switch openAtEOF(err) {
	case diag.OpenBracket, diag.OpenString:
		return true
	case diag.OpenContinuation:
		// A blank line after a trailing '\' is an error, as in Python.
		return !blank
	}
	return isBlock(toks) && !blank
}

// blockOnly reports whether src is waiting for nothing but the blank line
// that closes its block.
func blockOnly(src string) bool {
	_, _, err := lexer.Scan("<input>", src)
	return openAtEOF(err) == diag.OpenNone
}

// openAtEOF tells, from the scanner's diagnostics, what is left open at the
// end of the input (diag.Error.Open, set by the scanner where it hit the end
// of the input inside a construct): an unclosed triple-quoted string wins
// over a bracket, a bracket over a line continuation.
func openAtEOF(err error) diag.Open {
	var l diag.List
	if !errors.As(err, &l) {
		return diag.OpenNone
	}
	kind := diag.OpenNone
	for _, d := range l {
		switch d.Open {
		case diag.OpenString:
			return diag.OpenString
		case diag.OpenBracket:
			kind = diag.OpenBracket
		case diag.OpenContinuation:
			if kind == diag.OpenNone {
				kind = diag.OpenContinuation
			}
		}
	}
	return kind
}

// isBlock reports whether the tokens are those of an input that must be
// closed by a blank line.
func isBlock(toks []lexer.Token) bool {
	first := -1
	for i, t := range toks {
		if t.Type == lexer.Indent {
			// An indented first line is an error to report at once, as
			// Python does, not the start of a block.
			return false
		}
		if t.Type != lexer.Newline && t.Type != lexer.Dedent {
			first = i
			break
		}
	}
	if first < 0 {
		return false
	}
	t := toks[first]
	switch {
	case t.Type == lexer.Keyword && compoundStarts[t.Value]:
		return true
	case t.Type == lexer.Op && t.Value == "@":
		return true
	}
	depth := 0
	for i, t := range toks {
		switch {
		case t.Type == lexer.Indent:
			return true
		case t.Type == lexer.Op && strings.ContainsAny(t.Value, "([{") && len(t.Value) == 1:
			depth++
		case t.Type == lexer.Op && strings.ContainsAny(t.Value, ")]}") && len(t.Value) == 1:
			depth--
		case t.Type == lexer.Op && t.Value == ":" && depth <= 0:
			// `def f(x): return x` is a block; `def f(x) = g | h` (a
			// pipeline) is not. A ':' ending a line opens a block too.
			if toks[first].Type == lexer.Keyword && toks[first].Value == "def" {
				return true
			}
			if i+1 < len(toks) && toks[i+1].Type == lexer.Newline {
				return true
			}
		}
	}
	return false
}
