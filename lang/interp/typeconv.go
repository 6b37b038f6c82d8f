package interp

import (
	"strings"

	"github.com/minidana/dana/lang/types"
)

// Type converts the hint to the expected-type representation shared with
// reason() (package types): struct names are resolved to their fields (Ref
// is the *StructType), recursion is cut by sharing the Type of a struct
// already being converted. A nil hint is str.
func (h *TypeHint) Type() *types.Type {
	if h == nil {
		return types.Named(types.Str)
	}
	return hintType(h, map[*StructType]*types.Type{}, 0)
}

func hintType(h *TypeHint, seen map[*StructType]*types.Type, depth int) *types.Type {
	if h == nil {
		return &types.Type{Kind: types.Any, Name: "any"}
	}
	t := &types.Type{Name: h.String()}
	if depth > types.MaxDepth {
		t.Kind = types.Any
		return t
	}
	arg := func(i int) *types.Type {
		if i < len(h.Args) {
			return hintType(h.Args[i], seen, depth+1)
		}
		return nil
	}
	switch h.Kind {
	case HintAny, HintFunc:
		t.Kind = types.Any
	case HintInt:
		t.Kind = types.Int
	case HintFloat:
		t.Kind = types.Float
	case HintStr:
		t.Kind = types.Str
	case HintBool:
		t.Kind = types.Bool
	case HintNone:
		t.Kind = types.None
	case HintList:
		t.Kind, t.Elem = types.List, arg(0)
	case HintSet:
		t.Kind, t.Elem = types.Set, arg(0)
	case HintTuple:
		t.Kind = types.Tuple
		if len(h.Args) == 1 {
			t.Elem = arg(0)
		} else {
			for i := range h.Args {
				t.Items = append(t.Items, arg(i))
			}
		}
	case HintDict:
		t.Kind = types.Dict
		if len(h.Args) == 2 {
			t.Key, t.Elem = arg(0), arg(1)
		}
	case HintUnion:
		t.Kind = types.Union
		for _, u := range h.Union {
			t.Alts = append(t.Alts, hintType(u, seen, depth+1))
		}
	case HintLiteral:
		t.Kind, t.Value = types.Literal, literalGo(h.Lit)
	case HintStruct:
		if a := h.resolveAlias(); a != h {
			return hintType(a, seen, depth+1)
		}
		if et := h.ResolveEnum(); et != nil {
			t.Kind, t.Ref, t.Doc = types.Enum, et, strings.TrimSpace(et.Doc)
			for _, m := range et.Members {
				t.Members = append(t.Members, types.Member{Name: m.Name, Value: literalGo(m.Value), Doc: m.Doc})
			}
			return t
		}
		st := h.ResolveStruct()
		if st == nil {
			// An unknown type name: some JSON object.
			t.Kind = types.Dict
			return t
		}
		if done, ok := seen[st]; ok {
			return done
		}
		t.Kind, t.Ref, t.Doc = types.Struct, st, strings.TrimSpace(st.Doc)
		seen[st] = t
		for _, f := range st.Fields {
			tf := types.Field{Name: f.Name, Type: hintType(f.Hint, seen, depth+1), Optional: f.Default != nil, Doc: fieldDoc(f)}
			if f.Default != nil {
				tf.Default = Repr(f.Default)
			}
			t.Fields = append(t.Fields, tf)
		}
	}
	return t
}

// fieldDoc joins a field's comment block and inline comment.
func fieldDoc(f StructField) string {
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

// literalGo is a literal or member value as package types holds it:
// string, int64, float64 or bool.
func literalGo(v Value) any {
	switch x := v.(type) {
	case Str:
		return string(x)
	case Int:
		return int64(x)
	case Float:
		return float64(x)
	case Bool:
		return bool(x)
	}
	return Repr(v)
}
