package reply

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"

	"github.com/minidana/dana/lang/types"
)

// Tuple is a value read for a tuple type.
type Tuple []any

// Set is a value read for a set type (duplicates are kept; the consumer's
// set drops them).
type Set []any

// Map is a value read for a dict type: keys (read against the key type)
// and values in the reply's order.
type Map struct {
	Keys   []any
	Values []any
}

// MarshalJSON writes the map as a JSON object (keys as text).
func (m *Map) MarshalJSON() ([]byte, error) {
	om := NewOrderedMap()
	for i, k := range m.Keys {
		ks, ok := k.(string)
		if !ok {
			b, _ := json.Marshal(k)
			ks = string(b)
		}
		om.Set(ks, m.Values[i])
	}
	return om.MarshalJSON()
}

// Object is a value read for a struct type.
type Object struct {
	// Type is the struct type (one of the expected type's alternatives).
	Type *types.Type
	// Values holds each field's value, in Type.Fields order; Set tells
	// which fields the reply gave (a missing optional field takes its
	// default).
	Values []any
	Set    []bool
}

// Get returns the value of the named field and whether the reply set it.
func (o *Object) Get(name string) (any, bool) {
	for i, f := range o.Type.Fields {
		if f.Name == name {
			return o.Values[i], o.Set[i]
		}
	}
	return nil, false
}

// MarshalJSON writes the fields the reply set, as a JSON object.
func (o *Object) MarshalJSON() ([]byte, error) {
	om := NewOrderedMap()
	for i, f := range o.Type.Fields {
		if o.Set[i] {
			om.Set(f.Name, o.Values[i])
		}
	}
	return om.MarshalJSON()
}

// Member is a value read for an enum type.
type Member struct {
	// Type is the enum type.
	Type *types.Type
	// Index is the member's index in Type.Members.
	Index int
}

// Name is the member's name.
func (m Member) Name() string { return m.Type.Members[m.Index].Name }

// MarshalJSON writes the member as "Enum.NAME".
func (m Member) MarshalJSON() ([]byte, error) {
	return json.Marshal(m.Type.Name + "." + m.Name())
}

// canonical is a comparable rendering of a value read from a reply (two
// candidates are the same answer when their renderings are equal).
func canonical(v any) string {
	var b []byte
	b = appendCanonical(b, v, 0)
	return string(b)
}

func appendCanonical(b []byte, v any, depth int) []byte {
	if depth > maxConformDepth {
		return append(b, "..."...)
	}
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return strconv.AppendQuote(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float64:
		// 3.0 and 3 differ as answers for a float | int.
		return strconv.AppendFloat(append(b, "f:"...), x, 'g', -1, 64)
	case *big.Int:
		return x.Append(b, 10)
	case Number:
		return append(b, x...)
	case []any:
		return appendSeq(append(b, '['), x, ']', depth)
	case Tuple:
		return appendSeq(append(b, "t("...), x, ')', depth)
	case Set:
		return appendSeq(append(b, "s{"...), x, '}', depth)
	case *Map:
		b = append(b, '{')
		for i, k := range x.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanonical(b, k, depth+1)
			b = append(b, ':')
			b = appendCanonical(b, x.Values[i], depth+1)
		}
		return append(b, '}')
	case *OrderedMap:
		b = append(b, '{')
		for i, k := range x.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, k)
			b = append(b, ':')
			b = appendCanonical(b, x.Vals[i], depth+1)
		}
		return append(b, '}')
	case *Object:
		// The data, not the struct type: two members of a union that read
		// the same object are the same answer.
		b = append(b, '{')
		for i, f := range x.Type.Fields {
			if !x.Set[i] {
				continue
			}
			b = strconv.AppendQuote(b, f.Name)
			b = append(b, ':')
			b = appendCanonical(b, x.Values[i], depth+1)
			b = append(b, ',')
		}
		return append(b, '}')
	case Member:
		return append(b, x.Type.Name+"."+x.Name()...)
	}
	return fmt.Appendf(b, "%v", v)
}

func appendSeq(b []byte, xs []any, end byte, depth int) []byte {
	for i, e := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCanonical(b, e, depth+1)
	}
	return append(b, end)
}
