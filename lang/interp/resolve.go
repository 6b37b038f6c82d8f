package interp

import (
	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
)

// Name resolution. Before a file is compiled, every plain name is resolved
// statically, as in Python: a name bound anywhere in a function body is a
// local of that function; a name bound in an enclosing function is a closure
// variable (a cell); anything else is a module global, falling back to the
// builtins. Comprehension variables live in their own block scope whose
// storage is the enclosing frame, so they do not leak and cost no call.

// fscope is a storage owner: a function's frame or a module's top level.
type fscope struct {
	parent   *fscope
	isModule bool
	name     string
	nslots   int
	ncells   int
	free     []*varInfo
	freeIdx  map[*varInfo]int
	vars     []*varInfo
	isGen    bool // the body contains yield: a generator function
}

// bscope is a name-binding scope: a function body, a lambda, a comprehension
// or the module top level.
type bscope struct {
	parent *bscope
	owner  *fscope
	vars   map[string]*varInfo
	isComp bool
	// globals and nonlocals are the names a function declares `global` or
	// `nonlocal`: assignments to them bind no local.
	globals   map[string]bool
	nonlocals map[string]ast.Pos
}

type varInfo struct {
	name     string
	owner    *fscope
	global   bool // a module top-level variable
	captured bool
	param    bool
	slot     int
	cell     int
}

// resolver walks a file and records, for each name reference, the variable
// it denotes.
type resolver struct {
	refs    map[*ast.Name]*varInfo
	scopes  map[ast.Node]*bscope
	fscopes map[ast.Node]*fscope
	params  map[*ast.Param]*varInfo
	binds   map[ast.Node]map[string]*varInfo // statement-level bindings (def, import, except)
	gens    map[*ast.CompExpr]*genExpr       // generator expressions, as functions
	errs    diag.List
	src     string
}

func newResolver(src string) *resolver {
	return &resolver{
		refs:    map[*ast.Name]*varInfo{},
		scopes:  map[ast.Node]*bscope{},
		fscopes: map[ast.Node]*fscope{},
		params:  map[*ast.Param]*varInfo{},
		binds:   map[ast.Node]map[string]*varInfo{},
		gens:    map[*ast.CompExpr]*genExpr{},
		src:     src,
	}
}

func (r *resolver) errorf(pos ast.Pos, typ, format string, args ...any) {
	e := Errorf(typ, format, args...)
	r.errs = append(r.errs, &diag.Error{Pos: pos, Type: typ, Msg: e.Msg, Line: diag.SourceLine(r.src, pos.Line)})
}

func (bs *bscope) declare(name string) *varInfo {
	if v, ok := bs.vars[name]; ok {
		return v
	}
	if bs.globals[name] {
		v := &varInfo{name: name, global: true}
		bs.vars[name] = v
		return v
	}
	if _, ok := bs.nonlocals[name]; ok {
		return nil
	}
	v := &varInfo{name: name, owner: bs.owner, global: bs.owner.isModule && !bs.isComp}
	bs.vars[name] = v
	bs.owner.vars = append(bs.owner.vars, v)
	return v
}

// lookup finds the variable a plain name denotes from scope bs, marking
// captured variables and threading them through intermediate functions as
// free variables. nil means a module global or builtin not bound at top level.
func (bs *bscope) lookup(name string) *varInfo {
	for s := bs; s != nil; s = s.parent {
		v, ok := s.vars[name]
		if !ok {
			continue
		}
		if v.global {
			return v
		}
		if v.owner != bs.owner {
			v.captured = true
			for f := bs.owner; f != nil && f != v.owner; f = f.parent {
				if f.freeIdx == nil {
					f.freeIdx = map[*varInfo]int{}
				}
				if _, ok := f.freeIdx[v]; !ok {
					f.freeIdx[v] = len(f.free)
					f.free = append(f.free, v)
				}
			}
		}
		return v
	}
	return nil
}

