package reply

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Number is a JSON number as written ("42", "2.70", "1e3"), so that reading
// it against a type loses nothing: an int field can tell 3 from 3.0 from
// 2.7, and big integers stay exact.
type Number string

// maxDecodeDepth bounds the nesting the decoder accepts.
const maxDecodeDepth = 512

// decodeJSON decodes exactly one JSON value (RFC 8259) from s, with white
// space around it: objects as *OrderedMap (keys in order; a repeated key
// keeps its first position and takes the last value), arrays as []any,
// strings, Number, bool and nil. Anything else after the value is an error.
func decodeJSON(s string) (any, error) {
	d := decoder{s: s}
	d.space()
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	d.space()
	if d.i != len(d.s) {
		return nil, fmt.Errorf("unexpected text after the JSON value at offset %d", d.i)
	}
	return v, nil
}

type decoder struct {
	s string
	i int
}

func (d *decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

var errEOF = errors.New("unexpected end of JSON")

// after reads what follows a member of an object or array: a comma (more
// members follow) or the closing bracket (done).
func (d *decoder) after(closing byte) (done bool, err error) {
	d.space()
	if d.i >= len(d.s) {
		return false, errEOF
	}
	switch d.s[d.i] {
	case ',':
		d.i++
		return false, nil
	case closing:
		d.i++
		return true, nil
	}
	return false, d.errf("expected ',' or '%c'", closing)
}

func (d *decoder) errf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", d.i, fmt.Sprintf(format, args...))
}

func (d *decoder) value(depth int) (any, error) {
	if depth > maxDecodeDepth {
		return nil, d.errf("nested too deeply")
	}
	if d.i >= len(d.s) {
		return nil, errEOF
	}
	switch c := d.s[d.i]; {
	case c == '{':
		d.i++
		m := NewOrderedMap()
		d.space()
		if d.i < len(d.s) && d.s[d.i] == '}' {
			d.i++
			return m, nil
		}
		for {
			d.space()
			if d.i >= len(d.s) {
				return nil, errEOF
			}
			if d.s[d.i] != '"' {
				return nil, d.errf("expected a string key")
			}
			k, err := d.str()
			if err != nil {
				return nil, err
			}
			d.space()
			if d.i >= len(d.s) || d.s[d.i] != ':' {
				return nil, d.errf("expected ':'")
			}
			d.i++
			d.space()
			v, err := d.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if old, ok := m.Get(k); ok && m.dup == "" && canonical(old) != canonical(v) {
				m.dup = k // {"a": 1, "a": 2}: which one is meant?
			}
			m.Set(k, v)
			if done, err := d.after('}'); err != nil {
				return nil, err
			} else if done {
				return m, nil
			}
		}
	case c == '[':
		d.i++
		arr := []any{}
		d.space()
		if d.i < len(d.s) && d.s[d.i] == ']' {
			d.i++
			return arr, nil
		}
		for {
			d.space()
			v, err := d.value(depth + 1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			if done, err := d.after(']'); err != nil {
				return nil, err
			} else if done {
				return arr, nil
			}
		}
	case c == '"':
		return d.str()
	case c == '-' || c >= '0' && c <= '9':
		return d.num()
	default:
		for _, lit := range [...]struct {
			w string
			v any
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if len(d.s)-d.i >= len(lit.w) && d.s[d.i:d.i+len(lit.w)] == lit.w {
				d.i += len(lit.w)
				return lit.v, nil
			}
		}
		return nil, d.errf("unexpected character %q", c)
	}
}

func (d *decoder) num() (any, error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	intStart := d.i
	if digits() == 0 {
		return nil, d.errf("bad number")
	}
	if d.s[intStart] == '0' && d.i-intStart > 1 {
		return nil, d.errf("bad number: leading zero")
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.errf("bad number")
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.errf("bad number")
		}
	}
	return Number(d.s[start:d.i]), nil
}

func (d *decoder) str() (string, error) {
	d.i++ // opening quote
	start := d.i
	// Fast path: no escapes.
	for d.i < len(d.s) {
		c := d.s[d.i]
		if c == '"' {
			s := d.s[start:d.i]
			d.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		d.i++
	}
	buf := []byte(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return string(buf), nil
		case c < 0x20:
			return "", d.errf("control character in string")
		case c != '\\':
			buf = append(buf, c)
			d.i++
			continue
		}
		d.i++
		if d.i >= len(d.s) {
			return "", errEOF
		}
		e := d.s[d.i]
		d.i++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return "", d.errf("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
					save := d.i
					d.i += 2
					if x, ok := d.hex4(); ok {
						r2 = x
					} else {
						d.i = save
					}
				}
				r = utf16.DecodeRune(r, r2)
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", d.errf("bad escape \\%c", e)
		}
	}
	return "", errEOF
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.s)-d.i < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(d.s[d.i:d.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	d.i += 4
	return rune(n), true
}

// plain converts a decoded JSON value for a caller that wants no Numbers:
// integers that fit as int64, other numbers as float64, recursively.
func plain(v any) any {
	switch x := v.(type) {
	case Number:
		return numberValue(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	case *OrderedMap:
		m := &OrderedMap{Keys: x.Keys, Vals: make([]any, len(x.Vals))}
		for i, e := range x.Vals {
			m.Vals[i] = plain(e)
		}
		return m
	}
	return v
}

// numberValue is an int64 for an integer literal that fits, else float64.
func numberValue(n Number) any {
	s := string(n)
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// MarshalJSON writes the number as written.
func (n Number) MarshalJSON() ([]byte, error) { return []byte(n), nil }
