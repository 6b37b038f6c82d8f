package reply

import (
	"strings"

	"github.com/minidana/dana/lang/types"
)

// Test helpers that build expected types as interp.TypeHint.Type would.

func field(name string, t *types.Type) types.Field { return types.Field{Name: name, Type: t} }

func optField(name string, t *types.Type, def string) types.Field {
	return types.Field{Name: name, Type: t, Optional: true, Default: def}
}

func structT(name string, fields ...types.Field) *types.Type {
	return &types.Type{Kind: types.Struct, Name: name, Fields: fields}
}

func listOf(t *types.Type) *types.Type {
	return &types.Type{Kind: types.List, Name: "list[" + t.Name + "]", Elem: t}
}

func setOf(t *types.Type) *types.Type {
	return &types.Type{Kind: types.Set, Name: "set[" + t.Name + "]", Elem: t}
}

func tupleOf(ts ...*types.Type) *types.Type {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	return &types.Type{Kind: types.Tuple, Name: "tuple[" + strings.Join(names, ", ") + "]", Items: ts}
}

func dictOf(k, v *types.Type) *types.Type {
	return &types.Type{Kind: types.Dict, Name: "dict[" + k.Name + ", " + v.Name + "]", Key: k, Elem: v}
}

func union(ts ...*types.Type) *types.Type {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	return &types.Type{Kind: types.Union, Name: strings.Join(names, " | "), Alts: ts}
}

func optional(t *types.Type) *types.Type { return union(t, types.Named(types.None)) }

func lit(v any) *types.Type {
	return &types.Type{Kind: types.Literal, Name: types.LiteralText(v), Value: v}
}

func lits(vs ...any) *types.Type {
	ts := make([]*types.Type, len(vs))
	for i, v := range vs {
		if v == nil {
			ts[i] = types.Named(types.None)
		} else {
			ts[i] = lit(v)
		}
	}
	return union(ts...)
}

func enumT(name string, members ...types.Member) *types.Type {
	return &types.Type{Kind: types.Enum, Name: name, Members: members}
}

var (
	tPriority = enumT("Priority",
		types.Member{Name: "LOW", Value: "low", Doc: "can wait"},
		types.Member{Name: "MEDIUM", Value: "medium"},
		types.Member{Name: "HIGH", Value: "high", Doc: "needs attention today"},
		types.Member{Name: "VERY_HIGH", Value: "very_high"},
	)
	tStatus = enumT("Status",
		types.Member{Name: "OPEN", Value: "OPEN"},
		types.Member{Name: "IN_PROGRESS", Value: "IN_PROGRESS"},
		types.Member{Name: "DONE", Value: "DONE"},
	)
	tCode  = enumT("Code", types.Member{Name: "OK", Value: int64(200)}, types.Member{Name: "NOT_FOUND", Value: int64(404)})
	tLevel = lits("low", "medium", "high")

	tCity    = structT("City", field("name", types.Named(types.Str)), optField("population", types.Named(types.Int), "0"))
	tAddress = structT("Address", field("street", types.Named(types.Str)), field("city", tCity))
	tNested  = structT("Customer", field("name", types.Named(types.Str)), field("age", optional(types.Named(types.Int))),
		field("address", tAddress), field("tags", listOf(types.Named(types.Str))))
	tCat = structT("Cat", field("name", types.Named(types.Str)), field("indoor", types.Named(types.Bool)))
	tDog = structT("Dog", field("name", types.Named(types.Str)), field("breed", types.Named(types.Str)))
)
