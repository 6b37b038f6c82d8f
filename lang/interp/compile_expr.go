package interp

import (
	"math"
	"math/big"

	"github.com/minidana/dana/lang/ast"
)

// ---------------------------------------------------------------------------
// Variables

func (c *compiler) load(n *ast.Name) evalFn {
	switch n.Scope {
	case "private", "public", "system":
		return c.loadScoped(n)
	}
	return c.loadVar(n.Name, c.r.refs[n], n.P)
}

func (c *compiler) loadVar(name string, v *varInfo, pos ast.Pos) evalFn {
	if v == nil && c.unbound != nil {
		*c.unbound = append(*c.unbound, globalRef{name: name, pos: pos})
	}
	if v == nil || v.global {
		i := c.mod.slot(name)
		return func(fr *frame) Value {
			if x := fr.mod.globals[i]; x != nil {
				return x
			}
			return c.globalMiss(fr, i, name, pos)
		}
	}
	unbound := func(fr *frame) Value {
		fr.th.raise(Errorf("UnboundLocalError", "cannot access local variable '%s' where it is not associated with a value", name), pos)
		return nil
	}
	if v.owner == c.fs {
		if v.captured {
			ci := v.cell
			return func(fr *frame) Value {
				if x := fr.cells[ci].V; x != nil {
					return x
				}
				return unbound(fr)
			}
		}
		slot := v.slot
		return func(fr *frame) Value {
			if x := fr.slots[slot]; x != nil {
				return x
			}
			return unbound(fr)
		}
	}
	fi := c.fs.freeIdx[v]
	return func(fr *frame) Value {
		if x := fr.free[fi].V; x != nil {
			return x
		}
		fr.th.raise(Errorf("NameError", "cannot access free variable '%s' where it is not associated with a value in enclosing scope", name), pos)
		return nil
	}
}

func (c *compiler) globalMiss(fr *frame, i int, name string, pos ast.Pos) Value {
	m := fr.mod
	if i < len(m.cache) && m.cache[i] != nil {
		return m.cache[i]
	}
	if b, ok := fr.th.in.builtins[name]; ok {
		if i < len(m.cache) {
			m.cache[i] = b
		}
		return b
	}
	cands := m.GlobalNames()
	cands = append(cands, fr.th.in.BuiltinNames()...)
	if fr.code != nil {
		if fs := c.fs; fs != nil {
			for _, v := range fs.vars {
				cands = append(cands, v.name)
			}
		}
	}
	if s := suggest(name, cands); s != "" {
		fr.th.raise(Errorf("NameError", "name '%s' is not defined; did you mean '%s'?", name, s), pos)
	}
	fr.th.raise(Errorf("NameError", "name '%s' is not defined", name), pos)
	return nil
}

func (c *compiler) loadScoped(n *ast.Name) evalFn {
	name, scope, pos := n.Name, n.Scope, n.P
	miss := func(fr *frame, m map[string]Value) Value {
		var cands []string
		for k := range m {
			cands = append(cands, k)
		}
		if s := suggest(name, cands); s != "" {
			fr.th.raise(Errorf("NameError", "name '%s:%s' is not defined; did you mean '%s:%s'?", scope, name, scope, s), pos)
		}
		fr.th.raise(Errorf("NameError", "name '%s:%s' is not defined", scope, name), pos)
		return nil
	}
	switch scope {
	case "private":
		return func(fr *frame) Value {
			if v, ok := fr.mod.private[name]; ok {
				return v
			}
			return miss(fr, fr.mod.private)
		}
	case "public":
		return func(fr *frame) Value {
			if v, ok := fr.th.in.public[name]; ok {
				return v
			}
			return miss(fr, fr.th.in.public)
		}
	}
	return func(fr *frame) Value {
		if v, ok := fr.th.in.system[name]; ok {
			return v
		}
		return miss(fr, fr.th.in.system)
	}
}

