package interp

import (
	"strings"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/parser"
)

// args compiles call arguments into positional and keyword evaluators,
// expanding `*x` and `**d`.
func (c *compiler) args(as []*ast.Arg) (func(fr *frame) []Value, func(fr *frame) []KwArg) {
	type argc struct {
		name      string
		v         evalFn
		star, dbl bool
		pos       ast.Pos
	}
	var pos []argc
	var kws []argc
	for _, a := range as {
		ac := argc{name: a.Name, v: c.expr(a.Value), star: a.Star, dbl: a.DoubleStar, pos: a.P}
		if a.Name != "" || a.DoubleStar {
			kws = append(kws, ac)
		} else {
			pos = append(pos, ac)
		}
	}
	posFn := func(fr *frame) []Value {
		if len(pos) == 0 {
			return nil
		}
		out := make([]Value, 0, len(pos))
		for _, a := range pos {
			v := a.v(fr)
			if a.star {
				xs, err := Iterate(v)
				if err != nil {
					fr.th.throw(err, a.pos)
				}
				out = append(out, xs...)
				continue
			}
			out = append(out, v)
		}
		return out
	}
	kwFn := func(fr *frame) []KwArg {
		if len(kws) == 0 {
			return nil
		}
		out := make([]KwArg, 0, len(kws))
		for _, a := range kws {
			v := a.v(fr)
			if a.dbl {
				d, ok := v.(*Dict)
				if !ok {
					fr.th.raise(Errorf("TypeError", "argument after ** must be a dict, not %s", v.TypeName()), a.pos)
				}
				for i, k := range d.Keys() {
					ks, ok := k.(Str)
					if !ok {
						fr.th.raise(Errorf("TypeError", "keywords must be strings"), a.pos)
					}
					out = append(out, KwArg{Name: string(ks), Value: d.Values()[i]})
				}
				continue
			}
			out = append(out, KwArg{Name: a.name, Value: v})
		}
		return out
	}
	return posFn, kwFn
}

func (c *compiler) call(e *ast.CallExpr) evalFn {
	simple := true
	for _, a := range e.Args {
		if a.Name != "" || a.Star || a.DoubleStar {
			simple = false
		}
	}
	pos := e.P
	site := e
	if attr, ok := e.Fn.(*ast.AttrExpr); ok {
		return c.methodCall(e, attr, simple)
	}
	fn := c.expr(e.Fn)
	if kwc := c.keywordCall(e, fn); kwc != nil {
		return kwc
	}
	if simple {
		argEs := make([]evalFn, len(e.Args))
		for i, a := range e.Args {
			argEs[i] = c.expr(a.Value)
		}
		n := len(argEs)
		return func(fr *frame) Value {
			f := fn(fr)
			th := fr.th
			if uf, ok := f.(*Function); ok && uf.Code.simple && len(uf.Code.params) == n {
				code := uf.Code
				base := th.reserve(code.nslots)
				for i, a := range argEs {
					v := a(fr)
					th.stack[base+code.params[i].slot] = v
				}
				th.steps++
				if th.steps >= th.nextCheck {
					th.slowCheck(pos)
				}
				fr.pos = pos
				nf := th.pushFrame(code, uf, uf.Module, base, pos)
				return th.runFrame(nf, base)
			}
			if st, ok := f.(*StructType); ok && n > 0 && n <= len(st.Fields) && !st.hasInit() {
				// Positional construction of a struct without
				// __init__/__post_init__: the arguments go straight
				// into the new instance's fields.
				sv := st.newInstance()
				for i, ae := range argEs {
					sv.Fields[i] = ae(fr)
				}
				v, err := st.finish(sv)
				if err != nil {
					th.throw(err, pos)
				}
				return v
			}
			if b, ok := f.(*Builtin); ok && b.Borrows {
				base := th.reserve(n)
				a := th.stack[base : base+n : base+n]
				for i, ae := range argEs {
					a[i] = ae(fr)
				}
				th.site = site
				v := th.callBuiltin(b, a, nil, pos)
				th.sp = base
				return v
			}
			if t, ok := f.(*TypeObj); ok && t.Conv != nil && t.Conv.Borrows {
				base := th.reserve(n)
				a := th.stack[base : base+n : base+n]
				for i, ae := range argEs {
					a[i] = ae(fr)
				}
				th.site = site
				v := th.callBuiltin(t.Conv, a, nil, pos)
				th.sp = base
				return v
			}
			var a []Value
			if n > 0 {
				a = make([]Value, n)
				for i, ae := range argEs {
					a[i] = ae(fr)
				}
			}
			th.site = site
			return th.call(f, a, nil, pos)
		}
	}
	args, kws := c.args(e.Args)
	return func(fr *frame) Value {
		f := fn(fr)
		a, kw := args(fr), kws(fr)
		fr.th.site = site
		return fr.th.call(f, a, kw, pos)
	}
}

