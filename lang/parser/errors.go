package parser

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/lexer"
)

// syntaxError turns a participle error on the token stream toks (which ends
// with EOF) into a diagnostic that speaks the user's language: it locates the
// offending token and looks at what precedes it.
func syntaxError(src string, toks []lexer.Token, err error) *diag.Error {
	k, expected := locate(toks, err)
	typ, msg, pos := explain(toks, k, expected, len(src))
	e := &diag.Error{Pos: pos, Type: typ, Msg: msg, Line: diag.SourceLine(src, pos.Line)}
	if typ == lexer.IndentationError && headerAtEOF(toks, k, len(src)) {
		e.Open = diag.OpenBlock
	}
	return e
}

// headerAtEOF reports whether the parser stopped (at toks[k]) at the end of
// the source right after a block header's ':' and its newline: the block's
// body has simply not been written yet.
func headerAtEOF(toks []lexer.Token, k, srcLen int) bool {
	if k < 2 || k >= len(toks) {
		return false
	}
	tok, nl, colon := toks[k], toks[k-1], toks[k-2]
	return (tok.Type == lexer.EOF || tok.Type == lexer.Dedent) && tok.Pos.Offset >= srcLen &&
		nl.Type == lexer.Newline && colon.Type == lexer.Op && colon.Value == ":"
}

// locate finds the index of the token participle stopped at, and what it
// expected there (participle's EBNF, or "").
func locate(toks []lexer.Token, err error) (int, string) {
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		for i, t := range toks {
			if t.Pos.Offset == ute.Unexpected.Pos.Offset && t.Type == ute.Unexpected.Type {
				return i, expectedOf(ute.Message())
			}
		}
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		off := perr.Position().Offset
		for i, t := range toks {
			if t.Pos.Offset >= off {
				return i, expectedOf(perr.Message())
			}
		}
	}
	return len(toks) - 1, ""
}

func expectedOf(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return ""
	}
	return msg[i+len("(expected ") : len(msg)-1]
}

// describeToken names a token in an error message.
func describeToken(t lexer.Token) string {
	switch t.Type {
	case lexer.Op:
		return "'" + t.Value + "'"
	case lexer.Ident, lexer.Scoped:
		return "name '" + t.Value + "'"
	case lexer.Keyword:
		return "keyword '" + t.Value + "'"
	case lexer.Int, lexer.Float:
		return "number " + t.Value
	case lexer.String:
		return "string literal"
	case lexer.FStart:
		return "f-string"
	case lexer.Newline:
		return "end of line"
	case lexer.Indent:
		return "indent"
	case lexer.Dedent:
		return "end of block"
	case lexer.EOF:
		return "end of file"
	}
	return "'" + t.Value + "'"
}

// operandOps are the tokens after which an expression must follow.
var operandOps = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "//": true, "%": true, "**": true,
	"|": true, "&": true, "^": true, "~": true, "<<": true, ">>": true,
	"<": true, ">": true, "<=": true, ">=": true, "==": true, "!=": true,
	"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "//=": true, "%=": true,
	"**=": true, "|=": true, "&=": true, "^=": true, "<<=": true, ">>=": true,
	"not": true, "and": true, "or": true, "in": true, "is": true, "::": true,
	"->": true, "@": true, "if": true, "else": true, "elif": true, "while": true,
	"assert": true, "lambda": true,
}

func isEnd(t lexer.Token) bool {
	return t.Type == lexer.Newline || t.Type == lexer.EOF || t.Type == lexer.Dedent
}

// startsExpr reports whether t can begin an expression.
func startsExpr(t lexer.Token) bool {
	switch t.Type {
	case lexer.Ident, lexer.Scoped, lexer.Int, lexer.Float, lexer.String, lexer.FStart:
		return true
	case lexer.Keyword:
		switch t.Value {
		case "not", "lambda", "True", "False", "None":
			return true
		}
	case lexer.Op:
		switch t.Value {
		case "(", "[", "{", "-", "+", "~", "$$":
			return true
		}
	}
	return false
}

// endsExpr reports whether t can end an expression.
func endsExpr(t lexer.Token) bool {
	switch t.Type {
	case lexer.Ident, lexer.Scoped, lexer.Int, lexer.Float, lexer.String, lexer.FEnd:
		return true
	case lexer.Keyword:
		switch t.Value {
		case "True", "False", "None":
			return true
		}
	case lexer.Op:
		switch t.Value {
		case ")", "]", "}", "$$":
			return true
		}
	}
	return false
}

// bracketDepth returns how many brackets are open before toks[k].
func bracketDepth(toks []lexer.Token, k int) int {
	d := 0
	for _, t := range toks[:k] {
		if t.Type != lexer.Op {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			d++
		case ")", "]", "}":
			if d > 0 {
				d--
			}
		}
	}
	return d
}