func (c *compiler) storeVar(name string, v *varInfo, pos ast.Pos) storeFn {
	if v == nil || v.global {
		i := c.mod.slot(name)
		return func(fr *frame, x Value) { fr.mod.globals[i] = x }
	}
	if v.owner == c.fs {
		if v.captured {
			ci := v.cell
			return func(fr *frame, x Value) { fr.cells[ci].V = x }
		}
		slot := v.slot
		return func(fr *frame, x Value) { fr.slots[slot] = x }
	}
	fi := c.fs.freeIdx[v]
	return func(fr *frame, x Value) { fr.free[fi].V = x }
}

func (c *compiler) store(t ast.Expr) storeFn {
	switch t := t.(type) {
	case *ast.Name:
		switch t.Scope {
		case "private":
			name := t.Name
			return func(fr *frame, v Value) { fr.mod.private[name] = v }
		case "public":
			name := t.Name
			return func(fr *frame, v Value) { fr.th.in.public[name] = v }
		case "system":
			name, pos := t.Name, t.P
			return func(fr *frame, v Value) {
				if fr.th.in.readOnly[name] {
					fr.th.raise(Errorf("RuntimeError", "system:%s is read-only: it is set by the runtime", name), pos)
				}
				fr.th.in.system[name] = v
			}
		}
		return c.storeVar(t.Name, c.r.refs[t], t.P)
	case *ast.AttrExpr:
		return c.attrStore(t)
	case *ast.IndexExpr:
		obj := c.expr(t.X)
		idx := c.expr(t.Index)
		pos := t.LBrack
		return func(fr *frame, v Value) { c.setIndex(fr, obj(fr), idx(fr), v, pos) }
	case *ast.SliceExpr:
		obj := c.expr(t.X)
		lo, hi, step := c.optExpr(t.Lo), c.optExpr(t.Hi), c.optExpr(t.Step)
		pos := t.LBrack
		return func(fr *frame, v Value) {
			l, ok := obj(fr).(*List)
			if !ok {
				fr.th.raise(Errorf("TypeError", "slice assignment needs a list"), pos)
			}
			elems, err := Iterate(v)
			if err != nil {
				fr.th.throw(err, pos)
			}
			if err := sliceAssign(l, lo(fr), hi(fr), step(fr), elems); err != nil {
				fr.th.throw(err, pos)
			}
		}
	case *ast.TupleExpr:
		return c.unpack(t.Elems, t.P)
	case *ast.ListExpr:
		return c.unpack(t.Elems, t.P)
	}
	c.errorf(t.Position(), "SyntaxError", "cannot assign to %s", describe(t))
	return func(*frame, Value) {}
}

func describe(e ast.Expr) string {
	switch e.(type) {
	case *ast.CallExpr:
		return "function call"
	case *ast.IntLit, *ast.FloatLit, *ast.StrLit, *ast.BoolLit, *ast.NoneLit, *ast.FString:
		return "literal"
	case *ast.BinaryExpr, *ast.UnaryExpr:
		return "expression"
	case *ast.CompareExpr:
		return "comparison"
	case *ast.LambdaExpr:
		return "lambda"
	}
	return "this expression"
}

