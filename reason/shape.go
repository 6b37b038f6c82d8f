package reason

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/types"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/reply"
)

// plan is what a reason() call asks the model for, derived once from the
// expected type (one types.Type drives the prompt, the schema, the reply
// parser and the value built from the reply).
type plan struct {
	typ  *types.Type
	name string // the type as written, e.g. "list[str]"
	// schema is the JSON schema of a JSON type (nil for scalars) and
	// schemaJSON its text for the format instruction.
	schema     map[string]any
	schemaJSON string
	// rfSchema is the schema sent as response_format: an object at the
	// root, as OpenAI's structured outputs want: the schema itself for a
	// struct or dict, else {"value": schema} (the reply parser unwraps it).
	// nil when the type is sent without one (str, numbers, bools).
	rfSchema map[string]any
	expected *llm.Expected
	// named are the struct and enum types whose fields, members and
	// docstrings the prompt explains, the expected one first.
	named []*types.Type
}

// newPlan derives the plan for an expected type (nil means str).
func newPlan(h *interp.TypeHint) *plan {
	t := h.Type()
	p := &plan{typ: t, name: t.Name}
	core := t.NonNone()
	switch {
	case t.IsJSON():
		p.schema = t.Schema()
		b, _ := json.Marshal(p.schema)
		p.schemaJSON = string(b)
		if core.Kind == types.Struct || core.Kind == types.Dict {
			p.rfSchema = core.Schema()
			if t.AllowsNone() && core != t {
				p.rfSchema = wrapValue(p.schema, "value")
			}
		} else if p.schema["type"] == "array" {
			p.rfSchema = wrapValue(p.schema, "items")
		} else {
			p.rfSchema = wrapValue(p.schema, "value")
		}
	case core.Kind == types.Enum || core.Kind == types.Literal || core.Kind == types.Union && choiceUnion(core):
		p.schema = t.Schema()
		b, _ := json.Marshal(p.schema)
		p.schemaJSON = string(b)
		p.rfSchema = wrapValue(p.schema, "value")
	}
	p.expected = expectedOf(t, 0)
	p.named = t.NamedTypes()
	return p
}

// choiceUnion reports whether a union is made of literals and enums only.
func choiceUnion(t *types.Type) bool {
	for _, a := range t.Alts {
		if a.Kind != types.Literal && a.Kind != types.Enum && a.Kind != types.None {
			return false
		}
	}
	return true
}

// wrapValue puts a schema under one key of an object ("items" for an
// array, "value" otherwise).
func wrapValue(s map[string]any, key string) map[string]any {
	return map[string]any{
		"type":                 "object",
		"properties":           map[string]any{key: s},
		"required":             []any{key},
		"additionalProperties": false,
	}
}

// planKey identifies the plan of a hint: its text and the identity of
// the struct types it resolves to (a struct redefined at the REPL is a new
// type, hence a new plan).
func planKey(h *interp.TypeHint) string {
	if h == nil {
		return "str"
	}
	k := h.String()
	for _, n := range h.Type().NamedTypes() {
		k += fmt.Sprintf("|%p", n.Ref)
	}
	return k
}

// json reports whether the reply is asked for as JSON with a schema.
func (p *plan) json() bool { return p.rfSchema != nil }

// expectedOf describes a type for the mock model.
func expectedOf(t *types.Type, depth int) *llm.Expected {
	t = t.NonNone()
	if t == nil {
		return &llm.Expected{Kind: llm.KindStr}
	}
	e := &llm.Expected{Name: t.Name}
	if depth > types.MaxDepth {
		e.Kind = llm.KindAny
		return e
	}
	switch t.Kind {
	case types.Int:
		e.Kind = llm.KindInt
	case types.Float:
		e.Kind = llm.KindFloat
	case types.Bool:
		e.Kind = llm.KindBool
	case types.Str:
		e.Kind = llm.KindStr
	case types.Enum, types.Literal, types.Union:
		vals := enumValues(t)
		if len(vals) == 0 {
			e.Kind = llm.KindAny
			break
		}
		e.Kind = llm.KindStr
		e.Enum = vals
	case types.List, types.Set, types.Tuple:
		e.Kind = llm.KindList
		if el := t.ElemAt(0); el != nil {
			e.Elem = expectedOf(el, depth+1)
		}
	case types.Dict:
		e.Kind = llm.KindDict
		if t.Elem != nil {
			e.Elem = expectedOf(t.Elem, depth+1)
		}
	case types.Struct:
		e.Kind = llm.KindStruct
		for _, f := range t.Fields {
			e.Fields = append(e.Fields, llm.Field{Name: f.Name, Type: expectedOf(f.Type, depth+1)})
		}
	default:
		e.Kind = llm.KindAny
	}
	return e
}