func prepend(v Value, args []Value) []Value {
	out := make([]Value, len(args)+1)
	out[0] = v
	copy(out[1:], args)
	return out
}

// getAttr implements `v.name`.
func (c *compiler) getAttr(fr *frame, v Value, name string, pos ast.Pos) Value {
	x, err := fr.th.GetAttr(v, name)
	if err != nil {
		if x, ok := c.attrSugar(fr, v, name); ok {
			return x
		}
		if d, ok := v.(*Dict); ok {
			var keys []string
			for _, k := range d.Keys() {
				if s, ok := k.(Str); ok {
					keys = append(keys, QuoteString(string(s)))
				}
			}
			fr.th.raise(Errorf("AttributeError", "'dict' object has no attribute or key '%s' (keys: %s)", name, strings.Join(keys, ", ")), pos)
		}
		fr.th.throw(err, pos)
	}
	return x
}

// attrSugar resolves the Dana conveniences for an attribute that v lacks:
// a dict's string key (SPEC §5.9), delegation to a struct field whose name
// starts with '_' (§6.8), and a function in scope whose first parameter is
// typed with v's type, bound as a method (§6.8).
func (c *compiler) attrSugar(fr *frame, v Value, name string) (Value, bool) {
	switch x := v.(type) {
	case *Dict:
		if val, ok := x.GetStr(name); ok {
			return val, true
		}
	case *StructVal:
		for i, f := range x.Type.Fields {
			if !strings.HasPrefix(f.Name, "_") {
				continue
			}
			inner, ok := x.Fields[i].(*StructVal)
			if !ok {
				continue
			}
			if a, err := fr.th.GetAttr(inner, name); err == nil {
				return a, true
			}
			if a, ok := c.attrSugar(fr, inner, name); ok {
				return a, true
			}
		}
	}
	if fn, ok := fr.mod.Global(name); ok {
		if f, ok := fn.(*Function); ok && len(f.Code.params) > 0 && hintAccepts(f.Code.params[0].hint, v) {
			return &BoundMethod{Self: v, Fn: f, Name: name}, true
		}
	}
	return nil, false
}

// hintAccepts reports whether a parameter hint names v's type (a union
// names it when one member does).
func hintAccepts(h *TypeHint, v Value) bool {
	if h == nil {
		return false
	}
	if len(h.Union) > 0 {
		for _, u := range h.Union {
			if hintAccepts(u, v) {
				return true
			}
		}
		return false
	}
	return h.Name == v.TypeName()
}

