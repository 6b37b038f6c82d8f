package reply

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kaptinlin/jsonrepair"
	"github.com/minidana/dana/internal/lazyre"
)

// span is a balanced (or, at the end, truncated) JSON-looking span.
type span struct {
	open      byte // '[' or '{'
	start     int  // offset in the text
	text      string
	truncated bool
	depth     int // deepest bracket nesting
}

// maxRepairDepth bounds the nesting of spans handed to the repairer, whose
// cost grows badly with depth; no sensible answer nests deeper.
const maxRepairDepth = 64

// findSpans returns the top-level bracketed spans of t: each '[' or '{' whose
// matching closer is found (string-aware, with brackets of both kinds nested),
// and a final unclosed one running to the end of t (truncated).
func findSpans(t string) []span {
	var out []span
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '[' && c != '{' {
			continue
		}
		end, depth, ok := matchEnd(t, i)
		if ok {
			out = append(out, span{open: c, start: i, text: t[i : end+1], depth: depth})
			i = end
			continue
		}
		if end == len(t) { // ran off the end: truncated
			out = append(out, span{open: c, start: i, text: t[i:], truncated: true, depth: depth})
			break
		}
		// mismatched closer: not JSON here, look further
	}
	return out
}

// matchEnd returns the index of the bracket closing t[start] and the deepest
// nesting seen. When none is found it returns len(t) (truncated) or the
// index of a mismatched closer.
func matchEnd(t string, start int) (end, depth int, ok bool) {
	var stack []byte
	inStr, esc := false, false
	for i := start; i < len(t); i++ {
		c := t[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '[':
			stack = append(stack, ']')
			depth = max(depth, len(stack))
		case '{':
			stack = append(stack, '}')
			depth = max(depth, len(stack))
		case ']', '}':
			if stack[len(stack)-1] != c {
				return i, depth, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i, depth, true
			}
		}
	}
	return len(t), depth, false
}

// decodeOrdered decodes one JSON value, keeping object key order, with
// integers as int64 and other numbers as float64. Trailing data is an error.
func decodeOrdered(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected text after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return arr, nil
		case '{':
			m := NewOrderedMap()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				m.Set(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return m, nil
		}
		return nil, fmt.Errorf("unexpected %v", x)
	case json.Number:
		return jsonNumber(x)
	default: // string, bool, nil
		return x, nil
	}
}

// jsonNumber converts a JSON number: int64 for an integer that fits, else
// float64.
func jsonNumber(n json.Number) (any, error) {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("bad number %s: %w", s, err)
	}
	return f, nil
}

// canonical is a comparable rendering of a decoded value.
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// shapeNoun names what a shape looks for.
func shapeNoun(k Kind) string {
	if k == List {
		return "JSON array"
	}
	return "JSON object"
}

// parseJSONShape reads a List, Dict or Object (non-strict).
func parseJSONShape(t string, shape Shape) (any, error) {
	t = removeFences(t)
	spans := findSpans(t)

	// 1. Spans that are valid JSON as they stand (for a List, not those
	// inside the items of a Markdown list: "- [x] done").
	var valid []candidate
	for _, sp := range spans {
		if sp.truncated || shape.Kind == List && onBulletLine(t, sp.start) {
			continue
		}
		if v, err := decodeOrdered(sp.text); err == nil {
			if c, ok := fitShape(v, sp.text, shape); ok {
				valid = append(valid, c)
			}
		}
	}
	if len(valid) > 0 {
		return pick(valid, shape)
	}
	// 2. A Markdown bullet or numbered list.
	if shape.Kind == List {
		items, err := bulletList(t)
		if err != nil {
			return nil, err
		}
		if items != nil {
			return items, nil
		}
	}
	// 3. Spans repaired: trailing commas, single quotes, unquoted keys,
	// a truncated tail, comments.
	var repaired []candidate
	var repairErr error
	for _, sp := range spans {
		if sp.depth > maxRepairDepth {
			repairErr = fmt.Errorf("nested more than %d levels deep", maxRepairDepth)
			continue
		}
		fixed, err := jsonrepair.Repair(sp.text)
		if err != nil {
			repairErr = err
			continue
		}
		v, err := decodeOrdered(fixed)
		if err != nil {
			repairErr = err
			continue
		}
		if isEmpty(v) {
			continue // "{" or "[note" repaired to nothing: not an answer
		}
		if c, ok := fitShape(v, sp.text, shape); ok {
			repaired = append(repaired, c)
		}
	}
	if len(repaired) > 0 {
		return pick(repaired, shape)
	}
	noun := shapeNoun(shape.Kind)
	want := byte('[')
	if shape.Kind != List {
		want = '{'
	}
	for _, sp := range spans {
		if sp.open == want && repairErr != nil {
			return nil, errorf("the %s in the reply is not valid JSON and could not be repaired (%v)", noun, repairErr)
		}
	}
	return nil, errorf("no %s found in the reply", noun)
}