func (c *compiler) unpack(targets []ast.Expr, pos ast.Pos) storeFn {
	sts := make([]storeFn, len(targets))
	star := -1
	for i, t := range targets {
		if s, ok := t.(*ast.StarredExpr); ok {
			star = i
			sts[i] = c.store(s.X)
		} else {
			sts[i] = c.store(t)
		}
	}
	n := len(targets)
	return func(fr *frame, v Value) {
		elems, isTuple := v.(Tuple)
		if !isTuple {
			var err error
			if elems, err = Iterate(v); err != nil {
				fr.th.raise(Errorf("TypeError", "cannot unpack non-iterable %s object", v.TypeName()), pos)
			}
		}
		if star < 0 {
			if len(elems) != n {
				if len(elems) < n {
					fr.th.raise(Errorf("ValueError", "not enough values to unpack (expected %d, got %d)", n, len(elems)), pos)
				}
				fr.th.raise(Errorf("ValueError", "too many values to unpack (expected %d)", n), pos)
			}
			if n == 2 {
				a, b := elems[0], elems[1]
				sts[0](fr, a)
				sts[1](fr, b)
				return
			}
			if !isTuple { // a list's stores may change it; a tuple cannot change
				elems = append([]Value(nil), elems...)
			}
			for i, st := range sts {
				st(fr, elems[i])
			}
			return
		}
		if len(elems) < n-1 {
			fr.th.raise(Errorf("ValueError", "not enough values to unpack (expected at least %d, got %d)", n-1, len(elems)), pos)
		}
		elems = append([]Value(nil), elems...)
		after := n - star - 1
		for i := 0; i < star; i++ {
			sts[i](fr, elems[i])
		}
		sts[star](fr, NewList(append([]Value(nil), elems[star:len(elems)-after]...)))
		for i := 0; i < after; i++ {
			sts[star+1+i](fr, elems[len(elems)-after+i])
		}
	}
}

// ---------------------------------------------------------------------------
// Expressions

func (c *compiler) optExpr(e ast.Expr) evalFn {
	if e == nil {
		return func(*frame) Value { return nil }
	}
	return c.expr(e)
}

func constFn(v Value) evalFn { return func(*frame) Value { return v } }