// collectGlobals records the `global` and `nonlocal` declarations of a body
// (not descending into nested functions) before anything is declared.
func (r *resolver) collectGlobals(bs *bscope, stmts []ast.Stmt) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.GlobalStmt:
			for _, n := range s.Names {
				switch {
				case s.Nonlocal && bs.owner.isModule:
					r.errorf(s.P, "SyntaxError", "nonlocal declaration not allowed at module level")
				case s.Nonlocal:
					if bs.nonlocals == nil {
						bs.nonlocals = map[string]ast.Pos{}
					}
					bs.nonlocals[n] = s.P
				case !bs.owner.isModule:
					if bs.globals == nil {
						bs.globals = map[string]bool{}
					}
					bs.globals[n] = true
				}
			}
		case *ast.IfStmt:
			r.collectGlobals(bs, s.Body)
			r.collectGlobals(bs, s.Else)
		case *ast.WhileStmt:
			r.collectGlobals(bs, s.Body)
			r.collectGlobals(bs, s.Else)
		case *ast.ForStmt:
			r.collectGlobals(bs, s.Body)
			r.collectGlobals(bs, s.Else)
		case *ast.TryStmt:
			r.collectGlobals(bs, s.Body)
			for _, h := range s.Handlers {
				r.collectGlobals(bs, h.Body)
			}
			r.collectGlobals(bs, s.Else)
			r.collectGlobals(bs, s.Finally)
		}
	}
}

// collect declares the names bound by statements (not descending into nested
// function bodies).
func (r *resolver) collect(bs *bscope, stmts []ast.Stmt) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.AssignStmt:
			for _, t := range s.Targets {
				r.collectTarget(bs, t)
			}
		case *ast.AugAssignStmt:
			r.collectTarget(bs, s.Target)
		case *ast.DelStmt:
			for _, t := range s.Targets {
				r.collectTarget(bs, t)
			}
		case *ast.IfStmt:
			r.collect(bs, s.Body)
			r.collect(bs, s.Else)
		case *ast.WhileStmt:
			r.collect(bs, s.Body)
			r.collect(bs, s.Else)
		case *ast.ForStmt:
			r.collectTarget(bs, s.Target)
			r.collect(bs, s.Body)
			r.collect(bs, s.Else)
		case *ast.TryStmt:
			r.collect(bs, s.Body)
			for _, h := range s.Handlers {
				if h.Name != "" {
					bs.declare(h.Name)
				}
				r.collect(bs, h.Body)
			}
			r.collect(bs, s.Else)
			r.collect(bs, s.Finally)
		case *ast.ImportStmt:
			bs.declare(importBinding(s))
		case *ast.FromImportStmt:
			for _, n := range s.Names {
				if n.Alias != "" {
					bs.declare(n.Alias)
				} else {
					bs.declare(n.Name)
				}
			}
		case *ast.FuncDef:
			if s.Receiver == nil {
				bs.declare(s.Name)
			}
		case *ast.StructDef, *ast.EnumDef:
			bs.declare(stmtName(s))
		case *ast.InterfaceDef:
			bs.declare(s.Name)
		}
	}
}

func (r *resolver) collectTarget(bs *bscope, t ast.Expr) {
	switch t := t.(type) {
	case *ast.Name:
		if t.Scope == "" || t.Scope == "local" {
			bs.declare(t.Name)
		}
	case *ast.TupleExpr:
		for _, e := range t.Elems {
			r.collectTarget(bs, e)
		}
	case *ast.ListExpr:
		for _, e := range t.Elems {
			r.collectTarget(bs, e)
		}
	case *ast.StarredExpr:
		r.collectTarget(bs, t.X)
	}
}

// resolveFile resolves a module's top level. mod supplies the existing
// globals (REPL chunks add to the same module).
func (r *resolver) resolveFile(f *ast.File) *fscope {
	fs := &fscope{isModule: true, name: "<module>"}
	bs := &bscope{owner: fs, vars: map[string]*varInfo{}}
	r.collectGlobals(bs, f.Stmts)
	r.collect(bs, f.Stmts)
	r.stmts(bs, f.Stmts)
	r.allocate(fs)
	return fs
}

