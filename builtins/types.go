package builtins

import (
	"math"
	"math/big"
	"strings"
	"unicode"

	"github.com/minidana/dana/lang/interp"
)

// installTypes binds the type objects (int, float, str, bool, list, tuple,
// dict, set, NoneType, function, range, type, any). Calling one converts with
// Dana's rules (SPEC §8.2).
func installTypes(in *interp.Interpreter, st *state) {
	mk := func(name string, conv interp.BuiltinFunc) {
		t := &interp.TypeObj{Name: name}
		if conv != nil {
			t.Conv = &interp.Builtin{Name: name, Fn: conv, Borrows: borrows(name)}
		}
		st.types[name] = t
		in.SetBuiltin(name, t)
	}
	mk("int", convInt)
	mk("float", convFloat)
	mk("str", convStr)
	mk("bool", convBool)
	mk("list", convList)
	mk("tuple", convTuple)
	mk("dict", convDict)
	mk("set", convSet)
	mk("frozenset", convFrozenSet)
	mk("range", builtinRange)
	mk("type", st.builtinType)
	mk("NoneType", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if err := arity("NoneType", args, kw, 0, 0); err != nil {
			return nil, err
		}
		return interp.None, nil
	})
	mk("function", nil)
	// any is both the type of hints (`x: any`, isinstance(v, any)) and the
	// any(iterable) function of SPEC §7.
	mk("any", builtinAny)
}

// typeOf returns type(v): the interpreter's type object for built-in values
// (the same instance as the builtin name), the struct type of a struct
// value, the class of an exception.
func (st *state) typeOf(v value) value {
	if sv, ok := interp.StructOf(v); ok {
		return sv.Type
	}
	if x, ok := v.(*interp.Exception); ok {
		return x.Type
	}
	name := v.TypeName()
	st.mu.Lock()
	defer st.mu.Unlock()
	if t, ok := st.types[name]; ok {
		return t
	}
	t := &interp.TypeObj{Name: name}
	st.types[name] = t
	return t
}

// builtinType is type(x).
func (st *state) builtinType(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if len(args) != 1 || len(kw) > 0 {
		return nil, interp.Errorf("TypeError", "type() takes 1 argument (%d given)", len(args)+len(kw))
	}
	return st.typeOf(args[0]), nil
}

// builtinIsinstance is isinstance(v, T): T is a type object, a struct type,
// an exception class, an interface, a type name ("int", "Point",
// "int | None") or a tuple of these. bool is an int, as in Python.
func (st *state) builtinIsinstance(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("isinstance", args, kw, 2, 2); err != nil {
		return nil, err
	}
	ok, err := isInstance(th.Interp(), args[0], args[1], 0)
	if err != nil {
		return nil, err
	}
	return interp.Bool(ok), nil
}

