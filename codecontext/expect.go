package codecontext

import (
	"fmt"

	"github.com/minidana/dana/lang/ast"
)

// expect is what a position in the tree says about the value it receives.
type expect struct {
	typ      *ast.TypeExpr // nil: nothing known (str by default)
	src      Source
	why      string
	returned bool
}

// none is "nothing known".
var none = expect{}

// expectOf returns what the parent of n expects of n's value, for n the
// reason() call or an expression that passes its value on unchanged (the
// branches of `x if c else y`).
func (w *walker) expectOf(n ast.Node, s *site) expect {
	pos := s.call.P
	simple := func(name string, src Source, why string) expect {
		return expect{typ: named(name, pos), src: src, why: why}
	}
	switch x := w.parent[n].(type) {
	case *ast.AssignStmt:
		if x.Value != n {
			return none
		}
		if x.Type != nil {
			return expect{typ: x.Type, src: SourceAssignment,
				why: fmt.Sprintf("the result is assigned to `%s: %s`", exprText(x.Targets[0]), x.Type)}
		}
		if len(x.Targets) == 1 {
			return w.targetType(x.Targets[0], s)
		}
	case *ast.AugAssignStmt:
		if x.Value != n {
			return none
		}
		if e := w.targetType(x.Target, s); e.typ != nil {
			return e
		}
		switch x.Op {
		case "+":
			if w.isStringy(x.Target, s) {
				return simple("str", SourceString, fmt.Sprintf("the result is appended to the string `%s`", exprText(x.Target)))
			}
			return simple("float", SourceArithmetic, fmt.Sprintf("the result is added to `%s`", exprText(x.Target)))
		case "-", "*", "/", "%", "**":
			return simple("float", SourceArithmetic, fmt.Sprintf("the result is used in `%s %s= ...`", exprText(x.Target), x.Op))
		case "//", "&", "^", "<<", ">>":
			return simple("int", SourceArithmetic, fmt.Sprintf("the result is used in `%s %s= ...`", exprText(x.Target), x.Op))
		}
	case *ast.ReturnStmt:
		if fd := s.fn(); fd != nil && fd.Return != nil {
			return expect{typ: fd.Return, src: SourceReturn, returned: true,
				why: fmt.Sprintf("the result is returned from `%s`, declared `-> %s`", fd.Name, fd.Return)}
		}
		return expect{returned: true}
	case *ast.CallExpr:
		if x.Fn == n {
			return none
		}
		return w.argExpect(x, n, s)
	case *ast.IfStmt:
		if x.Cond == n {
			return simple("bool", SourceCondition, "the result is the condition of an `if`")
		}
	case *ast.WhileStmt:
		if x.Cond == n {
			return simple("bool", SourceCondition, "the result is the condition of a `while` loop")
		}
	case *ast.AssertStmt:
		if x.Cond == n {
			return simple("bool", SourceCondition, "the result is the condition of an `assert`")
		}
	case *ast.CondExpr:
		if x.Cond == n {
			return simple("bool", SourceCondition, "the result is the condition of `... if ... else ...`")
		}
		return w.expectOf(x, s)
	case *ast.UnaryExpr:
		switch x.Op {
		case "not":
			return simple("bool", SourceCondition, "the result is negated with `not`")
		case "-", "+":
			return simple("float", SourceArithmetic, "the result is used in arithmetic")
		case "~":
			return simple("int", SourceArithmetic, "the result is used in bitwise arithmetic")
		}
	case *ast.BoolExpr:
		return simple("bool", SourceCondition, fmt.Sprintf("the result is an operand of `%s`", x.Op))
	case *ast.ForStmt:
		if x.Iter == n {
			return simple("list", SourceIteration, "the program iterates over the result with `for`")
		}
	case *ast.CompExpr:
		for _, c := range x.Clauses {
			if c.Iter == n {
				return simple("list", SourceIteration, "the program iterates over the result in a comprehension")
			}
			if c.If == n {
				return simple("bool", SourceCondition, "the result is the condition of a comprehension's `if`")
			}
		}
	case *ast.FString:
		return simple("str", SourceString, "the result is inserted into an f-string")
	case *ast.BinaryExpr:
		return w.binaryExpect(x, n, s)
	case *ast.CompareExpr:
		return w.compareExpect(x, n, s)
	case *ast.ListExpr:
		return w.elemExpect(x, -1, s)
	case *ast.SetExpr:
		return w.elemExpect(x, -1, s)
	case *ast.TupleExpr:
		for i, e := range x.Elems {
			if e == n {
				return w.elemExpect(x, i, s)
			}
		}
	case *ast.DictExpr:
		for _, v := range x.Values {
			if v == n {
				return w.elemExpect(x, -1, s)
			}
		}
	case *ast.Param:
		if x.Default == n && x.Type != nil {
			return expect{typ: x.Type, src: SourceParameter,
				why: fmt.Sprintf("the result is the default of parameter `%s: %s`", x.Name, x.Type)}
		}
	case *ast.Field:
		if x.Default == n && x.Type != nil {
			return expect{typ: x.Type, src: SourceAssignment,
				why: fmt.Sprintf("the result is the default of field `%s: %s`", x.Name, x.Type)}
		}
	}
	return none
}