func (r *resolver) allocate(fs *fscope) {
	for _, v := range fs.vars {
		if v.global {
			continue
		}
		if v.captured {
			v.cell = fs.ncells
			fs.ncells++
		}
		if !v.captured || v.param {
			v.slot = fs.nslots
			fs.nslots++
		}
	}
}

func (r *resolver) stmts(bs *bscope, stmts []ast.Stmt) {
	for _, s := range stmts {
		r.stmt(bs, s)
	}
}

func (r *resolver) stmt(bs *bscope, s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		r.expr(bs, s.X)
	case *ast.AssignStmt:
		r.expr(bs, s.Value)
		for _, t := range s.Targets {
			r.expr(bs, t)
		}
	case *ast.AugAssignStmt:
		r.expr(bs, s.Value)
		r.expr(bs, s.Target)
	case *ast.IfStmt:
		r.expr(bs, s.Cond)
		r.stmts(bs, s.Body)
		r.stmts(bs, s.Else)
	case *ast.WhileStmt:
		r.expr(bs, s.Cond)
		r.stmts(bs, s.Body)
		r.stmts(bs, s.Else)
	case *ast.ForStmt:
		r.expr(bs, s.Iter)
		r.expr(bs, s.Target)
		r.stmts(bs, s.Body)
		r.stmts(bs, s.Else)
	case *ast.ReturnStmt:
		if bs.owner.isModule {
			r.errorf(s.P, "SyntaxError", "'return' outside function")
		}
		r.expr(bs, s.Value)
	case *ast.RaiseStmt:
		r.expr(bs, s.Exc)
		r.expr(bs, s.Cause)
	case *ast.DelStmt:
		for _, t := range s.Targets {
			r.expr(bs, t)
		}
	case *ast.GlobalStmt:
	case *ast.AssertStmt:
		r.expr(bs, s.Cond)
		r.expr(bs, s.Msg)
	case *ast.TryStmt:
		r.stmts(bs, s.Body)
		for _, h := range s.Handlers {
			for _, t := range h.Types {
				r.expr(bs, t)
			}
			if h.Name != "" {
				r.bind(s, h.Name, bs.lookup(h.Name))
			}
			r.stmts(bs, h.Body)
		}
		r.stmts(bs, s.Else)
		r.stmts(bs, s.Finally)
	case *ast.ImportStmt:
		name := importBinding(s)
		r.bind(s, name, bs.lookup(name))
	case *ast.FromImportStmt:
		for _, n := range s.Names {
			name := n.Alias
			if name == "" {
				name = n.Name
			}
			r.bind(s, name, bs.lookup(name))
		}
	case *ast.FuncDef:
		for _, d := range s.Decorators {
			r.expr(bs, d.Expr)
		}
		if s.Receiver != nil {
			r.expr(bs, nil)
		} else {
			r.bind(s, s.Name, bs.lookup(s.Name))
		}
		r.function(bs, s, s.Receiver, s.Params, s.Body, s.Pipeline, s.Name)
	case *ast.EnumDef:
		r.bind(s, s.Name, bs.lookup(s.Name))
		for _, m := range s.Members {
			r.expr(bs, m.Value)
		}
	case *ast.StructDef:
		r.bind(s, s.Name, bs.lookup(s.Name))
		for _, f := range s.Fields {
			r.expr(bs, f.Default)
		}
		for _, m := range s.Methods {
			for _, d := range m.Decorators {
				r.expr(bs, d.Expr)
			}
			r.function(bs, m, nil, m.Params, m.Body, m.Pipeline, s.Name+"."+m.Name)
		}
	case *ast.InterfaceDef:
		r.bind(s, s.Name, bs.lookup(s.Name))
	case *ast.BreakStmt, *ast.ContinueStmt, *ast.PassStmt:
	}
}

