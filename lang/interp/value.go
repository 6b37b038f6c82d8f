package interp

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Value is a mini-Dana value. The concrete types are Int, *BigInt, Float,
// Bool, Str, NoneType, *List, Tuple, *Dict, *Set, *Range, *Function,
// *Builtin, *BoundMethod, *StructType, *StructVal, *InterfaceType, *TypeObj,
// *ExcType, *Exception and *Module. Embedders may add their own types by
// implementing Value (and optionally Attrer).
type Value interface {
	// TypeName is the name type() prints for the value.
	TypeName() string
}

// Attrer is implemented by values with attributes (`v.name`).
type Attrer interface {
	Value
	// Attr returns the attribute, or ok=false when there is none.
	Attr(name string) (v Value, ok bool)
}

// AttrNamer lists the attribute names of a value (for completion and dir()).
type AttrNamer interface {
	AttrNames() []string
}

// Int is an integer that fits in 64 bits. Arithmetic that overflows promotes
// to *BigInt; a *BigInt that fits is demoted back to Int.
type Int int64

// BigInt is an integer outside the int64 range.
type BigInt struct{ V *big.Int }

// Float is a 64-bit float.
type Float float64

// Bool is True or False.
type Bool bool

// Str is an immutable string.
type Str string

// NoneType is the type of None.
type NoneType struct{}

// None is the None value.
var None Value = NoneType{}

// List is a mutable list shared by reference.
type List struct{ Elems []Value }

// Tuple is an immutable sequence.
type Tuple []Value

// EllipsisType is the type of `...` (Ellipsis).
type EllipsisType struct{}

// Ellipsis is the value of `...`.
var Ellipsis Value = EllipsisType{}

// TypeName returns "ellipsis".
func (EllipsisType) TypeName() string { return "ellipsis" }

// String renders Ellipsis.
func (EllipsisType) String() string { return "Ellipsis" }

// Range is the lazy result of range().
type Range struct{ Start, Stop, Step int64 }

// TypeName implementations.

// TypeName returns the name type() prints for a Int.
func (Int) TypeName() string { return "int" }

// TypeName returns the name type() prints for a BigInt.
func (*BigInt) TypeName() string { return "int" }

// TypeName returns the name type() prints for a Float.
func (Float) TypeName() string { return "float" }

// TypeName returns the name type() prints for a Bool.
func (Bool) TypeName() string { return "bool" }

// TypeName returns the name type() prints for a Str.
func (Str) TypeName() string { return "str" }

// TypeName returns the name type() prints for a NoneType.
func (NoneType) TypeName() string { return "NoneType" }

// TypeName returns the name type() prints for a List.
func (*List) TypeName() string { return "list" }

// TypeName returns the name type() prints for a Tuple.
func (Tuple) TypeName() string { return "tuple" }

// TypeName returns the name type() prints for a Range.
func (*Range) TypeName() string { return "range" }

// TypeName returns the name type() prints for a Dict.
func (*Dict) TypeName() string { return "dict" }

// TypeName returns the name type() prints for a Set.
func (s *Set) TypeName() string {
	if s.Frozen {
		return "frozenset"
	}
	return "set"
}

// TypeName returns the name type() prints for a Function.
func (*Function) TypeName() string { return "function" }

// TypeName returns the name type() prints for a Builtin.
func (*Builtin) TypeName() string { return "function" }

// TypeName returns the name type() prints for a BoundMethod.
func (*BoundMethod) TypeName() string { return "function" }

// TypeName returns the name type() prints for a Module.
func (*Module) TypeName() string { return "module" }

// smallInts caches boxed small integers so hot loops do not allocate for them.
var smallInts = func() [1024 + 5]Value {
	var t [1024 + 5]Value
	for i := range t {
		t[i] = Int(i - 5)
	}
	return t
}()

// MakeInt boxes an int64 as a Value without allocating for small values
// (see intcache.go for those up to a million).
func MakeInt(n int64) Value {
	if uint64(n+5) < uint64(len(smallInts)) {
		return smallInts[n+5]
	}
	return makeInt(n)
}

// MakeBig returns the integer as Int when it fits in 64 bits, else *BigInt.
func MakeBig(b *big.Int) Value {
	if b.IsInt64() {
		return MakeInt(b.Int64())
	}
	return &BigInt{V: b}
}

// NewList returns a list holding elems (not copied).
func NewList(elems []Value) *List { return &List{Elems: elems} }

