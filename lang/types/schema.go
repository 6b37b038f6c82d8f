package types

// Schema is the JSON schema of t, as the prompt shows it and as structured
// outputs send it: struct fields with their descriptions and required
// fields, enums and literals as "enum", unions as "anyOf". A struct met
// again inside itself is described by name only.
func (t *Type) Schema() map[string]any {
	return schemaOf(t, 0, nil)
}

func schemaOf(t *Type, depth int, seen []*Type) map[string]any {
	if t == nil || depth > MaxDepth {
		return map[string]any{}
	}
	switch t.Kind {
	case Int:
		return map[string]any{"type": "integer"}
	case Float:
		return map[string]any{"type": "number"}
	case Str:
		return map[string]any{"type": "string"}
	case Bool:
		return map[string]any{"type": "boolean"}
	case None:
		return map[string]any{"type": "null"}
	case List, Set:
		s := map[string]any{"type": "array"}
		if t.Elem != nil {
			s["items"] = schemaOf(t.Elem, depth+1, seen)
		}
		if t.Kind == Set {
			s["uniqueItems"] = true
		}
		return s
	case Tuple:
		s := map[string]any{"type": "array"}
		if t.Elem != nil {
			s["items"] = schemaOf(t.Elem, depth+1, seen)
		}
		if len(t.Items) > 0 {
			items := make([]any, len(t.Items))
			for i, it := range t.Items {
				items[i] = schemaOf(it, depth+1, seen)
			}
			s["prefixItems"] = items
			s["minItems"], s["maxItems"] = len(t.Items), len(t.Items)
		}
		return s
	case Dict:
		s := map[string]any{"type": "object"}
		if t.Elem != nil {
			s["additionalProperties"] = schemaOf(t.Elem, depth+1, seen)
		}
		return s
	case Struct:
		for _, x := range seen {
			if x == t {
				return map[string]any{"type": "object", "description": "a " + t.Name}
			}
		}
		seen = append(seen, t)
		props := map[string]any{}
		var required []any
		for _, f := range t.Fields {
			fs := schemaOf(f.Type, depth+1, seen)
			if f.Doc != "" {
				fs["description"] = f.Doc
			}
			props[f.Name] = fs
			if !f.Optional {
				required = append(required, f.Name)
			}
		}
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		if t.Doc != "" {
			s["description"] = t.Doc
		}
		return s
	case Enum:
		vals := make([]any, len(t.Members))
		for i, m := range t.Members {
			vals[i] = m.Value
		}
		s := map[string]any{"enum": vals}
		if typ := jsonTypeOfValues(vals); typ != "" {
			s["type"] = typ
		}
		if d := t.memberDocs(); d != "" {
			s["description"] = d
		}
		return s
	case Literal:
		return map[string]any{"enum": []any{t.Value}}
	case Union:
		// A union of literals (and None) is one enum.
		var lits []any
		allLit := true
		for _, a := range t.Alts {
			switch a.Kind {
			case Literal:
				lits = append(lits, a.Value)
			case None:
				lits = append(lits, nil)
			default:
				allLit = false
			}
		}
		if allLit {
			return map[string]any{"enum": lits}
		}
		var alts []any
		for _, a := range t.Alts {
			alts = append(alts, schemaOf(a, depth+1, seen))
		}
		return map[string]any{"anyOf": alts}
	}
	return map[string]any{}
}

// memberDocs describes an enum's members that have a description:
// "HIGH: needs attention today; LOW: can wait".
func (t *Type) memberDocs() string {
	s := ""
	for _, m := range t.Members {
		if m.Doc == "" {
			continue
		}
		if s != "" {
			s += "; "
		}
		s += LiteralText(m.Value) + ": " + m.Doc
	}
	return s
}

// jsonTypeOfValues is the JSON schema type shared by all vals, or "".
func jsonTypeOfValues(vals []any) string {
	typ := ""
	for _, v := range vals {
		var k string
		switch v.(type) {
		case string:
			k = "string"
		case int64:
			k = "integer"
		case float64:
			k = "number"
		case bool:
			k = "boolean"
		default:
			return ""
		}
		if typ != "" && typ != k {
			return ""
		}
		typ = k
	}
	return typ
}