// onBulletLine reports whether offset i of t is on a Markdown list line.
func onBulletLine(t string, i int) bool {
	start := strings.LastIndexByte(t[:i], '\n') + 1
	end := strings.IndexByte(t[i:], '\n')
	if end < 0 {
		end = len(t)
	} else {
		end += i
	}
	return bulletRe.MatchString(t[start:end])
}

// isEmpty reports whether v is an empty array or object.
func isEmpty(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case *OrderedMap:
		return x.Len() == 0
	}
	return false
}

// candidate is a decoded span of the right shape.
type candidate struct {
	value any
	text  string
	key   string // canonical form
	// fields is how many expected Object fields the value has.
	fields int
}

// fitShape returns the value of a decoded span as the shape wants it, with
// light unwrapping: an object whose single key holds the array (List), an
// object whose single key holds the object with the expected fields
// (Object), a one-element array holding the object (Dict/Object).
func fitShape(v any, text string, shape Shape) (candidate, bool) {
	switch shape.Kind {
	case List:
		switch x := v.(type) {
		case []any:
			return newCandidate(x, text, shape), true
		case *OrderedMap:
			if x.Len() == 1 {
				if arr, ok := x.Values[x.Keys[0]].([]any); ok {
					return newCandidate(arr, text, shape), true
				}
			}
		}
	default:
		switch x := v.(type) {
		case *OrderedMap:
			if shape.Kind == Object && len(shape.Fields) > 0 && x.Len() == 1 && countFields(x, shape.Fields) == 0 {
				if inner, ok := x.Values[x.Keys[0]].(*OrderedMap); ok && countFields(inner, shape.Fields) > 0 {
					return newCandidate(inner, text, shape), true
				}
			}
			return newCandidate(x, text, shape), true
		case []any:
			if len(x) == 1 {
				if inner, ok := x[0].(*OrderedMap); ok {
					return newCandidate(inner, text, shape), true
				}
			}
		}
	}
	return candidate{}, false
}

func newCandidate(v any, text string, shape Shape) candidate {
	c := candidate{value: v, text: text, key: canonical(v)}
	if m, ok := v.(*OrderedMap); ok {
		c.fields = countFields(m, shape.Fields)
	}
	return c
}

// countFields is how many of fields m has (case-insensitively).
func countFields(m *OrderedMap, fields []string) int {
	n := 0
	for _, f := range fields {
		for _, k := range m.Keys {
			if strings.EqualFold(k, f) {
				n++
				break
			}
		}
	}
	return n
}

// pick returns the single distinct candidate; for Objects, the single one
// with the most expected fields; else an ambiguity error.
func pick(cands []candidate, shape Shape) (any, error) {
	var distinct []candidate
	seen := map[string]bool{}
	for _, c := range cands {
		if !seen[c.key] {
			seen[c.key] = true
			distinct = append(distinct, c)
		}
	}
	if len(distinct) > 1 && shape.Kind == Object && len(shape.Fields) > 0 {
		best := 0
		for _, c := range distinct {
			best = max(best, c.fields)
		}
		var top []candidate
		for _, c := range distinct {
			if c.fields == best {
				top = append(top, c)
			}
		}
		if best > 0 {
			distinct = top
		}
	}
	if len(distinct) == 1 {
		return distinct[0].value, nil
	}
	texts := make([]string, len(distinct))
	for i, c := range distinct {
		texts[i] = c.text
	}
	noun := "JSON arrays"
	if shape.Kind != List {
		noun = "JSON objects"
	}
	return nil, ambiguous(noun, texts)
}

