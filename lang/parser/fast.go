package parser

import (
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/lexer"
)

// Fast paths for files of many statements.
//
// Participle costs about 20 KB and 30 µs per small statement, so that a file
// of a million lines `x = 1` (generated code, a pasted data dump) took 30 s
// and 1.7 GB to parse. Two things keep such files cheap:
//
//   - fastSimple parses the most common simple statements by hand: one
//     assignment, augmented assignment, expression, pass, break, continue or
//     return on a line, whose expressions are names, numbers, plain strings,
//     operators, calls, attributes, subscripts, and parenthesized or list
//     displays of them. It builds the very grammar structs participle would
//     build (the tests compare them), so the conversion, its checks and its
//     errors are the same. Anything else (a ';', a lambda, a comprehension,
//     a slice, an f-string, a dict...) or anything it does not expect makes
//     it give up, and the statement goes to the grammar as written.
//   - split parses a long compound statement (a def, if, while, for or try)
//     block by block: its blocks are cut out and parsed statement by
//     statement (each of them again through the fast paths), and the
//     statement itself is parsed with a `pass` in place of each block. The
//     limits of the parse (ParseFileCheck) are then checked inside long
//     function bodies too, and a body may be longer than maxTokens. When any
//     part has an error, the statement is parsed again as written, so that
//     the errors are the same as without the fast path.

// splitMin is the number of tokens from which a compound statement is parsed
// block by block.
const splitMin = 1024

// fastSimple parses toks, the tokens of one simple statement ending with its
// Newline, when the statement is within the subset described above; else
// it returns nil.
func fastSimple(toks []lexer.Token) *gTop {
	n := len(toks)
	if n < 2 || n > 512 || toks[n-1].Type != lexer.Newline {
		return nil
	}
	p := fastParser{toks: toks}
	small := p.small()
	if p.fail || small == nil || p.i != n-1 {
		return nil
	}
	return &gTop{Stmt: &gStmt{Simple: &gSimple{Stmts: []*gSmall{small}, End: toks[n-1].Participle()}}}
}

// fastParser is a recursive-descent parser over the subset of the grammar
// that fastSimple takes. On anything else it sets fail; the caller then
// discards its result.
type fastParser struct {
	toks []lexer.Token
	i    int
	fail bool
}

func (p *fastParser) tok() *lexer.Token { return &p.toks[p.i] }

func (p *fastParser) pos() plexer.Position {
	t := &p.toks[p.i]
	return plexer.Position{Filename: t.Pos.File, Offset: t.Pos.Offset, Line: t.Pos.Line, Column: t.Pos.Col}
}

// at reports whether the next token is the operator or keyword v.
func (p *fastParser) at(v string) bool {
	t := &p.toks[p.i]
	return (t.Type == lexer.Op || t.Type == lexer.Keyword) && t.Value == v
}

// next is the token after the next one (the statement's Newline at most).
func (p *fastParser) next() *plexer.Token {
	if p.i+1 >= len(p.toks) {
		return &plexer.Token{}
	}
	t := p.toks[p.i+1].Participle()
	return &t
}

func (p *fastParser) expect(v string) {
	if !p.at(v) {
		p.fail = true
		return
	}
	p.i++
}

func (p *fastParser) small() *gSmall {
	s := &gSmall{Pos: p.pos()}
	t := p.tok()
	if t.Type == lexer.Keyword {
		switch t.Value {
		case "pass":
			s.Pass = true
			p.i++
			return s
		case "break":
			s.Break = true
			p.i++
			return s
		case "continue":
			s.Continue = true
			p.i++
			return s
		case "return":
			p.i++
			s.Return = &gReturn{Kw: true}
			if p.tok().Type != lexer.Newline {
				s.Return.X = p.exprList()
			}
			return s
		case "True", "False", "None", "not":
		default:
			return nil // other statements, compound statements, lambda, yield...
		}
	}
	if t.Type == lexer.Op && t.Value == "@" {
		return nil
	}
	e := &gExprStmt{X: p.exprList()}
	for !p.fail && p.at("=") {
		p.i++
		e.Assign = append(e.Assign, p.exprList())
	}
	if t := p.tok(); !p.fail && t.Type == lexer.Op && augTable[t.Value] {
		e.AugOp = augOp{Token: t.Participle()}
		p.i++
		e.AugVal = p.exprList()
	}
	s.Expr = e
	return s
}

func (p *fastParser) exprList() *gExprList {
	l := &gExprList{Pos: p.pos()}
	l.Items = []*gStarExpr{p.starExpr()}
	for !p.fail && p.at(",") && isExprStart(p.next()) {
		p.i++
		l.More = append(l.More, p.starExpr())
	}
	if !p.fail && p.at(",") {
		l.Comma = true
		p.i++
	}
	return l
}

