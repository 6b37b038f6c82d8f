package interp

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// TypeObj is a built-in type (int, str, list, ...) as a value: type(3) returns
// one; it prints as its name, compares equal to its name as a string, and
// calling it converts (int("5")).
type TypeObj struct {
	Name string
	Conv *Builtin
}

// TypeName returns "type".
func (*TypeObj) TypeName() string { return "type" }

// String returns the type's name.
func (t *TypeObj) String() string { return t.Name }

// GetItem makes list[float], dict[str, int], tuple[int, str] and set[str]
// type expressions as values (SPEC §2.4): the result is a *HintValue,
// usable as an alias in hints (`Vector = list[float]`).
func (t *TypeObj) GetItem(i Value) (Value, error) {
	switch t.Name {
	case "list", "dict", "tuple", "set", "frozenset", "type":
	default:
		return nil, Errorf("TypeError", "type '%s' is not subscriptable", t.Name)
	}
	args := []Value{i}
	if tup, ok := i.(Tuple); ok {
		args = tup
	}
	h := &TypeHint{Name: t.Name}
	h.Kind = NewHint(&ast.TypeExpr{Name: t.Name}, nil).Kind
	for _, a := range args {
		ah, err := HintOfValue(a)
		if err != nil {
			return nil, err
		}
		h.Args = append(h.Args, ah)
	}
	return &HintValue{Hint: h}, nil
}

// HintValue is a type expression used as a value: list[float], int | None
// (SPEC §2.4). Bound to a name, it is an alias usable in hints.
type HintValue struct{ Hint *TypeHint }

// TypeName is GenericAlias (UnionType for a union), as in Python.
func (v *HintValue) TypeName() string {
	if v.Hint.Kind == HintUnion {
		return "UnionType"
	}
	return "GenericAlias"
}

// String renders the type expression as Python prints it.
func (v *HintValue) String() string { return v.Hint.String() }

// HintOfValue returns the hint a type value stands for: a built-in type, a
// struct or enum type, a type expression value, None, or an ellipsis.
func HintOfValue(v Value) (*TypeHint, error) {
	switch x := v.(type) {
	case *HintValue:
		return x.Hint, nil
	case *TypeObj:
		return HintFromString(x.Name, nil), nil
	case *StructType:
		return &TypeHint{Kind: HintStruct, Name: x.Name, Struct: x}, nil
	case *EnumType:
		return &TypeHint{Kind: HintStruct, Name: x.Name, Enum: x}, nil
	case NoneType:
		return &TypeHint{Kind: HintNone, Name: "None"}, nil
	case EllipsisType:
		return &TypeHint{Kind: HintAny, Name: "..."}, nil
	}
	return nil, Errorf("TypeError", "%s is not a type", Repr(v))
}

// typeUnion is `a | b` where both sides are types (`int | None`): a union
// type value; ok is false when they are not both types.
func typeUnion(a, b Value) (Value, bool) {
	isType := func(v Value) bool {
		switch v.(type) {
		case *HintValue, *TypeObj, *StructType, *EnumType:
			return true
		}
		return false
	}
	_, an := a.(NoneType)
	_, bn := b.(NoneType)
	if !(isType(a) || an) || !(isType(b) || bn) || (an && bn) {
		return nil, false
	}
	h := &TypeHint{Kind: HintUnion}
	for _, v := range []Value{a, b} {
		vh, err := HintOfValue(v)
		if err != nil {
			return nil, false
		}
		if vh.Kind == HintUnion {
			h.Union = append(h.Union, vh.Union...)
		} else {
			h.Union = append(h.Union, vh)
		}
	}
	return &HintValue{Hint: h}, true
}

// HintKind classifies a type hint.
type HintKind int

// Hint kinds.
const (
	HintAny HintKind = iota
	HintInt
	HintFloat
	HintStr
	HintBool
	HintNone
	HintList
	HintTuple
	HintDict
	HintSet
	HintStruct // a struct (or other user type) named Name
	HintUnion
	HintFunc
	HintLiteral // one literal value, Lit (§2.5)
)

