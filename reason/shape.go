package reason

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/reply"
)

// plan is what a reason() call asks the model for, derived once from the
// expected type: the kind of reply to parse, the JSON schema of JSON
// shapes, the description the mock model uses, and the struct types whose
// fields and docstrings the prompt explains.
type plan struct {
	hint   *interp.TypeHint
	name   string // the type as written, e.g. "list[str]"
	kind   llm.Kind
	shape  reply.Shape
	schema map[string]any // nil for scalars
	// schemaJSON is schema marshalled (for the format instruction).
	schemaJSON string
	// rfSchema is the schema sent as response_format: schema itself, or
	// for an array an object {"items": [...]} wrapping it, because
	// OpenAI's structured outputs want an object at the root (the reply
	// parser unwraps it).
	rfSchema map[string]any
	expected *llm.Expected
	structs  []*interp.StructType // the expected struct first, then nested ones
}

// maxSchemaDepth bounds the nesting of derived schemas (recursive structs).
const maxSchemaDepth = 6

// newPlan derives the plan for an expected type (nil means str).
func newPlan(h *interp.TypeHint) *plan {
	if h == nil {
		h = &interp.TypeHint{Kind: interp.HintStr, Name: "str"}
	}
	p := &plan{hint: h, name: h.String()}
	core := nonNone(h)
	switch core.Kind {
	case interp.HintInt:
		p.kind, p.shape.Kind = llm.KindInt, reply.Int
	case interp.HintFloat:
		p.kind, p.shape.Kind = llm.KindFloat, reply.Float
	case interp.HintBool:
		p.kind, p.shape.Kind = llm.KindBool, reply.Bool
	case interp.HintStr:
		p.kind, p.shape.Kind = llm.KindStr, reply.Str
	case interp.HintList, interp.HintTuple, interp.HintSet:
		p.kind, p.shape.Kind = llm.KindList, reply.List
	case interp.HintDict:
		p.kind, p.shape.Kind = llm.KindDict, reply.Dict
	case interp.HintStruct:
		if st := core.ResolveStruct(); st != nil {
			p.kind, p.shape.Kind = llm.KindStruct, reply.Object
			for _, f := range st.Fields {
				p.shape.Fields = append(p.shape.Fields, f.Name)
			}
		} else {
			p.kind, p.shape.Kind = llm.KindDict, reply.Dict // an unknown type name: some JSON object
		}
	default: // any, None, functions, unions of several kinds
		p.kind, p.shape.Kind = llm.KindAny, reply.Any
	}
	if p.kind == llm.KindList || p.kind == llm.KindDict || p.kind == llm.KindStruct {
		p.schema = schemaOf(h, 0, nil)
		b, _ := json.Marshal(p.schema)
		p.schemaJSON = string(b)
		p.rfSchema = p.schema
		if p.schema["type"] == "array" {
			p.rfSchema = map[string]any{
				"type":                 "object",
				"properties":           map[string]any{"items": p.schema},
				"required":             []any{"items"},
				"additionalProperties": false,
			}
		}
	}
	p.expected = expectedOf(h, 0, nil)
	p.structs = structsIn(h, nil, 0)
	return p
}

// planKey identifies the plan of a hint: its text and the identity of
// the struct types it resolves to (a struct redefined at the REPL is a new
// type, hence a new plan).
func planKey(h *interp.TypeHint) string {
	if h == nil {
		return "str"
	}
	k := h.String()
	for _, st := range structsIn(h, nil, 0) {
		k += fmt.Sprintf("|%p", st)
	}
	return k
}

// json reports whether the reply is JSON (list, dict or struct).
func (p *plan) json() bool { return p.schema != nil }

// nonNone strips None from a union: `int | None` is read as int. A union
// of several other kinds stays a union (read as any, then coerced).
func nonNone(h *interp.TypeHint) *interp.TypeHint {
	if h == nil || h.Kind != interp.HintUnion {
		return h
	}
	var rest []*interp.TypeHint
	for _, u := range h.Union {
		if u.Kind != interp.HintNone {
			rest = append(rest, u)
		}
	}
	if len(rest) == 1 {
		return nonNone(rest[0])
	}
	return h
}

