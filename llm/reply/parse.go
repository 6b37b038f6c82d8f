package reply

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kaptinlin/jsonrepair"
	"github.com/minidana/dana/internal/lazyre"
	"github.com/minidana/dana/lang/types"
)

// Options change how Parse reads a reply.
type Options struct {
	// Strict (the "strict" POET profile) disables every lenient step: after
	// removing <think> blocks and surrounding white space, the reply must be
	// exactly a value of the type (a bare integer, true/false, a member
	// name or value, or JSON of the type read without coercion).
	Strict bool
	// JSONAsText keeps a reply that is a JSON array or object as its text
	// when the type is str. reason() sets it when str is only the default
	// expectation (no hint, no other clue): the program may well have
	// asked for JSON text. With an explicit str it is refused (SPEC §9.4).
	JSONAsText bool
	// Truncated tells that the reply was cut off at the token limit
	// (finish_reason "length"): it is never a complete value, so Parse
	// refuses it whatever it holds (SPEC §9.4).
	Truncated bool
}

// TruncatedReason is the failure of a reply cut off at the token limit.
const TruncatedReason = "the reply was cut off at the token limit (finish_reason \"length\"), so it is not a complete value"

// The cost of each liberty taken to read a candidate; the candidate with
// the lowest total wins (0 is an exact reading).
const (
	// costCoerce: a lossless coercion ("12" for an int, 3 for a float,
	// "High" for the literal "high").
	costCoerce = 1
	// costKey: a struct key matched ignoring case, spaces, dashes and
	// underscores.
	costKey = 1
	// costMissing: an optional struct field left out (its default applies).
	costMissing = 1
	// costExtra: a key the struct does not have, dropped.
	costExtra = 1
	// costUnwrap: the value wrapped in a one-key object ({"items": [...]},
	// {"Person": {...}}, {"value": 3}).
	costUnwrap = 2
	// costMention: an enum member or literal mentioned in a longer string.
	costMention = 2
	// costInProse: a JSON value with other text around it.
	costInProse = 1
	// costRepair: JSON that needed repair (trailing commas, quotes, ...).
	costRepair = 3
	// costLastLine: a scalar read exactly from the reply's last line.
	costLastLine = 3
	// costProse: a scalar found in prose, a Markdown list.
	costProse = 4
)

// cand is one candidate reading of the reply.
type cand struct {
	val  any
	cost int
	// text is the part of the reply it was read from (for ambiguity errors)
	text string
	// noun names what it is, in the plural ("numbers", "JSON objects").
	noun string
	// fail, when set, makes the candidate a refusal: if it is among the
	// best, parsing fails with this reason.
	fail string
	key  string
}

// failure is a reason a candidate could not be read, ranked by how
// relevant it is to the model (lower first).
type failure struct {
	rank   int
	reason string
}

// state collects the candidates and failures of one Parse.
type state struct {
	t     *types.Type
	cands []cand
	fails []failure
	amb   *Error // an ambiguity found inside a reader (several Markdown lists)
	// jsonAsText: see Options.JSONAsText.
	jsonAsText bool
}

func (s *state) add(c cand) { s.cands = append(s.cands, c) }

func (s *state) failed(rank int, format string, args ...any) {
	s.fails = append(s.fails, failure{rank: rank, reason: fmt.Sprintf(format, args...)})
}

// Failure ranks.
const (
	rankWhole  = 0 // the whole reply (or its FINAL_ANSWER) read as the type
	rankSpan   = 1 // a JSON value in the reply
	rankRepair = 2 // a repaired JSON value
	rankProse  = 3 // prose
	rankNone   = 9 // nothing found
)

