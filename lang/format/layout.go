package format

import (
	"strings"

	"github.com/minidana/dana/lang/lexer"
)

// atom is a token, or a whole f-string copied as written.
type atom struct {
	typ         lexer.Type // FStart for an f-string
	text        string
	first, last int // physical lines
}

// atoms groups l's tokens: an f-string (FStart ... FEnd, with its nested
// fields) becomes one atom holding its source text.
func (p *printer) atoms(l *logical) []atom {
	var out []atom
	for i := 0; i < len(l.toks); i++ {
		t := l.toks[i]
		if t.Type != lexer.FStart {
			out = append(out, atom{typ: t.Type, text: t.Value, first: t.Pos.Line, last: endLine(t)})
			continue
		}
		depth := 0
		j := i
		for ; j < len(l.toks); j++ {
			switch l.toks[j].Type {
			case lexer.FStart:
				depth++
			case lexer.FEnd:
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(l.toks) {
			j = len(l.toks) - 1
		}
		end := l.toks[j]
		out = append(out, atom{typ: lexer.FStart, text: p.src[t.Pos.Offset : end.Pos.Offset+len(end.Value)], first: t.Pos.Line, last: endLine(end)})
		i = j
	}
	return out
}

// frame is an open bracket.
type frame struct {
	open      string // "(", "[" or "{"
	subscript bool   // x[...]
	call      bool   // f(...) or def name(...)
	line      int    // physical line of the bracket
	sawColon  bool   // a ':' since the last ',' (an annotated parameter)
	lambda    bool   // inside lambda parameters (before '::')
}

// endsExpr reports whether an atom can end an operand, so that a following
// '(' is a call, '[' a subscript and '-' a binary minus.
func endsExpr(a *atom) bool {
	if a == nil {
		return false
	}
	switch a.typ {
	case lexer.Ident, lexer.Scoped, lexer.Int, lexer.Float, lexer.String, lexer.FStart:
		return true
	case lexer.Keyword:
		return a.text == "True" || a.text == "False" || a.text == "None"
	case lexer.Op:
		return a.text == ")" || a.text == "]" || a.text == "}" || a.text == "$$"
	}
	return false
}

func isOp(a *atom, ops ...string) bool {
	if a == nil || a.typ != lexer.Op {
		return false
	}
	for _, o := range ops {
		if a.text == o {
			return true
		}
	}
	return false
}

// layout renders l with canonical spacing, keeping its line breaks. ok is
// false when l cannot be laid out (it is then copied as written).
func (p *printer) layout(l *logical) (string, bool) {
	as := p.atoms(l)
	if len(as) == 0 {
		return "", false
	}
	var b strings.Builder
	stack := []*frame{{}} // the statement level is frame 0
	top := func() *frame { return stack[len(stack)-1] }
	noAfter := false // no space after the previous atom
	var prev *atom
	for i := range as {
		a := &as[i]
		var next *atom
		if i+1 < len(as) {
			next = &as[i+1]
		}
		// Decide the space before a, knowing prev and the open brackets.
		noBefore := false
		unary := false
		kwarg := false
		switch {
		case isOp(a, ")", "]", "}", ",", ";"):
			noBefore = true
		case isOp(a, "(", "["):
			noBefore = endsExpr(prev)
		case isOp(a, ":"):
			noBefore = true
		case isOp(a, "::"):
			noBefore = top().subscript && !top().lambda
		case isOp(a, "."):
			noBefore = prev == nil || prev.typ != lexer.Keyword
		case isOp(a, "="):
			f := top()
			kwarg = f.lambda || f.open == "(" && !f.sawColon
			noBefore = kwarg
		case isOp(a, "-", "+", "~", "*", "**"):
			unary = !endsExpr(prev)
		}
		if prev != nil {
			if a.first > prev.last {
				// A line break as written.
				p.lineBreak(&b, l, prev, a, stack)
			} else if !noBefore && !noAfter {
				b.WriteByte(' ')
			}
		}
		b.WriteString(a.text)

		// Decide the space after a, and track brackets.
		noAfter = false
		switch {
		case isOp(a, "(", "[", "{"):
			f := &frame{open: a.text, line: a.first}
			if endsExpr(prev) {
				f.subscript = a.text == "["
				f.call = a.text == "("
			}
			stack = append(stack, f)
			noAfter = true
		case isOp(a, ")", "]", "}"):
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case isOp(a, ","):
			top().sawColon = false
		case isOp(a, ":"):
			top().sawColon = true
			noAfter = top().subscript
		case isOp(a, "::"):
			noAfter = top().subscript && !top().lambda
			top().lambda = false
		case isOp(a, "."):
			noAfter = next == nil || next.typ != lexer.Keyword
		case isOp(a, "="):
			noAfter = kwarg
		case unary:
			noAfter = true
		case isOp(a, "@") && prev == nil:
			noAfter = true
		case a.typ == lexer.Keyword && a.text == "lambda":
			top().lambda = true
		}
		prev = a
	}
	if c := p.inlineComment(prev.last); c != "" {
		b.WriteString(c)
	}
	return b.String(), true
}

// lineBreak writes the line break between prev and a as the source has it:
// the comment ending prev's line, a backslash when no bracket is open, the
// comment-only and blank lines in between, and the indentation of a's line
// (one level per bracket opened on an earlier line and still open, a
// closing bracket at its opener's level).
func (p *printer) lineBreak(b *strings.Builder, l *logical, prev, a *atom, stack []*frame) {
	if c := p.inlineComment(prev.last); c != "" {
		b.WriteString(c)
	} else if len(stack) == 1 {
		b.WriteString(" \\")
	}
	open := stack[1:]
	if isOp(a, ")", "]", "}") && len(open) > 0 {
		open = open[:len(open)-1]
	}
	levels := 0
	lastLine := -1
	for _, f := range open {
		if f.line != lastLine {
			levels++
			lastLine = f.line
		}
	}
	if len(stack) == 1 {
		levels = 1 // a backslash continuation
	}
	indent := strings.Repeat(indentUnit, l.depth+levels)
	blank := false
	for n := prev.last + 1; n < a.first; n++ {
		if _, ok := p.own[n]; ok {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
				blank = false
			}
			b.WriteString(indent + normalizeComment(strings.TrimSpace(p.lines[n-1])))
			continue
		}
		if strings.TrimSpace(p.lines[n-1]) == "" {
			blank = true
		}
	}
	if blank {
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(indent)
}