// constTuple reports whether a tuple display holds only literals (and
// tuples of literals): its compiled elements ignore the frame.
func constTuple(e *ast.TupleExpr) bool {
	for _, x := range e.Elems {
		switch x := x.(type) {
		case *ast.IntLit, *ast.FloatLit, *ast.StrLit, *ast.BoolLit, *ast.NoneLit:
		case *ast.TupleExpr:
			if len(x.Elems) == 0 || hasStar(x.Elems) || !constTuple(x) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (c *compiler) expr(e ast.Expr) evalFn {
	switch e := e.(type) {
	case *ast.Name:
		return c.load(e)
	case *ast.IntLit:
		if e.V == nil {
			return constFn(MakeInt(0))
		}
		return constFn(MakeBig(new(big.Int).Set(e.V)))
	case *ast.FloatLit:
		return constFn(Float(e.V))
	case *ast.StrLit:
		return constFn(Str(e.V))
	case *ast.BoolLit:
		return constFn(Bool(e.V))
	case *ast.NoneLit:
		return constFn(None)
	case *ast.FString:
		return c.fstring(e)
	case *ast.ListExpr:
		if !hasStar(e.Elems) {
			fns := make([]evalFn, len(e.Elems))
			for i, x := range e.Elems {
				fns[i] = c.expr(x)
			}
			return func(fr *frame) Value {
				l := newListLen(len(fns))
				for i, f := range fns {
					l.Elems[i] = f(fr)
				}
				return l
			}
		}
		elems := c.elems(e.Elems)
		return func(fr *frame) Value { return NewList(elems(fr)) }
	case *ast.TupleExpr:
		if !hasStar(e.Elems) {
			fns := make([]evalFn, len(e.Elems))
			for i, x := range e.Elems {
				fns[i] = c.expr(x)
			}
			if len(fns) > 0 && constTuple(e) {
				// A tuple of literals is built once, as CPython folds it
				// into a constant: `return (None, None)` allocates nothing.
				v, t := newTuple(len(fns))
				for i, f := range fns {
					t[i] = f(nil)
				}
				return constFn(v)
			}
			if len(fns) == 2 {
				a, b := fns[0], fns[1]
				return func(fr *frame) Value {
					x := a(fr)
					return Pair(x, b(fr))
				}
			}
			return func(fr *frame) Value {
				v, t := newTuple(len(fns))
				for i, f := range fns {
					t[i] = f(fr)
				}
				return v
			}
		}
		elems := c.elems(e.Elems)
		return func(fr *frame) Value { return Tuple(elems(fr)) }
	case *ast.SetExpr:
		elems := c.elems(e.Elems)
		pos := e.P
		return func(fr *frame) Value {
			s := NewSet()
			for _, x := range elems(fr) {
				if err := s.Add(x); err != nil {
					fr.th.throw(err, pos)
				}
			}
			return s
		}
	case *ast.DictExpr:
		keys := make([]evalFn, len(e.Keys))
		vals := make([]evalFn, len(e.Values))
		for i := range e.Keys {
			if e.Keys[i] != nil {
				keys[i] = c.expr(e.Keys[i])
			}
			vals[i] = c.expr(e.Values[i])
		}
		pos := e.P
		return func(fr *frame) Value {
			d := NewDict(len(keys))
			for i := range keys {
				if keys[i] == nil {
					// {**mapping}
					m, ok := vals[i](fr).(*Dict)
					if !ok {
						fr.th.raise(Errorf("TypeError", "'%s' object is not a mapping", vals[i](fr).TypeName()), pos)
					}
					ks, vs := m.Keys(), m.Values()
					for j := range ks {
						_ = d.Set(ks[j], vs[j])
					}
					continue
				}
				if err := d.Set(keys[i](fr), vals[i](fr)); err != nil {
					fr.th.throw(err, pos)
				}
			}
			return d
		}
	case *ast.CompExpr:
		if e.Kind == ast.CompGen {
			return c.genExpr(e)
		}
		return c.comprehension(e)
	case *ast.YieldExpr:
		pos := e.P
		if e.Value == nil {
			return func(fr *frame) Value { return fr.th.yieldValue(fr, None) }
		}
		v := c.expr(e.Value)
		if e.From {
			return func(fr *frame) Value { return fr.th.yieldFrom(fr, v(fr), pos) }
		}
		return func(fr *frame) Value { return fr.th.yieldValue(fr, v(fr)) }
	case *ast.NamedExpr:
		v, st := c.expr(e.Value), c.store(e.Target)
		return func(fr *frame) Value {
			x := v(fr)
			st(fr, x)
			return x
		}
	case *ast.EllipsisLit:
		return constFn(Ellipsis)
	case *ast.UnaryExpr:
		return c.unary(e)
	case *ast.BinaryExpr:
		return c.binary(e)
	case *ast.BoolExpr:
		x, y := c.expr(e.X), c.expr(e.Y)
		if e.Op == "and" {
			return func(fr *frame) Value {
				if v := x(fr); !Truth(v) {
					return v
				}
				return y(fr)
			}
		}
		return func(fr *frame) Value {
			if v := x(fr); Truth(v) {
				return v
			}
			return y(fr)
		}
	case *ast.CompareExpr:
		cond := c.compare(e)
		return func(fr *frame) Value { return Bool(cond(fr)) }
	case *ast.CondExpr:
		cond, then, els := c.cond(e.Cond), c.expr(e.Then), c.expr(e.Else)
		return func(fr *frame) Value {
			if cond(fr) {
				return then(fr)
			}
			return els(fr)
		}
	case *ast.LambdaExpr:
		mk := c.function(e, "<lambda>", e.Params, nil, nil, "")
		return func(fr *frame) Value { return mk(fr) }
	case *ast.CallExpr:
		return c.call(e)
	case *ast.IndexExpr:
		x, i := c.expr(e.X), c.expr(e.Index)
		pos := e.LBrack
		return func(fr *frame) Value { return c.index(fr, x(fr), i(fr), pos) }
	case *ast.SliceExpr:
		x := c.expr(e.X)
		lo, hi, step := c.optExpr(e.Lo), c.optExpr(e.Hi), c.optExpr(e.Step)
		pos := e.LBrack
		return func(fr *frame) Value {
			xv := x(fr)
			var v Value
			var err error
			if s, ok := xv.(Str); ok {
				v, err = sliceStr(fr.th, string(s), lo(fr), hi(fr), step(fr))
			} else {
				v, err = Slice(xv, lo(fr), hi(fr), step(fr))
			}
			if err != nil {
				fr.th.throw(err, pos)
			}
			return v
		}
	case *ast.AttrExpr:
		return c.attrLoad(e)
	case *ast.PlaceholderExpr:
		if c.place == nil {
			c.errorf(e.P, "SyntaxError", "'$$' can only be used in a pipeline stage")
			return constFn(None)
		}
		return c.loadVar("$$", c.place, e.P)
	case *ast.StarredExpr:
		c.errorf(e.P, "SyntaxError", "can't use starred expression here")
		return constFn(None)
	}
	if e == nil {
		return constFn(None)
	}
	c.errorf(e.Position(), "SyntaxError", "unsupported expression")
	return constFn(None)
}

// elems compiles a display's elements, expanding `*x`.
// hasStar reports whether a display has a starred element (`*xs`).
func hasStar(es []ast.Expr) bool {
	for _, e := range es {
		if _, ok := e.(*ast.StarredExpr); ok {
			return true
		}
	}
	return false
}

func (c *compiler) elems(es []ast.Expr) func(fr *frame) []Value {
	fns := make([]evalFn, len(es))
	stars := make([]bool, len(es))
	any := false
	for i, e := range es {
		if s, ok := e.(*ast.StarredExpr); ok {
			fns[i] = c.expr(s.X)
			stars[i] = true
			any = true
		} else {
			fns[i] = c.expr(e)
		}
	}
	if !any {
		return func(fr *frame) []Value {
			out := make([]Value, len(fns))
			for i, f := range fns {
				out[i] = f(fr)
			}
			return out
		}
	}
	return func(fr *frame) []Value {
		out := make([]Value, 0, len(fns))
		for i, f := range fns {
			v := f(fr)
			if stars[i] {
				xs, err := Iterate(v)
				if err != nil {
					fr.th.throw(err, es[i].Position())
				}
				out = append(out, xs...)
			} else {
				out = append(out, v)
			}
		}
		return out
	}
}

func (c *compiler) unary(e *ast.UnaryExpr) evalFn {
	if e.Op == "not" {
		cond := c.cond(e.X)
		return func(fr *frame) Value { return Bool(!cond(fr)) }
	}
	// Fold negative literals.
	if e.Op == "-" {
		if lit, ok := e.X.(*ast.IntLit); ok && lit.V != nil {
			return constFn(MakeBig(new(big.Int).Neg(lit.V)))
		}
		if lit, ok := e.X.(*ast.FloatLit); ok {
			return constFn(Float(-lit.V))
		}
	}
	x := c.expr(e.X)
	op, pos := e.Op, e.P
	return func(fr *frame) Value {
		v := x(fr)
		if op == "-" {
			if n, ok := v.(Int); ok && n != math.MinInt64 {
				return MakeInt(-int64(n))
			}
		}
		r, err := Unary(op, v)
		if err != nil {
			fr.th.throw(err, pos)
		}
		return r
	}
}

func (c *compiler) binary(e *ast.BinaryExpr) evalFn {
	if opc := arithOp(e.Op); opc != 0 && (opc == '/' || opc == 'p' || isArith(e.X) || isArith(e.Y)) {
		return c.arithRoot(e)
	}
	x, y := c.expr(e.X), c.expr(e.Y)
	op := e.Op
	pos := e.OpPos
	if !pos.IsValid() {
		pos = e.P
	}
	slow := func(fr *frame, a, b Value) Value {
		return fr.th.binary(op, a, b, pos)
	}
	switch op {
	case "+":
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if i, ok := a.(Int); ok {
				if j, ok := b.(Int); ok {
					if s := i + j; (s > i) == (j > 0) {
						return MakeInt(int64(s))
					}
				}
			}
			if r, ok := fastArith(fr.th, '+', a, b); ok {
				return r
			}
			return slow(fr, a, b)
		}
	case "-":
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if i, ok := a.(Int); ok {
				if j, ok := b.(Int); ok {
					if s := i - j; (s < i) == (j > 0) {
						return MakeInt(int64(s))
					}
				}
			}
			if r, ok := fastArith(fr.th, '-', a, b); ok {
				return r
			}
			return slow(fr, a, b)
		}
	case "*":
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if i, ok := a.(Int); ok {
				if j, ok := b.(Int); ok {
					if i > -3037000499 && i < 3037000499 && j > -3037000499 && j < 3037000499 {
						return MakeInt(int64(i * j))
					}
				}
			}
			if i, ok := a.(Float); ok {
				if j, ok := b.(Float); ok {
					return i * j
				}
			}
			return slow(fr, a, b)
		}
	case "%":
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if i, ok := a.(Int); ok {
				if j, ok := b.(Int); ok && j > 0 {
					m := i % j
					if m < 0 {
						m += j
					}
					return MakeInt(int64(m))
				}
			}
			return slow(fr, a, b)
		}
	}
	return func(fr *frame) Value { return slow(fr, x(fr), y(fr)) }
}