// Len returns the length of the range.
func (r *Range) Len() int64 {
	if r.Step > 0 {
		if r.Stop <= r.Start {
			return 0
		}
		return (r.Stop - r.Start + r.Step - 1) / r.Step
	}
	if r.Stop >= r.Start {
		return 0
	}
	return (r.Start - r.Stop - r.Step - 1) / (-r.Step)
}

// Canonical is what identifies the range as a sequence (Python's range
// equality and hash): its length, its first element (0 when empty) and its
// step (0 when it has fewer than two elements).
func (r *Range) Canonical() [3]int64 {
	switch n := r.Len(); n {
	case 0:
		return [3]int64{}
	case 1:
		return [3]int64{1, r.Start, 0}
	default:
		return [3]int64{n, r.Start, r.Step}
	}
}

// Attr exposes a range's start, stop and step.
func (r *Range) Attr(name string) (Value, bool) {
	switch name {
	case "start":
		return MakeInt(r.Start), true
	case "stop":
		return MakeInt(r.Stop), true
	case "step":
		return MakeInt(r.Step), true
	}
	return nil, false
}

// Truth reports Python truthiness.
func Truth(v Value) bool {
	switch x := v.(type) {
	case Bool:
		return bool(x)
	case Int:
		return x != 0
	case NoneType:
		return false
	case Str:
		return x != ""
	case Float:
		return x != 0
	case *BigInt:
		return x.V.Sign() != 0
	case *List:
		return len(x.Elems) > 0
	case Tuple:
		return len(x) > 0
	case *Dict:
		return x.Len() > 0
	case *Set:
		return x.Len() > 0
	case *Range:
		return x.Len() > 0
	case *DictView:
		return x.Len() > 0
	case *StructVal:
		return structTruth(x)
	}
	return true
}

// ToStr returns str(v): Python's str, except that the SPEC's §8 bool→str
// coercion is handled by the coercion code, not here (str(True) is "True").
// It never fails (see ToStrChecked).
func ToStr(v Value) string {
	switch x := v.(type) {
	case Str:
		return string(x)
	case *Exception:
		return x.Msg
	}
	return Repr(v)
}

// ToStrChecked is str(v) as a script sees it: like ToStr, but an integer
// of more than MaxIntStrDigits digits is a ValueError and a structure
// nested deeper than MaxWalkDepth a RecursionError, as in CPython.
// Its work is charged to th (nil: not charged).
func ToStrChecked(th *Thread, v Value) (string, error) {
	switch x := v.(type) {
	case Str:
		return string(x), nil
	case *Exception:
		return x.Msg, nil
	case *StructVal:
		if s, ok, err := dunderText(th, x, "__str__"); ok {
			return s, err
		}
	}
	return ReprChecked(th, v)
}

// Repr returns repr(v), as Python prints it. A structure that contains
// itself prints as [...] / {...} at the repeat; it never fails (past
// MaxWalkDepth it writes ...). Scripts get ReprChecked.
func Repr(v Value) string {
	r := reprState{}
	r.write(v, 0)
	if r.err != nil {
		return r.b.String() + "..."
	}
	return r.b.String()
}

// ReprChecked is repr(v) as a script sees it: like Repr, but an integer of
// more than MaxIntStrDigits digits is a ValueError and a structure nested
// deeper than MaxWalkDepth a RecursionError, as in CPython. Its work is
// charged to th (nil: not charged).
func ReprChecked(th *Thread, v Value) (string, error) {
	r := reprState{checked: true, th: th}
	r.write(v, 0)
	if r.err != nil {
		return "", r.err
	}
	return r.b.String(), nil
}

// reprState is one repr walk: the containers being written (to print a
// cycle as [...]) and, when checked, the first error.
type reprState struct {
	b       strings.Builder
	active  []Value
	checked bool
	err     *Exception
	th      *Thread // charged for the work when set
	n       int     // values written since the last charge
	last    int     // length of the text at the last charge
}

// reprMaxUnchecked bounds the text of an unchecked Repr (a structure that
// shares sub-lists can have an exponentially long repr).
const reprMaxUnchecked = 16 << 20

// enter reports whether the container v may be written (it is not being
// written already) and pushes it.
func (r *reprState) enter(v Value) bool {
	for _, a := range r.active {
		if a == v {
			return false
		}
	}
	r.active = append(r.active, v)
	return true
}

func (r *reprState) leave() { r.active = r.active[:len(r.active)-1] }