func (p *fastParser) starExpr() *gStarExpr {
	s := &gStarExpr{Pos: p.pos()}
	s.X = p.expr()
	return s
}

func (p *fastParser) expr() *gExpr {
	if p.fail {
		return nil
	}
	e := &gExpr{Pos: p.pos()}
	e.First = p.operand()
	for !p.fail {
		t := p.tok()
		class := infixTable[t.Value]
		if class == 0 || t.Type != lexer.Op && t.Type != lexer.Keyword {
			break
		}
		in := &gInfix{Pos: p.pos()}
		p.i++
		switch class {
		case 1:
			in.Op = infixOp(t.Value)
		case 2: // not in
			if !p.at("in") {
				p.fail = true
				return nil
			}
			p.i++
			in.Op = "notin"
		case 3: // is, is not
			in.Op = "is"
			if p.at("not") {
				p.i++
				in.Op = "isnot"
			}
		}
		in.Y = p.operand()
		e.Rest = append(e.Rest, in)
	}
	if p.at("if") {
		p.fail = true // a conditional expression
	}
	return e
}

func (p *fastParser) operand() *gOperand {
	if p.fail {
		return nil
	}
	o := &gOperand{Pos: p.pos()}
	for {
		t := p.tok()
		if t.Value != "-" && t.Value != "+" && t.Value != "~" && t.Value != "not" || t.Type != lexer.Op && t.Type != lexer.Keyword {
			break
		}
		o.Pre = append(o.Pre, prefixOp(t.Value))
		p.i++
	}
	p.primary(&o.gPrimary)
	return o
}

// primary parses an atom and its trailers into g (whose Pos participle
// leaves unset when the primary is embedded in an operand).
func (p *fastParser) primary(g *gPrimary) {
	t := p.tok()
	switch k := atomKindOf(t.Type, t.Value); {
	case k != atomNone:
		g.Tok = atomTok{Kind: k, Value: t.Value}
		p.i++
	case t.Type == lexer.String:
		for p.tok().Type == lexer.String {
			g.Strs = append(g.Strs, &gStr{Pos: p.pos(), S: p.tok().Value})
			p.i++
		}
		if p.tok().Type == lexer.FStart {
			p.fail = true
			return
		}
	case t.Type == lexer.Op && t.Value == "(":
		g.Paren = p.paren()
	case t.Type == lexer.Op && t.Value == "[":
		g.List = p.list()
	default:
		p.fail = true
		return
	}
	for !p.fail {
		t := p.tok()
		if t.Type != lexer.Op {
			return
		}
		switch t.Value {
		case ".":
			p.i++
			if p.tok().Type != lexer.Ident {
				p.fail = true
				return
			}
			g.Trailers = append(g.Trailers, &gTrailer{Attr: p.tok().Participle()})
			p.i++
		case "(":
			g.Trailers = append(g.Trailers, &gTrailer{Call: p.call()})
		case "[":
			g.Trailers = append(g.Trailers, &gTrailer{Index: p.subscript()})
		default:
			return
		}
	}
}

func (p *fastParser) call() *gCall {
	c := &gCall{Pos: p.pos()}
	p.i++ // '('
	if !p.at(")") {
		c.Args = []*gArg{p.arg()}
		for !p.fail && p.at(",") && isArgStart(p.next()) {
			p.i++
			c.More = append(c.More, p.arg())
		}
		if !p.fail && p.at(",") {
			c.Comma = true
			p.i++
		}
	}
	p.expect(")")
	return c
}

func (p *fastParser) arg() *gArg {
	a := &gArg{Pos: p.pos()}
	if p.at("*") || p.at("**") {
		p.fail = true
		return a
	}
	a.X = p.expr()
	if !p.fail && p.at("=") {
		p.i++
		a.KwVal = p.expr()
	}
	if p.at("for") {
		p.fail = true // a generator expression
	}
	return a
}

func (p *fastParser) subscript() *gSubscript {
	s := &gSubscript{Pos: p.pos()}
	p.i++ // '['
	s.Items = []*gSliceItem{p.sliceItem()}
	for !p.fail && p.at(",") && isSliceStart(p.next()) {
		p.i++
		s.More = append(s.More, p.sliceItem())
	}
	if !p.fail && p.at(",") {
		s.Comma = true
		p.i++
	}
	p.expect("]")
	return s
}

// sliceItem takes an index only (a slice makes the fast path give up).
func (p *fastParser) sliceItem() *gSliceItem {
	it := &gSliceItem{Pos: p.pos()}
	if p.at(":") || p.at("::") {
		p.fail = true
		return it
	}
	it.Lo = p.expr()
	if p.at(":") || p.at("::") {
		p.fail = true
	}
	it.EndPos = p.pos()
	return it
}

