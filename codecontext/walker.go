package codecontext

import (
	"fmt"
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// walker holds what the analysis of one file needs: the parent of every
// node, the file's functions and structs, and the declarations of each scope.
type walker struct {
	file    *ast.File
	lines   []string // the source lines, split on first use (contexts only)
	parent  map[ast.Node]ast.Node
	calls   []*ast.CallExpr           // reason() calls
	named   []*ast.CallExpr           // calls of other functions by name or attribute
	funcs   map[string][]*ast.FuncDef // plain functions (not methods) by name
	methods map[string][]method       // methods by name
	structs map[string]*ast.StructDef
	inline  map[int]string // inline comment by line, built on first use
	scopes  map[*ast.FuncDef]*scope
	module  *scope
}

// method is a struct method or a receiver method.
type method struct {
	fd *ast.FuncDef
	// skipFirst is true for methods written inside a struct block, whose
	// first parameter is self.
	skipFirst bool
	owner     string
}

// scope holds the declarations of a function body or of the module's top
// level, in source order.
type scope struct {
	decls []decl
	// byName indexes decls by name, so a lookup does not scan a long
	// module.
	byName map[string][]int
}

// decl is one assignment (or parameter) of a name.
type decl struct {
	name string
	typ  *ast.TypeExpr // declared type, nil when untyped
	lit  string        // type of a literal value assigned, "" otherwise
	line int
}

func newWalker(f *ast.File) *walker {
	w := &walker{
		file: f,
		// About one node per 6 bytes of source: sized up front, the map
		// is not rehashed as it grows.
		parent:  make(map[ast.Node]ast.Node, len(f.Source)/6),
		funcs:   map[string][]*ast.FuncDef{},
		methods: map[string][]method{},
		structs: map[string]*ast.StructDef{},
		scopes:  map[*ast.FuncDef]*scope{},
	}
	// cur is the node whose children child records: one closure for the
	// whole walk rather than one per node.
	var cur ast.Node
	child := func(c ast.Node) bool {
		if c == cur {
			return true
		}
		w.parent[c] = cur
		return false
	}
	ast.InspectFile(f, func(n ast.Node) bool {
		// Record n as the parent of each of its direct children.
		cur = n
		ast.Inspect(n, child)
		switch x := n.(type) {
		case *ast.CallExpr:
			switch fn := x.Fn.(type) {
			case *ast.Name:
				if fn.Scope == "" && fn.Name == BuiltinName {
					w.calls = append(w.calls, x)
				} else if fn.Scope == "" || fn.Scope == "local" {
					w.named = append(w.named, x)
				}
			case *ast.AttrExpr:
				w.named = append(w.named, x)
			}
		case *ast.StructDef:
			w.structs[x.Name] = x
			for _, m := range x.Methods {
				w.methods[m.Name] = append(w.methods[m.Name], method{fd: m, skipFirst: true, owner: x.Name})
			}
		case *ast.FuncDef:
			if x.Receiver != nil {
				owner := ""
				if x.Receiver.Type != nil {
					owner = x.Receiver.Type.String()
				}
				w.methods[x.Name] = append(w.methods[x.Name], method{fd: x, owner: owner})
			} else if _, inStruct := w.parent[x].(*ast.StructDef); !inStruct {
				w.funcs[x.Name] = append(w.funcs[x.Name], x)
			}
		}
		return true
	})
	return w
}

// site is one call being analyzed.
type site struct {
	call *ast.CallExpr
	line int
	// fns are the enclosing function definitions, innermost first.
	fns []*ast.FuncDef
}

// fn is the innermost enclosing function, or nil.
func (s *site) fn() *ast.FuncDef {
	if len(s.fns) == 0 {
		return nil
	}
	return s.fns[0]
}

// prepareText splits the source into lines and indexes the inline
// comments, once: only reason() contexts need them.
func (w *walker) prepareText() {
	if w.inline != nil {
		return
	}
	w.lines = strings.Split(strings.ReplaceAll(w.file.Source, "\r\n", "\n"), "\n")
	w.inline = map[int]string{}
	for _, c := range w.file.Comments {
		if c.Inline {
			w.inline[c.Pos.Line] = c.Text
		}
	}
}

// enclosing returns the site of call: the enclosing function definitions,
// innermost first, and the innermost statement that holds the call.
func (w *walker) enclosing(call *ast.CallExpr) (site, ast.Stmt) {
	s := site{call: call, line: call.P.Line}
	var stmt ast.Stmt
	for n := w.parent[call]; n != nil; n = w.parent[n] {
		if st, ok := n.(ast.Stmt); ok && stmt == nil {
			stmt = st
		}
		if fd, ok := n.(*ast.FuncDef); ok {
			// A call in a def's decorators or defaults runs outside it.
			if stmt == ast.Stmt(fd) && !w.inBody(fd, call) {
				continue
			}
			s.fns = append(s.fns, fd)
		}
	}
	return s, stmt
}

// context builds the Context of one call.
func (w *walker) context(call *ast.CallExpr) *Context {
	w.prepareText()
	st, stmt := w.enclosing(call)
	s := &st
	c := &Context{
		Pos:  call.P,
		File: call.P.File,
		Line: call.P.Line,
		Col:  call.P.Col,
		Call: call,
	}
	if c.File == "" {
		c.File = w.file.Name
		c.Pos.File = w.file.Name
	}
	e := w.expectOf(call, s)
	if e.typ == nil {
		e = expect{typ: named("str", call.P), src: SourceDefault, returned: e.returned}
	}
	c.ExpectedType, c.TypeSource, c.TypeReason, c.Returned = e.typ, e.src, e.why, e.returned
	if stmt != nil {
		b := stmt.Base()
		c.Comments = append([]string(nil), b.Doc...)
		if b.P.Line == c.Line {
			c.InlineComment = b.Inline
		}
	}
	if c.InlineComment == "" {
		c.InlineComment = w.inline[c.Line]
	}
	w.sourceLines(c)
	if fd := s.fn(); fd != nil {
		c.Function = w.function(fd)
	}
	c.Variables = w.variables(s)
	return c
}

// inBody reports whether call is inside fd's body (not its decorators,
// parameter defaults or hints).
func (w *walker) inBody(fd *ast.FuncDef, call *ast.CallExpr) bool {
	for n := ast.Node(call); n != nil; n = w.parent[n] {
		p := w.parent[n]
		if p == ast.Node(fd) {
			switch n.(type) {
			case *ast.Decorator, *ast.Param, *ast.TypeExpr:
				return false
			}
			return true
		}
	}
	return false
}

// sourceLines fills Before, Text, After and FirstLine.
func (w *walker) sourceLines(c *Context) {
	n := len(w.lines)
	if n > 0 && w.lines[n-1] == "" {
		n-- // the empty "line" after a final newline
	}
	if c.Line < 1 || c.Line > n {
		return
	}
	trim := func(s string) string { return strings.TrimRight(s, " \t\r") }
	from := max(1, c.Line-3)
	c.FirstLine = from
	for l := from; l < c.Line; l++ {
		c.Before = append(c.Before, trim(w.lines[l-1]))
	}
	c.Text = trim(w.lines[c.Line-1])
	for l := c.Line + 1; l <= min(n, c.Line+3); l++ {
		c.After = append(c.After, trim(w.lines[l-1]))
	}
}

// function describes a function definition.
func (w *walker) function(fd *ast.FuncDef) *Function {
	f := &Function{Name: fd.Name, Doc: strings.TrimSpace(fd.Doc), Line: fd.P.Line}
	if sd, ok := w.parent[fd].(*ast.StructDef); ok {
		f.Name = sd.Name + "." + fd.Name
	} else if fd.Receiver != nil && fd.Receiver.Type != nil {
		f.Name = fd.Receiver.Type.String() + "." + fd.Name
	}
	for _, p := range fd.Params {
		name := p.Name
		switch p.Kind {
		case ast.ParamVarArgs:
			name = "*" + name
		case ast.ParamKwArgs:
			name = "**" + name
		}
		f.Params = append(f.Params, Variable{Name: name, Type: p.Type.String(), Line: p.P.Line})
	}
	f.Return = fd.Return.String()
	for _, d := range fd.Decorators {
		f.Decorators = append(f.Decorators, w.lineFrom(d.P))
	}
	return f
}

// lineFrom is the source text of p's line from p's column on.
func (w *walker) lineFrom(p ast.Pos) string {
	if p.Line < 1 || p.Line > len(w.lines) {
		return ""
	}
	line := w.lines[p.Line-1]
	r := []rune(line)
	if p.Col >= 1 && p.Col-1 <= len(r) {
		line = string(r[p.Col-1:])
	}
	return strings.TrimSpace(line)
}

// ---------------------------------------------------------------------------
// Scopes and variables

// scopeOf returns the declarations of a function body (owner a *FuncDef) or
// of the module (owner nil).
func (w *walker) scopeOf(owner *ast.FuncDef) *scope {
	if owner == nil && w.module != nil {
		return w.module
	}
	if sc, ok := w.scopes[owner]; ok {
		return sc
	}
	sc := &scope{}
	if owner == nil {
		collectDecls(w.file.Stmts, sc)
	} else {
		if owner.Receiver != nil {
			sc.decls = append(sc.decls, decl{name: owner.Receiver.Name, typ: owner.Receiver.Type, line: owner.Receiver.P.Line})
		}
		for i, p := range owner.Params {
			d := decl{name: p.Name, typ: p.Type, line: p.P.Line}
			if sd, ok := w.parent[owner].(*ast.StructDef); ok && i == 0 && p.Type == nil {
				d.typ = named(sd.Name, p.P) // self
			}
			if p.Type == nil {
				d.lit = literalType(p.Default)
			}
			sc.decls = append(sc.decls, d)
		}
		collectDecls(owner.Body, sc)
	}
	if len(sc.decls) > indexFrom {
		sc.byName = make(map[string][]int, len(sc.decls))
		for i, d := range sc.decls {
			sc.byName[d.name] = append(sc.byName[d.name], i)
		}
	}
	if owner == nil {
		w.module = sc
	} else {
		w.scopes[owner] = sc
	}
	return sc
}

// indexFrom is the number of declarations above which a scope indexes
// them by name; shorter scopes are scanned.
const indexFrom = 16

// collectDecls appends the assignments of stmts (and of nested blocks, not
// nested definitions) to sc.
func collectDecls(stmts []ast.Stmt, sc *scope) {
	for _, st := range stmts {
		switch x := st.(type) {
		case *ast.AssignStmt:
			for _, t := range x.Targets {
				var typ *ast.TypeExpr
				if len(x.Targets) == 1 {
					typ = x.Type
				}
				addTargets(t, typ, literalType(x.Value), x.P.Line, sc)
			}
		case *ast.ForStmt:
			addTargets(x.Target, nil, "", x.P.Line, sc)
			collectDecls(x.Body, sc)
			collectDecls(x.Else, sc)
		case *ast.IfStmt:
			collectDecls(x.Body, sc)
			collectDecls(x.Else, sc)
		case *ast.WhileStmt:
			collectDecls(x.Body, sc)
			collectDecls(x.Else, sc)
		case *ast.TryStmt:
			collectDecls(x.Body, sc)
			for _, h := range x.Handlers {
				if h.Name != "" {
					sc.decls = append(sc.decls, decl{name: h.Name, line: h.P.Line})
				}
				collectDecls(h.Body, sc)
			}
			collectDecls(x.Else, sc)
			collectDecls(x.Finally, sc)
		}
	}
}

// addTargets declares the names an assignment target binds.
func addTargets(t ast.Expr, typ *ast.TypeExpr, lit string, line int, sc *scope) {
	switch x := t.(type) {
	case *ast.Name:
		name := x.Name
		if x.Scope != "" && x.Scope != "local" {
			name = x.Scope + ":" + x.Name
		}
		sc.decls = append(sc.decls, decl{name: name, typ: typ, lit: lit, line: line})
	case *ast.TupleExpr:
		for _, e := range x.Elems {
			addTargets(e, nil, "", line, sc)
		}
	case *ast.ListExpr:
		for _, e := range x.Elems {
			addTargets(e, nil, "", line, sc)
		}
	case *ast.StarredExpr:
		addTargets(x.X, nil, "", line, sc)
	}
}

// literalType is the type of a literal expression ("" for anything else).
func literalType(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.IntLit:
		return "int"
	case *ast.FloatLit:
		return "float"
	case *ast.StrLit, *ast.FString:
		return "str"
	case *ast.BoolLit:
		return "bool"
	case *ast.ListExpr:
		return "list"
	case *ast.DictExpr:
		return "dict"
	case *ast.UnaryExpr:
		if x.Op == "-" || x.Op == "+" {
			return literalType(x.X)
		}
	}
	return ""
}