// targetType is what an assignment target declared earlier expects: a
// variable declared with a type, a field of a struct-typed variable, an item
// of a typed list or dict.
func (w *walker) targetType(t ast.Expr, s *site) expect {
	switch x := t.(type) {
	case *ast.Name:
		name := x.Name
		if x.Scope != "" && x.Scope != "local" {
			name = x.Scope + ":" + x.Name
		}
		if typ, line := w.declaredType(name, s); typ != nil {
			return expect{typ: typ, src: SourceAssignment,
				why: fmt.Sprintf("the result is assigned to `%s`, declared `%s` on line %d", name, typ, line)}
		}
	case *ast.AttrExpr:
		owner := w.staticType(x.X, s)
		if owner == nil {
			return none
		}
		if sd := w.structs[owner.Name]; sd != nil {
			for _, f := range sd.Fields {
				if f.Name == x.Name && f.Type != nil {
					return expect{typ: f.Type, src: SourceAssignment,
						why: fmt.Sprintf("the result is assigned to field `%s: %s` of struct `%s`", f.Name, f.Type, sd.Name)}
				}
			}
		}
	case *ast.IndexExpr:
		owner := w.staticType(x.X, s)
		if owner == nil {
			return none
		}
		var elem *ast.TypeExpr
		switch owner.Name {
		case "list", "List":
			if len(owner.Args) == 1 {
				elem = owner.Args[0]
			}
		case "dict", "Dict":
			if len(owner.Args) == 2 {
				elem = owner.Args[1]
			}
		}
		if elem != nil {
			return expect{typ: elem, src: SourceAssignment,
				why: fmt.Sprintf("the result is stored in `%s`, declared `%s`", exprText(x), owner)}
		}
	}
	return none
}

// staticType is the declared type of a name expression (nil if unknown).
func (w *walker) staticType(e ast.Expr, s *site) *ast.TypeExpr {
	n, ok := e.(*ast.Name)
	if !ok {
		return nil
	}
	name := n.Name
	if n.Scope != "" && n.Scope != "local" {
		name = n.Scope + ":" + n.Name
	}
	typ, _ := w.declaredType(name, s)
	return typ
}

// conversions are the builtins whose first argument's expected type is the
// type they convert to.
var conversions = map[string]bool{"int": true, "float": true, "str": true, "bool": true,
	"list": true, "dict": true, "set": true, "tuple": true}

// argExpect is what a call expects of its argument arg: the hint of the
// parameter (or struct field) it binds to, when the callee is defined in the
// same file, or the type of a conversion builtin.
func (w *walker) argExpect(call *ast.CallExpr, arg ast.Node, s *site) expect {
	idx, kw := -1, ""
	npos := 0
	for _, a := range call.Args {
		if a.Value == arg {
			if a.Star || a.DoubleStar {
				return none
			}
			if a.Name != "" {
				kw = a.Name
			} else {
				idx = npos
			}
			break
		}
		if a.Star || a.DoubleStar {
			if a.Name == "" {
				return none // positions after *args are unknown
			}
		}
		if a.Name == "" {
			npos++
		}
	}
	if idx < 0 && kw == "" {
		return none
	}
	switch fn := call.Fn.(type) {
	case *ast.Name:
		if fn.Scope != "" {
			return none
		}
		if fd := w.lookupFunc(fn.Name, s); fd != nil {
			return paramExpect(fd.Name, fd.Params, idx, kw)
		}
		if sd := w.structs[fn.Name]; sd != nil {
			return fieldExpect(sd, idx, kw)
		}
		if conversions[fn.Name] && idx == 0 {
			return expect{typ: named(fn.Name, s.call.P), src: SourceConversion,
				why: fmt.Sprintf("the result is converted with `%s(...)`", fn.Name)}
		}
	case *ast.AttrExpr:
		ms := w.methods[fn.Name]
		if len(ms) == 0 {
			return none
		}
		var first expect
		for i, m := range ms {
			params := m.fd.Params
			if m.skipFirst && len(params) > 0 {
				params = params[1:]
			}
			name := fn.Name
			if m.owner != "" {
				name = m.owner + "." + fn.Name
			}
			e := paramExpect(name, params, idx, kw)
			if i == 0 {
				first = e
			} else if e.typ.String() != first.typ.String() {
				return none // methods of several types disagree
			}
		}
		return first
	}
	return none
}

