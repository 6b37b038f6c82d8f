// Package parser builds the lang/ast tree of a mini-Dana file.
//
// The grammar (grammar.go) is a participle v2 grammar over the tokens of
// package lexer; convert.go turns its parse tree into package ast and checks
// what the grammar leaves open; errors.go rewrites participle's errors into
// messages in the user's terms.
//
// To report several syntax errors at once, ParseFile splits the token stream
// into top-level statements and parses each on its own: an error in one
// statement does not hide the errors of the next ones.
//
// Conventions worth knowing when consuming the tree:
//   - every node has the position of its first token, except FuncDef, whose
//     position is that of the `def` keyword (its decorators come before it and
//     have their own positions); its Doc comments are the ones above the first
//     decorator;
//   - an `elif` is an IfStmt flagged IsElif, sole statement of the Else block
//     of the IfStmt before it;
//   - `-2` is a UnaryExpr around an IntLit (no constant folding);
//   - f-string parts are merged: adjacent literal text (also across adjacent
//     literals "a" f"{x}") becomes one part; a `{x=}` part has Debug set and no
//     Conv (Python then uses repr unless a format spec is given);
//   - generator expressions in parentheses or as the sole argument of a call
//     are CompExpr of kind CompGen.
package parser

import (
	"errors"
	"fmt"
	"sort"

	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/lexer"
)

// ParseFile parses a mini-Dana source file. On failure it returns the
// statements it could parse together with a diag.List of every syntax error it
// found (each with Pos, Type "SyntaxError" or "IndentationError", Msg and the
// quoted source Line).
func ParseFile(filename, src string) (*ast.File, error) {
	return parseFile(filename, src, true, nil)
}

// ParseFileCheck is ParseFile for a caller that bounds the work of parsing
// (a deadline, cancellation, a memory bound): check is called every
// CheckTokens tokens scanned and parsed, between statements (also between
// the statements of a long block). When it returns an error, parsing stops
// and ParseFileCheck returns that error as is, with no statements.
func ParseFileCheck(filename, src string, check func() error) (*ast.File, error) {
	return parseFile(filename, src, true, check)
}

// CheckTokens is how many tokens pass between two calls of the check
// function of ParseFileCheck (about a millisecond of parsing).
const CheckTokens = 1 << 13

// stmtParser is the state of the parse of one file.
type stmtParser struct {
	filename, src string
	// fast enables the fast paths: long literal runs (run.go), simple
	// statements parsed by hand and long blocks parsed statement by
	// statement (fast.go). The tests compare both ways.
	fast  bool
	check func() error
	since int   // tokens parsed since the last check
	err   error // the error of check, which stops the parse
}

// parseFile is ParseFile; fast tells whether the fast paths are taken.
func parseFile(filename, src string, fast bool, check func() error) (*ast.File, error) {
	toks, comments, warns, lexErr := lexer.ScanFileCheck(filename, src, check, CheckTokens)
	f := &ast.File{Name: filename, Source: src, Comments: comments, Warnings: warns}
	var lexErrs diag.List
	if lexErr != nil && !errors.As(lexErr, &lexErrs) {
		if check != nil && !errors.As(lexErr, new(*diag.Error)) {
			return &ast.File{Name: filename, Source: src}, lexErr // check's error, as is
		}
		return f, fmt.Errorf("parse %s: %w", filename, lexErr)
	}
	chunks := splitStatements(toks)
	if len(chunks) > 0 {
		if err := build(); err != nil {
			return f, err
		}
	}
	p := &stmtParser{filename: filename, src: src, fast: fast, check: check}
	var errs diag.List
	li := 0
	for ci, ch := range chunks {
		next := toks[ch.end]
		var mine diag.List
		for li < len(lexErrs) && (ci == len(chunks)-1 || lexErrs[li].Pos.Offset < next.Pos.Offset) {
			mine = append(mine, lexErrs[li])
			li++
		}
		if len(mine) > 0 {
			errs = append(errs, mine...)
			continue
		}
		stmts, cerrs := p.chunk(toks[ch.start:ch.end], next.Pos)
		if p.err != nil {
			return &ast.File{Name: filename, Source: src}, p.err
		}
		f.Stmts = append(f.Stmts, stmts...)
		errs = append(errs, cerrs...)
	}
	errs = append(errs, lexErrs[li:]...)
	attachComments(f.Stmts, comments)
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Pos.Offset < errs[j].Pos.Offset })
		return f, errs
	}
	return f, nil
}

// tick counts n tokens parsed and calls the check function every
// CheckTokens tokens; it reports whether parsing may go on.
func (p *stmtParser) tick(n int) bool {
	if p.err != nil {
		return false
	}
	p.since += n
	if p.check != nil && p.since >= CheckTokens {
		p.since = 0
		p.err = p.check()
	}
	return p.err == nil
}

