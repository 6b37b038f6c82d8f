package poet

import (
	"encoding/json"
	"math"
	"strings"

	"github.com/minidana/dana/lang/interp"
)

// plain converts a mini-Dana value to JSON-encodable Go data for an
// execution record: like interp.ToGo, but non-finite floats become strings
// (JSON has no NaN) and big integers become json.Number.
func plain(v interp.Value) any {
	return plainDepth(v, 0)
}

func plainDepth(v interp.Value, depth int) any {
	if depth > 64 {
		return "..."
	}
	switch x := v.(type) {
	case nil:
		return nil
	case interp.NoneType:
		return nil
	case interp.Bool:
		return bool(x)
	case interp.Int:
		return int64(x)
	case *interp.BigInt:
		return json.Number(x.V.String())
	case interp.Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return interp.FormatFloat(f)
		}
		return f
	case interp.Str:
		return string(x)
	case *interp.List:
		return plainSlice(x.Elems, depth)
	case interp.Tuple:
		return plainSlice(x, depth)
	case *interp.Set:
		return plainSlice(x.Elems(), depth)
	case *interp.Dict:
		out := make(map[string]any, x.Len())
		vals := x.Values()
		for i, k := range x.Keys() {
			out[interp.ToStr(k)] = plainDepth(vals[i], depth+1)
		}
		return out
	case *interp.StructVal:
		out := make(map[string]any, len(x.Fields))
		for i, f := range x.Type.Fields {
			out[f.Name] = plainDepth(x.Fields[i], depth+1)
		}
		return out
	}
	return interp.Repr(v)
}

func plainSlice(elems []interp.Value, depth int) []any {
	out := make([]any, len(elems))
	for i, e := range elems {
		out[i] = plainDepth(e, depth+1)
	}
	return out
}

// sanitize makes plain Go data JSON-encodable: non-finite floats become
// strings, everything else is kept.
func sanitize(x any) any {
	switch t := x.(type) {
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return interp.FormatFloat(t)
		}
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = sanitize(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = sanitize(e)
		}
		return out
	}
	return x
}

// text renders a value for prompts, retrieval and messages: a string as
// itself, anything else as its repr.
func text(v interp.Value) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(interp.Str); ok {
		return string(s)
	}
	return interp.Repr(v)
}

// short renders a value's repr in at most n runes.
func short(v interp.Value, n int) string {
	return truncate(interp.Repr(v), n)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// asText converts a feedback correction or note to text: strings as they
// are, other values as compact JSON (repr when they cannot be encoded).
func asText(v interp.Value) string {
	if s, ok := v.(interp.Str); ok {
		return string(s)
	}
	b, err := json.Marshal(plain(v))
	if err != nil {
		return interp.Repr(v)
	}
	return strings.TrimSpace(string(b))
}