// expectedLiteral returns the literal participle expected first, if any.
func expectedLiteral(expected string) string {
	if !strings.HasPrefix(expected, `"`) {
		return ""
	}
	end := strings.Index(expected[1:], `"`)
	if end < 0 {
		return ""
	}
	return expected[1 : end+1]
}

// inLambdaParams reports whether toks[k] sits in the parameter list of a
// lambda (after `lambda`, before its `::`).
func inLambdaParams(toks []lexer.Token, k int) bool {
	depth := 0
	for i := k - 1; i >= 0; i-- {
		t := toks[i]
		if t.Type == lexer.Op {
			switch t.Value {
			case ")", "]", "}":
				depth++
			case "(", "[", "{":
				if depth == 0 {
					return false
				}
				depth--
			case "::":
				if depth == 0 {
					return false
				}
			}
		}
		if depth == 0 && (t.Type == lexer.Newline || t.Type == lexer.Indent || t.Type == lexer.Dedent) {
			return false
		}
		if depth == 0 && t.Type == lexer.Keyword && t.Value == "lambda" {
			return true
		}
	}
	return false
}

// nameAfter are the keywords that a name must follow.
var nameAfter = map[string]bool{"def": true, "as": true, "import": true, "global": true, "nonlocal": true, "struct": true, "interface": true, "enum": true}

// unsupported names the Python constructs mini-Dana does not have; a
// statement that starts with one of these names and does not parse gets
// this message instead of "invalid syntax".
var unsupported = map[string]string{
	"with":  "`with` statements are not supported",
	"async": "`async` functions are not supported",
	"await": "`await` is not supported",
	"match": "`match` statements are not supported",
	"class": "invalid syntax: mini-Dana has no 'class'; use 'struct'",
	// Reference-Dana constructs outside mini-Dana (§1.3: named, not "invalid syntax").
	"agent":           "`agent` definitions are not supported (mini-Dana has no agents; use a 'struct' and functions)",
	"agent_blueprint": "`agent_blueprint` definitions are not supported (mini-Dana has no agents; use a 'struct' and functions)",
	"resource":        "`resource` definitions are not supported (use a 'struct' and functions)",
	"deliver":         "`deliver` statements are not supported; use 'return'",
}

// statementStart returns the first token of the logical line holding
// toks[k], when that line is a statement that starts with a name followed
// by something that cannot follow a name in an expression statement.
func statementStart(toks []lexer.Token, k int) (lexer.Token, bool) {
	i := k
	for i > 0 {
		t := toks[i-1]
		if t.Type == lexer.Newline || t.Type == lexer.Indent || t.Type == lexer.Dedent {
			break
		}
		i--
	}
	if i+1 >= len(toks) || i >= k {
		return lexer.Token{}, false
	}
	next := toks[i+1]
	switch {
	case next.Type == lexer.Ident, next.Type == lexer.Keyword && next.Value != "in" && next.Value != "if":
	case next.Type == lexer.Op && next.Value == "(" && toks[i].Value == "with":
	default:
		return lexer.Token{}, false
	}
	return toks[i], true
}

// things names the productions of the grammar in error messages.
var things = map[string]string{
	"GType": "a type", "GTypeAtom": "a type", "GTypeLit": "a type",
	"GExpr": "an expression", "GExprList": "an expression", "GStarExpr": "an expression",
	"GBin": "an expression", "GOr": "an expression", "GNotCmp": "an expression",
	"GUnary": "an expression", "GPrimary": "an expression",
	"GAtom": "an expression", "atomTok": "an expression", "GArg": "an expression",
	"GTargets": "a target", "GTarget": "a target",
	"GDotted": "a module name", "GImportName": "a name", "<ident>": "a name",
	"GParam": "a parameter", "GSliceItem": "an index",
}

// expectedThing describes what participle expected first, or returns "".
func expectedThing(expected string) string {
	e := strings.TrimLeft(expected, "(")
	if i := strings.IndexAny(e, " )|?*+"); i >= 0 {
		e = e[:i]
	}
	return things[e]
}

func isCloser(t lexer.Token) bool {
	return t.Type == lexer.Op && (t.Value == ")" || t.Value == "]" || t.Value == "}")
}