// Parse reads a value of type t from an LLM reply. A nil t is str.
// Failures are *Error values.
func Parse(text string, t *types.Type, opt Options) (any, error) {
	if t == nil {
		t = types.Named(types.Str)
	}
	if opt.Truncated {
		return nil, errorf("%s", TruncatedReason)
	}
	body, err := stripThink(text)
	if err != nil {
		return nil, err
	}
	if opt.Strict {
		return parseStrict(body, t)
	}
	s := &state{t: t, jsonAsText: opt.JSONAsText}

	// 1. FINAL_ANSWER lines are authoritative for scalars.
	if t.IsScalar() || t.Kind == types.Any {
		if segs := finalAnswerSegments(body); len(segs) > 0 {
			for _, seg := range segs {
				s.readText(seg, 0, rankWhole, "FINAL_ANSWER values", true)
			}
			return s.best()
		}
	}
	// 2. The whole reply (or the one code block it is).
	inner, fenced := wholeFence(body)
	whole := body
	if fenced {
		whole = inner
	}
	s.readText(whole, 0, rankWhole, "values", true)
	if t.Kind == types.Any {
		return s.best()
	}
	// 3. JSON values in the reply.
	if strings.ContainsAny(whole, "[{") {
		s.readSpans(whole)
	}
	// 4. Prose: the last line, a scalar mentioned in the text, a Markdown list.
	if t.Has(types.Int) || t.Has(types.Float) || t.Has(types.Bool) || t.Has(types.Enum) || t.Has(types.Literal) {
		prose := cleanProse(whole)
		if i := strings.LastIndexByte(prose, '\n'); i >= 0 {
			if last := strings.TrimSpace(prose[i+1:]); last != "" {
				s.readText(last, costLastLine, rankProse, "values", false)
			}
			// The answer first, then an explanation: "42\n\nBecause ...".
			if first := strings.TrimSpace(prose[:strings.IndexByte(prose, '\n')]); first != "" {
				s.readText(first, costLastLine, rankProse, "values", false)
			}
		}
		// "Answer: 3" / "Result: yes" lines.
		for _, seg := range labelledAnswers(prose) {
			s.readText(seg, costUnwrap, rankProse, "values", false)
		}
		s.readProse(prose, t)
	}
	if len(s.cands) == 0 && (t.Has(types.Struct) || t.Has(types.Dict)) {
		s.readKeyValues(whole)
	}
	if t.Has(types.List) || t.Has(types.Set) || t.Has(types.Tuple) {
		n := len(s.cands)
		s.readBullets(whole)
		if len(s.cands) == n && s.amb == nil {
			s.readInlineList(whole)
		}
	}
	return s.best()
}

// costInline is the cost of a list read from a sentence ("red, green and
// blue"): the weakest reading of all.
const costInline = costProse + 2

// inlineSepRe splits an inline list: commas, semicolons, "and", "or".
var inlineSepRe = lazyre.New(`\s*(?:[,;]\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+)`)