// ParseExpr parses a single expression (a bare tuple `a, b` included), as the
// REPL's `:type EXPR` needs. The error, if any, is a diag.List.
func ParseExpr(filename, src string) (ast.Expr, error) {
	toks, _, lexErr := lexer.Scan(filename, src)
	if lexErr != nil {
		var l diag.List
		if errors.As(lexErr, &l) {
			return nil, l
		}
		return nil, fmt.Errorf("parse expression: %w", lexErr)
	}
	// Drop the layout tokens around a single logical line.
	body := toks[:len(toks)-1]
	for len(body) > 0 && (body[len(body)-1].Type == lexer.Newline || body[len(body)-1].Type == lexer.Dedent) {
		body = body[:len(body)-1]
	}
	if len(body) > 0 && body[0].Type == lexer.Indent {
		body = body[1:]
	}
	eof := toks[len(toks)-1].Pos
	if len(body) == 0 {
		return nil, diag.List{{Pos: eof, Type: lexer.SyntaxError, Msg: "expected an expression", Line: diag.SourceLine(src, eof.Line)}}
	}
	if err := build(); err != nil {
		return nil, err
	}
	all := append(append([]lexer.Token(nil), body...), lexer.Token{Type: lexer.EOF, Pos: eof})
	pl, err := plexer.Upgrade(lexer.NewSliceLexer(all))
	if err != nil {
		return nil, fmt.Errorf("parse expression: %w", err)
	}
	g, err := exprParser.ParseFromLexer(pl)
	if err != nil {
		return nil, diag.List{syntaxError(src, all, err)}
	}
	c := &conv{file: filename, src: src, toks: all}
	x := c.exprList(g)
	if len(c.errs) > 0 {
		return x, c.errs
	}
	return x, nil
}

type span struct{ start, end int }

// splitStatements cuts the token stream (which ends with EOF) into top-level
// statements: a statement ends with a Newline or a Dedent at depth 0 that is
// not followed by an Indent, by a clause of the same compound statement
// (else, elif, except, finally), or, after a decorator line, by the
// decorated definition.
func splitStatements(toks []lexer.Token) []span {
	var out []span
	depth, start, line := 0, 0, 0
	for i := 0; i < len(toks)-1; i++ {
		t := toks[i]
		switch t.Type {
		case lexer.Indent:
			depth++
			continue
		case lexer.Dedent:
			depth--
		case lexer.Newline:
		default:
			continue
		}
		if depth > 0 {
			continue
		}
		next := toks[i+1]
		if next.Type == lexer.Indent {
			continue
		}
		if next.Type == lexer.Keyword {
			switch next.Value {
			case "else", "elif", "except", "finally":
				line = i + 1
				continue
			}
		}
		if toks[line].Type == lexer.Op && toks[line].Value == "@" {
			line = i + 1
			continue
		}
		out = append(out, span{start, i + 1})
		start, line = i+1, i+1
	}
	if start < len(toks)-1 {
		out = append(out, span{start, len(toks) - 1})
	}
	return out
}

// chunk parses the tokens of one statement (a top-level one, or one of a
// long block: see split); eof is where the next statement starts.
func (p *stmtParser) chunk(toks []lexer.Token, eof ast.Pos) ([]ast.Stmt, diag.List) {
	filename, src := p.filename, p.src
	if t, ok := tooDeep(toks); ok {
		return nil, diag.List{{Pos: t.Pos, Type: lexer.SyntaxError, Msg: "statement too deeply nested", Line: diag.SourceLine(src, t.Pos.Line)}}
	}
	if p.fast {
		if g := fastSimple(toks); g != nil {
			p.tick(len(toks))
			c := &conv{file: filename, src: src, toks: toks}
			return c.stmt(g.Stmt, nil), c.errs
		}
		if len(toks) >= splitMin {
			if stmts, ok := p.split(toks, eof); ok || p.err != nil {
				return stmts, nil
			}
		}
	}
	if !p.tick(len(toks)) {
		return nil, nil
	}
	short, collapsed := toks, map[int][]lexer.Token(nil)
	if p.fast {
		short, collapsed = collapseRuns(toks)
	}
	if collapsed != nil {
		g, err := parseTokens(short, eof)
		if err == nil {
			c := &conv{file: filename, src: src, toks: short, runs: collapsed}
			return c.stmt(g.Stmt, nil), c.errs
		}
		// The grammar refused a run where no list item may stand
		// (parameters, targets, import names...) or the statement has an
		// error: parse the tokens as written, as if there were no fast path.
	}
	if len(toks) > maxTokens {
		return nil, diag.List{tooLong(src, toks, short, collapsed, eof)}
	}
	g, err := parseTokens(toks, eof)
	if err != nil {
		all := append(toks[:len(toks):len(toks)], lexer.Token{Type: lexer.EOF, Pos: eof})
		return nil, diag.List{syntaxError(src, all, err)}
	}
	c := &conv{file: filename, src: src, toks: toks}
	return c.stmt(g.Stmt, nil), c.errs
}