// cond compiles an expression used for its truth value.
func (c *compiler) cond(e ast.Expr) condFn {
	switch e := e.(type) {
	case *ast.CompareExpr:
		return c.compare(e)
	case *ast.BoolExpr:
		x, y := c.cond(e.X), c.cond(e.Y)
		if e.Op == "and" {
			return func(fr *frame) bool { return x(fr) && y(fr) }
		}
		return func(fr *frame) bool { return x(fr) || y(fr) }
	case *ast.UnaryExpr:
		if e.Op == "not" {
			x := c.cond(e.X)
			return func(fr *frame) bool { return !x(fr) }
		}
	case *ast.BoolLit:
		v := e.V
		return func(*frame) bool { return v }
	}
	x := c.expr(e)
	return func(fr *frame) bool {
		v := x(fr)
		if b, ok := v.(Bool); ok {
			return bool(b)
		}
		return Truth(v)
	}
}

func (c *compiler) compare(e *ast.CompareExpr) condFn {
	first := c.expr(e.First)
	rest := make([]evalFn, len(e.Rest))
	for i, r := range e.Rest {
		rest[i] = c.expr(r)
	}
	ops := e.Ops
	poss := make([]ast.Pos, len(ops))
	for i := range ops {
		if i < len(e.OpPos) && e.OpPos[i].IsValid() {
			poss[i] = e.OpPos[i]
		} else {
			poss[i] = e.P
		}
	}
	if len(ops) == 1 {
		op, y, pos := ops[0], rest[0], poss[0]
		switch op {
		case "<", "<=", ">", ">=":
			return func(fr *frame) bool {
				a, b := first(fr), y(fr)
				if i, ok := a.(Int); ok {
					if j, ok := b.(Int); ok {
						switch op {
						case "<":
							return i < j
						case "<=":
							return i <= j
						case ">":
							return i > j
						}
						return i >= j
					}
				}
				if x, ok := a.(Float); ok {
					if y, ok := b.(Float); ok {
						switch op {
						case "<":
							return x < y
						case "<=":
							return x <= y
						case ">":
							return x > y
						}
						return x >= y
					}
				}
				return compareOp(fr, op, a, b, pos)
			}
		case "==":
			return func(fr *frame) bool {
				a, b := first(fr), y(fr)
				if i, ok := a.(Int); ok {
					if j, ok := b.(Int); ok {
						return i == j
					}
				}
				return fr.th.equal(fr, a, b, pos)
			}
		case "is", "is not":
			if _, ok := e.Rest[0].(*ast.NoneLit); ok {
				want := op == "is"
				return func(fr *frame) bool {
					_, isNone := first(fr).(NoneType)
					return isNone == want
				}
			}
		}
		return func(fr *frame) bool { return compareOp(fr, op, first(fr), y(fr), pos) }
	}
	return func(fr *frame) bool {
		a := first(fr)
		for i, op := range ops {
			b := rest[i](fr)
			if !compareOp(fr, op, a, b, poss[i]) {
				return false
			}
			a = b
		}
		return true
	}
}