// readInlineList reads a list written in a sentence when the reply has no
// JSON and no Markdown list: the text after the last colon of the last line
// (or the whole one-line reply), split on commas, semicolons, "and" and
// "or": "Colours: red, green and blue." For numbers, each piece must hold
// exactly one number ("The primes are 2, 3, 5 and 7.").
func (s *state) readInlineList(text string) {
	prose := cleanProse(text)
	if i := strings.LastIndexByte(prose, '\n'); i >= 0 {
		prose = prose[i+1:]
	}
	if i := strings.LastIndexByte(prose, ':'); i >= 0 {
		prose = prose[i+1:]
	}
	prose = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(prose), ".!"))
	if prose == "" || len(prose) > 2000 || strings.ContainsAny(prose, "[]{}") {
		return // empty, long, or broken JSON (its failure says more)
	}
	pieces := inlineSepRe.Get().Split(prose, -1)
	if len(pieces) < 2 {
		return
	}
	// "You'll need flour, sugar and eggs": the first piece carries the
	// sentence's start; keep as many of its last words as the longest
	// other item has.
	longest := 0
	for _, p := range pieces[1:] {
		longest = max(longest, len(strings.Fields(p)))
	}
	if w := strings.Fields(pieces[0]); len(w) > longest+1 {
		pieces[0] = strings.Join(w[len(w)-longest:], " ")
	}
	for _, alt := range alternatives(s.t) {
		switch alt.Kind {
		case types.List, types.Set, types.Tuple:
		default:
			continue
		}
		if alt.Kind == types.Tuple && len(alt.Items) > 0 && len(alt.Items) != len(pieces) {
			continue
		}
		out := make([]any, 0, len(pieces))
		cost := costInline
		ok := true
		for i, p := range pieces {
			et := alt.ElemAt(i)
			p = strings.TrimSpace(p)
			if et != nil && (et.Kind == types.Int || et.Kind == types.Float) {
				n, found := pieceNumber(p)
				if !found {
					ok = false
					break
				}
				p = n
			}
			if p == "" {
				ok = false
				break
			}
			if et == nil || et.Kind == types.Any {
				out = append(out, itemValue(itemText(p)))
				continue
			}
			v, c, fail := conformText(itemText(p), et, (*pathNode)(nil).index(i))
			if fail != "" {
				ok = false
				break
			}
			out = append(out, v)
			cost += c
		}
		if ok {
			s.add(cand{val: seqOf(alt, out), cost: cost, text: prose, noun: "lists"})
			return
		}
	}
}

// readText reads a whole text (the reply, a FINAL_ANSWER value, the last
// line) as the type: as JSON when it is JSON, else as a bare scalar.
func (s *state) readText(text string, base, rank int, noun string, top bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		s.failed(rank, "the reply is empty")
		return
	}
	if v, err := decodeJSON(text); err == nil {
		val, cost, fail := conform(v, s.t, nil, 0)
		if fail != "" && s.jsonAsText && s.t.Kind == types.Str {
			val, cost, fail = text, costCoerce, ""
		}
		if fail != "" {
			s.failed(rank, "%s", fail)
			return
		}
		s.add(cand{val: val, cost: base + cost, text: text, noun: noun})
		return
	}
	if inner, ok := wholeFence(text); ok && inner != "" && !top {
		s.readText(inner, base, rank, noun, top)
		return
	}
	val, cost, fail := conformText(text, s.t, nil)
	if fail != "" {
		if noun == "FINAL_ANSWER values" {
			// "FINAL_ANSWER: 42 km": the value in the marked line's prose.
			before := len(s.cands)
			s.readProse(cleanProse(text), s.t)
			if len(s.cands) == before {
				s.failed(rank, "the FINAL_ANSWER value %q is not %s", excerpt(text, 60), article(s.t))
			}
		}
		return
	}
	// A str read from a reply that also holds a JSON value costs more, so
	// that a union with a JSON type prefers the JSON.
	if top && s.t.Kind == types.Union && s.t.IsJSON() && len(closedSpans(text)) > 0 {
		cost += costProse
	}
	s.add(cand{val: val, cost: base + cost, text: text, noun: noun})
}