// lookupFunc finds the definition of a plain function called by name: one
// nested in an enclosing function first, else a top-level one.
func (w *walker) lookupFunc(name string, s *site) *ast.FuncDef {
	defs := w.funcs[name]
	if len(defs) == 0 {
		return nil
	}
	for _, enc := range s.fns {
		for _, fd := range defs {
			if w.parent[fd] == ast.Node(enc) {
				return fd
			}
		}
	}
	for _, fd := range defs {
		if w.parent[fd] == nil {
			return fd
		}
	}
	return defs[0]
}

// paramExpect is the hint of the parameter that positional argument idx
// (or keyword argument kw) binds to.
func paramExpect(fname string, params []*ast.Param, idx int, kw string) expect {
	var p *ast.Param
	if kw != "" {
		for _, q := range params {
			if q.Kind == ast.ParamNormal && q.Name == kw {
				p = q
				break
			}
		}
		if p == nil {
			for _, q := range params {
				if q.Kind == ast.ParamKwArgs {
					p = q
				}
			}
		}
	} else {
		n := 0
		for _, q := range params {
			if q.Kind == ast.ParamNormal {
				if n == idx {
					p = q
					break
				}
				n++
			} else if q.Kind == ast.ParamVarArgs {
				p = q
				break
			}
		}
	}
	if p == nil || p.Type == nil {
		return none
	}
	return expect{typ: p.Type, src: SourceParameter,
		why: fmt.Sprintf("the result is passed to parameter `%s: %s` of `%s`", p.Name, p.Type, fname)}
}

// fieldExpect is the type of the struct field a constructor argument sets.
func fieldExpect(sd *ast.StructDef, idx int, kw string) expect {
	var f *ast.Field
	for i, g := range sd.Fields {
		if (kw != "" && g.Name == kw) || (kw == "" && i == idx) {
			f = g
			break
		}
	}
	if f == nil || f.Type == nil {
		return none
	}
	return expect{typ: f.Type, src: SourceParameter,
		why: fmt.Sprintf("the result is passed to field `%s: %s` of struct `%s`", f.Name, f.Type, sd.Name)}
}

// elemExpect is what a list, set, tuple or dict display expects of an
// element (a value, for a dict), from what is expected of the display
// itself: `xs: list[float] = [reason(...)]` expects a float. i is the
// element's index in a tuple, -1 otherwise.
func (w *walker) elemExpect(container ast.Node, i int, s *site) expect {
	outer := w.expectOf(container, s)
	t := outer.typ
	if t == nil {
		return none
	}
	var elem *ast.TypeExpr
	switch t.Name {
	case "list", "List", "set", "Set":
		if len(t.Args) == 1 {
			elem = t.Args[0]
		}
	case "tuple", "Tuple":
		if len(t.Args) == 1 {
			elem = t.Args[0]
		} else if i >= 0 && i < len(t.Args) {
			elem = t.Args[i]
		}
	case "dict", "Dict":
		if _, ok := container.(*ast.DictExpr); ok && len(t.Args) == 2 {
			elem = t.Args[1]
		}
	}
	if elem == nil {
		return none
	}
	return expect{typ: elem, src: outer.src, why: "the result is an element of a `" + t.String() + "` (" + outer.why + ")"}
}

// binaryExpect is what an arithmetic operator expects of operand n.
func (w *walker) binaryExpect(x *ast.BinaryExpr, n ast.Node, s *site) expect {
	pos := s.call.P
	other := x.X
	if x.X == n {
		other = x.Y
	}
	mk := func(name string, src Source, why string) expect {
		return expect{typ: named(name, pos), src: src, why: why}
	}
	switch x.Op {
	case "+":
		if w.isStringy(other, s) {
			return mk("str", SourceString, "the result is concatenated with a string using `+`")
		}
		if _, ok := other.(*ast.ListExpr); ok {
			return mk("list", SourceArithmetic, "the result is concatenated with a list using `+`")
		}
		return mk("float", SourceArithmetic, "the result is used in arithmetic (`+`)")
	case "*":
		if w.isStringy(other, s) {
			return mk("int", SourceArithmetic, "the result is a repetition count (`*` with a string)")
		}
		return mk("float", SourceArithmetic, "the result is used in arithmetic (`*`)")
	case "%":
		if x.Y == n && w.isStringy(x.X, s) {
			return none // a %-format argument
		}
		if x.X == n && w.isStringy(x.Y, s) {
			return mk("str", SourceString, "the result is a %-format string")
		}
		return mk("float", SourceArithmetic, "the result is used in arithmetic (`%`)")
	case "-", "/", "**":
		return mk("float", SourceArithmetic, fmt.Sprintf("the result is used in arithmetic (`%s`)", x.Op))
	case "//", "&", "^", "<<", ">>":
		return mk("int", SourceArithmetic, fmt.Sprintf("the result is used in integer arithmetic (`%s`)", x.Op))
	}
	return none
}