// maxTokens bounds the tokens of a statement that the grammar parses as
// written (literal runs aside): participle takes a few KB and µs per token,
// so that a statement of a million expressions would take a minute and
// gigabytes.
const maxTokens = 200_000

// tooLong reports a statement of more than maxTokens tokens that cannot be
// parsed with its literal runs collapsed: its syntax error when it has one
// (found with each run cut to its last item, which keeps the tokens around
// the error), else that it is too long.
func tooLong(src string, toks, short []lexer.Token, runs map[int][]lexer.Token, eof ast.Pos) *diag.Error {
	thin := make([]lexer.Token, 0, len(short))
	for i, t := range short {
		run, ok := runs[i]
		if !ok {
			thin = append(thin, t)
			continue
		}
		thin = append(thin, run[lastItem(run, t.Type == pairsTok):]...)
	}
	if len(thin) <= maxTokens {
		if _, err := parseTokens(thin, eof); err != nil {
			return syntaxError(src, append(thin, lexer.Token{Type: lexer.EOF, Pos: eof}), err)
		}
	}
	p := toks[0].Pos
	return &diag.Error{Pos: p, Type: lexer.SyntaxError, Line: diag.SourceLine(src, p.Line),
		Msg: fmt.Sprintf("statement too long: %d tokens (the limit is %d, not counting lists of literals)", len(toks), maxTokens)}
}

// parseTokens runs the grammar over the tokens of one statement.
func parseTokens(toks []lexer.Token, eof ast.Pos) (*gTop, error) {
	pl, err := plexer.Upgrade(lexer.NewSliceLexerAt(toks, eof))
	if err != nil {
		return nil, err
	}
	return fileParser.ParseFromLexer(pl)
}

// maxNested bounds the operators that nest without brackets (prefix
// operators, '**', lambda, conditional expressions) in one expression, which
// keeps the recursion of the parser, the conversion and the compiler
// shallow; brackets and blocks are bounded by the lexer.
const maxNested = 300

// tooDeep returns the token at which an expression of a statement exceeds
// maxNested. Operators close at the ',' or the bracket that ends their
// operand, and at the end of a simple statement, so `[-1, -2, ...]` or a body
// of many `x = -1` lines nest nothing. A lambda closes only at the end of its
// statement (its parameters hold commas).
func tooDeep(toks []lexer.Token) (lexer.Token, bool) {
	open := []int{0} // operators opened per bracket level since its last ','
	n, lambdas := 0, 0
	for i, t := range toks {
		switch {
		case t.Type == lexer.Newline || t.Type == lexer.Indent || t.Type == lexer.Dedent || t.Type == lexer.Op && t.Value == ";":
			open, n, lambdas = open[:1], 0, 0
			open[0] = 0
			continue
		case t.Type == lexer.Op && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			open = append(open, 0)
			continue
		case t.Type == lexer.Op && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			n -= open[len(open)-1]
			if len(open) > 1 {
				open = open[:len(open)-1]
			} else {
				open[0] = 0
			}
			continue
		case t.Type == lexer.Op && t.Value == ",":
			n -= open[len(open)-1]
			open[len(open)-1] = 0
			continue
		case t.Type == lexer.Keyword && t.Value == "lambda":
			lambdas++
		case t.Type == lexer.Keyword && (t.Value == "not" || t.Value == "else"):
			n++
			open[len(open)-1]++
		case t.Type == lexer.Op && t.Value == "**":
			n++
			open[len(open)-1]++
		case t.Type == lexer.Op && (t.Value == "-" || t.Value == "+" || t.Value == "~") && (i == 0 || !endsExpr(toks[i-1])):
			n++
			open[len(open)-1]++
		default:
			continue
		}
		if n+lambdas > maxNested {
			return t, true
		}
	}
	return lexer.Token{}, false
}

// IsIncomplete reports whether err says that the source ended in the middle
// of a construct (an unclosed bracket or triple-quoted string, a line
// continuation or a block header at the end of the input), so that a REPL can
// read another line instead of reporting the error.
func IsIncomplete(err error) bool {
	var l diag.List
	if !errors.As(err, &l) || len(l) == 0 {
		return false
	}
	return l[len(l)-1].Open != diag.OpenNone
}
