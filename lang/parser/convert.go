package parser

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/lexer"
)

// conv turns the participle parse tree into package ast, checking what the
// grammar leaves open (assignment targets, argument order, where `$$` may
// appear...).
type conv struct {
	file string
	src  string
	errs diag.List
	// placeholder allows `$$` (inside the stages of a pipeline).
	placeholder bool
	// toks are the tokens being converted (for the positions of prefix
	// operators, which the grammar captures as a list of strings).
	toks []lexer.Token
	// runs are the tokens of the collapsed runs in toks (see run.go).
	runs map[int][]lexer.Token
	// bodies are the blocks parsed on their own, by the offset of the
	// `pass` put in their place (see split in fast.go).
	bodies map[int][]ast.Stmt
}

func (c *conv) pos(p plexer.Position) ast.Pos {
	return ast.Pos{File: c.file, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

func (c *conv) errorf(p ast.Pos, format string, args ...any) {
	c.errs = append(c.errs, &diag.Error{
		Pos:  p,
		Type: lexer.SyntaxError,
		Msg:  fmt.Sprintf(format, args...),
		Line: diag.SourceLine(c.src, p.Line),
	})
}

// ---------------------------------------------------------------------------
// Statements

func (c *conv) stmts(gs []*gStmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(gs))
	for _, g := range gs {
		out = c.stmt(g, out)
	}
	return out
}

func (c *conv) block(b *gBlock) []ast.Stmt {
	if b == nil {
		return nil
	}
	if b.Simple != nil {
		return c.simple(b.Simple, nil)
	}
	if body, ok := c.splitBody(b); ok {
		return body
	}
	return c.stmts(b.Stmts)
}

// endLine is the last line of a block (0 for an empty one).
func endLine(stmts []ast.Stmt) int {
	if len(stmts) == 0 {
		return 0
	}
	return stmts[len(stmts)-1].Base().EndLine
}

func maxInt(a ...int) int {
	m := 0
	for _, x := range a {
		if x > m {
			m = x
		}
	}
	return m
}

func (c *conv) stmt(g *gStmt, out []ast.Stmt) []ast.Stmt {
	switch {
	case g.If != nil:
		return append(out, c.ifStmt(g.If))
	case g.While != nil:
		w := g.While
		s := &ast.WhileStmt{Cond: c.expr(w.Cond), Body: c.block(w.Body), Else: c.block(w.Else)}
		s.P = c.pos(w.Pos)
		s.EndLine = maxInt(endLine(s.Body), endLine(s.Else))
		return append(out, s)
	case g.For != nil:
		f := g.For
		s := &ast.ForStmt{Target: c.targets(f.Target), Iter: c.noStar(c.exprList(f.Iter)), Body: c.block(f.Body), Else: c.block(f.Else)}
		s.P = c.pos(f.Pos)
		s.EndLine = maxInt(endLine(s.Body), endLine(s.Else))
		return append(out, s)
	case g.Try != nil:
		return append(out, c.tryStmt(g.Try))
	case g.Def != nil:
		return append(out, c.funcDef(g.Def))
	case g.Struct != nil:
		return append(out, c.structDef(g.Struct))
	case g.Interface != nil:
		return append(out, c.interfaceDef(g.Interface))
	case g.Enum != nil:
		return append(out, c.enumDef(g.Enum))
	case g.Simple != nil:
		return c.simple(g.Simple, out)
	}
	return out
}

func (c *conv) ifStmt(g *gIf) ast.Stmt {
	els := c.block(g.Else)
	for i := len(g.Elifs) - 1; i >= 0; i-- {
		e := g.Elifs[i]
		s := &ast.IfStmt{Cond: c.expr(e.Cond), Body: c.block(e.Body), Else: els, IsElif: true}
		s.P = c.pos(e.Pos)
		s.EndLine = maxInt(endLine(s.Body), endLine(s.Else))
		els = []ast.Stmt{s}
	}
	s := &ast.IfStmt{Cond: c.expr(g.Cond), Body: c.block(g.Body), Else: els}
	s.P = c.pos(g.Pos)
	s.EndLine = maxInt(endLine(s.Body), endLine(s.Else))
	return s
}

func (c *conv) tryStmt(g *gTry) ast.Stmt {
	s := &ast.TryStmt{Body: c.block(g.Body)}
	s.P = c.pos(g.Pos)
	end := endLine(s.Body)
	for i, h := range g.Handlers {
		ec := &ast.ExceptClause{P: c.pos(h.Pos), Name: h.Name, Body: c.block(h.Body)}
		if h.Type != nil {
			t := c.expr(h.Type)
			if tup, ok := t.(*ast.TupleExpr); ok {
				ec.Types = tup.Elems
			} else {
				ec.Types = []ast.Expr{t}
			}
		} else if i < len(g.Handlers)-1 {
			c.errorf(ec.P, "default 'except:' must be last")
		}
		end = maxInt(end, endLine(ec.Body))
		s.Handlers = append(s.Handlers, ec)
	}
	s.Else = c.block(g.Else)
	s.Finally = c.block(g.Finally)
	if len(s.Handlers) == 0 && g.Finally == nil {
		c.errorf(c.pos(g.EndPos), "expected 'except' or 'finally' block")
	} else if len(s.Handlers) == 0 && g.Else != nil {
		c.errorf(s.P, "a 'try' with an 'else' block needs an 'except' block")
	}
	s.EndLine = maxInt(end, endLine(s.Else), endLine(s.Finally))
	return s
}

func (c *conv) simple(g *gSimple, out []ast.Stmt) []ast.Stmt {
	end := g.End.Pos.Line
	for _, sm := range g.Stmts {
		n := len(out)
		out = c.small(sm, out)
		for _, s := range out[n:] {
			s.Base().EndLine = end
		}
	}
	return out
}

func (c *conv) small(g *gSmall, out []ast.Stmt) []ast.Stmt {
	p := c.pos(g.Pos)
	var s ast.Stmt
	switch {
	case g.Pass:
		s = &ast.PassStmt{}
	case g.Break:
		s = &ast.BreakStmt{}
	case g.Continue:
		s = &ast.ContinueStmt{}
	case g.Return != nil:
		r := &ast.ReturnStmt{}
		if g.Return.X != nil {
			r.Value = c.noStar(c.exprList(g.Return.X))
		}
		s = r
	case g.Raise != nil:
		r := &ast.RaiseStmt{}
		if g.Raise.X != nil {
			r.Exc = c.expr(g.Raise.X)
		}
		if g.Raise.Cause != nil {
			r.Cause = c.expr(g.Raise.Cause)
		}
		s = r
	case g.Del != nil:
		d := &ast.DelStmt{}
		x := c.exprList(g.Del)
		if t, ok := x.(*ast.TupleExpr); ok {
			d.Targets = t.Elems
		} else {
			d.Targets = []ast.Expr{x}
		}
		for _, t := range d.Targets {
			c.checkDel(t)
		}
		s = d
	case g.Global != nil:
		s = &ast.GlobalStmt{Names: g.Global}
	case g.Nonlocal != nil:
		s = &ast.GlobalStmt{Names: g.Nonlocal, Nonlocal: true}
	case g.Assert != nil:
		a := &ast.AssertStmt{Cond: c.expr(g.Assert.Cond)}
		if g.Assert.Msg != nil {
			a.Msg = c.expr(g.Assert.Msg)
		}
		s = a
	case g.Import != nil:
		for i, d := range g.Import.Names {
			is := &ast.ImportStmt{Module: d.Name, Alias: d.Alias}
			is.P = c.pos(d.Pos)
			if i == 0 {
				is.P = p
			}
			out = append(out, is)
		}
		return out
	case g.From != nil:
		f := g.From
		fs := &ast.FromImportStmt{Module: f.Module, Star: f.Star}
		for _, n := range append(f.Names, f.Names2...) {
			fs.Names = append(fs.Names, &ast.ImportName{P: c.pos(n.Pos), Name: n.Name, Alias: n.Alias})
		}
		s = fs
	case g.Expr != nil:
		s = c.exprStmt(g.Expr)
	default:
		return out
	}
	s.Base().P = p
	return append(out, s)
}

var augOps = map[string]string{
	"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**",
	"|=": "|", "&=": "&", "^=": "^", "<<=": "<<", ">>=": ">>",
}

func (c *conv) exprStmt(g *gExprStmt) ast.Stmt {
	x := c.exprList(g.X)
	switch {
	case g.AugOp.Value != "":
		if g.Type != nil || len(g.Assign) > 0 {
			c.errorf(c.pos(g.AugOp.Pos), "invalid syntax: unexpected '%s'", g.AugOp.Value)
		}
		switch x.(type) {
		case *ast.Name, *ast.AttrExpr, *ast.IndexExpr, *ast.SliceExpr:
		default:
			c.errorf(x.Position(), "'%s' is an illegal expression for augmented assignment", describe(x))
		}
		return &ast.AugAssignStmt{Target: x, Op: augOps[g.AugOp.Value], OpPos: c.pos(g.AugOp.Pos), Value: c.noStar(c.exprList(g.AugVal))}
	case g.Type != nil:
		if len(g.Assign) > 0 {
			c.errorf(c.pos(g.Assign[0].Pos), "invalid syntax: a typed assignment takes a single target")
		}
		switch x.(type) {
		case *ast.Name, *ast.AttrExpr, *ast.IndexExpr, *ast.SliceExpr:
		case *ast.TupleExpr, *ast.ListExpr:
			c.errorf(x.Position(), "only a single target (not a tuple or list) can be annotated")
		default:
			c.errorf(x.Position(), "illegal target for annotation: cannot annotate %s", describe(x))
		}
		s := &ast.AssignStmt{Targets: []ast.Expr{x}, Type: c.typeExpr(g.Type)}
		if g.TypeVal != nil {
			s.Value = c.noStar(c.exprList(g.TypeVal))
		}
		return s
	case len(g.Assign) > 0:
		s := &ast.AssignStmt{Targets: []ast.Expr{x}}
		for _, a := range g.Assign[:len(g.Assign)-1] {
			s.Targets = append(s.Targets, c.exprList(a))
		}
		for _, t := range s.Targets {
			c.checkTarget(t, true)
		}
		s.Value = c.noStar(c.exprList(g.Assign[len(g.Assign)-1]))
		return s
	}
	if st, ok := x.(*ast.StarredExpr); ok {
		c.errorf(st.P, "can't use starred expression here")
	}
	return &ast.ExprStmt{X: x}
}

// checkTarget reports what cannot be assigned to. top is true for a whole
// target (where a lone starred expression is not allowed).
func (c *conv) checkTarget(e ast.Expr, top bool) {
	switch t := e.(type) {
	case *ast.Name, *ast.AttrExpr, *ast.IndexExpr, *ast.SliceExpr:
	case *ast.TupleExpr:
		c.checkTargets(t.Elems)
	case *ast.ListExpr:
		c.checkTargets(t.Elems)
	case *ast.StarredExpr:
		if top {
			c.errorf(t.P, "starred assignment target must be in a list or tuple")
			return
		}
		c.checkTarget(t.X, true)
	default:
		c.errorf(e.Position(), "cannot assign to %s", describe(e))
	}
}

func (c *conv) checkTargets(elems []ast.Expr) {
	stars := 0
	for _, el := range elems {
		if st, ok := el.(*ast.StarredExpr); ok {
			stars++
			if stars == 2 {
				c.errorf(st.P, "multiple starred expressions in assignment")
			}
		}
		c.checkTarget(el, false)
	}
}

// describe names an expression the way error messages refer to it.
func describe(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.CallExpr:
		return "function call"
	case *ast.BinaryExpr, *ast.UnaryExpr, *ast.BoolExpr:
		return "expression"
	case *ast.CompareExpr:
		return "comparison"
	case *ast.IntLit, *ast.FloatLit, *ast.StrLit:
		return "literal"
	case *ast.FString:
		return "f-string expression"
	case *ast.BoolLit:
		if x.V {
			return "True"
		}
		return "False"
	case *ast.NoneLit:
		return "None"
	case *ast.LambdaExpr:
		return "lambda"
	case *ast.CondExpr:
		return "conditional expression"
	case *ast.CompExpr:
		switch x.Kind {
		case ast.CompList:
			return "list comprehension"
		case ast.CompSet:
			return "set comprehension"
		case ast.CompDict:
			return "dict comprehension"
		}
		return "generator expression"
	case *ast.DictExpr:
		return "dict literal"
	case *ast.SetExpr:
		return "set display"
	case *ast.TupleExpr:
		return "tuple"
	case *ast.ListExpr:
		return "list"
	case *ast.PlaceholderExpr:
		return "'$$'"
	case *ast.StarredExpr:
		return "starred"
	case *ast.Name:
		return "name"
	case *ast.AttrExpr:
		return "attribute"
	case *ast.IndexExpr:
		return "subscript"
	case *ast.SliceExpr:
		return "slice"
	}
	return "expression"
}

