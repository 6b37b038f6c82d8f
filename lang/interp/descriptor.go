package interp

// DescriptorKind tells how a function defined in a struct body binds when it
// is looked up: Python's @staticmethod, @classmethod and @property.
type DescriptorKind int

// The descriptor kinds.
const (
	DescStatic   DescriptorKind = iota + 1 // no receiver
	DescClass                              // the struct type as first argument
	DescProperty                           // read as an attribute: calls the getter
)

// Descriptor is a struct-body function wrapped by staticmethod, classmethod
// or property (Python). A property may also carry a setter (`@x.setter`).
type Descriptor struct {
	Kind DescriptorKind
	Fn   Value // the function (a property's getter)
	Set  Value // a property's setter, or nil
}

// TypeName returns "staticmethod", "classmethod" or "property".
func (d *Descriptor) TypeName() string {
	switch d.Kind {
	case DescStatic:
		return "staticmethod"
	case DescClass:
		return "classmethod"
	}
	return "property"
}

// String renders the descriptor as Python does (without an address).
func (d *Descriptor) String() string { return "<" + d.TypeName() + " object>" }

// Attr exposes a property's setter decorator (`@name.setter`) and the
// wrapped function (__func__, fget, fset).
func (d *Descriptor) Attr(name string) (Value, bool) {
	switch name {
	case "__func__":
		return d.Fn, true
	case "fget":
		if d.Kind == DescProperty {
			return d.Fn, true
		}
	case "fset":
		if d.Kind == DescProperty {
			if d.Set == nil {
				return None, true
			}
			return d.Set, true
		}
	case "setter", "getter":
		if d.Kind != DescProperty {
			return nil, false
		}
		return &Builtin{Name: "property." + name, Fn: func(th *Thread, args []Value, kw []KwArg) (Value, error) {
			if len(args) != 1 || len(kw) > 0 {
				return nil, Errorf("TypeError", "%s() takes exactly one argument (%d given)", name, len(args)+len(kw))
			}
			nd := *d
			if name == "setter" {
				nd.Set = args[0]
			} else {
				nd.Fn = args[0]
			}
			return &nd, nil
		}}, true
	}
	return nil, false
}

// bindDescriptor returns what looking m up gives: through an instance
// (self non-nil) or through the struct type t. A property read through an
// instance is not handled here (it needs a call: see Thread.GetAttr).
func bindDescriptor(m Value, t *StructType, self *StructVal, name string) Value {
	d, ok := m.(*Descriptor)
	if !ok {
		if self != nil {
			return &BoundMethod{Self: self, Fn: m, Name: name}
		}
		return m
	}
	switch d.Kind {
	case DescStatic:
		return d.Fn
	case DescClass:
		return &BoundMethod{Self: t, Fn: d.Fn, Name: name}
	}
	return d
}

// GetAttr returns `v.name` as a running script reads it: Interpreter.GetAttr
// plus what needs a call on this thread (a property's getter) and
// `__class__`.
func (th *Thread) GetAttr(v Value, name string) (Value, error) {
	if sv, ok := v.(*StructVal); ok {
		if _, isField := sv.Type.index[name]; !isField {
			if d, ok := sv.Type.Methods[name].(*Descriptor); ok && d.Kind == DescProperty {
				return th.Call(d.Fn, []Value{sv}, nil)
			}
		}
	}
	if name == "__class__" {
		if t, ok := th.in.builtins["type"]; ok {
			return th.Call(t, []Value{v}, nil)
		}
	}
	return th.in.GetAttr(v, name)
}

// setProperty runs a property's setter for `sv.name = v`; ok is false when
// name is not a property of sv's type.
func (th *Thread) setProperty(sv *StructVal, name string, v Value) (bool, error) {
	d, ok := sv.Type.Methods[name].(*Descriptor)
	if !ok || d.Kind != DescProperty {
		return false, nil
	}
	if d.Set == nil {
		return true, Errorf("AttributeError", "property '%s' of '%s' object has no setter", name, sv.Type.Name)
	}
	_, err := th.Call(d.Set, []Value{sv, v}, nil)
	return true, err
}
