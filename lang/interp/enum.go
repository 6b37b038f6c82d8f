package interp

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/minidana/dana/lang/ast"
)

// EnumType is an enum declared with `enum Name:` (SPEC §6.7). Its members
// are attributes (Name.MEMBER); iterating it gives the members in order;
// calling it looks a member up by value.
type EnumType struct {
	Name    string
	Doc     string
	Members []*EnumMember
}

// EnumMember is one member of an enum: compared by identity, hashable,
// printed as Name.MEMBER.
type EnumMember struct {
	Type  *EnumType
	Name  string
	Value Value
	// Doc is the member's `# comment`, its description for reason().
	Doc string
}

// TypeName returns "type".
func (*EnumType) TypeName() string { return "type" }

// String returns the enum's name.
func (e *EnumType) String() string { return e.Name }

// Member returns the member called name.
func (e *EnumType) Member(name string) (*EnumMember, bool) {
	for _, m := range e.Members {
		if m.Name == name {
			return m, true
		}
	}
	return nil, false
}

// Attr returns a member.
func (e *EnumType) Attr(name string) (Value, bool) {
	if m, ok := e.Member(name); ok {
		return m, true
	}
	return nil, false
}

// AttrNames lists the members.
func (e *EnumType) AttrNames() []string {
	out := make([]string, len(e.Members))
	for i, m := range e.Members {
		out[i] = m.Name
	}
	return out
}

// Elements returns the members in order (list(E), for m in E).
func (e *EnumType) Elements() ([]Value, error) {
	out := make([]Value, len(e.Members))
	for i, m := range e.Members {
		out[i] = m
	}
	return out, nil
}

// Len is len(E), the number of members (Python's Enum).
func (e *EnumType) Len() int { return len(e.Members) }

// GetItem is E["NAME"]: the member of that name, else KeyError (Python's
// Enum).
func (e *EnumType) GetItem(k Value) (Value, error) {
	if s, ok := k.(Str); ok {
		if m, ok := e.Member(string(s)); ok {
			return m, nil
		}
	}
	return nil, KeyErrorOf(k)
}

// CallValue is E(value): the member with that value, else ValueError.
func (e *EnumType) CallValue(_ *Thread, args []Value, kw []KwArg) (Value, error) {
	if len(args) != 1 || len(kw) != 0 {
		return nil, Errorf("TypeError", "%s() takes exactly one argument (a member's value)", e.Name)
	}
	if m, ok := args[0].(*EnumMember); ok && m.Type == e {
		return m, nil
	}
	for _, m := range e.Members {
		if Equal(m.Value, args[0]) {
			return m, nil
		}
	}
	return nil, Errorf("ValueError", "%s is not a valid %s", Repr(args[0]), e.Name)
}

// Lookup finds the member a value stands for when coerced to the enum
// (SPEC §8.1): a member, its value, or its name (case-insensitively).
func (e *EnumType) Lookup(v Value) (*EnumMember, bool) {
	if m, ok := v.(*EnumMember); ok {
		return m, m.Type == e
	}
	for _, m := range e.Members {
		if Equal(m.Value, v) {
			return m, true
		}
	}
	if s, ok := v.(Str); ok {
		for _, m := range e.Members {
			if strings.EqualFold(m.Name, strings.TrimSpace(string(s))) {
				return m, true
			}
		}
	}
	return nil, false
}

// TypeName returns the enum's name.
func (m *EnumMember) TypeName() string { return m.Type.Name }

// String returns Name.MEMBER.
func (m *EnumMember) String() string { return m.Type.Name + "." + m.Name }

// Attr returns .name and .value.
func (m *EnumMember) Attr(name string) (Value, bool) {
	switch name {
	case "name":
		return Str(m.Name), true
	case "value":
		return m.Value, true
	}
	return nil, false
}

// AttrNames lists name and value.
func (m *EnumMember) AttrNames() []string { return []string{"name", "value"} }

// ResolveEnum returns the enum type a HintStruct names (nil when it is not
// an enum).
func (h *TypeHint) ResolveEnum() *EnumType {
	if h == nil || h.Kind != HintStruct {
		return nil
	}
	if h.Enum != nil {
		return h.Enum
	}
	v, ok := h.lookup()
	if !ok {
		return nil
	}
	e, _ := v.(*EnumType)
	h.Enum = e
	return e
}

// normLiteral folds a string for literal matching: lower case, without
// surrounding punctuation and space (SPEC §2.5).
func normLiteral(s string) string {
	return strings.ToLower(strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
}

// coerceLiteral converts v to the literal type h, or fails: the value
// itself, or for a string literal a string equal to it once case and
// surrounding punctuation are ignored.
func coerceLiteral(v Value, h *TypeHint) (Value, bool) {
	if Equal(v, h.Lit) && sameKind(v, h.Lit) {
		return h.Lit, true
	}
	if ls, ok := h.Lit.(Str); ok {
		if s, ok := v.(Str); ok && normLiteral(string(s)) == normLiteral(string(ls)) {
			return ls, true
		}
	}
	return nil, false
}

// sameKind keeps True from matching the literal 1 (and 1 the literal True).
func sameKind(a, b Value) bool {
	_, ab := a.(Bool)
	_, bb := b.(Bool)
	return ab == bb
}

// memberList renders an enum's members for messages: "LOW, HIGH".
func memberList(e *EnumType) string {
	names := make([]string, len(e.Members))
	for i, m := range e.Members {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}

// enumDef compiles `enum Name:` (§6.7): each member's value is its literal
// (a str, int, float or bool), or its name as a string.
func (c *compiler) enumDef(s *ast.EnumDef) stmtFn {
	vals := make([]evalFn, len(s.Members))
	for i, m := range s.Members {
		if m.Value != nil {
			vals[i] = c.expr(m.Value)
		}
	}
	st := c.storeVar(s.Name, c.r.binds[s][s.Name], s.P)
	return func(fr *frame) ctrl {
		et := &EnumType{Name: s.Name, Doc: s.Doc}
		for i, m := range s.Members {
			var v Value = Str(m.Name)
			if vals[i] != nil {
				v = vals[i](fr)
				switch v.(type) {
				case Str, Int, Float, Bool:
				default:
					fr.th.raise(Errorf("TypeError", "the value of %s.%s must be a str, int, float or bool literal, not %s", s.Name, m.Name, v.TypeName()), m.P)
				}
			}
			for _, o := range et.Members {
				if Equal(o.Value, v) {
					fr.th.raise(Errorf("ValueError", "%s.%s has the same value as %s.%s (%s)", s.Name, m.Name, s.Name, o.Name, Repr(v)), m.P)
				}
			}
			et.Members = append(et.Members, &EnumMember{Type: et, Name: m.Name, Value: v, Doc: strings.TrimSpace(m.Comment)})
		}
		st(fr, et)
		return ctrlNone
	}
}

// literalHint reads a literal type written in a type string: "low" or
// 'low', an integer, True or False.
func literalHint(s string) (Value, bool) {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] && !strings.ContainsRune(s[1:len(s)-1], rune(s[0])) {
		return Str(s[1 : len(s)-1]), true
	}
	switch s {
	case "True":
		return Bool(true), true
	case "False":
		return Bool(false), true
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return Int(n), true
	}
	return nil, false
}
