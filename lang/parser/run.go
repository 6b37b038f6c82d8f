package parser

import (
	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/lexer"
)

// Long literal runs.
//
// Participle copies every token of a statement into its own slice and builds
// several structs and tries several branches for every operand: about 5 KB
// and 5 µs per element of a list, so a million-element literal (generated
// data, a pasted table or JSON document) took 11 s and 2 GB.
//
// Before a statement is handed to participle, collapseRuns replaces each run
// of at least minRun literal elements separated by commas that follows '[',
// '(', '{' or ',' by a single token. A literal element is a name, a number
// (with an optional '-'), a plain string, True, False, None, or a list, tuple,
// set or dict display of literal elements: `1, "a", -2.5, None, x`,
// `"k": [1, 2], "j": {"a": (1, 2)}`. The grammar takes such a token only
// where a list item may stand (gStarExpr, gArg, gBraceItem: a list, tuple,
// set or dict display, an expression list, call arguments), and the
// conversion produces from the run's tokens the very nodes the grammar would
// have produced. Where the grammar refuses it (a subscript, parameters,
// targets, import names...), the statement is parsed again from the tokens as
// written, so the fast path never changes what a statement means or which
// error it reports.

// minRun is the number of elements from which a run is collapsed.
const minRun = 16

// Token types of collapsed runs; they only exist between collapseRuns and
// the conversion.
const (
	runTok   lexer.Type = -100 - iota // a run of elements
	pairsTok                          // a run of key: value pairs
)

// collapseRuns returns toks with each long run replaced by a runTok or
// pairsTok token, and the tokens each of them stands for, by its index in the
// returned slice. When there is no run, it returns toks and nil.
func collapseRuns(toks []lexer.Token) ([]lexer.Token, map[int][]lexer.Token) {
	s := &runScanner{toks: toks}
	var out []lexer.Token
	var runs map[int][]lexer.Token
	last := 0 // toks[last:] are not yet in out
	for i := 1; i < len(toks); i++ {
		if p := toks[i-1]; p.Type != lexer.Op || (p.Value != "," && p.Value != "[" && p.Value != "(" && p.Value != "{") {
			continue
		}
		for _, pairs := range [2]bool{true, false} {
			end, n := s.runEnd(i, pairs)
			if n < minRun {
				continue
			}
			if runs == nil {
				runs = map[int][]lexer.Token{}
			}
			out = append(out, toks[last:i]...)
			typ := runTok
			if pairs {
				typ = pairsTok
			}
			runs[len(out)] = toks[i:end]
			out = append(out, lexer.Token{Type: typ, Pos: toks[i].Pos})
			last = end
			i = end // toks[end] is ',' or a closing bracket
			break
		}
	}
	if runs == nil {
		return toks, nil
	}
	return append(out, toks[last:]...), runs
}

// runScanner finds literal elements in the tokens of a statement.
type runScanner struct {
	toks []lexer.Token
	// displays memoizes displayEnd by the index of the opening bracket, so
	// that every display is scanned once however many runs are tried
	// around it.
	displays map[int]int
}

func (s *runScanner) isOp(i int, v string) bool {
	return i < len(s.toks) && s.toks[i].Type == lexer.Op && s.toks[i].Value == v
}

// runEnd returns the end of the run of items that starts at toks[i] and the
// number of its items.
func (s *runScanner) runEnd(i int, pairs bool) (end, n int) {
	end = i
	for {
		k, ok := s.itemEnd(i, pairs)
		if !ok {
			return end, n
		}
		n, end = n+1, k
		if !s.isOp(k, ",") {
			return end, n
		}
		i = k + 1
	}
}