var bulletRe = lazyre.New(`^([ \t]*)(?:[-*+•]|\d{1,3}[.)])[ \t]+(.*\S)[ \t]*$`)

// bulletList reads a Markdown bullet or numbered list. It returns nil when
// t has none, and an error when it has several separate lists.
func bulletList(t string) ([]any, error) {
	lines := strings.Split(t, "\n")
	type item struct {
		indent int
		text   string
		block  int
	}
	var items []item
	block := 0
	sawText := false // non-list text since the last item
	for _, line := range lines {
		m := bulletRe.FindStringSubmatch(line)
		if m == nil {
			trimmed := strings.TrimSpace(line)
			// Indented lines continue an item; blank lines do not end a list.
			if trimmed != "" && len(line)-len(strings.TrimLeft(line, " \t")) == 0 && len(items) > 0 {
				sawText = true
			}
			continue
		}
		if sawText {
			block++
			sawText = false
		}
		items = append(items, item{indent: len(strings.ReplaceAll(m[1], "\t", "    ")), text: m[2], block: block})
	}
	if len(items) == 0 {
		return nil, nil
	}
	minIndent := items[0].indent
	for _, it := range items {
		minIndent = min(minIndent, it.indent)
	}
	var out []any
	blocks := map[int]bool{}
	var firsts []string
	for _, it := range items {
		if it.indent != minIndent {
			continue // a nested sub-item
		}
		if !blocks[it.block] {
			blocks[it.block] = true
			firsts = append(firsts, it.text)
		}
		out = append(out, listItem(it.text))
	}
	if len(blocks) > 1 {
		return nil, &Error{
			Reason:     fmt.Sprintf("the reply contains %d separate lists, so the answer is ambiguous", len(blocks)),
			Ambiguous:  true,
			Candidates: firsts,
		}
	}
	return out, nil
}

// listItem converts a list item's text: a number, true/false/null, a quoted
// string unquoted, else the text without emphasis.
func listItem(s string) any {
	s = strings.TrimSpace(stripEmphasis(s))
	if n, ok := parseNumberToken(s); ok {
		if n.isInt {
			if i, err := strconv.ParseInt(n.norm, 10, 64); err == nil {
				return i
			}
		}
		return n.value
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if json.Unmarshal([]byte(s), &str) == nil {
			return str
		}
	}
	return unquote(strings.TrimRight(s, ",;"))
}

// parseStrict reads exactly one value of the shape from the whole reply.
func parseStrict(t string, shape Shape) (any, error) {
	t = strings.TrimSpace(t)
	switch shape.Kind {
	case Str:
		return t, nil
	case Any:
		if t != "" && (t[0] == '{' || t[0] == '[') {
			if v, err := decodeOrdered(t); err == nil {
				return v, nil
			}
		}
		return t, nil
	case Int:
		if i, err := strconv.ParseInt(t, 10, 64); err == nil {
			return i, nil
		}
		return nil, errorf("the reply is not exactly an integer (strict mode: answer with the bare integer only)")
	case Float:
		if f, err := strconv.ParseFloat(t, 64); err == nil && strings.ContainsAny(t, "0123456789") && !isInfOrNaN(f) {
			return f, nil
		}
		return nil, errorf("the reply is not exactly a number (strict mode: answer with the bare number only)")
	case Bool:
		switch strings.ToLower(t) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, errorf("the reply is not exactly true or false (strict mode: answer with true or false only)")
	}
	noun := shapeNoun(shape.Kind)
	v, err := decodeOrdered(t)
	if err != nil {
		return nil, errorf("the reply is not exactly a %s (strict mode: no text, fences or repairs allowed): %v", noun, err)
	}
	switch v.(type) {
	case []any:
		if shape.Kind == List {
			return v, nil
		}
	case *OrderedMap:
		if shape.Kind != List {
			return v, nil
		}
	}
	return nil, errorf("the reply is JSON but not a %s (strict mode)", noun)
}

func isInfOrNaN(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) }