func compareOp(fr *frame, op string, a, b Value, pos ast.Pos) bool {
	switch op {
	case "==":
		return fr.th.equal(fr, a, b, pos)
	case "!=":
		if sv, ok := a.(*StructVal); ok {
			// __ne__ when defined; else the inverse of __eq__ (Python's
			// default __ne__).
			if r, ok, err := callDunder(fr.th, sv, "__ne__", b); ok {
				if err != nil {
					fr.th.throw(err, pos)
				}
				return Truth(r)
			}
		}
		return !fr.th.equal(fr, a, b, pos)
	case "is":
		return identical(a, b)
	case "is not":
		return !identical(a, b)
	case "in", "not in":
		fr.pos, fr.th.sitePos = pos, pos
		ok, err := fr.th.Contains(b, a)
		if err != nil {
			fr.th.throw(err, pos)
		}
		return ok == (op == "in")
	}
	fr.pos, fr.th.sitePos = pos, pos
	r, err := fr.th.Compare(op, a, b)
	if err != nil {
		fr.th.throw(err, pos)
	}
	switch op {
	case "<":
		return r == -1
	case "<=":
		return r == -1 || r == 0
	case ">":
		return r == 1
	case ">=":
		return r == 1 || r == 0
	}
	return false
}

func identical(a, b Value) bool {
	switch x := a.(type) {
	case NoneType, Bool, Int, Float, Str:
		return a == b
	case *List, *Dict, *Set, *DictView, *StructVal, *Function, *StructType, *Exception, *Module, *Builtin, *TypeObj, *ExcType, *InterfaceType, *BoundMethod:
		return a == b
	case Tuple:
		y, ok := b.(Tuple)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	return Equal(a, b)
}

func (c *compiler) fstring(f *ast.FString) evalFn {
	type part struct {
		lit   string
		x     evalFn
		conv  byte
		spec  evalFn
		debug string
		pos   ast.Pos
	}
	parts := make([]part, len(f.Parts))
	for i, p := range f.Parts {
		parts[i] = part{lit: p.Lit, conv: p.Conv}
		if p.Expr != nil {
			parts[i].x = c.expr(p.Expr)
			parts[i].pos = p.Expr.Position()
			if p.Debug {
				parts[i].debug = p.DebugText
			}
		}
		if p.Spec != nil {
			parts[i].spec = c.fstring(p.Spec)
		}
	}
	return func(fr *frame) Value {
		// The parts' strings, then one allocation for the result.
		var buf [8]string
		strs := buf[:0]
		total := 0
		for _, p := range parts {
			if p.x == nil {
				strs = append(strs, p.lit)
				total += len(p.lit)
				continue
			}
			v := p.x(fr)
			if p.debug != "" {
				strs = append(strs, p.debug)
				total += len(p.debug)
			}
			conv := p.conv
			if p.debug != "" && conv == 0 && p.spec == nil {
				conv = 'r'
			}
			switch conv {
			case 'r', 'a':
				v = Str(fr.th.reprOf(v, p.pos))
			case 's':
				v = Str(fr.th.strOf(v, p.pos))
			}
			spec := ""
			if p.spec != nil {
				spec = fr.th.strOf(p.spec(fr), p.pos)
			}
			if spec == "" {
				s := fr.th.strOf(v, p.pos)
				strs = append(strs, s)
				total += len(s)
				fr.th.Alloc(int64(total))
				continue
			}
			s, err := FormatValue(v, spec)
			if err != nil {
				fr.th.throw(err, p.pos)
			}
			strs = append(strs, s)
			total += len(s)
		}
		return joinValue(strs, total)
	}
}

// genExpr compiles a generator expression: a call of a generator function
// (see resolver.genExpr) with the iterator of its first iterable.
func (c *compiler) genExpr(e *ast.CompExpr) evalFn {
	g := c.r.gens[e]
	if loop, ok := g.body[0].(*ast.ForStmt); ok && ownsIterable(e.Clauses[0].Iter) {
		if c.ownedLoops == nil {
			c.ownedLoops = map[*ast.ForStmt]bool{}
		}
		c.ownedLoops[loop] = true
	}
	mk := c.function(e, "<genexpr>", []*ast.Param{g.param}, g.body, nil, "")
	first := c.expr(e.Clauses[0].Iter)
	pos := e.Clauses[0].Iter.Position()
	return func(fr *frame) Value {
		f := mk(fr)
		it := first(fr)
		switch it.(type) {
		case *List, *Range, *Iterator, Tuple, Str:
		default:
			x, err := fr.th.Iter(it)
			if err != nil {
				fr.th.throw(err, pos)
			}
			it = x
		}
		return fr.th.callFunction(f, []Value{it}, nil, pos)
	}
}

// ownsIterable reports whether the iterable expression makes a value no
// one else holds (a call, a generator expression), as opposed to reading a
// variable or an attribute.
func ownsIterable(x ast.Expr) bool {
	switch x.(type) {
	case *ast.Name, *ast.AttrExpr:
		return false
	}
	return true
}

func (c *compiler) comprehension(e *ast.CompExpr) evalFn {
	// Comprehension variables live in slots of the current frame (their own
	// block scope), so no function call is needed.
	type clause struct {
		iter evalFn
		st   storeFn
		cond condFn
		pos  ast.Pos
	}
	cls := make([]clause, len(e.Clauses))
	for i, cl := range e.Clauses {
		if cl.Iter != nil {
			cls[i] = clause{iter: c.expr(cl.Iter), st: c.store(cl.Target), pos: cl.Iter.Position()}
		} else {
			cls[i] = clause{cond: c.cond(cl.If)}
		}
	}
	var elt, key, val evalFn
	if e.Kind == ast.CompDict {
		key, val = c.expr(e.Key), c.expr(e.Value)
	} else {
		elt = c.expr(e.Elt)
	}
	kind, pos := e.Kind, e.P
	return func(fr *frame) Value {
		var list []Value
		var dict *Dict
		var set *Set
		switch kind {
		case ast.CompDict:
			dict = NewDict(8)
		case ast.CompSet:
			set = NewSet()
		}
		th := fr.th
		var run func(i int)
		run = func(i int) {
			if i == len(cls) {
				switch kind {
				case ast.CompDict:
					if err := dict.Set(key(fr), val(fr)); err != nil {
						th.throw(err, pos)
					}
				case ast.CompSet:
					if err := set.Add(elt(fr)); err != nil {
						th.throw(err, pos)
					}
				default:
					list = append(list, elt(fr))
				}
				return
			}
			cl := &cls[i]
			if cl.iter == nil {
				if cl.cond(fr) {
					run(i + 1)
				}
				return
			}
			it := cl.iter(fr)
			if r, ok := it.(*Range); ok && r.Step > 0 {
				for k := r.Start; k < r.Stop; k += r.Step {
					th.tick(cl.pos)
					cl.st(fr, MakeInt(k))
					run(i + 1)
				}
				return
			}
			if gi, ok := it.(*Iterator); ok {
				if err := th.Each(gi, func(x Value) bool {
					th.tick(cl.pos)
					cl.st(fr, x)
					run(i + 1)
					return true
				}); err != nil {
					th.throw(err, cl.pos)
				}
				return
			}
			xs, err := Iterate(it)
			if err != nil {
				th.throw(err, cl.pos)
			}
			st, watch := iterStateOf(it)
			for _, x := range xs {
				th.tick(cl.pos)
				cl.st(fr, x)
				run(i + 1)
				if watch {
					if err := changedDuring(it, st); err != nil {
						th.raise(err, cl.pos)
					}
				}
			}
		}
		run(0)
		switch kind {
		case ast.CompDict:
			return dict
		case ast.CompSet:
			return set
		}
		if list == nil {
			list = []Value{}
		}
		return NewList(list)
	}
}