// variables lists the variables in scope at the call: the enclosing
// functions' parameters and locals (innermost first), then the module's,
// each declared before the call's line; a name shadowed by an inner scope
// is listed once.
func (w *walker) variables(s *site) []Variable {
	var out []Variable
	index := map[string]int{}
	add := func(sc *scope, shadow map[string]bool) {
		local := map[string]bool{}
		for _, d := range sc.decls {
			if d.line >= s.line {
				continue
			}
			if shadow[d.name] && !local[d.name] {
				continue
			}
			typ := d.typ.String()
			if i, ok := index[d.name]; ok {
				if local[d.name] && out[i].Type == "" && typ != "" {
					out[i].Type, out[i].Line = typ, d.line
				}
				continue
			}
			local[d.name] = true
			index[d.name] = len(out)
			out = append(out, Variable{Name: d.name, Type: typ, Line: d.line})
		}
	}
	shadow := map[string]bool{}
	for _, fd := range s.fns {
		add(w.scopeOf(fd), shadow)
		for n := range index {
			shadow[n] = true
		}
	}
	add(w.scopeOf(nil), shadow)
	return out
}

// lookupDecl finds the declaration of name visible at the call: in the
// innermost scope that assigns it, the latest typed declaration before the
// line (else the latest assignment).
func (w *walker) lookupDecl(name string, s *site) (decl, bool) {
	scopes := make([]*scope, 0, len(s.fns)+1)
	for _, fd := range s.fns {
		scopes = append(scopes, w.scopeOf(fd))
	}
	scopes = append(scopes, w.scopeOf(nil))
	for _, sc := range scopes {
		var best decl
		found := false
		consider := func(d decl) {
			if d.line > s.line {
				return
			}
			if !found || d.typ != nil || best.typ == nil {
				best, found = d, true
			}
		}
		if sc.byName != nil {
			for _, i := range sc.byName[name] {
				consider(sc.decls[i])
			}
		} else {
			for _, d := range sc.decls {
				if d.name == name {
					consider(d)
				}
			}
		}
		if found {
			return best, true
		}
	}
	return decl{}, false
}

// declaredType is the declared type of a name at the call (nil if none).
func (w *walker) declaredType(name string, s *site) (*ast.TypeExpr, int) {
	if d, ok := w.lookupDecl(name, s); ok && d.typ != nil {
		return d.typ, d.line
	}
	return nil, 0
}

// knownType is the declared type's name, else the type of a literal the
// name was assigned ("" when unknown).
func (w *walker) knownType(name string, s *site) string {
	if d, ok := w.lookupDecl(name, s); ok {
		if d.typ != nil {
			return d.typ.String()
		}
		return d.lit
	}
	return ""
}

// named returns a simple type expression.
func named(name string, p ast.Pos) *ast.TypeExpr { return &ast.TypeExpr{P: p, Name: name} }

// exprText renders a short expression (a target) for explanations.
func exprText(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Name:
		if x.Scope != "" {
			return x.Scope + ":" + x.Name
		}
		return x.Name
	case *ast.AttrExpr:
		return exprText(x.X) + "." + x.Name
	case *ast.IndexExpr:
		return exprText(x.X) + "[...]"
	case *ast.CallExpr:
		return exprText(x.Fn) + "(...)"
	}
	return fmt.Sprintf("<%T>", e)
}