// readSpans reads every top-level JSON value in text: as it stands, else
// repaired (a truncated final one included).
func (s *state) readSpans(text string) {
	spans := findSpans(text)
	listy := s.t.Has(types.List) || s.t.Has(types.Tuple) || s.t.Has(types.Set)
	trimmed := strings.TrimSpace(text)
	for _, sp := range spans {
		if sp.text == trimmed {
			continue // the whole reply: read already
		}
		if listy && !s.t.Has(types.Struct) && !s.t.Has(types.Dict) && onBulletLine(text, sp.start) {
			continue // "- [x] done" is a Markdown list item, not JSON
		}
		noun := "JSON objects"
		if sp.open == '[' {
			noun = "JSON arrays"
		}
		if !sp.truncated {
			if v, err := decodeJSON(sp.text); err == nil {
				val, cost, fail := conform(v, s.t, nil, 0)
				if fail != "" {
					s.failed(rankSpan, "%s", fail)
					continue
				}
				s.add(cand{val: val, cost: costInProse + cost, text: sp.text, noun: noun})
				continue
			}
		}
		if sp.depth > maxRepairDepth {
			s.failed(rankRepair, "the %s in the reply is nested more than %d levels deep", singular(noun), maxRepairDepth)
			continue
		}
		if hasEllipsis(sp.text) {
			s.failed(rankSpan, "the %s in the reply leaves items out with \"...\"; give every item", singular(noun))
			continue
		}
		fixed, err := jsonrepair.Repair(sp.text)
		if err != nil {
			s.failed(rankRepair, "the %s in the reply is not valid JSON and could not be repaired (%v)", singular(noun), err)
			continue
		}
		v, err := decodeJSON(fixed)
		if err != nil {
			s.failed(rankRepair, "the %s in the reply is not valid JSON and could not be repaired (%v)", singular(noun), err)
			continue
		}
		if isEmpty(v) && !isEmptyLiteral(sp.text) {
			continue // "{" or "[note" repaired to nothing: not an answer
		}
		val, cost, fail := conform(v, s.t, nil, 0)
		if fail != "" {
			s.failed(rankRepair, "%s", fail)
			continue
		}
		s.add(cand{val: val, cost: costInProse + costRepair + cost, text: sp.text, noun: noun})
	}
	// The whole reply repaired (single quotes, comments, unquoted keys...).
	if trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') {
		for _, sp := range spans {
			if sp.text == trimmed && hasEllipsis(trimmed) {
				s.failed(rankSpan, "the JSON in the reply leaves items out with \"...\"; give every item")
			}
			if sp.text == trimmed && sp.depth <= maxRepairDepth && !hasEllipsis(trimmed) {
				if _, err := decodeJSON(trimmed); err == nil {
					return // valid: read already
				}
				if fixed, err := jsonrepair.Repair(trimmed); err == nil {
					if v, err := decodeJSON(fixed); err == nil && (!isEmpty(v) || isEmptyLiteral(trimmed)) {
						if val, cost, fail := conform(v, s.t, nil, 0); fail == "" {
							s.add(cand{val: val, cost: costRepair + cost, text: trimmed, noun: "JSON values"})
						} else {
							s.failed(rankRepair, "%s", fail)
						}
					}
				}
			}
		}
	}
}

// isEmptyLiteral reports whether s is literally [] or {} (give or take
// white space): an empty answer, not a repaired fragment.
func isEmptyLiteral(s string) bool {
	s = strings.Join(strings.Fields(s), "")
	return s == "[]" || s == "{}"
}

func singular(noun string) string { return strings.TrimSuffix(noun, "s") }

// readBullets reads a Markdown bullet or numbered list as a list.
func (s *state) readBullets(text string) {
	items, err := bulletList(text)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Ambiguous {
			s.amb = e
		}
		return
	}
	if items == nil {
		return
	}
	for _, alt := range alternatives(s.t) {
		switch alt.Kind {
		case types.List, types.Set, types.Tuple:
		default:
			continue
		}
		if alt.Kind == types.Tuple && len(alt.Items) > 0 && len(alt.Items) != len(items) {
			s.failed(rankProse, "the list in the reply has %d items, but the program expects %d", len(items), len(alt.Items))
			continue
		}
		out := make([]any, len(items))
		cost := costProse
		ok := true
		for i, it := range items {
			et := alt.ElemAt(i)
			if et == nil || et.Kind == types.Any {
				out[i] = itemValue(it)
				continue
			}
			v, c, fail := conformText(it, et, (*pathNode)(nil).index(i))
			if fail != "" {
				s.failed(rankProse, "item %d of the list in the reply: %s", i+1, fail)
				ok = false
				break
			}
			out[i], cost = v, cost+c
		}
		if ok {
			s.add(cand{val: seqOf(alt, out), cost: cost, text: text, noun: "lists"})
			return
		}
	}
}