// GetAttr returns `v.name`: a struct field or method, a module's exported
// name, an attribute of an embedder value, or a method of a built-in type.
func (in *Interpreter) GetAttr(v Value, name string) (Value, error) {
	if name == "__name__" {
		if n, ok := nameOf(v); ok {
			return Str(n), nil
		}
	}
	if f, ok := v.(*Function); ok && name == "__doc__" {
		if f.Code.Doc == "" {
			return None, nil
		}
		return Str(f.Code.Doc), nil
	}
	switch x := v.(type) {
	case *StructVal:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
		names := x.AttrNames()
		if s := suggest(name, names); s != "" {
			return nil, Errorf("AttributeError", "'%s' has no field or method '%s'; did you mean '%s'?", x.Type.Name, name, s)
		}
		return nil, Errorf("AttributeError", "'%s' has no field or method '%s'", x.Type.Name, name)
	case *Module:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
		if s := suggest(name, x.AttrNames()); s != "" {
			return nil, Errorf("AttributeError", "module '%s' has no attribute '%s'; did you mean '%s'?", x.Name, name, s)
		}
		return nil, Errorf("AttributeError", "module '%s' has no attribute '%s'", x.Name, name)
	case *StructType:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
		return nil, Errorf("AttributeError", "type object '%s' has no attribute '%s'", x.Name, name)
	case *TypeObj:
		// str.upper is the unbound method: called with the receiver first.
		if m, ok := in.methods[x.Name][name]; ok {
			return m, nil
		}
		return nil, Errorf("AttributeError", "type '%s' has no attribute '%s'", x.Name, name)
	case Attrer:
		if a, ok := x.Attr(name); ok {
			return a, nil
		}
	}
	if ms, ok := in.methods[v.TypeName()]; ok {
		if m, ok := ms[name]; ok {
			return &BoundMethod{Self: v, Fn: m, Name: name}, nil
		}
		if s := suggest(name, in.MethodNames(v.TypeName())); s != "" {
			return nil, Errorf("AttributeError", "'%s' object has no attribute '%s'; did you mean '%s'?", v.TypeName(), name, s)
		}
	}
	return nil, Errorf("AttributeError", "'%s' object has no attribute '%s'", v.TypeName(), name)
}

// nameOf is the __name__ of types and functions (SPEC §2.6).
func nameOf(v Value) (string, bool) {
	switch x := v.(type) {
	case *TypeObj:
		return x.Name, true
	case *StructType:
		return x.Name, true
	case *ExcType:
		return x.Name, true
	case *Function:
		return x.Code.Name, true
	case *Builtin:
		return x.Name, true
	case *BoundMethod:
		return x.Name, true
	case *InterfaceType:
		return x.Name, true
	}
	return "", false
}

func (c *compiler) setAttr(fr *frame, obj Value, name string, v Value, pos ast.Pos) {
	switch x := obj.(type) {
	case *Dict:
		// SPEC §5.9: cfg.timeout = 5 sets the key.
		x.SetStr(name, v)
		return
	case *StructVal:
		if ok, err := fr.th.setProperty(x, name, v); ok {
			if err != nil {
				fr.th.throw(err, pos)
			}
			return
		}
		if err := x.SetField(name, v); err != nil {
			fr.th.throw(err, pos)
		}
		return
	case interface{ SetAttr(string, Value) error }:
		if err := x.SetAttr(name, v); err != nil {
			fr.th.throw(err, pos)
		}
		return
	}
	fr.th.raise(Errorf("AttributeError", "cannot set attribute '%s' on '%s' object", name, obj.TypeName()), pos)
}

func normIndex(i, n int64) (int64, bool) {
	if i < 0 {
		i += n
	}
	return i, i >= 0 && i < n
}

func (c *compiler) index(fr *frame, x, i Value, pos ast.Pos) Value {
	var v Value
	var err error
	if s, ok := x.(Str); ok {
		v, err = indexStr(fr.th, string(s), i)
	} else {
		v, err = Index(x, i)
	}
	if err != nil {
		fr.th.throw(err, pos)
	}
	return v
}

// Index implements `x[i]`.
func Index(x, i Value) (Value, error) {
	switch c := x.(type) {
	case *List:
		n, ok := asIndex(i)
		if !ok {
			return nil, indexTypeErr("list", i)
		}
		k, ok := normIndex(int64(n), int64(len(c.Elems)))
		if !ok {
			return nil, Errorf("IndexError", "list index out of range")
		}
		return c.Elems[k], nil
	case *Dict:
		v, ok, err := c.Get(i)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, KeyErrorOf(i)
		}
		return v, nil
	case Tuple:
		n, ok := asIndex(i)
		if !ok {
			return nil, indexTypeErr("tuple", i)
		}
		k, ok := normIndex(int64(n), int64(len(c)))
		if !ok {
			return nil, Errorf("IndexError", "tuple index out of range")
		}
		return c[k], nil
	case Str:
		return indexStr(nil, string(c), i)
	case *Range:
		n, ok := asIndex(i)
		if !ok {
			return nil, indexTypeErr("range", i)
		}
		k, ok := normIndex(int64(n), c.Len())
		if !ok {
			return nil, Errorf("IndexError", "range object index out of range")
		}
		return MakeInt(c.Start + k*c.Step), nil
	case interface {
		GetItem(Value) (Value, error)
	}:
		return c.GetItem(i)
	}
	if r, ok, err := CallDunder(nil, x, "__getitem__", i); ok {
		return r, err
	}
	return nil, Errorf("TypeError", "'%s' object is not subscriptable", x.TypeName())
}