func (r *resolver) bind(n ast.Node, name string, v *varInfo) {
	m := r.binds[n]
	if m == nil {
		m = map[string]*varInfo{}
		r.binds[n] = m
	}
	m[name] = v
}

// function resolves a def, method, lambda or pipeline body in a new scope.
func (r *resolver) function(parent *bscope, node ast.Node, recv *ast.Param, params []*ast.Param, body []ast.Stmt, pipe *ast.Pipeline, name string) {
	for _, p := range params {
		r.expr(parent, p.Default)
	}
	fs := &fscope{parent: parent.owner, name: name}
	bs := &bscope{parent: parent, owner: fs, vars: map[string]*varInfo{}}
	r.scopes[node] = bs
	r.fscopes[node] = fs
	if recv != nil {
		r.params[recv] = bs.declare(recv.Name)
		r.params[recv].param = true
	}
	for _, p := range params {
		if _, dup := bs.vars[p.Name]; dup {
			r.errorf(p.P, "SyntaxError", "duplicate argument '%s' in function definition", p.Name)
		}
		r.params[p] = bs.declare(p.Name)
		r.params[p].param = true
	}
	if pipe != nil {
		bs.declare("$$")
		for _, st := range pipe.Stages {
			if st.As != "" {
				bs.declare(st.As)
			}
		}
		for _, st := range pipe.Stages {
			r.expr(bs, st.Expr)
		}
	}
	r.collectGlobals(bs, body)
	r.collect(bs, body)
	r.stmts(bs, body)
	for n, pos := range bs.nonlocals {
		if v := bs.parent.lookup(n); v == nil || v.global {
			r.errorf(pos, "SyntaxError", "no binding for nonlocal '%s' found", n)
		} else {
			bs.lookup(n)
		}
	}
	r.allocate(fs)
}

func (r *resolver) expr(bs *bscope, e ast.Expr) {
	switch e := e.(type) {
	case nil:
	case *ast.Name:
		if e.Scope == "" || e.Scope == "local" {
			if v := bs.lookup(e.Name); v != nil {
				r.refs[e] = v
			}
		}
	case *ast.IntLit, *ast.FloatLit, *ast.StrLit, *ast.BoolLit, *ast.NoneLit:
	case *ast.PlaceholderExpr:
	case *ast.FString:
		r.fstring(bs, e)
	case *ast.ListExpr:
		for _, x := range e.Elems {
			r.expr(bs, x)
		}
	case *ast.TupleExpr:
		for _, x := range e.Elems {
			r.expr(bs, x)
		}
	case *ast.SetExpr:
		for _, x := range e.Elems {
			r.expr(bs, x)
		}
	case *ast.DictExpr:
		for i := range e.Keys {
			r.expr(bs, e.Keys[i])
			r.expr(bs, e.Values[i])
		}
	case *ast.CompExpr:
		if e.Kind == ast.CompGen {
			r.genExpr(bs, e)
			return
		}
		// The first iterable is evaluated in the enclosing scope.
		cs := &bscope{parent: bs, owner: bs.owner, vars: map[string]*varInfo{}, isComp: true}
		r.scopes[e] = cs
		for _, c := range e.Clauses {
			if c.Iter != nil {
				r.collectTarget(cs, c.Target)
			}
		}
		for i, c := range e.Clauses {
			if c.Iter != nil {
				if i == 0 {
					r.expr(bs, c.Iter)
				} else {
					r.expr(cs, c.Iter)
				}
				r.expr(cs, c.Target)
			} else {
				r.expr(cs, c.If)
			}
		}
		r.expr(cs, e.Elt)
		r.expr(cs, e.Key)
		r.expr(cs, e.Value)
	case *ast.UnaryExpr:
		r.expr(bs, e.X)
	case *ast.BinaryExpr:
		r.expr(bs, e.X)
		r.expr(bs, e.Y)
	case *ast.BoolExpr:
		r.expr(bs, e.X)
		r.expr(bs, e.Y)
	case *ast.CompareExpr:
		r.expr(bs, e.First)
		for _, x := range e.Rest {
			r.expr(bs, x)
		}
	case *ast.CondExpr:
		r.expr(bs, e.Cond)
		r.expr(bs, e.Then)
		r.expr(bs, e.Else)
	case *ast.LambdaExpr:
		r.function(bs, e, nil, e.Params, []ast.Stmt{&ast.ReturnStmt{StmtBase: ast.StmtBase{P: e.Body.Position()}, Value: e.Body}}, nil, "<lambda>")
	case *ast.CallExpr:
		r.expr(bs, e.Fn)
		for _, a := range e.Args {
			r.expr(bs, a.Value)
		}
	case *ast.IndexExpr:
		r.expr(bs, e.X)
		r.expr(bs, e.Index)
	case *ast.SliceExpr:
		r.expr(bs, e.X)
		r.expr(bs, e.Lo)
		r.expr(bs, e.Hi)
		r.expr(bs, e.Step)
	case *ast.AttrExpr:
		r.expr(bs, e.X)
	case *ast.StarredExpr:
		r.expr(bs, e.X)
	case *ast.YieldExpr:
		if bs.owner.isModule {
			r.errorf(e.P, "SyntaxError", "'yield' outside function")
		}
		bs.owner.isGen = true
		r.expr(bs, e.Value)
	case *ast.NamedExpr:
		r.expr(bs, e.Value)
		ts := bs
		for ts.isComp && ts.parent != nil {
			ts = ts.parent
		}
		ts.declare(e.Target.Name)
		r.expr(bs, e.Target)
	case *ast.EllipsisLit:
	}
}