// alternatives are t's union members, or t itself.
func alternatives(t *types.Type) []*types.Type {
	if t.Kind == types.Union {
		return t.Alts
	}
	return []*types.Type{t}
}

// best returns the lowest-cost candidate, or an ambiguity error when the
// lowest cost is shared by different values, or the most relevant failure.
func (s *state) best() (any, error) {
	if len(s.cands) == 0 {
		if s.amb != nil {
			return nil, s.amb
		}
		return nil, s.failure()
	}
	lo := s.cands[0].cost
	for _, c := range s.cands[1:] {
		lo = min(lo, c.cost)
	}
	var top []cand
	for _, c := range s.cands {
		if c.cost == lo {
			top = append(top, c)
		}
	}
	if len(top) == 1 {
		if top[0].fail != "" {
			return nil, errorf("%s", top[0].fail)
		}
		return top[0].val, nil
	}
	cands := top
	top = nil
	seen := map[string]bool{}
	for _, c := range cands {
		c.key = canonical(c.val)
		if c.fail != "" {
			c.key = "fail:" + c.fail
		}
		if !seen[c.key] {
			seen[c.key] = true
			top = append(top, c)
		}
	}
	if len(top) == 1 {
		if top[0].fail != "" {
			return nil, errorf("%s", top[0].fail)
		}
		return top[0].val, nil
	}
	if top[0].noun == "yes/no answers" && len(top) == 2 {
		return nil, &Error{
			Reason:     "the reply contains both " + top[0].text + " and " + top[1].text + ", so the answer is ambiguous",
			Ambiguous:  true,
			Candidates: []string{top[0].text, top[1].text},
		}
	}
	texts := make([]string, len(top))
	noun := top[0].noun
	for i, c := range top {
		texts[i] = c.text
		if c.noun != noun {
			noun = "values"
		}
	}
	return nil, ambiguous(noun, texts)
}

// failure is the most relevant failure, or "no X found".
func (s *state) failure() *Error {
	if len(s.fails) > 0 {
		sort.SliceStable(s.fails, func(i, j int) bool { return s.fails[i].rank < s.fails[j].rank })
		r := s.fails[0].reason
		if !strings.HasPrefix(r, "the ") && !strings.HasPrefix(r, "no ") {
			r = "the reply does not fit the expected type " + s.t.Name + ": " + r
		}
		return errorf("%s", r)
	}
	return errorf("%s", notFound(s.t))
}

// notFound says that no value of t was found.
func notFound(t *types.Type) string {
	switch t.Kind {
	case types.Int, types.Float:
		return "no number found in the reply"
	case types.Bool:
		return "no yes/no answer found in the reply"
	case types.List, types.Set, types.Tuple:
		return "no JSON array found in the reply"
	case types.Dict:
		return "no JSON object found in the reply"
	case types.Struct:
		return fmt.Sprintf("no JSON object with the fields of %s found in the reply", t.Name)
	case types.Enum, types.Literal:
		return fmt.Sprintf("the reply names none of the allowed values (%s)", allowedValues(t))
	case types.Union:
		if t.NonNone().Kind != types.Union {
			return notFound(t.NonNone())
		}
		if allLiterals(t) {
			return fmt.Sprintf("the reply names none of the allowed values (%s)", allowedValues(t))
		}
	}
	return fmt.Sprintf("no value of type %s found in the reply", t.Name)
}

func allLiterals(t *types.Type) bool {
	for _, a := range t.Alts {
		if a.Kind != types.Literal && a.Kind != types.None {
			return false
		}
	}
	return true
}

