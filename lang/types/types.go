// Package types is the one representation of an expected type (SPEC §2.4-2.5,
// §9.4): what a reason() call site wants back. It is built from the
// interpreter's type hints (interp.TypeHint.Type) and drives everything that
// depends on the expected type of a model reply: the format instruction and
// the JSON schema of the prompt (package reason), the type-directed reply
// parser (package llm/reply) and the materialisation of the parsed value.
//
// The package is a leaf: it imports nothing of the interpreter, POET or the
// LLM client, so every layer may use it. A Type describing a struct or enum
// carries the runtime type in Ref (opaque here) so that the consumer that
// builds values can find it again.
package types

import (
	"strconv"
	"strings"
)

// Kind classifies a Type.
type Kind uint8

// The kinds of type.
const (
	// Any is any value (no constraint).
	Any Kind = iota
	// Str is text.
	Str
	// Int is an integer.
	Int
	// Float is a number.
	Float
	// Bool is True/False.
	Bool
	// None is the None value (null).
	None
	// List is list[Elem] (Elem nil: any elements).
	List
	// Tuple is tuple[Items...] (fixed length) or tuple[Elem] (any length).
	Tuple
	// Set is set[Elem].
	Set
	// Dict is dict[Key, Elem] (nil Key/Elem: any).
	Dict
	// Struct is a struct type with Fields.
	Struct
	// Enum is an enum type with Members.
	Enum
	// Literal is one literal value (Value: string, int64 or bool).
	Literal
	// Union is one of Alts.
	Union
)

var kindNames = [...]string{"any", "str", "int", "float", "bool", "None", "list", "tuple", "set", "dict",
	"struct", "enum", "literal", "union"}

// String names the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Type is an expected type.
type Type struct {
	Kind Kind
	// Name is the type as written in the script: "int", "list[str]",
	// "Person", "\"low\" | \"high\"".
	Name string
	// Elem is the element type of a List, Set or homogeneous Tuple, and the
	// value type of a Dict; nil means any.
	Elem *Type
	// Key is the key type of a Dict; nil means str.
	Key *Type
	// Items are the item types of a fixed-length Tuple.
	Items []*Type
	// Alts are the alternatives of a Union, in the order written.
	Alts []*Type
	// Fields are a Struct's fields in declaration order.
	Fields []Field
	// Members are an Enum's members in declaration order.
	Members []Member
	// Doc is the docstring of a Struct or Enum.
	Doc string
	// Value is a Literal's value: string, int64 or bool.
	Value any
	// Ref is the runtime type a Struct or Enum stands for (for example the
	// interpreter's struct type); opaque to this package.
	Ref any
}

// Field is one field of a struct type.
type Field struct {
	Name string
	Type *Type
	// Optional is true when the field has a default: a reply may omit it.
	Optional bool
	// Default is the default's repr, for prompts ("" when required).
	Default string
	// Doc is the field's comments, joined.
	Doc string
}

// Member is one member of an enum type.
type Member struct {
	Name string
	// Value is the member's value: string, int64, float64 or bool.
	Value any
	// Doc is the member's `# comment`, its description.
	Doc string
}

// String is the type as written.
func (t *Type) String() string {
	if t == nil {
		return "any"
	}
	return t.Name
}

// Named returns a type of a simple kind with its usual name.
func Named(k Kind) *Type { return &Type{Kind: k, Name: k.String()} }

// AllowsNone reports whether None is a value of t.
func (t *Type) AllowsNone() bool {
	if t == nil {
		return true
	}
	switch t.Kind {
	case Any, None:
		return true
	case Union:
		for _, a := range t.Alts {
			if a.AllowsNone() {
				return true
			}
		}
	}
	return false
}

// NonNone is t without None: `int | None` gives int; a union of several
// other alternatives stays a union (without its None).
func (t *Type) NonNone() *Type {
	if t == nil || t.Kind != Union {
		return t
	}
	var rest []*Type
	for _, a := range t.Alts {
		if a.Kind != None {
			rest = append(rest, a)
		}
	}
	switch {
	case len(rest) == 1:
		return rest[0].NonNone()
	case len(rest) == len(t.Alts):
		return t
	case len(rest) == 0:
		return t
	}
	names := make([]string, len(rest))
	for i, a := range rest {
		names[i] = a.Name
	}
	return &Type{Kind: Union, Name: strings.Join(names, " | "), Alts: rest}
}

// ElemAt is the type of element i of a List, Set or Tuple (nil: any).
func (t *Type) ElemAt(i int) *Type {
	if t.Kind == Tuple && len(t.Items) > 0 {
		if i < len(t.Items) {
			return t.Items[i]
		}
		return nil
	}
	return t.Elem
}

// IsScalar reports whether values of t are written as a bare scalar (not
// JSON): str, int, float, bool, None, enums and literals, and unions of them.
func (t *Type) IsScalar() bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case Str, Int, Float, Bool, None, Enum, Literal:
		return true
	case Union:
		for _, a := range t.Alts {
			if !a.IsScalar() {
				return false
			}
		}
		return true
	}
	return false
}

// IsJSON reports whether values of t are written as JSON: lists, tuples,
// sets, dicts and structs, or a union with one of them.
func (t *Type) IsJSON() bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case List, Tuple, Set, Dict, Struct:
		return true
	case Union:
		for _, a := range t.Alts {
			if a.IsJSON() {
				return true
			}
		}
	}
	return false
}

// Has reports whether t or, for a union, one of its alternatives has kind k.
func (t *Type) Has(k Kind) bool {
	if t == nil {
		return k == Any
	}
	if t.Kind == k {
		return true
	}
	if t.Kind == Union {
		for _, a := range t.Alts {
			if a.Has(k) {
				return true
			}
		}
	}
	return false
}

// NamedTypes are the named types (structs, enums) mentioned by t, outermost first, each once.
func (t *Type) NamedTypes() []*Type {
	var acc []*Type
	var walk func(t *Type, depth int)
	walk = func(t *Type, depth int) {
		if t == nil || depth > MaxDepth {
			return
		}
		if t.Kind == Struct || t.Kind == Enum {
			for _, x := range acc {
				if x == t || x.Ref != nil && x.Ref == t.Ref {
					return
				}
			}
			acc = append(acc, t)
		}
		walk(t.Elem, depth+1)
		walk(t.Key, depth+1)
		for _, x := range t.Items {
			walk(x, depth+1)
		}
		for _, x := range t.Alts {
			walk(x, depth+1)
		}
		for _, f := range t.Fields {
			walk(f.Type, depth+1)
		}
	}
	walk(t, 0)
	return acc
}

// MaxDepth bounds the walks over a type (recursive structs refer to
// themselves).
const MaxDepth = 8

// LiteralText renders a literal or enum value as written in a script:
// strings quoted, True/False, numbers as is.
func LiteralText(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case bool:
		if x {
			return "True"
		}
		return "False"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case nil:
		return "None"
	}
	return "?"
}
