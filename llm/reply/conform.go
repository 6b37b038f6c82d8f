package reply

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"

	"github.com/minidana/dana/lang/types"
)

// maxConformDepth bounds the walk of a value against a type.
const maxConformDepth = 256

// pathNode is where a value is in the reply, built as the walk goes down
// and rendered only for a failure: address.city, [2].name.
type pathNode struct {
	up  *pathNode
	key string
	idx int // -1 for a key
}

func (p *pathNode) field(k string) *pathNode { return &pathNode{up: p, key: k, idx: -1} }
func (p *pathNode) index(i int) *pathNode    { return &pathNode{up: p, idx: i} }

// String renders the path: "address.city", "[1].name".
func (p *pathNode) String() string {
	if p == nil {
		return ""
	}
	s := p.up.String()
	if p.idx >= 0 {
		return s + "[" + strconv.Itoa(p.idx) + "]"
	}
	if s == "" {
		return p.key
	}
	return s + "." + p.key
}

// at prefixes a failure with where it happened: "at address.city: ".
func at(path *pathNode, format string, args ...any) string {
	msg := fmt.Sprintf(format, args...)
	if path == nil {
		return msg
	}
	return "at " + path.String() + ": " + msg
}

// describe renders a decoded JSON value for a failure message.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(excerpt(x, 40))
	case Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "a JSON array"
	case *OrderedMap:
		return "a JSON object"
	}
	return fmt.Sprint(v)
}

// article names a type for messages: "an int", "a str", "a Person".
func article(t *types.Type) string {
	n := t.Name
	if n == "" {
		n = t.Kind.String()
	}
	switch t.Kind {
	case types.Literal:
		return types.LiteralText(t.Value)
	case types.Union:
		return "one of " + n
	}
	if strings.ContainsRune("aeiouAEIOU", rune(n[0])) {
		return "an " + n
	}
	return "a " + n
}