// schemaOf derives the JSON schema of a type. seen holds the structs being
// described, to cut recursion.
func schemaOf(h *interp.TypeHint, depth int, seen []*interp.StructType) map[string]any {
	if h == nil || depth > maxSchemaDepth {
		return map[string]any{}
	}
	switch h.Kind {
	case interp.HintInt:
		return map[string]any{"type": "integer"}
	case interp.HintFloat:
		return map[string]any{"type": "number"}
	case interp.HintStr:
		return map[string]any{"type": "string"}
	case interp.HintBool:
		return map[string]any{"type": "boolean"}
	case interp.HintNone:
		return map[string]any{"type": "null"}
	case interp.HintList, interp.HintSet:
		s := map[string]any{"type": "array"}
		if len(h.Args) > 0 {
			s["items"] = schemaOf(h.Args[0], depth+1, seen)
		}
		if h.Kind == interp.HintSet {
			s["uniqueItems"] = true
		}
		return s
	case interp.HintTuple:
		s := map[string]any{"type": "array"}
		switch {
		case len(h.Args) == 1:
			s["items"] = schemaOf(h.Args[0], depth+1, seen)
		case len(h.Args) > 1:
			same := true
			for _, a := range h.Args[1:] {
				if a.String() != h.Args[0].String() {
					same = false
				}
			}
			if same {
				s["items"] = schemaOf(h.Args[0], depth+1, seen)
			}
			s["minItems"], s["maxItems"] = len(h.Args), len(h.Args)
		}
		return s
	case interp.HintDict:
		s := map[string]any{"type": "object"}
		if len(h.Args) == 2 {
			s["additionalProperties"] = schemaOf(h.Args[1], depth+1, seen)
		}
		return s
	case interp.HintStruct:
		st := h.ResolveStruct()
		if st == nil {
			return map[string]any{"type": "object"}
		}
		for _, x := range seen {
			if x == st {
				return map[string]any{"type": "object", "description": "a " + st.Name}
			}
		}
		seen = append(seen, st)
		props := map[string]any{}
		var required []any
		for _, f := range st.Fields {
			fs := schemaOf(f.Hint, depth+1, seen)
			if d := fieldDescription(f); d != "" {
				fs["description"] = d
			}
			props[f.Name] = fs
			if f.Default == nil {
				required = append(required, f.Name)
			}
		}
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		if d := strings.TrimSpace(st.Doc); d != "" {
			s["description"] = d
		}
		return s
	case interp.HintUnion:
		var alts []any
		for _, u := range h.Union {
			alts = append(alts, schemaOf(u, depth+1, seen))
		}
		return map[string]any{"anyOf": alts}
	}
	return map[string]any{}
}

// fieldDescription joins a field's comment block and inline comment.
func fieldDescription(f interp.StructField) string {
	parts := make([]string, 0, len(f.Doc)+1)
	for _, d := range f.Doc {
		if d = strings.TrimSpace(d); d != "" {
			parts = append(parts, d)
		}
	}
	if c := strings.TrimSpace(f.Comment); c != "" {
		parts = append(parts, c)
	}
	return strings.Join(parts, " ")
}

// expectedOf describes a type for the mock model.
func expectedOf(h *interp.TypeHint, depth int, seen []*interp.StructType) *llm.Expected {
	h = nonNone(h)
	if h == nil {
		return &llm.Expected{Kind: llm.KindStr}
	}
	e := &llm.Expected{Name: h.String()}
	if depth > maxSchemaDepth {
		e.Kind = llm.KindAny
		return e
	}
	switch h.Kind {
	case interp.HintInt:
		e.Kind = llm.KindInt
	case interp.HintFloat:
		e.Kind = llm.KindFloat
	case interp.HintBool:
		e.Kind = llm.KindBool
	case interp.HintStr:
		e.Kind = llm.KindStr
	case interp.HintList, interp.HintSet, interp.HintTuple:
		e.Kind = llm.KindList
		if len(h.Args) > 0 {
			e.Elem = expectedOf(h.Args[0], depth+1, seen)
		}
	case interp.HintDict:
		e.Kind = llm.KindDict
		if len(h.Args) == 2 {
			e.Elem = expectedOf(h.Args[1], depth+1, seen)
		}
	case interp.HintStruct:
		st := h.ResolveStruct()
		if st == nil {
			e.Kind = llm.KindDict
			break
		}
		e.Kind = llm.KindStruct
		for _, x := range seen {
			if x == st {
				return e
			}
		}
		seen = append(seen, st)
		for _, f := range st.Fields {
			e.Fields = append(e.Fields, llm.Field{Name: f.Name, Type: expectedOf(f.Hint, depth+1, seen)})
		}
	default:
		e.Kind = llm.KindAny
	}
	return e
}