// compareExpect is what a comparison expects of operand n: a number when
// compared with one (or ordered with <, >), a string when compared with one,
// a list when it is the right side of `in`.
func (w *walker) compareExpect(x *ast.CompareExpr, n ast.Node, s *site) expect {
	pos := s.call.P
	operands := append([]ast.Expr{x.First}, x.Rest...)
	k := -1
	for i, e := range operands {
		if e == n {
			k = i
		}
	}
	if k < 0 || len(x.Ops) == 0 {
		return none
	}
	// The operator and operand next to n: on its right, else its left.
	op, other := "", ast.Expr(nil)
	right := false
	if k < len(x.Ops) {
		op, other = x.Ops[k], operands[k+1]
	} else {
		op, other, right = x.Ops[k-1], operands[k-1], true
	}
	switch op {
	case "in", "not in":
		if right {
			return expect{typ: named("list", pos), src: SourceComparison, why: "the program tests membership in the result with `in`"}
		}
		return none
	case "is", "is not":
		return none
	}
	if _, ok := other.(*ast.BoolLit); ok && (op == "==" || op == "!=") {
		return expect{typ: named("bool", pos), src: SourceComparison, why: "the result is compared with a bool"}
	}
	if w.isStringy(other, s) {
		return expect{typ: named("str", pos), src: SourceComparison, why: "the result is compared with a string"}
	}
	if w.isNumeric(other, s) || op == "<" || op == "<=" || op == ">" || op == ">=" {
		return expect{typ: named("float", pos), src: SourceComparison, why: fmt.Sprintf("the result is compared with a number (`%s`)", op)}
	}
	return none
}

// stringMethods return strings.
var stringMethods = map[string]bool{"upper": true, "lower": true, "strip": true, "lstrip": true, "rstrip": true,
	"join": true, "replace": true, "format": true, "title": true, "capitalize": true, "zfill": true}

// isStringy reports whether e is known to be a string.
func (w *walker) isStringy(e ast.Expr, s *site) bool {
	switch x := e.(type) {
	case *ast.StrLit, *ast.FString:
		return true
	case *ast.Name:
		return w.knownType(scopedName(x), s) == "str"
	case *ast.CallExpr:
		switch fn := x.Fn.(type) {
		case *ast.Name:
			return fn.Scope == "" && (fn.Name == "str" || fn.Name == "repr")
		case *ast.AttrExpr:
			return stringMethods[fn.Name]
		}
	case *ast.BinaryExpr:
		return x.Op == "+" && (w.isStringy(x.X, s) || w.isStringy(x.Y, s))
	}
	return false
}

// numericFuncs return numbers.
var numericFuncs = map[string]bool{"len": true, "int": true, "float": true, "abs": true, "round": true,
	"sum": true, "min": true, "max": true}

// isNumeric reports whether e is known to be a number.
func (w *walker) isNumeric(e ast.Expr, s *site) bool {
	switch x := e.(type) {
	case *ast.IntLit, *ast.FloatLit:
		return true
	case *ast.UnaryExpr:
		return (x.Op == "-" || x.Op == "+") && w.isNumeric(x.X, s)
	case *ast.Name:
		t := w.knownType(scopedName(x), s)
		return t == "int" || t == "float"
	case *ast.CallExpr:
		fn, ok := x.Fn.(*ast.Name)
		return ok && fn.Scope == "" && numericFuncs[fn.Name]
	case *ast.BinaryExpr:
		return x.Op != "+" && x.Op != "%" && x.Op != "|" || w.isNumeric(x.X, s) && w.isNumeric(x.Y, s)
	}
	return false
}

// scopedName is the name as declarations record it.
func scopedName(n *ast.Name) string {
	if n.Scope != "" && n.Scope != "local" {
		return n.Scope + ":" + n.Name
	}
	return n.Name
}