// allowedValues lists the values of an enum, a literal or a union of
// literals: `"low", "high"`.
func allowedValues(t *types.Type) string {
	var parts []string
	switch t.Kind {
	case types.Enum:
		for _, m := range t.Members {
			parts = append(parts, types.LiteralText(m.Value))
		}
	case types.Literal:
		parts = append(parts, types.LiteralText(t.Value))
	case types.Union:
		for _, a := range t.Alts {
			switch a.Kind {
			case types.None:
				parts = append(parts, "None")
			default:
				parts = append(parts, allowedValues(a))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// seqOf wraps elements as the sequence kind t wants.
func seqOf(t *types.Type, elems []any) any {
	switch t.Kind {
	case types.Tuple:
		return Tuple(elems)
	case types.Set:
		return Set(elems)
	}
	return elems
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

// pieceNumber is the one number of a piece of an inline list: its only
// number written in digits, else its only number in words.
func pieceNumber(p string) (string, bool) {
	var digits, words []numCand
	for _, n := range numberCandidates(p) {
		if n.text != "" && (isDigitByte(n.text[0]) || n.text[0] == '-' || n.text[0] == '.') {
			digits = append(digits, n)
		} else {
			words = append(words, n)
		}
	}
	switch {
	case len(digits) == 1:
		return digits[0].norm, true
	case len(digits) == 0 && len(words) == 1:
		return words[0].norm, true
	}
	return "", false
}

// keyValueRe matches a "key: value" line, as a model writes a record
// without JSON: "Name: Ada", "- **Age:** 36", "email = a@b.c".
var keyValueRe = lazyre.New(`^[ \t]*(?:[-*+•][ \t]+)?(?:\*\*|__)?([A-Za-z_][A-Za-z0-9_ \-]{0,40}?)(?:\*\*|__)?[ \t]*(?:[:=]|\*\*:)(?:\*\*|__)?[ \t]*(\S.*?)[ \t]*$`)

// readKeyValues reads "key: value" lines as an object when the reply has
// no JSON: each value is text (read against the field's type, so "36" is
// an int); only the lines that look like fields count, and at least two.
func (s *state) readKeyValues(text string) {
	if len(text) > 20000 {
		return
	}
	m := NewOrderedMap()
	for _, line := range strings.Split(text, "\n") {
		g := keyValueRe.FindStringSubmatch(line)
		if g == nil {
			continue
		}
		v := itemText(strings.TrimRight(g[2], ","))
		if isNoneWord(v) {
			m.Set(strings.TrimSpace(g[1]), nil)
			continue
		}
		m.Set(strings.TrimSpace(g[1]), v)
	}
	if m.Len() < 2 {
		return
	}
	val, cost, fail := conform(m, s.t, nil, 0)
	if fail != "" {
		s.failed(rankProse, "%s", fail)
		return
	}
	s.add(cand{val: val, cost: costProse + 1 + cost, text: text, noun: "records"})
}

// hasEllipsis reports whether JSON-looking text elides items with "..."
// or "…" outside its strings: [1, 2, ...] is not the whole list.
func hasEllipsis(t string) bool {
	if !strings.Contains(t, "...") && !strings.Contains(t, "…") {
		return false
	}
	inStr, esc := false, false
	var quote byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == quote:
				inStr = false
			}
			continue
		}
		switch {
		case c == '"' || c == '\'':
			inStr, quote = true, c
		case strings.HasPrefix(t[i:], "...") || strings.HasPrefix(t[i:], "…"):
			return true
		}
	}
	return false
}

// answerLabelRe matches a line labelled as the answer: "Answer: 3",
// "Result = yes", "The answer is 42".
var answerLabelRe = lazyre.New(`(?im)^[ \t]*(?:the[ \t]+)?(?:answer|result|output)[ \t]*(?:[:=]|is[ \t])[ \t]*(.+?)[ \t.]*$`)

// labelledAnswers are the values of the lines labelled as the answer.
func labelledAnswers(t string) []string {
	if len(t) > 20000 {
		return nil
	}
	var out []string
	for _, m := range answerLabelRe.Get().FindAllStringSubmatch(t, 8) {
		out = append(out, m[1])
	}
	return out
}