func (r *reprState) write(v Value, depth int) {
	b := &r.b
	if r.err != nil {
		return
	}
	if r.n++; r.n >= 256 {
		r.n = 0
		if r.th != nil {
			r.th.Charge(256 + (b.Len()-r.last)/BytesPerStep)
			r.last = b.Len()
		} else if b.Len() > reprMaxUnchecked {
			r.err = Errorf("MemoryError", "repr too long")
			b.WriteString("...")
			return
		}
	}
	if depth > MaxWalkDepth {
		if r.checked {
			r.err = recursionError("while getting the repr of an object")
			return
		}
		b.WriteString("...")
		return
	}
	switch x := v.(type) {
	case Int:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case *BigInt:
		if r.checked && bigTooLongForStr(x) {
			r.err = intToStrError()
			return
		}
		b.WriteString(x.V.String())
	case Float:
		b.WriteString(FormatFloat(float64(x)))
	case Bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case NoneType:
		b.WriteString("None")
	case Str:
		b.WriteString(QuoteString(string(x)))
	case *List:
		if !r.enter(x) {
			b.WriteString("[...]")
			return
		}
		b.WriteByte('[')
		for i, e := range x.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(e, depth+1)
		}
		b.WriteByte(']')
		r.leave()
	case Tuple:
		b.WriteByte('(')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(e, depth+1)
		}
		if len(x) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Dict:
		if !r.enter(x) {
			b.WriteString("{...}")
			return
		}
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(k, depth+1)
			b.WriteString(": ")
			r.write(x.Values()[i], depth+1)
		}
		b.WriteByte('}')
		r.leave()
	case *Set:
		if x.Len() == 0 {
			b.WriteString(x.TypeName() + "()")
			return
		}
		if x.Frozen {
			b.WriteString("frozenset(")
		}
		b.WriteByte('{')
		for i, k := range x.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(k, depth+1)
		}
		b.WriteByte('}')
		if x.Frozen {
			b.WriteByte(')')
		}
	case *Range:
		if x.Step == 1 {
			b.WriteString("range(" + strconv.FormatInt(x.Start, 10) + ", " + strconv.FormatInt(x.Stop, 10) + ")")
		} else {
			b.WriteString("range(" + strconv.FormatInt(x.Start, 10) + ", " + strconv.FormatInt(x.Stop, 10) + ", " + strconv.FormatInt(x.Step, 10) + ")")
		}
	case *StructVal:
		if !r.enter(x) {
			b.WriteString("...")
			return
		}
		if r.checked {
			if s, ok, err := dunderText(r.th, x, "__repr__"); ok {
				if err != nil {
					r.err = AsException(err)
				}
				b.WriteString(s)
				r.leave()
				return
			}
		}
		b.WriteString(x.Type.Name)
		b.WriteByte('(')
		for i, f := range x.Type.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name)
			b.WriteByte('=')
			r.write(x.Fields[i], depth+1)
		}
		b.WriteByte(')')
		r.leave()
	case *DictView:
		if !r.enter(x) {
			b.WriteString("...")
			return
		}
		elems, _ := x.Elements()
		b.WriteString(x.TypeName() + "(")
		r.write(NewList(elems), depth+1)
		b.WriteByte(')')
		r.leave()
	case *Exception:
		b.WriteString(x.Type.Name + "(")
		for i, a := range x.args() {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(a, depth+1)
		}
		b.WriteByte(')')
	case interface{ String() string }:
		b.WriteString(x.String())
	default:
		b.WriteString("<" + v.TypeName() + ">")
	}
}

// FormatFloat formats a float as Python's repr does (shortest round-trip,
// always with a '.' or an exponent).
func FormatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	abs := math.Abs(f)
	if abs != 0 && (abs < 1e-4 || abs >= 1e16) {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Python writes 1e+16 as 1e+16 and 1.5e-05 as 1.5e-05.
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[0]
		digits := strings.TrimLeft(exp[1:], "0")
		if len(digits) < 2 {
			digits = strings.Repeat("0", 2-len(digits)) + digits
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// QuoteString quotes s as Python's repr does: single quotes unless the string
// contains a single quote and no double quote.
func QuoteString(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			const hex = "0123456789abcdef"
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&15])
		case r >= 0x80 && r != utf8.RuneError && !unicode.IsPrint(r):
			// Python escapes what is not printable (controls, format
			// characters, separators other than space, private use).
			switch {
			case r < 0x100:
				fmt.Fprintf(&b, `\x%02x`, r)
			case r < 0x10000:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}
