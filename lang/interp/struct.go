package interp

import (
	"sort"
	"sync"

	"github.com/minidana/dana/lang/ast"
)

// StructField describes one field of a struct type.
type StructField struct {
	Name    string
	Hint    *TypeHint
	Default Value // nil when required
	Comment string
	Doc     []string
}

// StructType is a struct declared with `struct Name:`. Calling it constructs
// an instance.
type StructType struct {
	Name    string
	Doc     string
	Fields  []StructField
	Methods map[string]Value
	Decl    *ast.StructDef
	// classAttrs holds attributes set on the type itself (`Account.count
	// += 1`, Python's class attributes); a field's default is read through
	// the type until one is set.
	classAttrs map[string]Value
	index      map[string]int
	excOnce    sync.Once
	exc        *ExcType
}

// TypeName returns "type".
func (*StructType) TypeName() string { return "type" }

// String returns the struct's name.
func (s *StructType) String() string { return s.Name }

// FieldIndex returns the index of a field, or -1.
func (s *StructType) FieldIndex(name string) int {
	if i, ok := s.index[name]; ok {
		return i
	}
	return -1
}

// Attr exposes struct methods as unbound functions (static and class
// methods bound as Python binds them), class attributes, and field defaults
// (what Python's dataclass keeps as class attributes).
func (s *StructType) Attr(name string) (Value, bool) {
	if m, ok := s.Methods[name]; ok {
		return bindDescriptor(m, s, nil, name), true
	}
	if v, ok := s.classAttrs[name]; ok {
		return v, true
	}
	switch name {
	case "__doc__":
		if s.Doc == "" {
			return None, true
		}
		return Str(s.Doc), true
	}
	if i, ok := s.index[name]; ok && s.Fields[i].Default != nil {
		return s.Fields[i].Default, true
	}
	return nil, false
}

// SetAttr sets a class attribute (`Account.count += 1`). Methods cannot be
// replaced this way.
func (s *StructType) SetAttr(name string, v Value) error {
	if _, ok := s.Methods[name]; ok {
		return Errorf("AttributeError", "cannot replace method '%s' of struct '%s'", name, s.Name)
	}
	if s.classAttrs == nil {
		s.classAttrs = map[string]Value{}
	}
	s.classAttrs[name] = v
	return nil
}

// NewStructType builds a struct type (for embedders; scripts use `struct`).
func NewStructType(name string, fields []StructField) *StructType {
	st := &StructType{Name: name, Fields: fields, Methods: map[string]Value{}, index: map[string]int{}}
	for i, f := range fields {
		st.index[f.Name] = i
	}
	return st
}

// StructVal is an instance of a struct type.
type StructVal struct {
	Type   *StructType
	Fields []Value
}

// TypeName returns the struct's name.
func (v *StructVal) TypeName() string { return v.Type.Name }

// excType is the exception class of errors raised with a value of this
// struct (`raise MyError(message="...")`): a subclass of Exception named
// after the struct, made on first use.
func (t *StructType) excType() *ExcType {
	t.excOnce.Do(func() { t.exc = &ExcType{Name: t.Name, Parent: excTypes["Exception"]} })
	return t.exc
}

// Attr returns a field or a bound method.
func (v *StructVal) Attr(name string) (Value, bool) {
	if i, ok := v.Type.index[name]; ok {
		return v.Fields[i], true
	}
	if m, ok := v.Type.Methods[name]; ok {
		return bindDescriptor(m, v.Type, v, name), true
	}
	if name == "__dict__" {
		return v.FieldDict(), true
	}
	return nil, false
}

// FieldDict returns a new dict of the fields in declaration order (Python's
// vars(obj) / obj.__dict__, as a snapshot).
func (v *StructVal) FieldDict() *Dict {
	d := NewDict(len(v.Fields))
	for i, f := range v.Type.Fields {
		d.SetStr(f.Name, v.Fields[i])
	}
	return d
}

// AttrNames lists fields and methods.
func (v *StructVal) AttrNames() []string {
	out := make([]string, 0, len(v.Fields)+len(v.Type.Methods))
	for _, f := range v.Type.Fields {
		out = append(out, f.Name)
	}
	for m := range v.Type.Methods {
		out = append(out, m)
	}
	sort.Strings(out[len(v.Fields):])
	return out
}

// SetField assigns a field with type checking.
func (v *StructVal) SetField(name string, x Value) error {
	i, ok := v.Type.index[name]
	if !ok {
		return v.Type.noField(name)
	}
	c, err := coerceField(v.Type, &v.Type.Fields[i], x)
	if err != nil {
		return err
	}
	v.Fields[i] = c
	return nil
}

func (s *StructType) noField(name string) *Exception {
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = f.Name
	}
	if sug := suggest(name, names); sug != "" {
		return Errorf("AttributeError", "'%s' has no field '%s'; did you mean '%s'?", s.Name, name, sug)
	}
	return Errorf("AttributeError", "'%s' has no field '%s'", s.Name, name)
}

func coerceField(st *StructType, f *StructField, x Value) (Value, error) {
	c, err := Coerce(x, f.Hint)
	if err != nil {
		ex := AsException(err)
		return nil, Errorf("TypeError", "%s.%s: %s", st.Name, f.Name, ex.Msg)
	}
	return c, nil
}