func (c *conv) params(gs []*gParam, what string) []*ast.Param {
	out := make([]*ast.Param, 0, len(gs))
	seen := map[string]bool{}
	sawDefault, sawVar, sawKw := false, false, false
	sawSlash, bareStar := false, false
	for gi, g := range gs {
		if g.Slash {
			switch {
			case sawSlash:
				c.errorf(c.pos(g.Pos), "/ may appear only once")
			case sawVar || sawKw:
				c.errorf(c.pos(g.Pos), "/ must be ahead of *")
			case len(out) == 0:
				c.errorf(c.pos(g.Pos), "at least one argument must precede /")
			case what == "receiver":
				c.errorf(c.pos(g.Pos), "a receiver cannot be positional-only")
			}
			sawSlash = true
			for _, q := range out {
				q.PosOnly = true
			}
			continue
		}
		if g.Star == "*" && g.Name == "" {
			// A bare `*`: the parameters after it are keyword-only.
			switch {
			case sawVar:
				c.errorf(c.pos(g.Pos), "* argument may appear only once")
			case gi == len(gs)-1 || gs[gi+1].Slash || gs[gi+1].Star == "**":
				c.errorf(c.pos(g.Pos), "named arguments must follow bare *")
			}
			sawVar, bareStar = true, true
			continue
		}
		if g.Name == "" {
			c.errorf(c.pos(g.Pos), "expected a name after '%s'", g.Star)
			continue
		}
		p := &ast.Param{P: c.pos(g.Pos), Name: g.Name, KwOnly: bareStar && g.Star == ""}
		if g.Type != nil {
			p.Type = c.typeExpr(g.Type)
		}
		if g.Default != nil {
			p.Default = c.expr(g.Default)
		}
		if seen[g.Name] {
			c.errorf(p.P, "duplicate argument '%s' in %s definition", g.Name, what)
		}
		seen[g.Name] = true
		if sawKw {
			c.errorf(p.P, "arguments cannot follow var-keyword argument")
		}
		switch g.Star {
		case "*":
			p.Kind = ast.ParamVarArgs
			if sawVar {
				c.errorf(p.P, "* argument may appear only once")
			}
			sawVar = true
		case "**":
			p.Kind = ast.ParamKwArgs
			sawKw = true
		default:
			if p.Default != nil {
				sawDefault = true
			} else if sawDefault && !sawVar {
				c.errorf(p.P, "non-default argument follows default argument")
			}
		}
		if p.Kind != ast.ParamNormal && p.Default != nil {
			c.errorf(p.Default.Position(), "var-positional and var-keyword arguments cannot have default values")
		}
		out = append(out, p)
	}
	return out
}