// TypeHint is a resolved type expression (§2.4).
type TypeHint struct {
	Kind  HintKind
	Name  string // as written (for struct types, the struct name)
	Args  []*TypeHint
	Union []*TypeHint
	mod   *Module
	// Struct is set once a struct hint has been resolved.
	Struct *StructType
	// Lit is a HintLiteral's value (Str, Int or Bool).
	Lit Value
	// Enum is set once an enum hint has been resolved.
	Enum *EnumType
	// alias is what a name bound to a type expression value stands for
	// (`Vector = list[float]`), once resolved.
	alias *TypeHint
}

// resolveAlias returns the hint a named hint stands for when the name is
// bound to a type expression or a built-in type (`Vector = list[float]`,
// `Number = float`), else h itself.
func (h *TypeHint) resolveAlias() *TypeHint {
	if h == nil || h.Kind != HintStruct || h.Struct != nil || h.Enum != nil {
		return h
	}
	if h.alias != nil {
		return h.alias
	}
	v, ok := h.lookup()
	if !ok {
		return h
	}
	switch x := v.(type) {
	case *HintValue:
		h.alias = x.Hint
	case *TypeObj:
		h.alias = HintFromString(x.Name, h.mod)
	case *StructType:
		// A struct named before its definition (a self-reference such as
		// `next: Node | None`, or a forward one): remember it, as
		// ResolveStruct does, so that the next check of the hint does not
		// look the name up again (every field write of a linked list).
		h.Struct = x
		return h
	case *EnumType:
		h.Enum = x
		return h
	default:
		return h
	}
	return h.alias
}

// String renders the hint as written.
func (h *TypeHint) String() string {
	if h == nil {
		return "any"
	}
	if h.Kind == HintLiteral {
		return Repr(h.Lit)
	}
	if h.Kind == HintUnion {
		parts := make([]string, len(h.Union))
		for i, u := range h.Union {
			parts[i] = u.String()
		}
		return strings.Join(parts, " | ")
	}
	if len(h.Args) == 0 {
		return h.Name
	}
	parts := make([]string, len(h.Args))
	for i, a := range h.Args {
		parts[i] = a.String()
	}
	return h.Name + "[" + strings.Join(parts, ", ") + "]"
}

// ResolveStruct returns the struct type a HintStruct names, looking it up in
// the module where the hint was written (nil when it is not a struct).
func (h *TypeHint) ResolveStruct() *StructType {
	if h == nil || h.Kind != HintStruct {
		return nil
	}
	if h.Struct != nil {
		return h.Struct
	}
	v, ok := h.lookup()
	if !ok {
		return nil
	}
	if st, ok := v.(*StructType); ok {
		h.Struct = st
		return st
	}
	return nil
}

// lookup finds the value a named hint refers to in its module.
func (h *TypeHint) lookup() (Value, bool) {
	if h.mod == nil {
		return nil, false
	}
	var v Value
	parts := splitDots(h.Name)
	v, ok := h.mod.Global(parts[0])
	for _, p := range parts[1:] {
		if !ok {
			break
		}
		a, isA := v.(Attrer)
		if !isA {
			ok = false
			break
		}
		v, ok = a.Attr(p)
	}
	return v, ok
}

// NewHint builds a hint from a type expression; mod resolves struct names.
func NewHint(t *ast.TypeExpr, mod *Module) *TypeHint {
	if t == nil {
		return nil
	}
	if len(t.Union) > 0 {
		h := &TypeHint{Kind: HintUnion}
		for _, u := range t.Union {
			h.Union = append(h.Union, NewHint(u, mod))
		}
		return h
	}
	if t.Lit != nil {
		return &TypeHint{Kind: HintLiteral, Lit: FromGo(t.Lit), Name: t.String()}
	}
	h := &TypeHint{Name: t.Name, mod: mod}
	switch t.Name {
	case "int":
		h.Kind = HintInt
	case "float":
		h.Kind = HintFloat
	case "str":
		h.Kind = HintStr
	case "bool":
		h.Kind = HintBool
	case "None", "NoneType", "null":
		h.Kind = HintNone
	case "list", "List":
		h.Kind = HintList
	case "tuple", "Tuple":
		h.Kind = HintTuple
	case "dict", "Dict":
		h.Kind = HintDict
	case "set", "Set":
		h.Kind = HintSet
	case "any", "Any", "object":
		h.Kind = HintAny
	case "function", "callable", "Callable":
		h.Kind = HintFunc
	default:
		h.Kind = HintStruct
	}
	for _, a := range t.Args {
		h.Args = append(h.Args, NewHint(a, mod))
	}
	return h
}