// conform reads a decoded JSON value v as type t: the value (in the forms
// documented in the package comment), the cost of the liberties taken, or
// the reason it cannot be read without losing information.
func conform(v any, t *types.Type, path *pathNode, depth int) (any, int, string) {
	if t == nil || t.Kind == types.Any {
		return plain(v), 0, ""
	}
	if depth > maxConformDepth {
		return nil, 0, at(path, "the value is nested too deeply")
	}
	switch t.Kind {
	case types.Union:
		if s, ok := v.(string); ok && textChoices(t) {
			if isNoneWord(s) && t.AllowsNone() {
				return nil, costCoerce, ""
			}
			return matchChoice(s, t, path)
		}
		if v == nil && t.AllowsNone() {
			return nil, 0, ""
		}
		return conformUnion(v, t, path, depth)
	case types.None:
		if v == nil {
			return nil, 0, ""
		}
		if s, ok := v.(string); ok && isNoneWord(s) {
			return nil, costCoerce, ""
		}
		return nil, 0, at(path, "%s is not null", describe(v))
	}
	if v == nil {
		return nil, 0, at(path, "the value is null, but the program expects %s (None is not allowed here)", article(t))
	}
	// {"value": x} for a scalar, {"items": [...]} for a list: unwrap.
	if m, ok := v.(*OrderedMap); ok && m.Len() == 1 && t.Kind != types.Dict && t.Kind != types.Struct {
		inner := m.Vals[0]
		_, innerIsMap := inner.(*OrderedMap)
		if valueKeys[strings.ToLower(m.Keys[0])] || !innerIsMap && t.IsJSON() {
			r, c, fail := conform(inner, t, path, depth+1)
			return r, c + costUnwrap, fail
		}
	}
	switch t.Kind {
	case types.Str:
		switch x := v.(type) {
		case string:
			return x, 0, ""
		case Number:
			return string(x), costCoerce, ""
		case bool:
			if x {
				return "True", costCoerce, ""
			}
			return "False", costCoerce, ""
		}
		return nil, 0, at(path, "%s is not a str (the program expects text; reading it as text would lose its structure)", describe(v))
	case types.Int, types.Float:
		switch x := v.(type) {
		case Number:
			return numberAs(string(x), t, path, 0)
		case string:
			s := strings.TrimSpace(x)
			if _, ok := parseNumberToken(s); ok {
				return numberAs(s, t, path, costCoerce)
			}
			return nil, 0, at(path, "%s is not %s", describe(v), article(t))
		}
		return nil, 0, at(path, "%s is not %s", describe(v), article(t))
	case types.Bool:
		switch x := v.(type) {
		case bool:
			return x, 0, ""
		case Number:
			switch x {
			case "0":
				return false, costCoerce, ""
			case "1":
				return true, costCoerce, ""
			}
		case string:
			if b, ok := boolWord(x); ok {
				return b, costCoerce, ""
			}
		}
		return nil, 0, at(path, "%s is not true or false", describe(v))
	case types.Literal:
		return conformLiteral(v, t, path)
	case types.Enum:
		return conformEnum(v, t, path)
	case types.List, types.Set, types.Tuple:
		arr, ok := v.([]any)
		cost := 0
		if !ok {
			if s, isStr := v.(string); isStr {
				if d, err := decodeJSON(s); err == nil {
					arr, ok = d.([]any)
					cost = costCoerce
				}
			}
		}
		if !ok {
			return nil, 0, at(path, "%s is not a list (the program expects %s)", describe(v), t.Name)
		}
		if t.Kind == types.Tuple && len(t.Items) > 0 && len(arr) != len(t.Items) {
			return nil, 0, at(path, "the array has %d items, but the program expects %d (%s)", len(arr), len(t.Items), t.Name)
		}
		out := make([]any, len(arr))
		steps := make([]pathNode, len(arr))
		for i, e := range arr {
			steps[i] = pathNode{up: path, idx: i}
			r, c, fail := conform(e, t.ElemAt(i), &steps[i], depth+1)
			if fail != "" {
				return nil, 0, fail
			}
			out[i], cost = r, cost+c
		}
		return seqOf(t, out), cost, ""
	case types.Dict:
		m, ok := v.(*OrderedMap)
		if !ok {
			return nil, 0, at(path, "%s is not a JSON object (the program expects %s)", describe(v), t.Name)
		}
		if m.dup != "" {
			return nil, 0, at(path, "the JSON object gives the key %q twice with different values", m.dup)
		}
		out := &Map{Keys: make([]any, 0, m.Len()), Values: make([]any, 0, m.Len())}
		cost := 0
		for i, k := range m.Keys {
			kv, kc, fail := conformKey(k, t.Key, path)
			if fail != "" {
				return nil, 0, fail
			}
			r, c, fail := conform(m.Vals[i], t.Elem, path.field(k), depth+1)
			if fail != "" {
				return nil, 0, fail
			}
			out.Keys = append(out.Keys, kv)
			out.Values = append(out.Values, r)
			cost += kc + c
		}
		return out, cost, ""
	case types.Struct:
		return conformStruct(v, t, path, depth)
	}
	return plain(v), 0, ""
}

// valueKeys are the keys of a one-key object that wraps a scalar answer.
var valueKeys = map[string]bool{"value": true, "answer": true, "result": true}

// conformKey reads a JSON object key as a dict's key type.
func conformKey(k string, t *types.Type, path *pathNode) (any, int, string) {
	if t == nil || t.Kind == types.Str || t.Kind == types.Any {
		return k, 0, ""
	}
	v, c, fail := conformText(k, t, path)
	if fail != "" {
		return nil, 0, at(path, "key %q is not %s", k, article(t))
	}
	if c > 0 {
		c-- // keys are always strings in JSON: "1" for an int key is exact
	}
	return v, c, ""
}