// asIndex reads an index: an int, or a bool as 0 or 1 (Python's bool is
// an int: ("odd", "even")[n % 2 == 0]).
func asIndex(i Value) (Int, bool) {
	switch n := i.(type) {
	case Int:
		return n, true
	case Bool:
		if n {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// indexTypeErr is CPython's message for an index of the wrong type.
func indexTypeErr(what string, i Value) error {
	if _, big := i.(*BigInt); big {
		return Errorf("IndexError", "cannot fit 'int' into an index-sized integer")
	}
	if what == "string" {
		return Errorf("TypeError", "string indices must be integers, not '%s'", i.TypeName())
	}
	return Errorf("TypeError", "%s indices must be integers or slices, not %s", what, i.TypeName())
}

func (c *compiler) setIndex(fr *frame, x, i, v Value, pos ast.Pos) {
	if err := SetIndex(x, i, v); err != nil {
		fr.th.throw(err, pos)
	}
}

// SetIndex implements `x[i] = v`.
func SetIndex(x, i, v Value) error {
	switch c := x.(type) {
	case *List:
		n, ok := asIndex(i)
		if !ok {
			return indexTypeErr("list", i)
		}
		k, ok := normIndex(int64(n), int64(len(c.Elems)))
		if !ok {
			return Errorf("IndexError", "list assignment index out of range")
		}
		c.Elems[k] = v
		return nil
	case *Dict:
		return c.Set(i, v)
	case interface {
		SetItem(Value, Value) error
	}:
		return c.SetItem(i, v)
	}
	if _, ok, err := CallDunder(nil, x, "__setitem__", i, v); ok {
		return err
	}
	return Errorf("TypeError", "'%s' object does not support item assignment", x.TypeName())
}

// sliceBounds computes Python slice indices for a sequence of length n.
func sliceBounds(lo, hi, step Value, n int64) (start, stop, st int64, err error) {
	st = 1
	if step != nil && step != None {
		s, ok := step.(Int)
		if !ok {
			return 0, 0, 0, Errorf("TypeError", "slice step must be an integer")
		}
		if s == 0 {
			return 0, 0, 0, Errorf("ValueError", "slice step cannot be zero")
		}
		st = int64(s)
	}
	get := func(v Value, def int64) (int64, error) {
		if v == nil || v == None {
			return def, nil
		}
		x, ok := v.(Int)
		if !ok {
			if b, isB := v.(*BigInt); isB {
				if b.V.Sign() < 0 {
					return -n - 1, nil
				}
				return n + 1, nil
			}
			return 0, Errorf("TypeError", "slice indices must be integers or None, not %s", v.TypeName())
		}
		return int64(x), nil
	}
	clampIdx := func(i int64, lowOpen bool) int64 {
		if i < 0 {
			i += n
			if i < 0 {
				if lowOpen {
					return -1
				}
				return 0
			}
		}
		if i >= n {
			if lowOpen {
				return n - 1
			}
			return n
		}
		return i
	}
	if st > 0 {
		if start, err = get(lo, 0); err != nil {
			return
		}
		if stop, err = get(hi, n); err != nil {
			return
		}
		start, stop = clampIdx(start, false), clampIdx(stop, false)
	} else {
		if start, err = get(lo, n-1); err != nil {
			return
		}
		if stop, err = get(hi, -n-1); err != nil {
			return
		}
		start, stop = clampIdx(start, true), clampIdx(stop, true)
	}
	return
}

// sliceLen is the number of indexes from start towards stop by st (as
// normalised by sliceBounds).
func sliceLen(start, stop, st int64) int {
	if st > 0 {
		if stop <= start {
			return 0
		}
		return int((stop - start + st - 1) / st)
	}
	if stop >= start {
		return 0
	}
	return int((start - stop - st - 1) / -st)
}

func sliceIdx(start, stop, st int64) []int64 {
	var out []int64
	if st > 0 {
		for i := start; i < stop; i += st {
			out = append(out, i)
		}
	} else {
		for i := start; i > stop; i += st {
			out = append(out, i)
		}
	}
	return out
}

// Slice implements `x[lo:hi:step]` for lists, tuples and strings.
func Slice(x, lo, hi, step Value) (Value, error) {
	switch c := x.(type) {
	case *List:
		start, stop, st, err := sliceBounds(lo, hi, step, int64(len(c.Elems)))
		if err != nil {
			return nil, err
		}
		if st == 1 {
			if stop < start {
				stop = start
			}
			l := newListLen(int(stop - start))
			copy(l.Elems, c.Elems[start:stop])
			return l, nil
		}
		l := newListLen(int(sliceLen(start, stop, st)))
		out := l.Elems
		for k, i := 0, start; k < len(out); k, i = k+1, i+st {
			out[k] = c.Elems[i]
		}
		return l, nil
	case Tuple:
		start, stop, st, err := sliceBounds(lo, hi, step, int64(len(c)))
		if err != nil {
			return nil, err
		}
		out := make(Tuple, sliceLen(start, stop, st))
		for k, i := 0, start; k < len(out); k, i = k+1, i+st {
			out[k] = c[i]
		}
		return out, nil
	case Str:
		return sliceStr(nil, string(c), lo, hi, step)
	case *Range:
		start, stop, st, err := sliceBounds(lo, hi, step, c.Len())
		if err != nil {
			return nil, err
		}
		return &Range{Start: c.Start + start*c.Step, Stop: c.Start + stop*c.Step, Step: c.Step * st}, nil
	}
	return nil, Errorf("TypeError", "'%s' object is not sliceable", x.TypeName())
}

func sliceAssign(l *List, lo, hi, step Value, elems []Value) error {
	start, stop, st, err := sliceBounds(lo, hi, step, int64(len(l.Elems)))
	if err != nil {
		return err
	}
	if st != 1 {
		n := sliceLen(start, stop, st)
		if n != len(elems) {
			return Errorf("ValueError", "attempt to assign sequence of size %d to extended slice of size %d", len(elems), n)
		}
		elems = append([]Value(nil), elems...) // elems may be l's own elements
		for k, i := 0, start; k < n; k, i = k+1, i+st {
			l.Elems[i] = elems[k]
		}
		return nil
	}
	if stop < start {
		stop = start
	}
	if int(stop-start) == len(elems) {
		// Same length: overwrite in place (copy is a memmove, so elems
		// may overlap l's elements).
		copy(l.Elems[start:stop], elems)
		return nil
	}
	out := make([]Value, 0, len(l.Elems)-int(stop-start)+len(elems))
	out = append(out, l.Elems[:start]...)
	out = append(out, elems...)
	out = append(out, l.Elems[stop:]...)
	l.Elems = out
	return nil
}

// ---------------------------------------------------------------------------
// Imports

func (c *compiler) importStmt(s *ast.ImportStmt) stmtFn {
	bindName := importBinding(s)
	st := c.storeVar(bindName, c.r.binds[s][bindName], s.P)
	dotted, alias, pos := s.Module, s.Alias, s.P
	return func(fr *frame) ctrl {
		m := fr.th.importModule(fr, dotted, pos)
		if alias != "" || !strings.Contains(dotted, ".") {
			st(fr, m)
			return ctrlNone
		}
		// `import a.b.c` binds a namespace `a` whose attribute chain leads
		// to the module.
		parts := splitDots(dotted)
		var root *Module
		if v, ok := fr.mod.Global(parts[0]); ok {
			root, _ = v.(*Module)
		}
		if root == nil {
			root = &Module{Name: parts[0], names: map[string]int{}, private: map[string]Value{}}
		}
		cur := root
		for _, p := range parts[1 : len(parts)-1] {
			next, _ := cur.subs[p].(*Module)
			if next == nil {
				next = &Module{Name: p, names: map[string]int{}, private: map[string]Value{}}
			}
			if cur.subs == nil {
				cur.subs = map[string]Value{}
			}
			cur.subs[p] = next
			cur = next
		}
		if cur.subs == nil {
			cur.subs = map[string]Value{}
		}
		cur.subs[parts[len(parts)-1]] = m
		st(fr, root)
		return ctrlNone
	}
}

func (c *compiler) fromImport(s *ast.FromImportStmt) stmtFn {
	type bind struct {
		name string
		st   storeFn
		pos  ast.Pos
	}
	var binds []bind
	for _, n := range s.Names {
		as := n.Alias
		if as == "" {
			as = n.Name
		}
		binds = append(binds, bind{name: n.Name, st: c.storeVar(as, c.r.binds[s][as], n.P), pos: n.P})
	}
	dotted, pos, star := s.Module, s.P, s.Star
	if dotted == "typing" || dotted == "__future__" {
		// Pasted Python: hints such as List[int] and Optional[str] need
		// no import here, and __future__ features are the default; the
		// import is accepted and binds nothing.
		return func(fr *frame) ctrl { return ctrlNone }
	}
	return func(fr *frame) ctrl {
		m := fr.th.importModule(fr, dotted, pos)
		if star {
			for _, n := range m.GlobalNames() {
				if n[0] != '_' {
					v, _ := m.Global(n)
					fr.mod.SetGlobal(n, v)
				}
			}
			return ctrlNone
		}
		for _, b := range binds {
			if strings.HasPrefix(b.name, "_") {
				fr.th.raise(Errorf("ImportError", "cannot import name '%s' from '%s': names starting with '_' are not exported", b.name, dotted), b.pos)
			}
			v, ok := m.Global(b.name)
			if !ok {
				msg := "cannot import name '%s' from '%s'"
				if sug := suggest(b.name, m.AttrNames()); sug != "" {
					fr.th.raise(Errorf("ImportError", msg+"; did you mean '%s'?", b.name, dotted, sug), b.pos)
				}
				fr.th.raise(Errorf("ImportError", msg, b.name, dotted), b.pos)
			}
			b.st(fr, v)
		}
		return ctrlNone
	}
}

// importModule loads (once per interpreter) and returns a module.
func (th *Thread) importModule(fr *frame, dotted string, pos ast.Pos) *Module {
	in := th.in
	path, err := in.resolvePath(fr.mod.File, dotted)
	if err != nil {
		th.throw(err, pos)
	}
	if m, ok := in.modules[path]; ok {
		return m
	}
	for i, p := range in.loading {
		if p == path {
			cycle := append(append([]string(nil), in.loading[i:]...), path)
			for k := range cycle {
				cycle[k] = baseName(cycle[k])
			}
			th.raise(Errorf("ImportError", "import cycle: %s", strings.Join(cycle, " -> ")), pos)
		}
	}
	src, err := ReadSource(path, true)
	if err != nil {
		th.raise(Errorf("ImportError", "cannot import module '%s': %v", dotted, unwrapPath(err)), pos)
	}
	in.sources[path] = src
	f, err := parser.ParseFileCheck(path, src, th.parseCheck)
	if IsLimitError(err) {
		th.raiseLimit(err.(*Exception), pos)
	}
	if err != nil {
		ex := AsException(err)
		th.raise(Errorf("ImportError", "module '%s' has errors: %s", dotted, ex.Error()), pos)
	}
	in.warn(f)
	if in.opts.OnLoad != nil {
		in.opts.OnLoad(f)
	}
	m := newModule(in, dotted, path)
	code, err := compileModule(in, m, f)
	if IsLimitError(err) {
		th.raiseLimit(err.(*Exception), pos)
	}
	if err != nil {
		ex := AsException(err)
		th.raise(Errorf("ImportError", "module '%s' has errors: %s", dotted, ex.Error()), pos)
	}
	in.loading = append(in.loading, path)
	defer func() { in.loading = in.loading[:len(in.loading)-1] }()
	fr.pos = pos
	th.runModule(m, code)
	in.modules[path] = m
	return m
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		p = p[i+1:]
	}
	return strings.TrimSuffix(p, ".na")
}