// itemEnd returns the end of the element (or pair) at toks[i], which must be
// followed by ',' or a closing bracket.
func (s *runScanner) itemEnd(i int, pair bool) (int, bool) {
	k, ok := s.elemEnd(i)
	if !ok {
		return 0, false
	}
	if pair {
		if !s.isOp(k, ":") {
			return 0, false
		}
		if k, ok = s.elemEnd(k + 1); !ok {
			return 0, false
		}
	}
	if s.isOp(k, ",") || s.isOp(k, ")") || s.isOp(k, "]") || s.isOp(k, "}") {
		return k, true
	}
	return 0, false
}

// elemEnd returns the end of the literal element at toks[i].
func (s *runScanner) elemEnd(i int) (int, bool) {
	if i >= len(s.toks) {
		return 0, false
	}
	t := s.toks[i]
	if t.Type == lexer.Op {
		switch t.Value {
		case "-":
			if i+1 < len(s.toks) && (s.toks[i+1].Type == lexer.Int || s.toks[i+1].Type == lexer.Float) {
				return i + 2, true
			}
			return 0, false
		case "[", "(", "{":
			end := s.displayEnd(i)
			return end, end > 0
		}
	}
	if t.Type != lexer.String && atomKindOf(t.Type, t.Value) == atomNone {
		return 0, false
	}
	return i + 1, true
}

// displayEnd returns the end of the display of literal elements opened at
// toks[i], or -1 if it is something else.
func (s *runScanner) displayEnd(i int) int {
	if end, ok := s.displays[i]; ok {
		return end
	}
	end := s.scanDisplay(i)
	if s.displays == nil {
		s.displays = map[int]int{}
	}
	s.displays[i] = end
	return end
}

var closers = map[string]string{"[": "]", "(": ")", "{": "}"}

func (s *runScanner) scanDisplay(i int) int {
	closer := closers[s.toks[i].Value]
	j := i + 1
	if s.isOp(j, closer) {
		return j + 1 // [] () {}
	}
	pairs := false
	if closer == "}" {
		_, pairs = s.itemEnd(j, true)
	}
	for {
		k, ok := s.itemEnd(j, pairs)
		if !ok {
			return -1
		}
		if s.isOp(k, closer) {
			return k + 1
		}
		if !s.isOp(k, ",") {
			return -1 // a mismatched bracket
		}
		if j = k + 1; s.isOp(j, closer) {
			return j + 1 // a trailing comma
		}
	}
}

// lastItem returns the index of the last item of a run.
func lastItem(run []lexer.Token, pairs bool) int {
	s := &runScanner{toks: run}
	last := 0
	for i := 0; i < len(run); {
		k, ok := s.itemEnd(i, pairs)
		if !ok || k >= len(run) {
			break
		}
		last, i = k+1, k+1 // past the ','
	}
	return last
}

// litRun is a collapsed run in the parse tree: the index of its token.
type litRun struct {
	set bool
	at  int
}

// litPairs is a collapsed run of pairs.
type litPairs struct{ litRun }

// ok reports whether the run was matched.
func (r litRun) ok() bool { return r.set }

// Parse implements participle.Parseable.
func (r *litRun) Parse(lex *plexer.PeekingLexer) error { return r.parse(lex, runTok) }

// Parse implements participle.Parseable.
func (r *litPairs) Parse(lex *plexer.PeekingLexer) error { return r.parse(lex, pairsTok) }

func (r *litRun) parse(lex *plexer.PeekingLexer, typ lexer.Type) error {
	if lex.Peek().Type != typ {
		return participle.NextMatch
	}
	r.set, r.at = true, lex.Cursor()
	lex.Next()
	return nil
}

// runElems appends the elements of r to out; with pairs, the keys to out and
// the values to vals.
func (c *conv) runElems(out, vals []ast.Expr, r litRun, pairs bool) ([]ast.Expr, []ast.Expr) {
	toks, ok := c.runs[r.at]
	if !ok {
		// Cannot happen: runs are only matched on collapsed tokens.
		c.errorf(c.tokPos(c.toks[r.at]), "invalid syntax")
		return out, vals
	}
	out, vals, _, _ = c.runItems(out, vals, toks, 0, "", pairs)
	return out, vals
}

