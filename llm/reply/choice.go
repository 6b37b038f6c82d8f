package reply

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/minidana/dana/lang/types"
)

// choice is one allowed value of an enum or literal type, with the forms a
// reply may name it by.
type choice struct {
	val   any // Member, or the literal's value
	label string
	forms []string // normalized: name, value, description
	exact []string // as written: name, string value
}

// choices lists the allowed values of an enum, a literal, or a union of
// them (other alternatives are skipped).
func choices(t *types.Type) []choice {
	var out []choice
	switch t.Kind {
	case types.Enum:
		for i, m := range t.Members {
			c := choice{val: Member{Type: t, Index: i}, label: t.Name + "." + m.Name}
			c.exact = append(c.exact, m.Name)
			c.forms = append(c.forms, normChoice(m.Name))
			if s, ok := m.Value.(string); ok {
				c.exact = append(c.exact, s)
				c.forms = append(c.forms, normChoice(s))
			}
			if m.Doc != "" {
				c.forms = append(c.forms, normChoice(m.Doc))
			}
			out = append(out, c)
		}
	case types.Literal:
		if s, ok := t.Value.(string); ok {
			out = append(out, choice{val: s, label: strconv.Quote(s), exact: []string{s}, forms: []string{normChoice(s)}})
		}
	case types.Union:
		for _, a := range t.Alts {
			out = append(out, choices(a)...)
		}
	}
	return out
}