// construct builds an instance from positional (field order) and keyword
// arguments, coercing each to its field type.
func (s *StructType) construct(th *Thread, args []Value, kw []KwArg) (Value, error) {
	if init, ok := s.Methods["__init__"]; ok && th != nil {
		return s.constructInit(th, init, args, kw)
	}
	v, err := s.constructFields(args, kw)
	if err != nil || th == nil {
		return v, err
	}
	if post, ok := s.Methods["__post_init__"]; ok {
		// As a dataclass: __post_init__ runs after the fields are set.
		if _, err := th.Call(post, []Value{v}, nil); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// hasInit reports whether constructing the struct runs a method of it
// (__init__ or __post_init__).
func (s *StructType) hasInit() bool {
	_, i := s.Methods["__init__"]
	_, p := s.Methods["__post_init__"]
	return i || p
}

// constructInit makes an instance of a struct that defines __init__, as a
// Python class does: the fields start at their defaults (None when they
// have none) and __init__(self, *args, **kw) sets them.
func (s *StructType) constructInit(th *Thread, init Value, args []Value, kw []KwArg) (Value, error) {
	vals := make([]Value, len(s.Fields))
	for i, f := range s.Fields {
		vals[i] = None
		if f.Default != nil {
			vals[i] = copyDefault(f.Default)
		}
	}
	v := &StructVal{Type: s, Fields: vals}
	r, err := th.Call(init, append([]Value{v}, args...), kw)
	if err != nil {
		return nil, err
	}
	if r != None {
		return nil, Errorf("TypeError", "__init__() should return None, not '%s'", r.TypeName())
	}
	return v, nil
}

// constructFields makes an instance from field values given by position
// and keyword (the constructor of a struct without __init__).
func (s *StructType) constructFields(args []Value, kw []KwArg) (Value, error) {
	if len(args) > len(s.Fields) {
		return nil, Errorf("TypeError", "%s() takes %d field value%s but %d were given", s.Name, len(s.Fields), plural(len(s.Fields)), len(args))
	}
	sv := s.newInstance()
	vals := sv.Fields
	copy(vals, args)
	for _, k := range kw {
		i, ok := s.index[k.Name]
		if !ok {
			names := make([]string, len(s.Fields))
			for j, f := range s.Fields {
				names[j] = f.Name
			}
			if sug := suggest(k.Name, names); sug != "" {
				return nil, Errorf("TypeError", "%s() has no field '%s'; did you mean '%s'?", s.Name, k.Name, sug)
			}
			return nil, Errorf("TypeError", "%s() has no field '%s' (fields: %s)", s.Name, k.Name, joinComma(names))
		}
		if vals[i] != nil {
			return nil, Errorf("TypeError", "%s() got multiple values for field '%s'", s.Name, k.Name)
		}
		vals[i] = k.Value
	}
	return s.finish(sv)
}

// finish completes an instance (from newInstance) whose fields hold the
// given values in field order, nil where not given: defaults,
// missing-field errors and coercion.
func (s *StructType) finish(sv *StructVal) (Value, error) {
	vals := sv.Fields
	var missing []string
	for i := range s.Fields {
		f := &s.Fields[i]
		if vals[i] == nil {
			if f.Default == nil {
				missing = append(missing, f.Name)
				continue
			}
			vals[i] = copyDefault(f.Default)
			continue
		}
		if coercesToItself(vals[i], f.Hint) {
			continue
		}
		c, err := coerceField(s, f, vals[i])
		if err != nil {
			return nil, err
		}
		vals[i] = c
	}
	if len(missing) > 0 {
		return nil, Errorf("TypeError", "%s() missing required field%s: %s", s.Name, plural(len(missing)), quoteList(missing))
	}
	return sv, nil
}

// copyDefault gives each instance its own copy of a mutable default.
func copyDefault(v Value) Value {
	switch x := v.(type) {
	case *List:
		return NewList(append([]Value(nil), x.Elems...))
	case *Dict:
		return x.Copy()
	case *Set:
		return x.Copy()
	}
	return v
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// InterfaceType is declared with `interface Name:`.
type InterfaceType struct {
	Name    string
	Doc     string
	Methods []string
	Embeds  []string
	mod     *Module
}

// TypeName returns "type".
func (*InterfaceType) TypeName() string { return "type" }

// String returns the interface's name.
func (i *InterfaceType) String() string { return i.Name }

// AllMethods returns the method names including those of embedded
// interfaces.
func (i *InterfaceType) AllMethods() []string {
	seen := map[*InterfaceType]bool{}
	var out []string
	var walk func(t *InterfaceType)
	walk = func(t *InterfaceType) {
		if seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t.Methods...)
		for _, e := range t.Embeds {
			if t.mod == nil {
				continue
			}
			if v, ok := t.mod.Global(e); ok {
				if et, ok := v.(*InterfaceType); ok {
					walk(et)
				}
			}
		}
	}
	walk(i)
	return out
}

// Implements reports whether v has every method of the interface.
func (in *Interpreter) Implements(v Value, iface *InterfaceType) bool {
	for _, m := range iface.AllMethods() {
		if _, ok := in.method(v, m); !ok {
			return false
		}
	}
	return true
}

// method finds a method of a value (struct methods, user receiver methods
// on built-in types, then built-in methods).
func (in *Interpreter) method(v Value, name string) (Value, bool) {
	if sv, ok := v.(*StructVal); ok {
		m, ok := sv.Type.Methods[name]
		return m, ok
	}
	if ms, ok := in.methods[v.TypeName()]; ok {
		if m, ok := ms[name]; ok {
			return m, true
		}
	}
	return nil, false
}