func (c *conv) funcDef(g *gDef) *ast.FuncDef {
	f := &ast.FuncDef{Name: g.Name.Value, NamePos: c.pos(g.Name.Pos)}
	f.P = c.pos(g.Def.Pos)
	for _, d := range g.Decorators {
		x := c.primary(d.X, c.pos(d.X.Pos))
		switch x.(type) {
		case *ast.Name, *ast.AttrExpr, *ast.CallExpr:
		default:
			c.errorf(x.Position(), "invalid decorator: expected a name, an attribute or a call")
		}
		f.Decorators = append(f.Decorators, &ast.Decorator{P: c.pos(d.Pos), Expr: x})
	}
	if g.Receiver != nil {
		rs := c.params([]*gParam{g.Receiver}, "receiver")
		f.Receiver = rs[0]
		switch {
		case f.Receiver.Kind != ast.ParamNormal:
			c.errorf(f.Receiver.P, "a receiver cannot be *args or **kwargs")
		case f.Receiver.Type == nil:
			c.errorf(f.Receiver.P, "a receiver needs a type: def (%s: Type) %s(...)", f.Receiver.Name, f.Name)
		case f.Receiver.Default != nil:
			c.errorf(f.Receiver.Default.Position(), "a receiver cannot have a default value")
		}
	}
	f.Params = c.params(g.Params, "function")
	if g.Return != nil {
		f.Return = c.typeExpr(g.Return)
	}
	if g.Pipeline != nil {
		named := f.Params
		if f.Receiver != nil {
			named = append([]*ast.Param{f.Receiver}, f.Params...)
		}
		f.Pipeline, f.Body = c.pipeline(g.Pipeline, named)
		f.EndLine = g.PipeEnd.Pos.Line
		return f
	}
	f.Body = c.block(g.Body)
	f.Doc = docstring(f.Body)
	f.EndLine = endLine(f.Body)
	return f
}

// docstring returns the value of a leading string literal statement.
func docstring(body []ast.Stmt) string {
	if len(body) == 0 {
		return ""
	}
	if es, ok := body[0].(*ast.ExprStmt); ok {
		if s, ok := es.X.(*ast.StrLit); ok {
			return s.V
		}
	}
	return ""
}

