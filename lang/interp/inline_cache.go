package interp

import "github.com/minidana/dana/lang/ast"

// Inline caches for attribute sites.
//
// Each compiled `x.name` (read, write, augmented assignment, method call)
// owns a small cache holding the struct type it last saw there and what
// `name` resolved to in that type, so the common monomorphic site skips the
// map lookups. A cache is only a shortcut: on a miss the site takes the
// general path, which has the full semantics (delegation through `_` fields,
// dict keys as attributes, modules, errors with suggestions).
//
// Struct fields never change after a struct type is created, so a field
// cache keyed by the type pointer never goes stale. Methods can be attached
// later (`def (p: Point) norm()` run after the call site was first used), so
// method caches also record the interpreter's method generation, which every
// change of a method table bumps.

// fieldCache remembers the field index of one attribute name in the last
// struct type seen at a site.
type fieldCache struct {
	t *StructType
	i int
}

// index returns the index of field name in sv's type.
func (fc *fieldCache) index(sv *StructVal, name string) (int, bool) {
	if sv.Type == fc.t {
		return fc.i, true
	}
	i, ok := sv.Type.index[name]
	if ok {
		fc.t, fc.i = sv.Type, i
	}
	return i, ok
}

// setFieldAt assigns field i with the field's type check; a value that
// Coerce would return unchanged is stored without calling it.
func (v *StructVal) setFieldAt(i int, x Value) error {
	f := &v.Type.Fields[i]
	if coercesToItself(x, f.Hint) {
		v.Fields[i] = x
		return nil
	}
	c, err := coerceField(v.Type, f, x)
	if err != nil {
		return err
	}
	v.Fields[i] = c
	return nil
}

// attrLoad compiles a read of `x.name`.
func (c *compiler) attrLoad(e *ast.AttrExpr) evalFn {
	x := c.expr(e.X)
	name, pos := e.Name, e.NamePos
	var fc fieldCache
	return func(fr *frame) Value {
		v := x(fr)
		if sv, ok := v.(*StructVal); ok {
			if i, ok := fc.index(sv, name); ok {
				return sv.Fields[i]
			}
		}
		return c.getAttr(fr, v, name, pos)
	}
}

// attrStore compiles an assignment to `x.name`.
func (c *compiler) attrStore(t *ast.AttrExpr) storeFn {
	obj := c.expr(t.X)
	name, pos := t.Name, t.NamePos
	var fc fieldCache
	return func(fr *frame, v Value) {
		o := obj(fr)
		if sv, ok := o.(*StructVal); ok {
			if i, ok := fc.index(sv, name); ok {
				if err := sv.setFieldAt(i, v); err != nil {
					fr.th.throw(err, pos)
				}
				return
			}
		}
		c.setAttr(fr, o, name, v, pos)
	}
}

// attrAugAssign compiles `x.name op= value`: x is evaluated once, and a
// struct field is looked up once for the read and the write.
func (c *compiler) attrAugAssign(t *ast.AttrExpr, op string, val evalFn, aug augFn, pos ast.Pos) stmtFn {
	obj := c.expr(t.X)
	name := t.Name
	opc := arithOp(op) // 0 (no fast path) unless + - * / **
	var fc fieldCache
	return func(fr *frame) ctrl {
		o := obj(fr)
		if sv, ok := o.(*StructVal); ok {
			if i, ok := fc.index(sv, name); ok {
				a := sv.Fields[i]
				r, b := aug(fr, a)
				if r == nil {
					var ok bool
					if r, ok = fastArith(fr.th, opc, a, b); !ok {
						r = c.binop(fr, op, a, b, pos)
					}
				}
				if err := sv.setFieldAt(i, r); err != nil {
					fr.th.throw(err, t.NamePos)
				}
				return ctrlNone
			}
		}
		a := c.getAttr(fr, o, name, t.NamePos)
		r := c.binop(fr, op, a, val(fr), pos)
		c.setAttr(fr, o, name, r, t.NamePos)
		return ctrlNone
	}
}

// coercesToItself reports, for the common hints, whether Coerce(v, h) would
// return v itself (so the call can be skipped). It answers false when
// unsure.
func coercesToItself(v Value, h *TypeHint) bool {
	if h == nil {
		return true
	}
	if _, ok := v.(NoneType); ok {
		return true // None stays None under every hint
	}
	switch h.Kind {
	case HintAny:
		return true
	case HintInt:
		_, ok := v.(Int)
		return ok
	case HintFloat, HintStr, HintBool, HintUnion:
		// Coerce returns a value of these kinds (and a union member's
		// match) unchanged.
		return h.Matches(v)
	case HintStruct:
		sv, ok := v.(*StructVal)
		return ok && h.Struct != nil && sv.Type == h.Struct
	}
	return false
}

// methodCache remembers what `recv.name` resolved to at a call site for the
// last receiver type seen there: a struct type (st) or a built-in type's
// name (tn).
type methodCache struct {
	st    *StructType
	tn    string
	gen   uint64
	m     Value // the method; nil when the name is a field or not a method
	field int   // index of the struct field of that name, or -1
}