// enumValues are the allowed values of an enum, literal or union of them,
// as text (nil when t is not one).
func enumValues(t *types.Type) []string {
	var out []string
	switch t.Kind {
	case types.Enum:
		for _, m := range t.Members {
			out = append(out, fmt.Sprint(m.Value))
		}
	case types.Literal:
		out = append(out, fmt.Sprint(t.Value))
	case types.Union:
		for _, a := range t.Alts {
			if a.Kind == types.None {
				continue
			}
			vs := enumValues(a)
			if vs == nil {
				return nil
			}
			out = append(out, vs...)
		}
	}
	return out
}

// toValue converts a value read by package reply (typed by the expected
// type) to a mini-Dana value: a struct value is constructed by its type
// (defaults fill the fields the reply left out), an enum member is looked
// up.
func toValue(x any) (interp.Value, error) {
	switch v := x.(type) {
	case nil:
		return interp.None, nil
	case *big.Int:
		return interp.MakeBig(v), nil
	case []any:
		elems, err := toValues(v)
		if err != nil {
			return nil, err
		}
		return interp.NewList(elems), nil
	case reply.Tuple:
		elems, err := toValues(v)
		if err != nil {
			return nil, err
		}
		return interp.Tuple(elems), nil
	case reply.Set:
		elems, err := toValues(v)
		if err != nil {
			return nil, err
		}
		s := interp.NewSet()
		for _, e := range elems {
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *reply.Map:
		d := interp.NewDict(len(v.Keys))
		for i, k := range v.Keys {
			kv, err := toValue(k)
			if err != nil {
				return nil, err
			}
			vv, err := toValue(v.Values[i])
			if err != nil {
				return nil, err
			}
			if err := d.Set(kv, vv); err != nil {
				return nil, err
			}
		}
		return d, nil
	case *reply.OrderedMap:
		d := interp.NewDict(v.Len())
		for i, k := range v.Keys {
			vv, err := toValue(v.Vals[i])
			if err != nil {
				return nil, err
			}
			d.SetStr(k, vv)
		}
		return d, nil
	case *reply.Object:
		st, ok := v.Type.Ref.(*interp.StructType)
		if !ok {
			return nil, fmt.Errorf("struct type %s is not defined", v.Type.Name)
		}
		d := interp.NewDict(len(v.Values))
		for i, f := range v.Type.Fields {
			if !v.Set[i] {
				continue
			}
			fv, err := toValue(v.Values[i])
			if err != nil {
				return nil, err
			}
			d.SetStr(f.Name, fv)
		}
		return interp.Coerce(d, &interp.TypeHint{Kind: interp.HintStruct, Name: st.Name, Struct: st})
	case reply.Member:
		return memberValue(v)
	}
	return interp.FromGo(x), nil
}

func toValues(xs []any) ([]interp.Value, error) {
	out := make([]interp.Value, len(xs))
	for i, x := range xs {
		v, err := toValue(x)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// memberValue is the enum member a reply named.
func memberValue(m reply.Member) (interp.Value, error) {
	et, ok := m.Type.Ref.(*interp.EnumType)
	if !ok || m.Index >= len(et.Members) {
		return nil, fmt.Errorf("enum type %s is not defined", m.Type.Name)
	}
	return et.Members[m.Index], nil
}