// pipeline converts the right-hand side of `def f(...) [-> R] = ...` (§6.6).
// Each `|` at the top of a stage expression separates two stages (an `as`
// names the last of them). When every stage is a function name, a call or a
// list of them, the definition is a pipeline. A single expression that is
// not a stage (`def f(x) = x + 1`, a Dana convenience) is an expression
// body: the function returns its value, and body is that one return
// statement. So is a single name or call that uses a parameter
// (`def f(x) = x`, `def g(x) = helper(x)`), which as a stage would be
// called with, or given, the argument a second time, and a single name or
// call in a definition without parameters (`def answer() -> int = ask()`),
// which has no argument to thread.
func (c *conv) pipeline(g *gPipeline, params []*ast.Param) (pipe *ast.Pipeline, body []ast.Stmt) {
	p := &ast.Pipeline{P: c.pos(g.Pos)}
	saved := c.placeholder
	defer func() { c.placeholder = saved }()
	// `$$` may appear anywhere in a stage (in the arguments of a call stage,
	// or of the calls of a list stage); checkStage rejects a bare `$$`, and
	// an expression body may not use it at all.
	c.placeholder = true
	for _, st := range g.Stages {
		parts := splitPipes(c.expr(st.X), nil)
		for i, x := range parts {
			ps := &ast.PipeStage{P: x.Position(), Expr: x}
			if i == 0 {
				ps.P = c.pos(st.Pos)
			}
			if i == len(parts)-1 {
				ps.As = st.As
			}
			p.Stages = append(p.Stages, ps)
		}
	}
	if len(p.Stages) == 1 && p.Stages[0].As == "" && (len(params) == 0 || !isStage(p.Stages[0].Expr, true) || usesParam(p.Stages[0].Expr, params)) {
		x := p.Stages[0].Expr
		ast.Inspect(x, func(n ast.Node) bool {
			if ph, ok := n.(*ast.PlaceholderExpr); ok {
				c.errorf(ph.P, "'$$' can only be used in the arguments of a pipeline stage")
			}
			return true
		})
		return nil, []ast.Stmt{&ast.ReturnStmt{StmtBase: ast.StmtBase{P: x.Position(), EndLine: g.Pos.Line}, Value: x}}
	}
	for _, st := range p.Stages {
		c.checkStage(st.Expr, true)
	}
	return p, nil
}

// usesParam reports whether x is one of params, or a call with one of them
// as an argument.
func usesParam(x ast.Expr, params []*ast.Param) bool {
	isParam := func(e ast.Expr) bool {
		n, ok := e.(*ast.Name)
		if !ok || n.Scope != "" {
			return false
		}
		for _, p := range params {
			if p.Name == n.Name {
				return true
			}
		}
		return false
	}
	if call, ok := x.(*ast.CallExpr); ok {
		for _, a := range call.Args {
			if isParam(a.Value) {
				return true
			}
		}
		return false
	}
	return isParam(x)
}

// splitPipes appends to out the operands of the top-level `|` operators of
// x, left to right (`|` associates to the left).
func splitPipes(x ast.Expr, out []ast.Expr) []ast.Expr {
	if b, ok := x.(*ast.BinaryExpr); ok && b.Op == "|" {
		return append(splitPipes(b.X, out), b.Y)
	}
	return append(out, x)
}