// conformUnion reads v as the best-fitting alternative of a union; among
// alternatives that read it equally well, the first written wins (they
// read the same data).
func conformUnion(v any, t *types.Type, path *pathNode, depth int) (any, int, string) {
	u := unionPick{}
	for _, a := range t.Alts {
		r, c, fail := conform(v, a, path, depth+1)
		u.offer(r, c, fail)
	}
	if u.ok() {
		return u.result(v, path)
	}
	return nil, 0, unionFailure(v, t, path, u.fails)
}

// unionPick keeps the best reading of one value among a union's
// alternatives. Alternatives that read it equally well give the first
// written, except that two different allowed values each merely mentioned
// in the text ("medium to high") are ambiguous.
type unionPick struct {
	best   any
	cost   int
	n      int
	others []any // other values at the best cost
	fails  []string
}

func (u *unionPick) offer(r any, c int, fail string) {
	if fail != "" {
		u.fails = append(u.fails, fail)
		return
	}
	switch {
	case u.n == 0 || c < u.cost:
		u.best, u.cost, u.others = r, c, nil
	case c == u.cost:
		u.others = append(u.others, r)
	}
	u.n++
}

func (u *unionPick) ok() bool { return u.n > 0 }

func (u *unionPick) result(v any, path *pathNode) (any, int, string) {
	if u.cost >= costMention {
		key := canonical(u.best)
		for _, o := range u.others {
			if canonical(o) != key {
				return nil, 0, at(path, "%s names several allowed values (%s and %s), so the answer is ambiguous", describe(v), describeValue(u.best), describeValue(o))
			}
		}
	}
	return u.best, u.cost, ""
}

// describeValue renders a value read from a reply for a message.
func describeValue(v any) string {
	if m, ok := v.(Member); ok {
		return m.Type.Name + "." + m.Name()
	}
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return strings.TrimSpace(canonical(v))
}

// unionFailure explains why no alternative fits: the reason of the
// alternative of the value's own kind when there is one, else in general.
func unionFailure(v any, t *types.Type, path *pathNode, fails []string) string {
	for i, a := range t.Alts {
		if i < len(fails) && sameShape(v, a) {
			return fails[i] + " (the program expects " + t.Name + ")"
		}
	}
	if allLiterals(t) {
		return at(path, "%s is not one of the allowed values (%s)", describe(v), allowedValues(t))
	}
	return at(path, "%s is not %s", describe(v), article(t))
}

// sameShape reports whether v is the JSON form of values of t.
func sameShape(v any, t *types.Type) bool {
	switch v.(type) {
	case *OrderedMap:
		return t.Kind == types.Struct || t.Kind == types.Dict
	case []any:
		return t.Kind == types.List || t.Kind == types.Tuple || t.Kind == types.Set
	case Number:
		return t.Kind == types.Int || t.Kind == types.Float
	}
	return false
}

// numberAs reads a number written s as an int or float, losslessly: an int
// from "3" (exact) or "3.0"/"1e3" (coerced), never from "2.7".
func numberAs(s string, t *types.Type, path *pathNode, base int) (any, int, string) {
	n, ok := parseNumberToken(s)
	if !ok {
		return nil, 0, at(path, "%q is not a number", s)
	}
	if t.Kind == types.Float {
		if n.isInt {
			return n.value, base + costCoerce, ""
		}
		return n.value, base, ""
	}
	if n.isInt {
		if i, err := strconv.ParseInt(n.norm, 10, 64); err == nil {
			return i, base, ""
		}
		if b, ok := new(big.Int).SetString(n.norm, 10); ok {
			return b, base, ""
		}
	}
	// A fraction or exponent: an int only when it is whole.
	r, ok := new(big.Rat).SetString(n.norm)
	if !ok || !r.IsInt() {
		return nil, 0, at(path, "%s is not a whole number (the program expects an int; reading it would lose the fraction)", s)
	}
	if r.Num().IsInt64() {
		return r.Num().Int64(), base + costCoerce, ""
	}
	if math.IsInf(n.value, 0) {
		return nil, 0, at(path, "%s is out of range", s)
	}
	return new(big.Int).Set(r.Num()), base + costCoerce, ""
}