// methodCall compiles `x.name(args)`: the receiver's method is found through
// the site's cache and, for a user function taking exactly the receiver and
// the given positional arguments, the arguments are evaluated straight into
// the callee's slots (no argument slice, no bound method).
func (c *compiler) methodCall(e *ast.CallExpr, attr *ast.AttrExpr, simple bool) evalFn {
	obj := c.expr(attr.X)
	name, npos := attr.Name, attr.NamePos
	site := e
	var args func(*frame) []Value
	var kws func(*frame) []KwArg
	var argEs []evalFn
	if simple {
		argEs = make([]evalFn, len(e.Args))
		for i, a := range e.Args {
			argEs[i] = c.expr(a.Value)
		}
		args = func(fr *frame) []Value {
			a := make([]Value, len(argEs))
			for i, ae := range argEs {
				a[i] = ae(fr)
			}
			return a
		}
		kws = func(*frame) []KwArg { return nil }
	} else {
		args, kws = c.args(e.Args)
	}
	n := len(argEs)
	mc := methodCache{field: -1}
	return func(fr *frame) Value {
		recv := obj(fr)
		th := fr.th
		in := th.in
		var m Value
		field := -1
		switch r := recv.(type) {
		case *StructVal:
			if mc.st != r.Type || mc.gen != in.methodGen {
				mc = methodCache{st: r.Type, gen: in.methodGen, field: -1}
				if i, ok := r.Type.index[name]; ok {
					mc.field = i
				} else if fn, ok := r.Type.Methods[name]; ok {
					if _, isDesc := fn.(*Descriptor); !isDesc {
						mc.m = fn // static/class methods and properties bind in getAttr
					}
				}
			}
			m, field = mc.m, mc.field
		case *Module, *StructType, *Exception, *InterfaceType:
		default:
			tn := recv.TypeName()
			if mc.st != nil || mc.tn != tn || mc.gen != in.methodGen {
				mc = methodCache{tn: tn, gen: in.methodGen, field: -1}
				if ms, ok := in.methods[tn]; ok {
					mc.m = ms[name]
				}
			}
			m = mc.m
		}
		if m == nil {
			a, kw := args(fr), kws(fr)
			th.site = site
			if field >= 0 {
				return th.call(recv.(*StructVal).Fields[field], a, kw, npos)
			}
			return th.call(c.getAttr(fr, recv, name, npos), a, kw, npos)
		}
		if !simple {
			a, kw := args(fr), kws(fr)
			th.site = site
			return th.call(m, prepend(recv, a), kw, npos)
		}
		if uf, ok := m.(*Function); ok && uf.Code.simple && len(uf.Code.params) == n+1 {
			code := uf.Code
			base := th.reserve(code.nslots)
			th.stack[base+code.params[0].slot] = recv
			for i, a := range argEs {
				v := a(fr)
				th.stack[base+code.params[i+1].slot] = v
			}
			th.steps++
			if th.steps >= th.nextCheck {
				th.slowCheck(npos)
			}
			fr.pos = npos
			nf := th.pushFrame(code, uf, uf.Module, base, npos)
			return th.runFrame(nf, base)
		}
		if b, ok := m.(*Builtin); ok {
			// A method of a built-in type (RegisterMethod: it does not
			// keep args): its arguments live on the value stack.
			base := th.reserve(n + 1)
			a := th.stack[base : base+n+1 : base+n+1]
			a[0] = recv
			for i, ae := range argEs {
				a[i+1] = ae(fr)
			}
			th.site = site
			v := th.callBuiltin(b, a, nil, npos)
			th.sp = base
			return v
		}
		a := make([]Value, n+1)
		a[0] = recv
		for i, ae := range argEs {
			a[i+1] = ae(fr)
		}
		th.site = site
		return th.call(m, a, nil, npos)
	}
}

// keywordCall compiles a call whose arguments are all `name=value` (the
// usual struct construction, `Point(x=1, y=2)`). When the callee is a
// struct type the site caches, per type, the field index of each keyword
// and fills the instance's fields directly. It returns nil when the call
// has other kinds of arguments.
func (c *compiler) keywordCall(e *ast.CallExpr, fn evalFn) evalFn {
	if len(e.Args) == 0 {
		return nil
	}
	names := make([]string, len(e.Args))
	valEs := make([]evalFn, len(e.Args))
	for i, a := range e.Args {
		if a.Name == "" || a.Star || a.DoubleStar {
			return nil
		}
		names[i] = a.Name
		valEs[i] = c.expr(a.Value)
	}
	pos, site := e.P, e
	var cacheT *StructType
	var idx []int // field index per keyword; nil when the keywords don't fit cacheT
	return func(fr *frame) Value {
		f := fn(fr)
		th := fr.th
		if st, ok := f.(*StructType); ok {
			if st != cacheT {
				cacheT, idx = st, st.keywordIndexes(names)
			}
			if idx != nil {
				sv := st.newInstance()
				for i, ve := range valEs {
					sv.Fields[idx[i]] = ve(fr)
				}
				v, err := st.finish(sv)
				if err != nil {
					th.throw(err, pos)
				}
				return v
			}
		}
		kw := make([]KwArg, len(valEs))
		for i, ve := range valEs {
			kw[i] = KwArg{Name: names[i], Value: ve(fr)}
		}
		th.site = site
		return th.call(f, nil, kw, pos)
	}
}

// keywordIndexes maps keyword names to field indexes; nil when a name is
// not a field or is repeated (the general path reports those).
func (s *StructType) keywordIndexes(names []string) []int {
	if s.hasInit() {
		return nil // __init__ / __post_init__ run through construct
	}
	idx := make([]int, len(names))
	seen := make([]bool, len(s.Fields))
	for i, n := range names {
		j, ok := s.index[n]
		if !ok || seen[j] {
			return nil
		}
		seen[j] = true
		idx[i] = j
	}
	return idx
}