// items parses the items of a parenthesized or list display after its
// opening bracket, up to its closing one.
func (p *fastParser) items(first **gStarExpr, rest *[]*gStarExpr, comma *bool, end string) {
	if !p.at(end) {
		*first = p.starExpr()
		if p.at(":") || p.at("for") {
			p.fail = true // a pair or a comprehension
			return
		}
		for !p.fail && p.at(",") && isExprStart(p.next()) {
			p.i++
			*rest = append(*rest, p.starExpr())
		}
		if !p.fail && p.at(",") {
			*comma = true
			p.i++
		}
	}
	p.expect(end)
}

func (p *fastParser) paren() *gParen {
	g := &gParen{Pos: p.pos()}
	p.i++ // '('
	p.items(&g.First, &g.Rest, &g.Comma, ")")
	return g
}

func (p *fastParser) list() *gList {
	g := &gList{Pos: p.pos()}
	p.i++ // '['
	p.items(&g.First, &g.Rest, &g.Comma, "]")
	return g
}

// split parses a long def, if, while, for or try statement block by block
// (see the comment at the top of this file). ok is false when the statement
// is not one of these, or when any part of it has an error: the caller then
// parses it as written. It stops (ok false, p.err set) when the check of
// ParseFileCheck fails.
func (p *stmtParser) split(toks []lexer.Token, eof ast.Pos) (stmts []ast.Stmt, ok bool) {
	// The header: past the decorator lines, a keyword that makes every
	// block at depth 1 a block of statements.
	h := 0
	for h < len(toks) && toks[h].Type == lexer.Op && toks[h].Value == "@" {
		for h < len(toks) && toks[h].Type != lexer.Newline {
			h++
		}
		h++
	}
	if h >= len(toks) || toks[h].Type != lexer.Keyword {
		return nil, false
	}
	switch toks[h].Value {
	case "def", "if", "while", "for", "try":
	default:
		return nil, false
	}
	// The skeleton: each block at depth 1 becomes Indent pass Newline Dedent,
	// the pass at the position of the block's first token. When it is too
	// long (100,000 elif clauses), the blocks are not worth parsing.
	depth, n := 0, 0
	for _, t := range toks {
		switch t.Type {
		case lexer.Indent:
			depth++
			if depth == 1 {
				n += 3
			}
		case lexer.Dedent:
			depth--
			if depth == 0 {
				n++
			}
		default:
			if depth == 0 {
				n++
			}
		}
	}
	if n > maxTokens {
		return nil, false
	}
	skel := make([]lexer.Token, 0, n)
	bodies := map[int][]ast.Stmt{}
	open := 0
	for i, t := range toks {
		switch t.Type {
		case lexer.Indent:
			depth++
			if depth == 1 {
				open = i
				skel = append(skel, t)
			}
			continue
		case lexer.Dedent:
			depth--
			if depth == 0 {
				first := toks[open+1].Pos
				body, ok := p.block(toks[open+1 : i+1])
				if !ok {
					return nil, false
				}
				bodies[first.Offset] = body
				skel = append(skel,
					lexer.Token{Type: lexer.Keyword, Value: "pass", Pos: first},
					lexer.Token{Type: lexer.Newline, Pos: toks[i-1].Pos},
					t)
				continue
			}
		}
		if depth == 0 {
			skel = append(skel, t)
		}
	}
	if len(skel) > maxTokens || !p.tick(len(skel)) {
		return nil, false
	}
	if _, deep := tooDeep(skel); deep {
		return nil, false
	}
	short, collapsed := collapseRuns(skel)
	g, err := parseTokens(short, eof)
	if err != nil {
		return nil, false
	}
	c := &conv{file: p.filename, src: p.src, toks: short, runs: collapsed, bodies: bodies}
	stmts = c.stmt(g.Stmt, nil)
	if len(c.errs) > 0 {
		return nil, false
	}
	return stmts, true
}

// block parses the statements of a block: toks runs from the token after its
// Indent to its Dedent included (which ends the last statement). ok is false
// when a statement has an error or the check failed.
func (p *stmtParser) block(toks []lexer.Token) ([]ast.Stmt, bool) {
	var out []ast.Stmt
	for _, ch := range splitStatements(toks) {
		stmts, errs := p.chunk(toks[ch.start:ch.end], toks[ch.end].Pos)
		if len(errs) > 0 || p.err != nil {
			return nil, false
		}
		out = append(out, stmts...)
	}
	return out, true
}

// splitBody returns the statements parsed in place of b when b is the
// `pass` that split put in place of a block.
func (c *conv) splitBody(b *gBlock) ([]ast.Stmt, bool) {
	if c.bodies == nil || len(b.Stmts) != 1 || b.Stmts[0].Simple == nil || len(b.Stmts[0].Simple.Stmts) != 1 {
		return nil, false
	}
	s := b.Stmts[0].Simple.Stmts[0]
	if !s.Pass {
		return nil, false
	}
	body, ok := c.bodies[s.Pos.Offset]
	return body, ok
}