// boolWord reads an exact yes/no word.
func boolWord(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".!")) {
	case "true", "yes", "y":
		return true, true
	case "false", "no", "n":
		return false, true
	}
	return false, false
}

// isNoneWord reports whether s says "no value".
func isNoneWord(s string) bool {
	switch strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".")) {
	case "none", "null", "nil", "n/a", "n.a":
		return true
	}
	return false
}

// conformStruct reads a JSON object as a struct: keys matched to fields
// (exactly, else ignoring case and separators), optional fields may be
// missing, unknown keys are dropped at a cost, a required field missing or
// null is a failure. A one-key object or one-element array wrapping the
// object is unwrapped.
func conformStruct(v any, t *types.Type, path *pathNode, depth int) (any, int, string) {
	var m *OrderedMap
	switch x := v.(type) {
	case *OrderedMap:
		m = x
	case []any:
		if len(x) == 1 {
			if _, ok := x[0].(*OrderedMap); ok {
				r, c, fail := conformStruct(x[0], t, path, depth+1)
				return r, c + costUnwrap, fail
			}
		}
		return nil, 0, at(path, "%s is not a JSON object with the fields of %s", describe(v), t.Name)
	default:
		if s, ok := v.(string); ok {
			if d, err := decodeJSON(s); err == nil {
				if dm, ok := d.(*OrderedMap); ok {
					r, c, fail := conformStruct(dm, t, path, depth+1)
					return r, c + costCoerce, fail
				}
			}
		}
		return nil, 0, at(path, "%s is not a JSON object with the fields of %s", describe(v), t.Name)
	}
	if m.dup != "" {
		return nil, 0, at(path, "the JSON object gives the key %q twice with different values", m.dup)
	}
	obj := &Object{Type: t, Values: make([]any, len(t.Fields)), Set: make([]bool, len(t.Fields))}
	steps := make([]pathNode, len(t.Fields))
	used := make([]bool, len(m.Keys))
	cost, matched := 0, 0
	var missing []string
	for i, f := range t.Fields {
		ki := -1
		for j, k := range m.Keys {
			if k == f.Name && !used[j] {
				ki = j
				break
			}
		}
		if ki < 0 {
			nf := normKey(f.Name)
			for j, k := range m.Keys {
				if !used[j] && normKey(k) == nf {
					ki = j
					cost += costKey
					break
				}
			}
		}
		if ki < 0 {
			if f.Optional {
				cost += costMissing
				continue
			}
			missing = append(missing, f.Name)
			continue
		}
		used[ki] = true
		matched++
		steps[i] = pathNode{up: path, key: f.Name, idx: -1}
		r, c, fail := conform(m.Vals[ki], f.Type, &steps[i], depth+1)
		if fail != "" {
			if m.Vals[ki] == nil && f.Type != nil && !f.Type.AllowsNone() {
				return nil, 0, at(path.field(f.Name), "the field is null, but %s.%s is required to be %s (it does not allow None)", t.Name, f.Name, article(f.Type))
			}
			return nil, 0, fail
		}
		obj.Values[i], obj.Set[i] = r, true
		cost += c
	}
	if len(missing) > 0 || matched == 0 && m.Len() > 0 {
		// {"Person": {...}}: the object wrapped under one key.
		if m.Len() == 1 {
			if inner, ok := m.Vals[0].(*OrderedMap); ok {
				if r, c, fail := conformStruct(inner, t, path, depth+1); fail == "" {
					return r, c + costUnwrap, ""
				}
			}
		}
		if len(missing) > 0 {
			quoted := make([]string, len(missing))
			for i, n := range missing {
				quoted[i] = "`" + n + "`"
			}
			s := ""
			if len(missing) > 1 {
				s = "s"
			}
			return nil, 0, at(path, "the JSON object lacks the required field%s %s of %s", s, strings.Join(quoted, ", "), t.Name)
		}
		return nil, 0, at(path, "the JSON object has none of the fields of %s", t.Name)
	}
	for j := range m.Keys {
		if !used[j] {
			cost += costExtra
		}
	}
	return obj, cost, ""
}

