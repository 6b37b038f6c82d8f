package interp

// Special methods of structs (Python's data model, for programs whose
// classes became structs): a struct may define __str__, __repr__, __eq__,
// __lt__/__le__/__gt__/__ge__, the arithmetic operators (__add__,
// __radd__, ...), __len__, __contains__ and __getitem__. Each is looked up
// only where the built-in behaviour would otherwise fail or print the
// default form, so values without them pay nothing.

// dunderThread returns the thread to run a struct's special method on: th
// when given, else the interpreter's current thread (the one holding the
// interpreter lock, which runs the script that asked).
func dunderThread(th *Thread, m Value) *Thread {
	if th != nil {
		return th
	}
	if fn, ok := m.(*Function); ok && fn.Module != nil && fn.Module.in != nil {
		return fn.Module.in.cur
	}
	return nil
}

// callDunder calls v's special method name with args on th (nil: the
// current thread); ok is false when v's type does not define it.
func callDunder(th *Thread, v *StructVal, name string, args ...Value) (r Value, ok bool, err error) {
	m, found := v.Type.Methods[name]
	if !found {
		return nil, false, nil
	}
	th = dunderThread(th, m)
	if th == nil {
		return nil, false, nil
	}
	r, err = th.Call(m, append([]Value{v}, args...), nil)
	return r, true, err
}

// CallDunder calls v's special method name (e.g. "__len__") when v is a
// struct value whose type defines it; ok is false otherwise.
func CallDunder(th *Thread, v Value, name string, args ...Value) (Value, bool, error) {
	sv, isStruct := v.(*StructVal)
	if !isStruct {
		return nil, false, nil
	}
	return callDunder(th, sv, name, args...)
}

// dunderText runs __str__ or __repr__ and checks it returned a str.
func dunderText(th *Thread, v *StructVal, name string) (string, bool, error) {
	r, ok, err := callDunder(th, v, name)
	if !ok || err != nil {
		return "", ok, err
	}
	s, isStr := r.(Str)
	if !isStr {
		return "", true, Errorf("TypeError", "%s returned non-string (type %s)", name, r.TypeName())
	}
	return string(s), true, nil
}

// binaryDunders names the special methods of the binary operators.
var binaryDunders = map[string][2]string{
	"+": {"__add__", "__radd__"}, "-": {"__sub__", "__rsub__"}, "*": {"__mul__", "__rmul__"},
	"/": {"__truediv__", "__rtruediv__"}, "//": {"__floordiv__", "__rfloordiv__"},
	"%": {"__mod__", "__rmod__"}, "**": {"__pow__", "__rpow__"}, "&": {"__and__", "__rand__"},
	"|": {"__or__", "__ror__"}, "^": {"__xor__", "__rxor__"}, "<<": {"__lshift__", "__rlshift__"},
	">>": {"__rshift__", "__rrshift__"}, "@": {"__matmul__", "__rmatmul__"},
}

// structBinary applies op through a struct operand's special method
// (a.__add__(b), else b.__radd__(a)); ok is false when neither defines it
// (or it returned NotImplemented, which mini-Dana spells as None... not
// supported: the result is returned as is).
func structBinary(th *Thread, op string, a, b Value) (Value, bool, error) {
	names, known := binaryDunders[op]
	if !known {
		return nil, false, nil
	}
	if x, ok := a.(*StructVal); ok {
		if r, ok, err := callDunder(th, x, names[0], b); ok {
			return r, true, err
		}
	}
	if y, ok := b.(*StructVal); ok {
		if r, ok, err := callDunder(th, y, names[1], a); ok {
			return r, true, err
		}
	}
	return nil, false, nil
}

// BinaryOp is `a op b` as a script's expression computes it, special
// methods of struct operands included (for builtins such as sum()).
func (th *Thread) BinaryOp(op string, a, b Value) (Value, error) {
	r, err := Binary(op, a, b)
	if err == nil {
		return r, nil
	}
	if r2, ok, err2 := structBinary(th, op, a, b); ok {
		return r2, err2
	}
	return nil, err
}

// unaryDunders names the special methods of the unary operators.
var unaryDunders = map[string]string{"-": "__neg__", "+": "__pos__", "~": "__invert__"}

// iterable reports whether a struct value can be iterated (__iter__, or
// the sequence protocol's __getitem__).
func (v *StructVal) iterable() bool {
	_, it := v.Type.Methods["__iter__"]
	_, gi := v.Type.Methods["__getitem__"]
	return it || gi
}

// compareDunders names the rich comparisons and their reflections.
var compareDunders = map[string][2]string{
	"<": {"__lt__", "__gt__"}, "<=": {"__le__", "__ge__"}, ">": {"__gt__", "__lt__"}, ">=": {"__ge__", "__le__"},
}