// isStage reports whether x is a valid pipeline stage: a function name, a
// call, or (at the top) a list of them.
func isStage(x ast.Expr, top bool) bool {
	switch v := x.(type) {
	case *ast.Name, *ast.AttrExpr, *ast.CallExpr:
		return true
	case *ast.ListExpr:
		if !top {
			return false
		}
		for _, e := range v.Elems {
			if !isStage(e, false) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *conv) checkStage(x ast.Expr, top bool) {
	if v, ok := x.(*ast.ListExpr); ok && top {
		for _, e := range v.Elems {
			c.checkStage(e, false)
		}
		return
	}
	if !isStage(x, top) {
		c.errorf(x.Position(), "invalid pipeline stage: expected a function name, a call or a list of them, not %s", describe(x))
	}
}

func (c *conv) structDef(g *gStruct) *ast.StructDef {
	s := &ast.StructDef{Name: g.Name.Value}
	s.P = c.pos(g.Pos)
	end := g.Name.Pos.Line
	for i, it := range g.Items {
		if it.Def != nil {
			m := c.funcDef(it.Def)
			if m.Pipeline == nil && m.Receiver != nil {
				c.errorf(m.Receiver.P, "a method inside a struct takes no receiver; use self as its first parameter")
			}
			s.Methods = append(s.Methods, m)
			end = maxInt(end, m.EndLine)
			continue
		}
		l := it.Line
		end = maxInt(end, l.End.Pos.Line)
		switch {
		case l.Doc != nil:
			if i != 0 {
				c.errorf(c.pos(l.Pos), "a struct docstring must come before the fields")
			}
			s.Doc = c.strings(l.Doc)
		case l.Pass:
		default:
			f := &ast.Field{P: c.pos(l.Pos), Name: l.Name, Type: c.typeExpr(l.Type)}
			if l.Default != nil {
				f.Default = c.expr(l.Default)
			}
			for _, o := range s.Fields {
				if o.Name == f.Name {
					c.errorf(f.P, "duplicate field '%s' in struct %s", f.Name, s.Name)
				}
			}
			s.Fields = append(s.Fields, f)
		}
	}
	s.EndLine = end
	return s
}

func (c *conv) enumDef(g *gEnum) *ast.EnumDef {
	d := &ast.EnumDef{Name: g.Name.Value}
	d.P = c.pos(g.Pos)
	end := g.Name.Pos.Line
	for i, l := range g.Items {
		end = maxInt(end, l.End.Pos.Line)
		switch {
		case l.Doc != nil:
			if i != 0 {
				c.errorf(c.pos(l.Pos), "an enum docstring must come before the members")
			}
			d.Doc = c.strings(l.Doc)
		case l.Pass:
		default:
			m := &ast.EnumMember{P: c.pos(l.Name.Pos), Name: l.Name.Value}
			if l.Value != nil {
				m.Value = c.expr(l.Value)
			}
			for _, o := range d.Members {
				if o.Name == m.Name {
					c.errorf(m.P, "duplicate member '%s' in enum %s", m.Name, d.Name)
				}
			}
			d.Members = append(d.Members, m)
		}
	}
	if len(d.Members) == 0 {
		c.errorf(d.P, "enum %s has no members", d.Name)
	}
	d.EndLine = end
	return d
}

func (c *conv) interfaceDef(g *gInterface) *ast.InterfaceDef {
	d := &ast.InterfaceDef{Name: g.Name.Value}
	d.P = c.pos(g.Pos)
	end := g.Name.Pos.Line
	for i, l := range g.Items {
		end = maxInt(end, l.End.Pos.Line)
		switch {
		case l.Doc != nil:
			if i != 0 {
				c.errorf(c.pos(l.Pos), "an interface docstring must come before the methods")
			}
			d.Doc = c.strings(l.Doc)
		case l.Pass:
		case l.Sig != nil:
			if l.Dotted != "" {
				c.errorf(c.pos(l.Name.Pos), "invalid method name '%s%s'", l.Name.Value, l.Dotted)
			}
			m := &ast.MethodSig{P: c.pos(l.Name.Pos), Name: l.Name.Value, Params: c.params(l.Sig.Params, "method")}
			if l.Sig.Return != nil {
				m.Return = c.typeExpr(l.Sig.Return)
			}
			d.Methods = append(d.Methods, m)
		default:
			if l.Def {
				c.errorf(c.pos(l.End.Pos), "expected '(' after the method name")
			}
			d.Embeds = append(d.Embeds, l.Name.Value+l.Dotted)
		}
	}
	d.EndLine = end
	return d
}

// ---------------------------------------------------------------------------
// Type expressions

func (c *conv) typeExpr(g *gType) *ast.TypeExpr {
	if len(g.Alts) == 1 {
		return c.typeAtom(g.Alts[0])
	}
	t := &ast.TypeExpr{P: c.pos(g.Pos)}
	for _, a := range g.Alts {
		t.Union = append(t.Union, c.typeAtom(a))
	}
	return t
}

func (c *conv) typeAtom(g *gTypeAtom) *ast.TypeExpr {
	if l := g.Lit; l != nil {
		t := &ast.TypeExpr{P: c.pos(g.Pos)}
		switch {
		case l.Str != nil:
			t.Lit = c.strings(l.Str)
		case l.Bool != "":
			t.Lit = l.Bool == "True"
		default:
			n, err := strconv.ParseInt(strings.ReplaceAll(l.Int, "_", ""), 0, 64)
			if err != nil {
				c.errorf(t.P, "invalid literal type %s", l.Int)
			}
			if l.Neg {
				n = -n
			}
			t.Lit = n
		}
		return t
	}
	t := &ast.TypeExpr{P: c.pos(g.Pos), Name: g.Name}
	if t.Name == "null" {
		t.Name = "None"
	}
	for _, a := range g.Args {
		t.Args = append(t.Args, c.typeExpr(a))
	}
	return t
}

// ---------------------------------------------------------------------------
// Expressions

func (c *conv) exprList(g *gExprList) ast.Expr {
	items := g.items()
	if len(items) == 1 && !g.Comma && !items[0].Run.ok() {
		return c.starExpr(items[0])
	}
	t := &ast.TupleExpr{P: c.pos(g.Pos)}
	for _, it := range items {
		t.Elems = c.starExprs(t.Elems, it)
	}
	return t
}

func (c *conv) starExpr(g *gStarExpr) ast.Expr {
	switch {
	case g.Run.ok():
		// Only lists take runs (starExprs); this keeps the conversion total.
		return &ast.TupleExpr{P: c.pos(g.Pos), Elems: c.starExprs(nil, g)}
	case g.Star != nil:
		return &ast.StarredExpr{P: c.pos(g.Pos), X: c.bin(g.Star)}
	}
	return c.expr(g.X)
}

// starExprs appends the item g of a list to out: one expression, or the
// elements of a run.
func (c *conv) starExprs(out []ast.Expr, g *gStarExpr) []ast.Expr {
	if g.Run.ok() {
		out, _ = c.runElems(out, nil, g.Run, false)
		return out
	}
	return append(out, c.starExpr(g))
}

// noStar reports a starred expression where none is allowed.
func (c *conv) noStar(e ast.Expr) ast.Expr {
	if st, ok := e.(*ast.StarredExpr); ok {
		c.errorf(st.P, "can't use starred expression here")
	}
	return e
}

func (c *conv) targets(g *gTargets) ast.Expr {
	var e ast.Expr
	if items := g.items(); len(items) == 1 && !g.Comma {
		e = c.target(items[0])
	} else {
		t := &ast.TupleExpr{P: c.pos(g.Pos)}
		for _, it := range items {
			t.Elems = append(t.Elems, c.target(it))
		}
		e = t
	}
	c.checkTarget(e, true)
	return e
}

func (c *conv) target(g *gTarget) ast.Expr {
	x := c.bin(g.X)
	if g.Star {
		return &ast.StarredExpr{P: c.pos(g.Pos), X: x}
	}
	return x
}

// checkDel reports targets that `del` cannot delete.
func (c *conv) checkDel(e ast.Expr) {
	switch e := e.(type) {
	case *ast.Name, *ast.IndexExpr, *ast.SliceExpr, *ast.AttrExpr:
	case *ast.TupleExpr:
		for _, x := range e.Elems {
			c.checkDel(x)
		}
	case *ast.ListExpr:
		for _, x := range e.Elems {
			c.checkDel(x)
		}
	default:
		c.errorf(e.Position(), "cannot delete %s", describe(e))
	}
}

func (c *conv) expr(g *gExpr) ast.Expr {
	if g.Yield != nil {
		y := &ast.YieldExpr{P: c.pos(g.Yield.Pos), From: g.Yield.From}
		switch {
		case g.Yield.Src != nil:
			y.Value = c.expr(g.Yield.Src)
		case g.Yield.X != nil:
			y.Value = c.noStar(c.exprList(g.Yield.X))
		}
		return y
	}
	if g.Lambda != nil {
		l := g.Lambda
		return &ast.LambdaExpr{P: c.pos(l.Pos), Params: c.params(l.Params, "lambda"), Body: c.expr(l.Body)}
	}
	then := c.flat(g.First, infixes(g.Rest), true)
	if g.If == nil {
		return then
	}
	return &ast.CondExpr{P: then.Position(), Cond: c.or(g.If), Then: then, Else: c.expr(g.Else)}
}

func (c *conv) or(g *gOr) ast.Expr { return c.flat(g.First, infixes(g.Rest), true) }

func (c *conv) bin(g *gBin) ast.Expr {
	ops := make([]infix, len(g.Ops))
	for i, o := range g.Ops {
		ops[i] = infix{string(o.Op), o.Pos, o.Y}
	}
	return c.flat(g.First, ops, false)
}

func infixes(gs []*gInfix) []infix {
	ops := make([]infix, len(gs))
	for i, o := range gs {
		ops[i] = infix{string(o.Op), o.Pos, o.Y}
	}
	return ops
}

// tokenPositions returns the positions of the n tokens that start at p.
func (c *conv) tokenPositions(p ast.Pos, n int) []ast.Pos {
	out := make([]ast.Pos, n)
	i := sort.Search(len(c.toks), func(i int) bool { return c.toks[i].Pos.Offset >= p.Offset })
	for i < len(c.toks) && (c.toks[i].Type == lexer.Indent || c.toks[i].Type == lexer.Dedent || c.toks[i].Type == lexer.Newline) && c.toks[i].Pos.Offset == p.Offset {
		i++
	}
	for k := range out {
		if i+k < len(c.toks) {
			out[k] = c.toks[i+k].Pos
		} else {
			out[k] = p
		}
	}
	return out
}

// primary converts g, whose atom starts at pos.
func (c *conv) primary(g *gPrimary, pos ast.Pos) ast.Expr {
	x := c.atom(&g.gAtom, pos)
	for _, t := range g.Trailers {
		switch {
		case t.Call != nil:
			x = c.call(x, t.Call)
		case t.Index != nil:
			x = c.subscript(x, t.Index)
		default:
			x = &ast.AttrExpr{P: x.Position(), X: x, Name: t.Attr.Value, NamePos: c.pos(t.Attr.Pos)}
		}
	}
	return x
}

func (c *conv) call(fn ast.Expr, g *gCall) ast.Expr {
	call := &ast.CallExpr{P: fn.Position(), Fn: fn, LParen: c.pos(g.Pos)}
	sawKw, sawDStar := false, false
	kws := map[string]bool{}
	args := g.args()
	for _, a := range args {
		if a.Run.ok() {
			for _, arg := range c.runArgs(a.Run) {
				switch {
				case sawDStar:
					c.errorf(arg.P, "positional argument follows keyword argument unpacking")
				case sawKw:
					c.errorf(arg.P, "positional argument follows keyword argument")
				}
				call.Args = append(call.Args, arg)
			}
			continue
		}
		arg := &ast.Arg{P: c.pos(a.Pos)}
		switch {
		case a.Star == "*":
			arg.Star = true
			arg.Value = c.expr(a.SX)
			if sawDStar {
				c.errorf(arg.P, "iterable argument unpacking follows keyword argument unpacking")
			}
		case a.Star == "**":
			arg.DoubleStar = true
			arg.Value = c.expr(a.SX)
			sawDStar = true
		case a.KwVal != nil:
			x := c.expr(a.X)
			n, ok := x.(*ast.Name)
			if !ok || n.Scope != "" {
				c.errorf(x.Position(), "expression cannot contain assignment, perhaps you meant \"==\"?")
			} else {
				arg.Name = n.Name
				if kws[n.Name] {
					c.errorf(x.Position(), "keyword argument repeated: %s", n.Name)
				}
				kws[n.Name] = true
			}
			arg.Value = c.expr(a.KwVal)
			sawKw = true
		default:
			x := c.expr(a.X)
			if a.Comp != nil {
				if len(args) > 1 || g.Comma {
					c.errorf(x.Position(), "generator expression must be parenthesized")
				}
				x = &ast.CompExpr{P: x.Position(), Kind: ast.CompGen, Elt: x, Clauses: c.comp(a.Comp)}
			}
			arg.Value = x
			switch {
			case sawDStar:
				c.errorf(arg.P, "positional argument follows keyword argument unpacking")
			case sawKw:
				c.errorf(arg.P, "positional argument follows keyword argument")
			}
		}
		call.Args = append(call.Args, arg)
	}
	return call
}

func (c *conv) subscript(x ast.Expr, g *gSubscript) ast.Expr {
	lb := c.pos(g.Pos)
	items := g.items()
	if len(items) == 1 && !g.Comma && !items[0].Run.ok() {
		it := items[0]
		switch {
		case it.DCol || it.Col:
			s := &ast.SliceExpr{P: x.Position(), X: x, LBrack: lb}
			s.Lo = c.optExpr(it.Lo)
			s.Hi = c.optExpr(it.Hi)
			s.Step = c.optExpr(it.Step)
			if it.DCol {
				s.Step = c.optExpr(it.DStep)
			}
			return s
		case it.Lo == nil:
			c.errorf(c.pos(it.EndPos), "invalid syntax: expected an index or a slice inside '[]'")
			return &ast.IndexExpr{P: x.Position(), X: x, LBrack: lb, Index: &ast.NoneLit{P: c.pos(it.EndPos)}}
		}
		return &ast.IndexExpr{P: x.Position(), X: x, LBrack: lb, Index: c.expr(it.Lo)}
	}
	t := &ast.TupleExpr{P: c.pos(items[0].Pos)}
	for _, it := range items {
		if it.Run.ok() {
			t.Elems, _ = c.runElems(t.Elems, nil, it.Run, false)
			continue
		}
		if it.DCol || it.Col {
			c.errorf(c.pos(it.Pos), "multi-dimensional slicing is not supported")
			continue
		}
		if it.Lo == nil {
			c.errorf(c.pos(it.EndPos), "invalid syntax: expected an index")
			continue
		}
		t.Elems = append(t.Elems, c.expr(it.Lo))
	}
	return &ast.IndexExpr{P: x.Position(), X: x, LBrack: lb, Index: t}
}

func (c *conv) optExpr(g *gExpr) ast.Expr {
	if g == nil {
		return nil
	}
	return c.expr(g)
}

func (c *conv) comp(g *gComp) []*ast.CompClause {
	out := []*ast.CompClause{c.compFor(g.For)}
	for _, it := range g.Clauses {
		if it.For != nil {
			out = append(out, c.compFor(it.For))
		} else {
			out = append(out, &ast.CompClause{P: c.pos(it.Pos), If: c.or(it.If)})
		}
	}
	return out
}

func (c *conv) compFor(g *gCompFor) *ast.CompClause {
	return &ast.CompClause{P: c.pos(g.Pos), Target: c.targets(g.Target), Iter: c.or(g.Iter)}
}

func (c *conv) atom(g *gAtom, p ast.Pos) ast.Expr {
	v := g.Tok.Value
	switch k := g.Tok.Kind; {
	case k == atomTrue:
		return &ast.BoolLit{P: p, V: true}
	case k == atomFalse:
		return &ast.BoolLit{P: p, V: false}
	case k == atomNoneLit:
		return &ast.NoneLit{P: p}
	case k == atomEllipsis:
		return &ast.EllipsisLit{P: p}
	case k == atomPlaceholder:
		if !c.placeholder {
			c.errorf(p, "'$$' can only be used in the arguments of a pipeline stage")
		}
		return &ast.PlaceholderExpr{P: p}
	case k == atomScoped:
		i := strings.IndexByte(v, ':')
		return &ast.Name{P: p, Scope: v[:i], Name: v[i+1:]}
	case k == atomName:
		switch v {
		case "true", "false":
			return &ast.BoolLit{P: p, V: v == "true"}
		case "null":
			return &ast.NoneLit{P: p}
		}
		return &ast.Name{P: p, Name: v}
	case k == atomInt:
		if d := decimalDigits(v); d > maxIntStrDigits {
			// Python 3.11's limit (the interpreter enforces it on int() and str()).
			c.errorf(p, "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxIntStrDigits, d)
			return &ast.IntLit{P: p, Text: v, V: new(big.Int)}
		}
		if len(v) < 19 && (len(v) == 1 || v[0] != '0') {
			// A short decimal literal (the common case): much cheaper than
			// big.Int's general scanner.
			if i, err := strconv.ParseInt(v, 10, 64); err == nil {
				return &ast.IntLit{P: p, Text: v, V: big.NewInt(i)}
			}
		}
		n, ok := new(big.Int).SetString(v, 0)
		if !ok {
			c.errorf(p, "invalid integer literal %q", v)
			n = new(big.Int)
		}
		return &ast.IntLit{P: p, Text: v, V: n}
	case k == atomFloat:
		f, err := strconv.ParseFloat(strings.ReplaceAll(v, "_", ""), 64)
		if err != nil && f == 0 && !strings.Contains(err.Error(), "range") {
			c.errorf(p, "invalid float literal %q", v)
		}
		return &ast.FloatLit{P: p, Text: v, V: f}
	case g.Strs != nil:
		return c.strs(g.Strs)
	case g.Paren != nil:
		return c.paren(g.Paren)
	case g.List != nil:
		return c.list(g.List)
	case g.Brace != nil:
		return c.brace(g.Brace)
	}
	c.errorf(p, "invalid syntax")
	return &ast.NoneLit{P: p}
}

// strings concatenates the values of adjacent plain string literals.
func (c *conv) strings(lits []string) string {
	if len(lits) == 1 {
		v, _ := lexer.Unquote(lits[0])
		return v
	}
	var b strings.Builder
	for _, l := range lits {
		v, _ := lexer.Unquote(l)
		b.WriteString(v)
	}
	return b.String()
}

func (c *conv) strs(parts []*gStr) ast.Expr {
	p := c.pos(parts[0].Pos)
	hasF := false
	for _, s := range parts {
		if s.F != nil {
			hasF = true
			break
		}
	}
	if !hasF {
		lits := make([]string, len(parts))
		for i, s := range parts {
			lits[i] = s.S
		}
		return &ast.StrLit{P: p, V: c.strings(lits)}
	}
	f := &ast.FString{P: p}
	for _, s := range parts {
		if s.F == nil {
			v, _ := lexer.Unquote(s.S)
			f.Parts = appendLit(f.Parts, v)
			continue
		}
		raw := lexer.IsRawFString(s.F.Start.Value)
		f.Parts = c.fparts(f.Parts, s.F.Parts, raw)
	}
	return f
}

func appendLit(parts []ast.FStringPart, lit string) []ast.FStringPart {
	if lit == "" {
		return parts
	}
	if n := len(parts); n > 0 && parts[n-1].Expr == nil {
		parts[n-1].Lit += lit
		return parts
	}
	return append(parts, ast.FStringPart{Lit: lit})
}

func (c *conv) fparts(out []ast.FStringPart, gs []*gFPart, raw bool) []ast.FStringPart {
	for _, g := range gs {
		if g.Field == nil {
			out = appendLit(out, lexer.DecodeFText(g.Text.Value, raw))
			continue
		}
		fd := g.Field
		part := ast.FStringPart{Expr: c.noStar(c.exprList(fd.X))}
		if fd.Debug.Value != "" {
			part.Debug = true
			end := fd.Close.Pos.Offset
			if fd.Bang.Value != "" {
				end = fd.Bang.Pos.Offset
			} else if fd.Colon.Value != "" {
				end = fd.Colon.Pos.Offset
			}
			if start := fd.Open.Pos.Offset + 1; start <= end && end <= len(c.src) {
				part.DebugText = c.src[start:end]
			}
		}
		if fd.Bang.Value != "" {
			switch fd.Conv {
			case "r", "s", "a":
				part.Conv = fd.Conv[0]
			default:
				c.errorf(c.pos(fd.Bang.Pos), "f-string: invalid conversion character '%s': expected 's', 'r', or 'a'", fd.Conv)
			}
		}
		if fd.Colon.Value != "" {
			sp := fd.Colon.Pos
			sp.Offset++
			sp.Column++
			part.Spec = &ast.FString{P: c.pos(sp), Parts: c.fparts(nil, fd.Spec, raw)}
		}
		out = append(out, part)
	}
	return out
}

func (c *conv) paren(g *gParen) ast.Expr {
	p := c.pos(g.Pos)
	if g.First == nil {
		return &ast.TupleExpr{P: p}
	}
	if g.Pair != nil {
		c.errorf(c.pos(g.Pair.Pos), "invalid syntax: a '(key: value)' pair is only allowed in a dict comprehension")
	}
	if g.First.Run.ok() && g.Comp == nil {
		t := &ast.TupleExpr{P: p, Elems: c.starExprs(nil, g.First)}
		for _, r := range g.Rest {
			t.Elems = c.starExprs(t.Elems, r)
		}
		return t
	}
	first := c.starExpr(g.First)
	if g.Comp != nil {
		if len(g.Rest) > 0 || g.Comma {
			c.errorf(first.Position(), "generator expression must be parenthesized")
		}
		return &ast.CompExpr{P: p, Kind: ast.CompGen, Elt: c.noStar(first), Clauses: c.comp(g.Comp)}
	}
	if len(g.Rest) == 0 && !g.Comma {
		return c.noStar(first)
	}
	t := &ast.TupleExpr{P: p, Elems: []ast.Expr{first}}
	for _, r := range g.Rest {
		t.Elems = c.starExprs(t.Elems, r)
	}
	return t
}

func (c *conv) list(g *gList) ast.Expr {
	p := c.pos(g.Pos)
	if g.First == nil {
		return &ast.ListExpr{P: p}
	}
	if g.First.Run.ok() && g.Comp == nil {
		l := &ast.ListExpr{P: p, Elems: c.starExprs(nil, g.First)}
		for _, r := range g.Rest {
			l.Elems = c.starExprs(l.Elems, r)
		}
		return l
	}
	first := c.starExpr(g.First)
	if g.Comp != nil {
		if len(g.Rest) > 0 || g.Comma {
			c.errorf(first.Position(), "did you forget parentheses around the comprehension target?")
		}
		return &ast.CompExpr{P: p, Kind: ast.CompList, Elt: c.noStar(first), Clauses: c.comp(g.Comp)}
	}
	l := &ast.ListExpr{P: p, Elems: []ast.Expr{first}}
	for _, r := range g.Rest {
		l.Elems = c.starExprs(l.Elems, r)
	}
	return l
}

// pairParen returns the parts of Dana's `(k: v)` comprehension element.
func pairParen(it *gBraceItem) *gParen {
	if it.Key == nil || it.Value != nil || it.Key.X == nil {
		return nil
	}
	e := it.Key.X
	if e.Lambda != nil || e.If != nil || len(e.Rest) > 0 || len(e.First.Pre) > 0 || len(e.First.Trailers) > 0 {
		return nil
	}
	par := e.First.Paren
	if par == nil || par.Pair == nil || par.Comp != nil || len(par.Rest) > 0 || par.Comma {
		return nil
	}
	return par
}

func (c *conv) brace(g *gBrace) ast.Expr {
	p := c.pos(g.Pos)
	if g.First == nil {
		return &ast.DictExpr{P: p}
	}
	if g.Comp != nil {
		if len(g.Rest) > 0 || g.Comma {
			c.errorf(c.pos(g.First.Pos), "did you forget parentheses around the comprehension target?")
		}
		f := g.First
		switch {
		case f.Pairs.ok():
			// Cannot happen: a run ends before ',' or '}'.
			c.errorf(c.pos(f.Pos), "invalid syntax")
			return &ast.DictExpr{P: p}
		case f.DStar != nil:
			c.errorf(c.pos(f.Pos), "dict unpacking cannot be used in dict comprehension")
			return &ast.DictExpr{P: p}
		case f.Value != nil:
			return &ast.CompExpr{P: p, Kind: ast.CompDict, Key: c.noStar(c.starExpr(f.Key)), Value: c.expr(f.Value), Clauses: c.comp(g.Comp)}
		}
		if par := pairParen(f); par != nil {
			return &ast.CompExpr{P: p, Kind: ast.CompDict, Key: c.noStar(c.starExpr(par.First)), Value: c.expr(par.Pair), Clauses: c.comp(g.Comp)}
		}
		return &ast.CompExpr{P: p, Kind: ast.CompSet, Elt: c.noStar(c.starExpr(f.Key)), Clauses: c.comp(g.Comp)}
	}
	items := append([]*gBraceItem{g.First}, g.Rest...)
	isDict := g.First.Value != nil || g.First.DStar != nil || g.First.Pairs.ok()
	if isDict {
		d := &ast.DictExpr{P: p}
		for _, it := range items {
			switch {
			case it.Pairs.ok():
				d.Keys, d.Values = c.runElems(d.Keys, d.Values, it.Pairs.litRun, true)
			case it.DStar != nil:
				d.Keys = append(d.Keys, nil)
				d.Values = append(d.Values, c.bin(it.DStar))
			case it.Value == nil:
				c.errorf(c.pos(it.Pos), "':' expected after dictionary key")
			default:
				d.Keys = append(d.Keys, c.noStar(c.starExpr(it.Key)))
				d.Values = append(d.Values, c.expr(it.Value))
			}
		}
		return d
	}
	s := &ast.SetExpr{P: p}
	for _, it := range items {
		switch {
		case it.DStar != nil || it.Value != nil || it.Pairs.ok():
			c.errorf(c.pos(it.Pos), "invalid syntax: a set display cannot hold 'key: value' pairs")
		default:
			s.Elems = c.starExprs(s.Elems, it.Key)
		}
	}
	return s
}

// maxIntStrDigits is Python 3.11's limit on the digits of a decimal integer
// literal (interp.MaxIntStrDigits).
const maxIntStrDigits = 4300

// decimalDigits counts the digits of a decimal integer literal (0 for
// literals in a power-of-two base, which have no limit).
func decimalDigits(lit string) int {
	if len(lit) > 1 && lit[0] == '0' && strings.ContainsRune("xXoObB", rune(lit[1])) {
		return 0
	}
	return len(lit) - strings.Count(lit, "_")
}