// HintFromString parses a simple type name ("int", "list[str]") for use
// from Go; struct names resolve in mod.
func HintFromString(s string, mod *Module) *TypeHint {
	s = strings.TrimSpace(s)
	if parts := splitTop(s, '|'); len(parts) > 1 {
		h := &TypeHint{Kind: HintUnion}
		for _, p := range parts {
			h.Union = append(h.Union, HintFromString(p, mod))
		}
		return h
	}
	if lit, ok := literalHint(s); ok {
		return &TypeHint{Kind: HintLiteral, Lit: lit, Name: s}
	}
	name, args := s, ""
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		name, args = s[:i], s[i+1:len(s)-1]
	}
	t := &ast.TypeExpr{Name: strings.TrimSpace(name)}
	h := NewHint(t, mod)
	if args != "" {
		for _, a := range splitTop(args, ',') {
			h.Args = append(h.Args, HintFromString(a, mod))
		}
	}
	return h
}

func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// Matches reports whether v already has the hinted type (no coercion).
func (h *TypeHint) Matches(v Value) bool {
	if h == nil {
		return true
	}
	if h.Kind == HintStruct {
		if a := h.resolveAlias(); a != h {
			return a.Matches(v)
		}
	}
	switch h.Kind {
	case HintAny:
		return true
	case HintInt:
		switch v.(type) {
		case Int, *BigInt:
			return true
		}
	case HintFloat:
		_, ok := v.(Float)
		return ok
	case HintStr:
		_, ok := v.(Str)
		return ok
	case HintBool:
		_, ok := v.(Bool)
		return ok
	case HintNone:
		_, ok := v.(NoneType)
		return ok
	case HintList:
		_, ok := v.(*List)
		return ok && len(h.Args) == 0
	case HintTuple:
		_, ok := v.(Tuple)
		return ok && len(h.Args) == 0
	case HintDict:
		_, ok := v.(*Dict)
		return ok && len(h.Args) == 0
	case HintSet:
		_, ok := v.(*Set)
		return ok && len(h.Args) == 0
	case HintFunc:
		return IsCallable(v)
	case HintLiteral:
		return Equal(v, h.Lit) && sameKind(v, h.Lit)
	case HintStruct:
		if m, ok := v.(*EnumMember); ok {
			return m.Type.Name == h.Name
		}
		sv, ok := v.(*StructVal)
		return ok && sv.Type.Name == h.Name
	case HintUnion:
		for _, u := range h.Union {
			if u.Matches(v) {
				return true
			}
		}
	}
	return false
}

func coerceFail(v Value, h *TypeHint) *Exception {
	r := Repr(v)
	if len(r) > 60 {
		r = r[:57] + "..."
	}
	return Errorf("TypeError", "cannot coerce %s (%s) to %s", r, v.TypeName(), h.String())
}