// runArgs converts a run of call arguments, each at the position of its
// first token (the '(' of a parenthesized element).
func (c *conv) runArgs(r litRun) []*ast.Arg {
	toks, ok := c.runs[r.at]
	if !ok {
		c.errorf(c.tokPos(c.toks[r.at]), "invalid syntax")
		return nil
	}
	var args []*ast.Arg
	for i := 0; i < len(toks); {
		p := c.tokPos(toks[i])
		x, j := c.runElem(toks, i)
		args = append(args, &ast.Arg{P: p, Value: x})
		i = j + 1 // past the ','
	}
	return args
}

// runItems converts the items of a run or a display from toks[i] to the
// closing bracket closer (or the end of toks). It returns the index of the
// closer and whether a comma came last.
func (c *conv) runItems(out, vals []ast.Expr, toks []lexer.Token, i int, closer string, pairs bool) ([]ast.Expr, []ast.Expr, int, bool) {
	comma := false
	for i < len(toks) && !(toks[i].Type == lexer.Op && toks[i].Value == closer) {
		var x ast.Expr
		x, i = c.runElem(toks, i)
		out = append(out, x)
		if pairs {
			var v ast.Expr
			v, i = c.runElem(toks, i+1) // past the ':'
			vals = append(vals, v)
		}
		// toks[i] is now the ',' or the closer after the item, or the end
		// of the run.
		if comma = i < len(toks) && toks[i].Value == ","; comma {
			i++
		}
	}
	return out, vals, i, comma
}

// runElem converts the element at toks[i] and returns it with the index of
// the token after it.
func (c *conv) runElem(toks []lexer.Token, i int) (ast.Expr, int) {
	t := toks[i]
	p := c.tokPos(t)
	op := ""
	if t.Type == lexer.Op {
		op = t.Value
	}
	switch {
	case t.Type == lexer.String:
		return &ast.StrLit{P: p, V: c.strings([]string{t.Value})}, i + 1
	case op != "-" && op != "[" && op != "(" && op != "{":
		return c.atom(&gAtom{Tok: atomTok{Kind: atomKindOf(t.Type, t.Value), Value: t.Value}}, p), i + 1
	case t.Value == "-":
		x, j := c.runElem(toks, i+1)
		return &ast.UnaryExpr{P: p, Op: "-", X: x}, j
	case t.Value == "[":
		elems, _, j, _ := c.runItems(nil, nil, toks, i+1, "]", false)
		return &ast.ListExpr{P: p, Elems: elems}, j + 1
	case t.Value == "(":
		elems, _, j, comma := c.runItems(nil, nil, toks, i+1, ")", false)
		if len(elems) == 1 && !comma {
			return elems[0], j + 1 // (x) is x
		}
		return &ast.TupleExpr{P: p, Elems: elems}, j + 1
	}
	// '{': a dict when its first item is a pair (the scanner took no mix).
	if t := toks[i+1]; t.Type == lexer.Op && t.Value == "}" {
		return &ast.DictExpr{P: p}, i + 2
	}
	first, j := c.runElem(toks, i+1)
	if t := toks[j]; t.Type == lexer.Op && t.Value == ":" {
		v, j := c.runElem(toks, j+1)
		if toks[j].Value == "," {
			j++
		}
		keys, vals, j, _ := c.runItems([]ast.Expr{first}, []ast.Expr{v}, toks, j, "}", true)
		return &ast.DictExpr{P: p, Keys: keys, Values: vals}, j + 1
	}
	if toks[j].Value == "," {
		j++
	}
	elems, _, j, _ := c.runItems([]ast.Expr{first}, nil, toks, j, "}", false)
	return &ast.SetExpr{P: p, Elems: elems}, j + 1
}

func (c *conv) tokPos(t lexer.Token) ast.Pos {
	return ast.Pos{File: c.file, Line: t.Pos.Line, Col: t.Pos.Col, Offset: t.Pos.Offset}
}
