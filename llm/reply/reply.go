// Package reply reads a value of an expected shape out of an LLM's reply text,
// forgiving on input (SPEC §9.4): it strips <think> blocks, Markdown fences and
// emphasis; finds a scalar marked FINAL_ANSWER:, the whole reply, a {"value": x}
// object or the single number / yes-no in prose; finds the single balanced JSON
// array or object (repairing trailing commas, single quotes, unquoted keys and
// a truncated tail) or reads a Markdown list. When the reply holds two
// different candidates it fails rather than guess. Its errors are meant to be
// quoted back to the model on retry, so they say plainly what was wrong.
//
// Values returned:
//
//   - Str: string; Int: int64 (a fractional number is truncated, as int()
//     does, SPEC §8.1); Float: float64; Bool: bool.
//   - Any: the string, or the decoded JSON when the reply is a JSON object
//     or array.
//   - List: []any; Dict and Object: *OrderedMap.
//   - Inside JSON: []any, *OrderedMap (keys in order), string, bool, nil, and
//     numbers as int64 when they are integers that fit, else float64.
package reply

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Kind is the kind of value expected from a reply.
type Kind int

// The kinds of value Parse reads.
const (
	// Str is any text.
	Str Kind = iota
	// Int is an integer.
	Int
	// Float is a number.
	Float
	// Bool is yes/no, true/false.
	Bool
	// Any is text, or JSON when the reply is a JSON object or array.
	Any
	// List is a JSON array (or a Markdown list).
	List
	// Dict is a JSON object with any keys.
	Dict
	// Object is a JSON object with known fields (a struct).
	Object
)

// String names the kind as mini-Dana does.
func (k Kind) String() string {
	switch k {
	case Str:
		return "str"
	case Int:
		return "int"
	case Float:
		return "float"
	case Bool:
		return "bool"
	case Any:
		return "any"
	case List:
		return "list"
	case Dict:
		return "dict"
	case Object:
		return "object"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Shape is what Parse looks for.
type Shape struct {
	Kind Kind
	// Fields are an Object's expected field names; they help pick the
	// right JSON object when the reply has several, and unwrap an object
	// nested under a single key. Optional.
	Fields []string
}

// Error is a reply that could not be read as the expected shape.
type Error struct {
	// Reason says why, in words fit to quote back to the model.
	Reason string
	// Ambiguous is true when the reply had several different candidates.
	Ambiguous bool
	// Candidates are the competing candidates, as they appear in the reply.
	Candidates []string
}

// Error returns the reason.
func (e *Error) Error() string { return e.Reason }

// errorf returns a non-ambiguous *Error.
func errorf(format string, args ...any) *Error {
	return &Error{Reason: fmt.Sprintf(format, args...)}
}

// ambiguous returns an ambiguity *Error: "the reply contains two different
// numbers (3 and 5), so the answer is ambiguous".
func ambiguous(what string, candidates []string) *Error {
	var count string
	switch len(candidates) {
	case 2:
		count = "two"
	case 3:
		count = "three"
	default:
		count = fmt.Sprint(len(candidates))
	}
	shown := candidates
	if len(shown) > 5 {
		shown = shown[:5]
	}
	quoted := make([]string, len(shown))
	for i, c := range shown {
		quoted[i] = excerpt(c, 60)
	}
	list := strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1]
	if len(candidates) > len(shown) {
		list = strings.Join(quoted, ", ") + ", ..."
	}
	return &Error{
		Reason:     fmt.Sprintf("the reply contains %s different %s (%s), so the answer is ambiguous", count, what, list),
		Ambiguous:  true,
		Candidates: candidates,
	}
}

// excerpt is s on one line, cut to about n bytes.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// Parse reads a value of the given shape from an LLM reply. strict (the
// "strict" POET profile) disables every fuzzy step: after removing <think>
// blocks and surrounding white space, the reply must be exactly a value of
// the kind (an integer, a number, true/false) or exactly valid JSON of the
// shape. Failures are *Error values.
func Parse(text string, shape Shape, strict bool) (any, error) {
	t, err := stripThink(text)
	if err != nil {
		return nil, err
	}
	if strict {
		return parseStrict(t, shape)
	}
	switch shape.Kind {
	case List, Dict, Object:
		return parseJSONShape(t, shape)
	default:
		return parseScalar(t, shape.Kind)
	}
}

// OrderedMap is a JSON object with its keys in the order they appeared.
type OrderedMap struct {
	// Keys are the keys in order, each once.
	Keys []string
	// Values maps each key to its value.
	Values map[string]any
}

// NewOrderedMap returns an empty map.
func NewOrderedMap() *OrderedMap { return &OrderedMap{Values: map[string]any{}} }

// Get returns the value of key.
func (m *OrderedMap) Get(key string) (any, bool) {
	v, ok := m.Values[key]
	return v, ok
}

// Set sets key to v, appending key if it is new (a repeated key keeps its
// first position and takes the last value).
func (m *OrderedMap) Set(key string, v any) {
	if m.Values == nil {
		m.Values = map[string]any{}
	}
	if _, ok := m.Values[key]; !ok {
		m.Keys = append(m.Keys, key)
	}
	m.Values[key] = v
}

// Len is the number of keys.
func (m *OrderedMap) Len() int { return len(m.Keys) }

// MarshalJSON writes the object with its keys in order.
func (m *OrderedMap) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(m.Values[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