// structCompare is a < b (and <=, >, >=) through a struct's special method,
// as compare's result: -1 or 1 when true for op, 2 when false.
func structCompare(op string, a, b Value) (int, bool, error) {
	names, known := compareDunders[op]
	if !known {
		return 0, false, nil
	}
	try := func(v Value, name string, arg Value) (bool, bool, error) {
		sv, ok := v.(*StructVal)
		if !ok {
			return false, false, nil
		}
		r, ok, err := callDunder(nil, sv, name, arg)
		if !ok || err != nil {
			return false, ok, err
		}
		return Truth(r), true, nil
	}
	res, ok, err := try(a, names[0], b)
	if !ok && err == nil {
		res, ok, err = try(b, names[1], a)
	}
	if !ok || err != nil {
		return 0, ok, err
	}
	if !res {
		return 2, true, nil
	}
	if op == "<" || op == "<=" {
		return -1, true, nil
	}
	return 1, true, nil
}

// structTruth is bool(v) for a struct value, as Python decides it for an
// object: __bool__ (which must return a bool), else __len__() != 0, else
// True. Truth cannot return an error, so one raised by these methods
// propagates as a panic on the running thread, the way the interpreter
// raises.
func structTruth(v *StructVal) bool {
	if r, ok, err := callDunder(nil, v, "__bool__"); ok {
		if err != nil {
			panic(err)
		}
		b, isBool := r.(Bool)
		if !isBool {
			panic(Errorf("TypeError", "__bool__ should return bool, returned %s", r.TypeName()))
		}
		return bool(b)
	}
	if r, ok, err := callDunder(nil, v, "__len__"); ok {
		if err != nil {
			panic(err)
		}
		n, err := dunderLen(r)
		if err != nil {
			panic(err)
		}
		return n != 0
	}
	return true
}

// dunderLen checks what __len__ returned: a non-negative int.
func dunderLen(r Value) (int64, error) {
	n, ok := asIndex(r)
	if !ok {
		return 0, Errorf("TypeError", "'%s' object cannot be interpreted as an integer", r.TypeName())
	}
	if n < 0 {
		return 0, Errorf("ValueError", "__len__() should return >= 0")
	}
	return int64(n), nil
}

// StructLen is len(v) for a struct that defines __len__; ok is false when
// it does not.
func StructLen(th *Thread, v Value) (n int64, ok bool, err error) {
	r, ok, err := CallDunder(th, v, "__len__")
	if !ok || err != nil {
		return 0, ok, err
	}
	n, err = dunderLen(r)
	return n, true, err
}

// structIter is iter(v) for a struct value: what __iter__ returns (a
// generator, an iterator over a collection, or a struct with __next__),
// else the old sequence protocol (__getitem__ with 0, 1, 2, ... until
// IndexError), as Python's iter() does.
func (th *Thread) structIter(v *StructVal) (*Iterator, error) {
	if r, ok, err := callDunder(th, v, "__iter__"); ok {
		if err != nil {
			return nil, err
		}
		switch x := r.(type) {
		case *Iterator:
			return x, nil
		case *StructVal:
			if _, has := x.Type.Methods["__next__"]; has {
				return th.in.NewIterator(x.Type.Name, func(th *Thread) (Value, bool) {
					r, _, err := callDunder(th, x, "__next__")
					if err != nil {
						if ex, isExc := err.(*Exception); isExc && ex.Type.Name == "StopIteration" {
							return nil, false
						}
						panic(err)
					}
					return r, true
				}), nil
			}
		}
		return nil, Errorf("TypeError", "iter() returned non-iterator of type '%s'", r.TypeName())
	}
	if _, has := v.Type.Methods["__getitem__"]; has {
		i := int64(0)
		return th.in.NewIterator("iterator", func(th *Thread) (Value, bool) {
			r, _, err := callDunder(th, v, "__getitem__", MakeInt(i))
			if err != nil {
				if ex, isExc := err.(*Exception); isExc && (ex.Type.Name == "IndexError" || ex.Type.Name == "StopIteration") {
					return nil, false
				}
				panic(err)
			}
			i++
			return r, true
		}), nil
	}
	return nil, Errorf("TypeError", "'%s' object is not iterable", v.TypeName())
}

// StructNext is next(v) for a struct value with __next__ (ok is false when
// v is not one); its StopIteration is returned as the error.
func StructNext(th *Thread, v Value) (Value, bool, error) { return CallDunder(th, v, "__next__") }

// structElements is the elements of an iterable struct, for Iterate
// (which has no thread: the current one runs the methods).
func structElements(v *StructVal) ([]Value, error) {
	var m Value
	for _, name := range [...]string{"__iter__", "__getitem__"} {
		if f, ok := v.Type.Methods[name]; ok {
			m = f
			break
		}
	}
	th := dunderThread(nil, m)
	if th == nil {
		return nil, Errorf("TypeError", "'%s' object is not iterable", v.TypeName())
	}
	it, err := th.structIter(v)
	if err != nil {
		return nil, err
	}
	return th.Elements(it)
}

// structFormat is format(v, spec) for a struct value that defines
// __format__ (which must return a str).
func structFormat(v *StructVal, spec string) (string, bool, error) {
	r, ok, err := callDunder(nil, v, "__format__", Str(spec))
	if !ok || err != nil {
		return "", ok, err
	}
	s, isStr := r.(Str)
	if !isStr {
		return "", true, Errorf("TypeError", "__format__ must return a str, not %s", r.TypeName())
	}
	return string(s), true, nil
}