// explain chooses the message of a syntax error at toks[k]. srcLen tells the
// real end of file from the end of a statement.
func explain(toks []lexer.Token, k int, expected string, srcLen int) (typ, msg string, pos ast.Pos) {
	tok := toks[k]
	pos = tok.Pos
	var prev lexer.Token
	if k > 0 {
		prev = toks[k-1]
	}
	lit := expectedLiteral(expected)
	atEOF := (tok.Type == lexer.EOF || tok.Type == lexer.Dedent) && tok.Pos.Offset >= srcLen
	if first, ok := statementStart(toks, k); ok {
		if msg, ok := unsupported[first.Value]; ok && first.Type == lexer.Ident {
			return lexer.SyntaxError, msg, first.Pos
		}
	}
	switch {
	case tok.Type == lexer.Indent:
		return lexer.IndentationError, "unexpected indent", pos
	case tok.Type == lexer.Keyword && k > 0 && !isEnd(prev) && prev.Type != lexer.Indent && (nameAfter[prev.Value] || !startsExpr(tok) && (prev.Value == "," || expectedThing(expected) != "" || strings.Contains(expected, "<ident>"))):
		return lexer.SyntaxError, fmt.Sprintf("invalid syntax: '%s' is a keyword and cannot be used as a name", tok.Value), pos
	case k >= 2 && prev.Type == lexer.Newline && toks[k-2].Type == lexer.Op && toks[k-2].Value == ":":
		colon := toks[k-2]
		if atEOF {
			pos = prev.Pos
		}
		msg = "expected an indented block after ':'"
		if pos.Line != colon.Pos.Line {
			msg += fmt.Sprintf(" on line %d", colon.Pos.Line)
		}
		return lexer.IndentationError, msg, pos
	case lit == "else" && !isEnd(prev):
		return lexer.SyntaxError, "expected 'else' after 'if' expression", pos
	case lit == "::" || inLambdaParams(toks, k) && (isEnd(tok) || tok.Type == lexer.Op):
		return lexer.SyntaxError, "expected '::' after the lambda parameters (write 'lambda x :: body')", pos
	case isCloser(tok):
		return lexer.SyntaxError, "invalid syntax: unexpected " + describeToken(tok), pos
	case expectedThing(expected) != "" && k > 0 && prev.Type != lexer.Newline && prev.Type != lexer.Indent && prev.Type != lexer.Dedent:
		return lexer.SyntaxError, fmt.Sprintf("expected %s after '%s'", expectedThing(expected), prev.Value), pos
	case isEnd(tok) && prev.Type == lexer.Keyword && prev.Value == "import":
		return lexer.SyntaxError, "expected a name after 'import'", pos
	case isEnd(tok) && (prev.Type == lexer.Op || prev.Type == lexer.Keyword) && operandOps[prev.Value]:
		return lexer.SyntaxError, fmt.Sprintf("expected an expression after '%s'", prev.Value), pos
	case lit == "in" || lit == "import":
		return lexer.SyntaxError, fmt.Sprintf("expected '%s'", lit), pos
	case (lit == ":" || lit == "->" && strings.Contains(expected, `":"`)) && (isEnd(tok) || tok.Type != lexer.Op):
		return lexer.SyntaxError, "expected ':'", pos
	case tok.Type == lexer.Op && tok.Value == "{" && k+1 < len(toks) && toks[k+1].Pos.Line > tok.Pos.Line && (lit == ":" || defHeaderOpen(toks, k)):
		return lexer.SyntaxError, "expected ':' (blocks are indented after ':', not enclosed in braces)", pos
	case isEnd(tok) && defHeaderOpen(toks, k):
		return lexer.SyntaxError, "expected ':'", pos
	case lit == "def" && k > 0:
		return lexer.SyntaxError, "expected 'def' after a decorator", pos
	case bracketDepth(toks, k) > 0 && endsExpr(prev) && startsExpr(tok):
		return lexer.SyntaxError, "invalid syntax. Perhaps you forgot a comma?", pos
	case prev.Type == lexer.Ident && prev.Value == "class" && (k == 1 || toks[k-2].Type == lexer.Newline || toks[k-2].Type == lexer.Indent || toks[k-2].Type == lexer.Dedent):
		return lexer.SyntaxError, "invalid syntax: mini-Dana has no 'class'; use 'struct'", prev.Pos
	}
	return lexer.SyntaxError, "invalid syntax: unexpected " + describeToken(tok), pos
}

// defHeaderOpen reports whether toks[k] ends a logical line that starts with
// `def` and has neither its ':' nor a declarative '=' at bracket depth 0.
func defHeaderOpen(toks []lexer.Token, k int) bool {
	i := k
	for i > 0 && toks[i-1].Type != lexer.Newline && toks[i-1].Type != lexer.Indent && toks[i-1].Type != lexer.Dedent {
		i--
	}
	if i >= k || toks[i].Type != lexer.Keyword || toks[i].Value != "def" {
		return false
	}
	depth := 0
	for ; i < k; i++ {
		switch t := toks[i]; {
		case t.Type != lexer.Op:
		case t.Value == "(" || t.Value == "[" || t.Value == "{":
			depth++
		case t.Value == ")" || t.Value == "]" || t.Value == "}":
			depth--
		case depth == 0 && (t.Value == ":" || t.Value == "="):
			return false
		}
	}
	return depth == 0
}
