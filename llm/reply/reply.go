// Package reply reads a value of an expected type (lang/types) out of an
// LLM's reply text (SPEC §9.4): forgiving on input, lossless on output.
//
// The reply and the type are walked together. JSON candidates are read from
// the raw reply first (also inside Markdown fences), so the inside of a JSON
// string is never altered; <think> blocks are dropped only outside JSON;
// emphasis, fences and bullets are cleaned only when a scalar (or a list) is
// read from prose. Every candidate interpretation is scored against the
// type (exact, lossless coercion, lenient repair, missing optional fields,
// found in prose); the best wins and two different best values are an
// ambiguity. A value that cannot be read without losing information (2.7 for
// an int, a list for a str, null for a required field, "true or false" for a
// bool) is refused. Errors are *Error values whose Reason is one line, fit
// to quote back to the model on retry.
//
// Values returned, by expected kind:
//
//   - str: string; int: int64 (or *big.Int beyond int64); float: float64;
//     bool: bool; None: nil; a literal: its value (string, int64, bool).
//   - list: []any; tuple: Tuple; set: Set; dict: *Map; struct: *Object;
//     enum: Member. Elements follow their own types.
//   - any: the text, or for a JSON reply the decoded JSON with objects as
//     *OrderedMap and numbers as int64 or float64.
package reply

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

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
	if len(s) > 4*n+16 {
		s = s[:4*n+16]
	}
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

// OrderedMap is a JSON object with its keys in the order they appeared.
type OrderedMap struct {
	// Keys are the keys in order, each once; Vals their values.
	Keys []string
	Vals []any
	// index finds a key's position in a large object (built lazily).
	index map[string]int
	// dup is a key the reply gave twice with different values.
	dup string
}

// NewOrderedMap returns an empty map.
func NewOrderedMap() *OrderedMap {
	return &OrderedMap{Keys: make([]string, 0, 4), Vals: make([]any, 0, 4)}
}

// indexThreshold is the size from which Get and Set use an index.
const indexThreshold = 16

// find returns the position of key, or -1.
func (m *OrderedMap) find(key string) int {
	if len(m.Keys) < indexThreshold {
		for i, k := range m.Keys {
			if k == key {
				return i
			}
		}
		return -1
	}
	if m.index == nil {
		m.index = make(map[string]int, len(m.Keys))
		for i, k := range m.Keys {
			if _, dup := m.index[k]; !dup {
				m.index[k] = i
			}
		}
	}
	if i, ok := m.index[key]; ok {
		return i
	}
	return -1
}

// Get returns the value of key.
func (m *OrderedMap) Get(key string) (any, bool) {
	if i := m.find(key); i >= 0 {
		return m.Vals[i], true
	}
	return nil, false
}

// Set sets key to v, appending key if it is new (a repeated key keeps its
// first position and takes the last value).
func (m *OrderedMap) Set(key string, v any) {
	if i := m.find(key); i >= 0 {
		m.Vals[i] = v
		return
	}
	m.Keys = append(m.Keys, key)
	m.Vals = append(m.Vals, v)
	if m.index != nil {
		m.index[key] = len(m.Keys) - 1
	}
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
		if err := writeJSON(&b, k); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := writeJSON(&b, m.Vals[i]); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeJSON appends v as JSON without escaping <, > and &.
func writeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}