func isInstance(in *interp.Interpreter, v, t value, depth int) (bool, error) {
	switch x := t.(type) {
	case *interp.TypeObj:
		return matchTypeName(v, x.Name), nil
	case *interp.StructType:
		sv, ok := interp.StructOf(v)
		return ok && sv.Type == x, nil
	case *interp.EnumType:
		m, ok := v.(*interp.EnumMember)
		return ok && m.Type == x, nil
	case *interp.ExcType:
		e, ok := v.(*interp.Exception)
		return ok && e.Type.IsSubclass(x), nil
	case *interp.InterfaceType:
		return in.Implements(v, x), nil
	case interp.NoneType:
		_, ok := v.(interp.NoneType)
		return ok, nil
	case interp.Str:
		for _, alt := range strings.Split(string(x), "|") {
			name := strings.TrimSpace(alt)
			if i := strings.IndexByte(name, '['); i >= 0 {
				name = strings.TrimSpace(name[:i])
			}
			if matchTypeName(v, name) {
				return true, nil
			}
		}
		return false, nil
	case *interp.HintValue:
		alts := []*interp.TypeHint{x.Hint}
		if x.Hint.Kind == interp.HintUnion {
			alts = x.Hint.Union
		}
		for _, alt := range alts {
			if len(alt.Args) > 0 {
				return false, interp.Errorf("TypeError", "isinstance() argument 2 cannot be a parameterized generic")
			}
			switch {
			case alt.Struct != nil:
				if sv, ok := interp.StructOf(v); ok && sv.Type == alt.Struct {
					return true, nil
				}
			case alt.Enum != nil:
				if m, ok := v.(*interp.EnumMember); ok && m.Type == alt.Enum {
					return true, nil
				}
			case matchTypeName(v, alt.Name):
				return true, nil
			}
		}
		return false, nil
	case interp.Tuple:
		if depth > 50 {
			return false, interp.Errorf("RecursionError", "maximum recursion depth exceeded in isinstance()")
		}
		for _, e := range x {
			ok, err := isInstance(in, v, e, depth+1)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	return false, interp.Errorf("TypeError", "isinstance() arg 2 must be a type, a type name, or a tuple of types, not %s", typeName(t))
}

// matchTypeName reports whether v is of the named type.
func matchTypeName(v value, name string) bool {
	switch name {
	case "any", "Any", "object":
		return true
	case "int":
		return isIntValue(v)
	case "None", "NoneType", "null":
		_, ok := v.(interp.NoneType)
		return ok
	case "callable", "Callable":
		return interp.IsCallable(v)
	case "List":
		name = "list"
	case "Dict":
		name = "dict"
	case "Tuple":
		name = "tuple"
	case "Set":
		name = "set"
	}
	if e, ok := v.(*interp.Exception); ok {
		if t, ok := interp.ExceptionType(name); ok {
			return e.Type.IsSubclass(t)
		}
	}
	return v.TypeName() == name
}

// ---------------------------------------------------------------------------
// Conversions

var intSig = signature{name: "int", params: []string{"x", "base"}}

// convInt is int(x=0, base=10) with Dana's rules: floats truncate, numeric
// strings parse ("3.9" gives 3), and other strings are a ValueError.
func convInt(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := intSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	x, base := b[0], b[1]
	if base != nil {
		if x == nil {
			return nil, interp.Errorf("TypeError", "int() missing string argument")
		}
		s, ok := x.(interp.Str)
		if !ok {
			return nil, interp.Errorf("TypeError", "int() can't convert non-string with explicit base")
		}
		n, err := toIndex(base, "")
		if err != nil {
			return nil, err
		}
		return parseIntBase(string(s), n)
	}
	if r, ok, err := interp.CallDunder(th, x, "__int__"); ok {
		return r, err
	}
	switch v := x.(type) {
	case nil:
		return interp.MakeInt(0), nil
	case interp.Int, *interp.BigInt:
		return v, nil
	case interp.Float:
		f := float64(v)
		if math.IsNaN(f) {
			return nil, interp.Errorf("ValueError", "cannot convert float NaN to integer")
		}
		if math.IsInf(f, 0) {
			return nil, interp.Errorf("OverflowError", "cannot convert float infinity to integer")
		}
		return interp.ToInt(v)
	case interp.Bool:
		return interp.ToInt(v)
	case interp.Str:
		n, err := interp.ToInt(interp.Str(asciiDigits(string(v))))
		if err != nil {
			if e, ok := err.(*interp.Exception); ok && e.Type.Name == "ValueError" {
				return nil, err // the digit limit
			}
			return nil, interp.Errorf("ValueError", "invalid literal for int() with base 10: %s", interp.QuoteString(string(v)))
		}
		return n, nil
	}
	return nil, interp.Errorf("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '%s'", typeName(x))
}

// parseIntBase parses s as an integer literal in base (2-36, or 0 for a
// literal with an optional 0x/0o/0b prefix), as Python's int(s, base).
func parseIntBase(orig string, base int64) (value, error) {
	if base != 0 && (base < 2 || base > 36) {
		return nil, interp.Errorf("ValueError", "int() base must be >= 2 and <= 36, or 0")
	}
	bad := func() (value, error) {
		return nil, interp.Errorf("ValueError", "invalid literal for int() with base %d: %s", base, interp.QuoteString(orig))
	}
	s := strings.TrimFunc(asciiDigits(orig), isPySpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	b := int(base)
	prefixed := false
	if len(s) >= 2 && s[0] == '0' {
		p := map[byte]int{'x': 16, 'X': 16, 'o': 8, 'O': 8, 'b': 2, 'B': 2}[s[1]]
		if p != 0 && (b == 0 || b == p) {
			b, s, prefixed = p, s[2:], true
		}
	}
	if b == 0 {
		b = 10
		if len(strings.Trim(s, "_")) > 1 && s[0] == '0' && strings.Trim(s, "0_") != "" {
			return bad() // base 0 forbids leading zeros in decimal literals
		}
	}
	if prefixed && strings.HasPrefix(s, "_") {
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return bad()
	}
	s = strings.ReplaceAll(s, "_", "")
	if b&(b-1) != 0 && len(s) > interp.MaxIntStrDigits {
		return nil, interp.IntStrDigitsError(len(s))
	}
	n, ok := new(big.Int).SetString(s, b)
	if !ok {
		return bad()
	}
	if neg {
		n.Neg(n)
	}
	return interp.MakeBig(n), nil
}

// isPySpace reports whether r is white space for Python's str methods.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// convFloat is float(x=0.0): numbers and numeric strings ("2", " 1e3 ",
// "inf", "nan").
func convFloat(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "float", params: []string{"x"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if r, ok, err := interp.CallDunder(th, b[0], "__float__"); ok {
		return r, err
	}
	switch v := b[0].(type) {
	case nil:
		return interp.Float(0), nil
	case interp.Float:
		return v, nil
	case interp.Int, interp.Bool:
		f, _ := interp.ToFloat(v)
		return interp.Float(f), nil
	case *interp.BigInt:
		f, _ := new(big.Float).SetInt(v.V).Float64()
		if math.IsInf(f, 0) {
			return nil, interp.Errorf("OverflowError", "int too large to convert to float")
		}
		return interp.Float(f), nil
	case interp.Str:
		f, err := interp.ToFloat(interp.Str(asciiDigits(string(v))))
		if err != nil {
			return nil, interp.Errorf("ValueError", "could not convert string to float: %s", interp.QuoteString(string(v)))
		}
		return interp.Float(f), nil
	}
	return nil, interp.Errorf("TypeError", "float() argument must be a string or a real number, not '%s'", typeName(b[0]))
}

// convStr is str(x=""): Python's str, so str(True) is "True" (SPEC §8.1).
func convStr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "str", params: []string{"object"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	switch v := b[0].(type) {
	case nil:
		return interp.Str(""), nil
	case interp.Str:
		return v, nil
	}
	s, err := interp.ToStrChecked(th, b[0])
	if err != nil {
		return nil, err
	}
	return interp.Str(s), nil
}

// convBool is bool(x=False) with semantic string rules (bool("no") is
// False, SPEC §8.1).
func convBool(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "bool", params: []string{"x"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if b[0] == nil {
		return interp.Bool(false), nil
	}
	return interp.Bool(interp.SemanticBool(b[0])), nil
}

// jsonList returns the elements of a string holding a JSON array, or
// ok=false when it does not hold one.
func jsonList(s string) ([]value, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "[") || !strings.HasSuffix(t, "]") {
		return nil, false
	}
	v, err := interp.FromJSON(t)
	if err != nil {
		return nil, false
	}
	l, ok := v.(*interp.List)
	if !ok {
		return nil, false
	}
	return l.Elems, true
}

// seqElems returns the elements list(), tuple() and set() collect: a string
// holding a JSON array gives its elements (SPEC §8.1), any other string its
// characters, other iterables their elements. The result is a fresh slice.
func seqElems(th *interp.Thread, v value) ([]value, error) {
	if s, ok := v.(interp.Str); ok {
		if xs, ok := jsonList(string(s)); ok {
			return xs, nil
		}
	}
	xs, err := th.Iterate(v)
	if err != nil {
		if e, ok := err.(*interp.Exception); ok && e.Type.Name == "MemoryError" {
			return nil, err
		}
		return nil, interp.Errorf("TypeError", "'%s' object is not iterable", typeName(v))
	}
	th.AllocValues(int64(len(xs)))
	return append([]value(nil), xs...), nil
}

// convList is list(iterable=()).
func convList(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "list", params: []string{"iterable"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if b[0] == nil {
		return interp.NewList([]value{}), nil
	}
	xs, err := seqElems(th, b[0])
	if err != nil {
		return nil, err
	}
	if xs == nil {
		xs = []value{}
	}
	return interp.NewList(xs), nil
}

// convTuple is tuple(iterable=()).
func convTuple(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "tuple", params: []string{"iterable"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if b[0] == nil {
		return interp.Tuple{}, nil
	}
	if t, ok := b[0].(interp.Tuple); ok {
		return t, nil
	}
	xs, err := seqElems(th, b[0])
	if err != nil {
		return nil, err
	}
	if xs == nil {
		xs = []value{}
	}
	return interp.Tuple(xs), nil
}

// convSet is set(iterable=()).
func convSet(th *interp.Thread, args []value, kw kwargs) (value, error) {
	return fillSet(th, "set", interp.NewSet(), args, kw)
}

// convFrozenSet is frozenset(iterable=()): an immutable, hashable set.
func convFrozenSet(th *interp.Thread, args []value, kw kwargs) (value, error) {
	return fillSet(th, "frozenset", interp.NewFrozenSet(), args, kw)
}

// fillSet adds the elements of the optional iterable argument to s.
func fillSet(th *interp.Thread, name string, s *interp.Set, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: name, params: []string{"iterable"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if b[0] == nil {
		return s, nil
	}
	xs, err := seqElems(th, b[0])
	if err != nil {
		return nil, err
	}
	for _, x := range xs {
		if err := s.Add(x); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// convDict is dict(mapping_or_pairs=None, **kwargs); a string holding a JSON
// object and a struct value convert too (SPEC §8.1).
func convDict(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if len(args) > 1 {
		return nil, interp.Errorf("TypeError", "dict expected at most 1 argument, got %d", len(args))
	}
	d := interp.NewDict(len(kw))
	if len(args) == 1 {
		src := args[0]
		if s, ok := src.(interp.Str); ok {
			t := strings.TrimSpace(string(s))
			if strings.HasPrefix(t, "{") {
				if v, err := interp.FromJSON(t); err == nil {
					if jd, ok := v.(*interp.Dict); ok {
						src = jd
					}
				}
			}
		}
		if err := dictUpdate(th, d, src); err != nil {
			return nil, err
		}
	}
	for _, k := range kw {
		d.SetStr(k.Name, k.Value)
	}
	return d, nil
}

// dictUpdate adds the entries of a dict, a struct value or an iterable of
// key/value pairs to d.
func dictUpdate(th *interp.Thread, d *interp.Dict, src value) error {
	switch x := src.(type) {
	case *interp.Dict:
		keys, vals := x.Keys(), x.Values()
		for i, k := range keys {
			if err := d.Set(k, vals[i]); err != nil {
				return err
			}
		}
		return nil
	case *interp.StructVal:
		for i, f := range x.Type.Fields {
			d.SetStr(f.Name, x.Fields[i])
		}
		return nil
	}
	xs, err := th.Iterate(src)
	if err != nil {
		return interp.Errorf("TypeError", "'%s' object is not iterable", typeName(src))
	}
	xs = append([]value(nil), xs...)
	for i, e := range xs {
		pair, err := th.Iterate(e)
		if err != nil {
			return interp.Errorf("TypeError", "cannot convert dictionary update sequence element #%d to a sequence", i)
		}
		if len(pair) != 2 {
			return interp.Errorf("ValueError", "dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
		}
		if err := d.Set(pair[0], pair[1]); err != nil {
			return err
		}
	}
	return nil
}