// genExpr is a generator expression as a generator function of one
// parameter, the iterator of its first `for` (evaluated in the enclosing
// scope, as in Python).
type genExpr struct {
	param *ast.Param
	body  []ast.Stmt
}

func (r *resolver) genExpr(bs *bscope, e *ast.CompExpr) {
	p0 := &ast.Param{P: e.P, Name: ".0"}
	var inner ast.Stmt = &ast.ExprStmt{StmtBase: ast.StmtBase{P: e.Elt.Position()}, X: &ast.YieldExpr{P: e.Elt.Position(), Value: e.Elt}}
	for i := len(e.Clauses) - 1; i >= 0; i-- {
		cl := e.Clauses[i]
		if cl.Iter != nil {
			iter := cl.Iter
			if i == 0 {
				iter = &ast.Name{P: cl.Iter.Position(), Name: ".0"}
			}
			inner = &ast.ForStmt{StmtBase: ast.StmtBase{P: cl.P}, Target: cl.Target, Iter: iter, Body: []ast.Stmt{inner}}
		} else {
			inner = &ast.IfStmt{StmtBase: ast.StmtBase{P: cl.P}, Cond: cl.If, Body: []ast.Stmt{inner}}
		}
	}
	g := &genExpr{param: p0, body: []ast.Stmt{inner}}
	r.gens[e] = g
	r.expr(bs, e.Clauses[0].Iter)
	r.function(bs, e, nil, []*ast.Param{p0}, g.body, nil, "<genexpr>")
}

func (r *resolver) fstring(bs *bscope, f *ast.FString) {
	if f == nil {
		return
	}
	for _, p := range f.Parts {
		if p.Expr != nil {
			r.expr(bs, p.Expr)
		}
		r.fstring(bs, p.Spec)
	}
}

// importBinding is the name `import a.b [as c]` binds: the alias, else the
// first component (a namespace leading to the module).
func importBinding(s *ast.ImportStmt) string {
	if s.Alias != "" {
		return s.Alias
	}
	return splitDots(s.Module)[0]
}

// stmtName is the name a struct or enum definition binds.
func stmtName(s ast.Stmt) string {
	switch x := s.(type) {
	case *ast.StructDef:
		return x.Name
	case *ast.EnumDef:
		return x.Name
	}
	return ""
}