// structsIn lists the struct types a type mentions, outermost first.
func structsIn(h *interp.TypeHint, acc []*interp.StructType, depth int) []*interp.StructType {
	if h == nil || depth > maxSchemaDepth {
		return acc
	}
	for _, a := range h.Args {
		acc = structsIn(a, acc, depth+1)
	}
	for _, u := range h.Union {
		acc = structsIn(u, acc, depth+1)
	}
	st := h.ResolveStruct()
	if st == nil {
		return acc
	}
	for _, x := range acc {
		if x == st {
			return acc
		}
	}
	acc = append(acc, st)
	for _, f := range st.Fields {
		acc = structsIn(f.Hint, acc, depth+1)
	}
	return acc
}

// toValue converts a value read by package reply to a mini-Dana value.
func toValue(x any) interp.Value {
	switch v := x.(type) {
	case *reply.OrderedMap:
		d := interp.NewDict(v.Len())
		for _, k := range v.Keys {
			d.SetStr(k, toValue(v.Values[k]))
		}
		return d
	case []any:
		elems := make([]interp.Value, len(v))
		for i, e := range v {
			elems[i] = toValue(e)
		}
		return interp.NewList(elems)
	}
	return interp.FromGo(x)
}

// fitStructs adapts dicts read from a reply to the struct types the hint
// expects, forgiving what models commonly get wrong: keys that differ from
// the field names only in case, spaces or dashes are renamed, and keys the
// struct does not have are dropped. Missing required fields are left for
// coercion to report.
func fitStructs(v interp.Value, h *interp.TypeHint, depth int) interp.Value {
	h = nonNone(h)
	if h == nil || depth > maxSchemaDepth {
		return v
	}
	switch h.Kind {
	case interp.HintList, interp.HintSet, interp.HintTuple:
		l, ok := v.(*interp.List)
		if !ok || len(h.Args) == 0 {
			return v
		}
		for i, e := range l.Elems {
			eh := h.Args[0]
			if h.Kind == interp.HintTuple && i < len(h.Args) {
				eh = h.Args[i]
			}
			l.Elems[i] = fitStructs(e, eh, depth+1)
		}
	case interp.HintDict:
		d, ok := v.(*interp.Dict)
		if !ok || len(h.Args) != 2 {
			return v
		}
		vals := d.Values()
		for i := range vals {
			vals[i] = fitStructs(vals[i], h.Args[1], depth+1)
		}
	case interp.HintStruct:
		st := h.ResolveStruct()
		d, ok := v.(*interp.Dict)
		if st == nil || !ok {
			return v
		}
		byNorm := map[string]int{}
		for i, f := range st.Fields {
			byNorm[normKey(f.Name)] = i
		}
		out := interp.NewDict(len(st.Fields))
		vals := d.Values()
		for i, k := range d.Keys() {
			ks, ok := k.(interp.Str)
			if !ok {
				continue
			}
			fi := st.FieldIndex(string(ks))
			if fi < 0 {
				j, ok := byNorm[normKey(string(ks))]
				if !ok {
					continue // a key the struct does not have
				}
				fi = j
			}
			name := st.Fields[fi].Name
			if _, dup := out.GetStr(name); dup {
				continue
			}
			out.SetStr(name, fitStructs(vals[i], st.Fields[fi].Hint, depth+1))
		}
		return out
	}
	return v
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