// normChoice folds text for matching names and values: lower case, every
// run of characters other than letters and digits a single space.
func normChoice(s string) string {
	var b strings.Builder
	space := true
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// matchChoice reads a text as one allowed value of t (an enum, a literal,
// or a union of them): exactly (the name or value as written), ignoring
// case and punctuation, by its description, or as the only value the text
// mentions. Two different values mentioned is an ambiguity.
func matchChoice(s string, t *types.Type, path *pathNode) (any, int, string) {
	if v, ok := exactChoice(s, t); ok {
		return v, 0, ""
	}
	cs := choices(t)
	if len(cs) == 0 {
		return nil, 0, at(path, "%q is not %s", excerpt(s, 60), article(t))
	}
	for _, c := range cs {
		for _, e := range c.exact {
			if s == e {
				return c.val, 0, ""
			}
		}
	}
	n := normChoice(s)
	for _, c := range cs {
		for i, f := range c.forms {
			if n == f && f != "" {
				if i < len(c.exact) {
					return c.val, costCoerce, ""
				}
				return c.val, costCoerce + 1, ""
			}
		}
	}
	found := mentions(n, cs)
	switch len(found) {
	case 0:
		return nil, 0, at(path, "%q is not one of the allowed values (%s)", excerpt(s, 60), allowedValues(t))
	case 1:
		return found[0].val, costMention, ""
	}
	return nil, 0, at(path, "%q names %d different allowed values (%s), so the answer is ambiguous", excerpt(s, 60), len(found), labels(found))
}

// labels joins the labels of choices: "Priority.LOW and Priority.HIGH".
func labels(cs []choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.label
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// mentions are the distinct choices whose forms occur as whole words in
// the normalized text n; a mention inside a longer one ("high" inside
// "very high") does not count.
func mentions(n string, cs []choice) []choice {
	if n == "" {
		return nil
	}
	padded := " " + n + " "
	type hit struct {
		start, end, ci int
	}
	var hits []hit
	for ci, c := range cs {
		for _, f := range c.forms {
			if f == "" {
				continue
			}
			pat := " " + f + " "
			for off := 0; ; {
				i := strings.Index(padded[off:], pat)
				if i < 0 {
					break
				}
				start := off + i
				hits = append(hits, hit{start, start + len(pat), ci})
				off = start + 1
			}
		}
	}
	var out []choice
	seen := map[int]bool{}
	for _, h := range hits {
		inside := false
		for _, o := range hits {
			if o.ci != h.ci && o.start <= h.start && o.end >= h.end && o.end-o.start > h.end-h.start {
				inside = true
				break
			}
		}
		if !inside && !seen[h.ci] {
			seen[h.ci] = true
			out = append(out, cs[h.ci])
		}
	}
	return out
}

// conformLiteral reads a JSON value as a literal type.
func conformLiteral(v any, t *types.Type, path *pathNode) (any, int, string) {
	switch lit := t.Value.(type) {
	case string:
		if s, ok := v.(string); ok {
			return matchChoice(s, t, path)
		}
	case int64:
		switch x := v.(type) {
		case Number:
			if i, err := strconv.ParseInt(string(x), 10, 64); err == nil && i == lit {
				return lit, 0, ""
			}
		case string:
			if i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil && i == lit {
				return lit, costCoerce, ""
			}
		}
	case bool:
		if b, ok := v.(bool); ok && b == lit {
			return lit, 0, ""
		}
	}
	return nil, 0, at(path, "%s is not %s", describe(v), types.LiteralText(t.Value))
}

// conformEnum reads a JSON value as an enum member: a string naming it (see
// matchChoice), or a number or bool equal to its value.
func conformEnum(v any, t *types.Type, path *pathNode) (any, int, string) {
	switch x := v.(type) {
	case string:
		return matchChoice(x, t, path)
	case Number:
		nv := numberValue(x)
		for i, m := range t.Members {
			if sameNumber(m.Value, nv) {
				return Member{Type: t, Index: i}, 0, ""
			}
		}
	case bool:
		for i, m := range t.Members {
			if b, ok := m.Value.(bool); ok && b == x {
				return Member{Type: t, Index: i}, 0, ""
			}
		}
	}
	return nil, 0, at(path, "%s is not one of the allowed values of %s (%s)", describe(v), t.Name, allowedValues(t))
}

func sameNumber(a, b any) bool {
	af, aok := toF(a)
	bf, bok := toF(b)
	return aok && bok && af == bf
}

func toF(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// readProse finds the scalar answers written in prose: numbers, yes/no,
// enum members and literals. Each is a candidate; different ones make the
// reply ambiguous.
func (s *state) readProse(prose string, t *types.Type) {
	if prose == "" {
		return
	}
	numeric := t.Has(types.Int) || t.Has(types.Float)
	intLits := false
	for _, a := range alternatives(t) {
		if a.Kind == types.Literal {
			if _, ok := a.Value.(int64); ok {
				intLits = true
			}
		}
	}
	if numeric || intLits {
		for _, n := range distinctNumbers(prose) {
			v, c, fail := conformText(n.norm, t, nil)
			switch {
			case fail == "":
				s.add(cand{val: v, cost: costProse + c, text: n.text, noun: "numbers"})
			case numeric:
				s.add(cand{fail: fmt.Sprintf("the number %s in the reply is not %s", n.text, article(t.NonNone())) + lossNote(n), cost: costProse, text: n.text, noun: "numbers"})
			}
		}
	}
	if t.Has(types.Bool) {
		s.readYesNo(prose)
	}
	if t.Has(types.Enum) || t.Has(types.Literal) {
		cs := choices(t)
		for _, c := range mentions(normChoice(prose), cs) {
			s.add(cand{val: c.val, cost: costProse, text: c.label, noun: "allowed values"})
		}
	}
}

// lossNote explains why a prose number does not fit an int.
func lossNote(n numCand) string {
	if !n.isInt {
		return " (it is not a whole number)"
	}
	return ""
}

// distinctNumbers are the numbers in prose, each once (a lone "one" only
// when there is no other number).
func distinctNumbers(t string) []numCand {
	cands := numberCandidates(t)
	strong := cands[:0:0]
	for _, c := range cands {
		if !c.weak {
			strong = append(strong, c)
		}
	}
	if len(strong) > 0 {
		cands = strong
	}
	var distinct []numCand
	for _, c := range cands {
		dup := false
		for _, d := range distinct {
			if d.value == c.value {
				dup = true
				break
			}
		}
		if !dup {
			distinct = append(distinct, c)
		}
	}
	return distinct
}

// exactChoice finds the allowed value s names exactly (a member's name or
// string value, a string literal), without building the choices.
func exactChoice(s string, t *types.Type) (any, bool) {
	switch t.Kind {
	case types.Enum:
		for i, m := range t.Members {
			if m.Name == s || m.Value == any(s) {
				return Member{Type: t, Index: i}, true
			}
		}
	case types.Literal:
		if t.Value == any(s) {
			return s, true
		}
	case types.Union:
		for _, a := range t.Alts {
			if v, ok := exactChoice(s, a); ok {
				return v, true
			}
		}
	}
	return nil, false
}