// normKey folds a key for lenient matching: lower case, without spaces,
// dashes and underscores.
func normKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r == '-' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// conformText reads a text that is not JSON as a scalar type: the text
// itself for str, an exact number, yes/no word, member or literal.
func conformText(text string, t *types.Type, path *pathNode) (any, int, string) {
	s := strings.TrimSpace(text)
	if t == nil || t.Kind == types.Any {
		return unquote(s), 0, ""
	}
	switch t.Kind {
	case types.Union:
		if textChoices(t) {
			bare := strings.TrimSpace(unquote(unwrapEmphasis(s)))
			if isNoneWord(bare) && t.AllowsNone() {
				return nil, 0, ""
			}
			return matchChoice(strings.TrimSpace(strings.TrimRight(bare, ".!")), t, path)
		}
		u := unionPick{}
		for _, a := range t.Alts {
			r, c, fail := conformText(s, a, path)
			u.offer(r, c, fail)
		}
		if u.ok() {
			return u.result(s, path)
		}
		if allLiterals(t) {
			return nil, 0, at(path, "%q is not one of the allowed values (%s)", excerpt(s, 60), allowedValues(t))
		}
		return nil, 0, at(path, "%q is not %s", excerpt(s, 60), article(t))
	case types.Str:
		if v, err := decodeJSON(s); err == nil {
			return conform(v, t, path, 0)
		}
		out := unquote(unwrapEmphasis(s))
		if isNoneWord(out) {
			return out, costCoerce, ""
		}
		return out, 0, ""
	case types.None:
		if isNoneWord(unquote(s)) {
			return nil, 0, ""
		}
		return nil, 0, at(path, "%q is not None", excerpt(s, 60))
	}
	// Scalars written bare: quotes, emphasis, a trailing period and a
	// unit-less percent sign do not count.
	bare := strings.TrimSpace(unquote(unwrapEmphasis(s)))
	bare = strings.TrimSpace(strings.TrimRight(bare, ".!"))
	if v, err := decodeJSON(bare); err == nil && t.Kind != types.Enum && t.Kind != types.Literal {
		return conform(v, t, path, 0)
	}
	switch t.Kind {
	case types.Int, types.Float:
		num := strings.TrimSuffix(bare, "%")
		if _, ok := parseNumberToken(num); !ok {
			return nil, 0, at(path, "%q is not %s", excerpt(s, 60), article(t))
		}
		return numberAs(num, t, path, 0)
	case types.Bool:
		if b, ok := boolWord(bare); ok {
			return b, 0, ""
		}
		switch bare {
		case "1":
			return true, costCoerce, ""
		case "0":
			return false, costCoerce, ""
		}
		return nil, 0, at(path, "%q is not true or false", excerpt(s, 60))
	case types.Literal:
		if _, isStr := t.Value.(string); !isStr {
			if v, err := decodeJSON(strings.ToLower(bare)); err == nil {
				return conformLiteral(v, t, path)
			}
			return nil, 0, at(path, "%q is not %s", excerpt(s, 60), article(t))
		}
		return matchChoice(bare, t, path)
	case types.Enum:
		if v, err := decodeJSON(bare); err == nil {
			if _, isStr := v.(string); !isStr {
				return conformEnum(v, t, path)
			}
		}
		return matchChoice(bare, t, path)
	}
	return nil, 0, at(path, "%q is not %s", excerpt(s, 60), article(t))
}

// textChoices reports whether a union is made of string literals, enums
// and None only: a string is read against all its choices at once.
func textChoices(t *types.Type) bool {
	for _, a := range t.Alts {
		switch a.Kind {
		case types.Enum, types.None:
		case types.Literal:
			if _, ok := a.Value.(string); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}