// Coerce converts v to the hinted type with Dana's rules (SPEC §8). None
// stays None.
func Coerce(v Value, h *TypeHint) (Value, error) {
	if h == nil || h.Kind == HintAny {
		return v, nil
	}
	if _, ok := v.(NoneType); ok {
		return v, nil
	}
	switch h.Kind {
	case HintInt:
		return ToInt(v)
	case HintFloat:
		f, err := ToFloat(v)
		if err != nil {
			return nil, coerceFail(v, h)
		}
		return Float(f), nil
	case HintStr:
		if s, ok := v.(Str); ok {
			return s, nil
		}
		return Str(ToStr(v)), nil
	case HintBool:
		return Bool(SemanticBool(v)), nil
	case HintNone:
		return nil, coerceFail(v, h)
	case HintFunc:
		if IsCallable(v) {
			return v, nil
		}
		return nil, coerceFail(v, h)
	case HintList, HintTuple, HintSet:
		elems, ok := collectionElems(v)
		if !ok {
			return nil, coerceFail(v, h)
		}
		out := make([]Value, len(elems))
		for i, e := range elems {
			var eh *TypeHint
			if len(h.Args) == 1 || (h.Kind != HintTuple && len(h.Args) > 0) {
				eh = h.Args[0]
			} else if h.Kind == HintTuple && i < len(h.Args) {
				eh = h.Args[i]
			}
			ce, err := Coerce(e, eh)
			if err != nil {
				return nil, err
			}
			out[i] = ce
		}
		switch h.Kind {
		case HintList:
			if l, ok := v.(*List); ok && len(h.Args) == 0 {
				return l, nil
			}
			return NewList(out), nil
		case HintTuple:
			return Tuple(out), nil
		default:
			s := NewSet()
			for _, e := range out {
				if err := s.Add(e); err != nil {
					return nil, err
				}
			}
			return s, nil
		}
	case HintDict:
		d, ok := asDict(v)
		if !ok {
			return nil, coerceFail(v, h)
		}
		if len(h.Args) != 2 {
			return d, nil
		}
		out := NewDict(d.Len())
		for i, k := range d.Keys() {
			ck, err := Coerce(k, h.Args[0])
			if err != nil {
				return nil, err
			}
			cv, err := Coerce(d.Values()[i], h.Args[1])
			if err != nil {
				return nil, err
			}
			if err := out.Set(ck, cv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case HintLiteral:
		if c, ok := coerceLiteral(v, h); ok {
			return c, nil
		}
		return nil, coerceFail(v, h)
	case HintStruct:
		if a := h.resolveAlias(); a != h {
			return Coerce(v, a)
		}
		if et := h.ResolveEnum(); et != nil {
			if m, ok := et.Lookup(v); ok {
				return m, nil
			}
			return nil, Errorf("TypeError", "%s is not a member of %s (allowed: %s)", Repr(v), et.Name, memberList(et))
		}
		st := h.ResolveStruct()
		if st == nil {
			if sv, ok := v.(*StructVal); ok && sv.Type.Name == h.Name {
				return sv, nil
			}
			return v, nil // unknown type name: leave the value as is
		}
		if sv, ok := v.(*StructVal); ok && sv.Type == st {
			return sv, nil
		}
		d, ok := asDict(v)
		if !ok {
			return nil, coerceFail(v, h)
		}
		var kw []KwArg
		for i, k := range d.Keys() {
			ks, ok := k.(Str)
			if !ok {
				return nil, coerceFail(v, h)
			}
			kw = append(kw, KwArg{Name: string(ks), Value: d.Values()[i]})
		}
		return st.construct(nil, nil, kw)
	case HintUnion:
		for _, u := range h.Union {
			if u.Matches(v) {
				return v, nil
			}
		}
		var first error
		for _, u := range h.Union {
			if u.Kind == HintNone {
				continue
			}
			if c, err := Coerce(v, u); err == nil {
				return c, nil
			} else if first == nil {
				first = err
			}
		}
		if first != nil {
			return nil, coerceFail(v, h)
		}
		return v, nil
	}
	return v, nil
}

func collectionElems(v Value) ([]Value, bool) {
	switch x := v.(type) {
	case *List:
		return x.Elems, true
	case Tuple:
		return x, true
	case *Set:
		return x.Elems(), true
	case *Range:
		out := make([]Value, 0, x.Len())
		for i := x.Start; (x.Step > 0 && i < x.Stop) || (x.Step < 0 && i > x.Stop); i += x.Step {
			out = append(out, MakeInt(i))
		}
		return out, true
	case *Dict:
		return x.Keys(), true
	case *DictView:
		elems, _ := x.Elements()
		return elems, true
	case Str:
		j, err := FromJSON(string(x))
		if err != nil {
			return nil, false
		}
		if l, ok := j.(*List); ok {
			return l.Elems, true
		}
	}
	return nil, false
}

func asDict(v Value) (*Dict, bool) {
	switch x := v.(type) {
	case *Dict:
		return x, true
	case *StructVal:
		return x.FieldDict(), true
	case Str:
		j, err := FromJSON(string(x))
		if err != nil {
			return nil, false
		}
		d, ok := j.(*Dict)
		return d, ok
	}
	return nil, false
}

// ToInt converts with §8.1 rules: floats truncate; numeric strings parse.
func ToInt(v Value) (Value, error) {
	switch x := v.(type) {
	case Int, *BigInt:
		return x, nil
	case Bool:
		if x {
			return MakeInt(1), nil
		}
		return MakeInt(0), nil
	case Float:
		f := float64(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, Errorf("ValueError", "cannot convert float %s to integer", FormatFloat(f))
		}
		if math.Abs(f) < 9e18 {
			return MakeInt(int64(f)), nil
		}
		b, _ := bigFromFloat(f)
		return MakeBig(b), nil
	case Str:
		s, ok := stripUnderscores(strings.TrimSpace(string(x)))
		if ok && s != "" && !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				return MakeInt(n), nil
			}
			if d := strings.TrimLeft(s, "+-"); len(d) > MaxIntStrDigits && strings.Trim(d, "0123456789") == "" {
				return nil, IntStrDigitsError(len(d))
			}
			if b, ok := new(big.Int).SetString(s, 10); ok {
				return MakeBig(b), nil
			}
			if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
				return ToInt(Float(f))
			}
		}
		return nil, Errorf("TypeError", "cannot coerce %s (str) to int", QuoteString(string(x)))
	}
	return nil, Errorf("TypeError", "cannot coerce %s (%s) to int", Repr(v), v.TypeName())
}

