package builtins

import (
	"github.com/minidana/dana/lang/interp"
)

// methodFn is the body of a method of a built-in type: self is the receiver
// (already checked to be of the type), a holds one entry per declared
// parameter (nil when an optional one is absent).
type methodFn func(th *interp.Thread, self value, a []value) (value, error)

// methodSpec declares a method for register.
type methodSpec struct {
	params []string
	nreq   int
	kwOnly []string
	fn     methodFn
}

// register installs the methods of a built-in type. Each gets its receiver
// type checked (str.upper(5) is a TypeError, as in Python) and its
// arguments bound by name.
func register(in *interp.Interpreter, typ string, ms map[string]methodSpec) {
	for name, m := range ms {
		in.RegisterMethod(typ, name, wrapMethod(typ, name, m))
	}
}

// constantMethods are the methods whose work does not grow with their
// receiver; every other method of a str, list, tuple, dict or set is
// charged one step per element of its receiver (per interp.BytesPerStep
// bytes of a string) before it runs, so that the step budget and the
// deadline hold inside them.
var constantMethods = map[string]bool{
	"list.append": true, "list.pop": true, "list.insert": true, "list.clear": true,
	"dict.get": true, "dict.pop": true, "dict.setdefault": true, "dict.popitem": true, "dict.clear": true,
	"set.add": true, "set.remove": true, "set.discard": true, "set.pop": true, "set.clear": true,
	"str.startswith": true, "str.endswith": true,
}

// chargeReceiver charges th for a method's work over its receiver.
func chargeReceiver(th *interp.Thread, self value) {
	switch x := self.(type) {
	case interp.Str:
		if len(x) >= interp.BytesPerStep {
			th.ChargeBytes(len(x))
		}
	case *interp.List:
		th.Charge(len(x.Elems))
	case interp.Tuple:
		th.Charge(len(x))
	case *interp.Dict:
		th.Charge(x.Len())
	case *interp.Set:
		th.Charge(x.Len())
	}
}

func wrapMethod(typ, name string, m methodSpec) interp.BuiltinFunc {
	sig := signature{name: name, params: m.params, nreq: m.nreq, kwOnly: m.kwOnly}
	fast := len(m.kwOnly) == 0
	charge := !constantMethods[typ+"."+name]
	return func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if len(args) == 0 {
			return nil, interp.Errorf("TypeError", "unbound method %s.%s() needs an argument", typ, name)
		}
		self := args[0]
		if self.TypeName() != typ {
			return nil, interp.Errorf("TypeError", "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, typ, self.TypeName())
		}
		if charge {
			chargeReceiver(th, self)
		}
		rest := args[1:]
		// Fast path: every parameter passed positionally.
		if fast && len(kw) == 0 && len(rest) == len(m.params) {
			return m.fn(th, self, rest)
		}
		if len(kw) == 0 && len(rest) > len(m.params) {
			if len(m.params) == 0 && len(m.kwOnly) > 0 {
				return nil, interp.Errorf("TypeError", "%s() takes no positional arguments", name)
			}
			if len(m.params) == 0 {
				return nil, interp.Errorf("TypeError", "%s.%s() takes no arguments (%d given)", typ, name, len(rest))
			}
			return nil, tooMany(typ+"."+name, len(m.params), m.nreq, len(rest))
		}
		if fast && len(kw) == 0 && len(rest) >= m.nreq {
			// Trailing optional parameters omitted: the binding is the
			// arguments and nils, in a window of the value stack (a
			// method does not keep its arguments).
			a, mark := th.ArgWindow(len(m.params))
			copy(a, rest)
			v, err := m.fn(th, self, a)
			th.PopArgWindow(mark)
			return v, err
		}
		a, err := sig.bind(rest, kw)
		if err != nil {
			return nil, err
		}
		return m.fn(th, self, a)
	}
}

// registerRaw installs methods that take their arguments unbound (varargs
// methods such as set.union); the receiver type is still checked.
func registerRaw(in *interp.Interpreter, typ string, ms map[string]func(th *interp.Thread, self value, args []value, kw kwargs) (value, error)) {
	for name, fn := range ms {
		in.RegisterMethod(typ, name, func(th *interp.Thread, args []value, kw kwargs) (value, error) {
			if len(args) == 0 {
				return nil, interp.Errorf("TypeError", "unbound method %s.%s() needs an argument", typ, name)
			}
			if args[0].TypeName() != typ {
				return nil, interp.Errorf("TypeError", "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, typ, args[0].TypeName())
			}
			chargeReceiver(th, args[0])
			return fn(th, args[0], args[1:], kw)
		})
	}
}

// noKwargs rejects keyword arguments of a raw method.
func noKwargs(name string, kw kwargs) error {
	if len(kw) > 0 {
		return interp.Errorf("TypeError", "%s() takes no keyword arguments", name)
	}
	return nil
}