// stripUnderscores removes '_' digit separators, which (as in Python) are
// allowed only between two digits.
func stripUnderscores(s string) (string, bool) {
	if !strings.Contains(s, "_") {
		return s, true
	}
	isDigit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' {
			if !isDigit(i-1) || !isDigit(i+1) {
				return "", false
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

// ToFloat converts with §8.1 rules.
func ToFloat(v Value) (float64, error) {
	if f, ok := toFloat(v); ok {
		return f, nil
	}
	if s, ok := v.(Str); ok {
		t, ok := stripUnderscores(strings.ToLower(strings.TrimSpace(string(s))))
		if !ok || strings.Contains(t, "0x") {
			return 0, Errorf("TypeError", "cannot coerce %s (str) to float", QuoteString(string(s)))
		}
		switch t {
		case "inf", "+inf", "infinity":
			return math.Inf(1), nil
		case "-inf", "-infinity":
			return math.Inf(-1), nil
		case "nan":
			return math.NaN(), nil
		}
		f, err := strconv.ParseFloat(t, 64)
		if err == nil || errors.Is(err, strconv.ErrRange) {
			// Out of range is ±inf or ±0, as in Python: float("1e1000").
			return f, nil
		}
		return 0, Errorf("TypeError", "cannot coerce %s (str) to float", QuoteString(string(s)))
	}
	return 0, Errorf("TypeError", "cannot coerce %s (%s) to float", Repr(v), v.TypeName())
}

var negativeWords = []string{"no", "n", "false", "nope", "never", "off", "none", "null", "0", "0.0", "nah", "not", "negative", "incorrect", "wrong", "disagree"}
var positiveWords = []string{"yes", "y", "true", "on", "1", "sure", "ok", "okay", "yep", "yeah", "correct", "right", "affirmative", "absolutely", "definitely", "certainly", "agree", "indeed"}

// SemanticBool converts to bool with §8.1 rules: negative words and phrases
// that start with one are False; other non-empty strings are True.
func SemanticBool(v Value) bool {
	s, ok := v.(Str)
	if !ok {
		return Truth(v)
	}
	t := strings.ToLower(strings.TrimSpace(string(s)))
	if t == "" {
		return false
	}
	first := t
	if i := strings.IndexFunc(t, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '!' || r == ';' || r == ':' }); i >= 0 {
		first = t[:i]
	}
	for _, w := range negativeWords {
		if first == w || t == w {
			return false
		}
	}
	for _, w := range positiveWords {
		if first == w {
			return true
		}
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil {
		return f != 0
	}
	return true
}

// FromJSON decodes JSON text into mini-Dana values (objects become dicts in
// key order, integers become int, other numbers float).
func FromJSON(s string) (Value, error) { return FromJSONOn(nil, s) }

// FromJSONOn is FromJSON charging th (when not nil) one step per token, so
// that the run's limits hold while a big document is decoded. Nesting past
// MaxWalkDepth is a RecursionError (CPython's json raises one too) and an
// integer of more than MaxIntStrDigits digits the ValueError of int().
func FromJSONOn(th *Thread, s string) (Value, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if th != nil {
		th.ChargeBytes(len(s))
	}
	v, err := (&jsonDecoder{dec: dec, th: th}).decode(0)
	if err != nil {
		var ex *Exception
		if errors.As(err, &ex) {
			return nil, ex
		}
		return nil, Errorf("ValueError", "invalid JSON: %v", err)
	}
	if dec.More() {
		return nil, Errorf("ValueError", "invalid JSON: extra data after the value")
	}
	return v, nil
}

// jsonDecoder builds values from a json.Decoder's tokens.
type jsonDecoder struct {
	dec *json.Decoder
	th  *Thread // charged per token when not nil
}

func (jd *jsonDecoder) decode(depth int) (Value, error) {
	dec := jd.dec
	if jd.th != nil {
		jd.th.Charge(1)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxWalkDepth {
			kind := "array"
			if t == '{' {
				kind = "object"
			}
			return nil, Errorf("RecursionError", "maximum recursion depth exceeded while decoding a JSON %s", kind)
		}
		switch t {
		case '[':
			l := NewList(nil)
			for dec.More() {
				v, err := jd.decode(depth + 1)
				if err != nil {
					return nil, err
				}
				l.Elems = append(l.Elems, v)
			}
			_, err := dec.Token()
			return l, err
		case '{':
			d := NewDict(4)
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := jd.decode(depth + 1)
				if err != nil {
					return nil, err
				}
				d.SetStr(k, v)
			}
			_, err := dec.Token()
			return d, err
		}
	case string:
		return Str(t), nil
	case bool:
		return Bool(t), nil
	case nil:
		return None, nil
	case json.Number:
		if digits := len(strings.TrimLeft(string(t), "-")); digits > MaxIntStrDigits && !strings.ContainsAny(string(t), ".eE") {
			return nil, IntStrDigitsError(digits)
		}
		return FromGo(t), nil
	}
	return nil, Errorf("ValueError", "unexpected JSON token %v", tok)
}

// FromGo converts a Go value (as produced by encoding/json, or basic Go
// types) to a mini-Dana value.
func FromGo(x any) Value {
	switch t := x.(type) {
	case nil:
		return None
	case Value:
		return t
	case bool:
		return Bool(t)
	case int:
		return MakeInt(int64(t))
	case int64:
		return MakeInt(t)
	case float64:
		return Float(t)
	case string:
		return Str(t)
	case json.Number:
		if n, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return MakeInt(n)
		}
		if b, ok := new(big.Int).SetString(string(t), 10); ok {
			return MakeBig(b)
		}
		f, _ := strconv.ParseFloat(string(t), 64)
		return Float(f)
	case []any:
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = FromGo(e)
		}
		return NewList(l)
	case map[string]any:
		d := NewDict(len(t))
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			d.SetStr(k, FromGo(t[k]))
		}
		return d
	}
	return Str(fmt.Sprint(x))
}

// ToGo converts a mini-Dana value to plain Go data (for JSON encoding):
// nil, bool, int64, *big.Int, float64, string, []any, map[string]any (dict
// keys are stringified), and for structs map[string]any of their fields.
func ToGo(v Value) any {
	switch x := v.(type) {
	case NoneType:
		return nil
	case Bool:
		return bool(x)
	case Int:
		return int64(x)
	case *BigInt:
		return x.V
	case Float:
		return float64(x)
	case Str:
		return string(x)
	case *List:
		out := make([]any, len(x.Elems))
		for i, e := range x.Elems {
			out[i] = ToGo(e)
		}
		return out
	case Tuple:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = ToGo(e)
		}
		return out
	case *Set:
		out := make([]any, 0, x.Len())
		for _, e := range x.Elems() {
			out = append(out, ToGo(e))
		}
		return out
	case *Dict:
		out := make(map[string]any, x.Len())
		for i, k := range x.Keys() {
			out[ToStr(k)] = ToGo(x.Values()[i])
		}
		return out
	case *StructVal:
		out := make(map[string]any, len(x.Fields))
		for i, f := range x.Type.Fields {
			out[f.Name] = ToGo(x.Fields[i])
		}
		return out
	}
	return ToStr(v)
}
