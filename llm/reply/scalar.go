package reply

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/minidana/dana/internal/lazyre"
)

var finalAnswerRe = lazyre.New(`(?i)final[ _-]?answer\s*[:=]`)

// parseScalar reads a Str, Int, Float, Bool or Any value (non-strict).
func parseScalar(t string, kind Kind) (any, error) {
	t = cleanProse(t)
	if t == "" {
		return nil, errorf("the reply is empty")
	}
	// 1. A value marked FINAL_ANSWER:.
	if segs := finalAnswerSegments(t); len(segs) > 0 {
		return fromFinalAnswers(segs, kind)
	}
	switch kind {
	case Str:
		if v, ok := valueObject(t); ok {
			if s, ok := v.(string); ok {
				return s, nil
			}
		}
		return unquote(t), nil
	case Any:
		if t[0] == '{' || t[0] == '[' {
			if v, err := decodeOrdered(t); err == nil {
				if m, ok := v.(*OrderedMap); ok && m.Len() == 1 {
					if inner, ok := m.Get("value"); ok {
						return inner, nil
					}
				}
				return v, nil
			}
		}
		return unquote(t), nil
	}
	// 2. The whole reply.
	if v, ok := exact(t, kind); ok {
		return v, nil
	}
	// 3. A JSON object whose only key is "value".
	if v, ok := valueObject(t); ok {
		if x, ok := fromJSONScalar(v, kind); ok {
			return x, nil
		}
	}
	// 4. The last line, as the format instruction asks.
	if i := strings.LastIndexByte(t, '\n'); i >= 0 {
		if v, ok := exact(t[i+1:], kind); ok {
			return v, nil
		}
	}
	// 5. The single candidate in the text.
	return fuzzy(t, kind)
}

// finalAnswerSegments are the texts after each FINAL_ANSWER: marker (the
// rest of its line, or the next non-empty line when that is empty).
func finalAnswerSegments(t string) []string {
	locs := finalAnswerRe.FindAllStringIndex(t, -1)
	var segs []string
	for _, loc := range locs {
		rest := t[loc[1]:]
		line, after, _ := strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		if line == "" {
			for _, l := range strings.Split(after, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					line = l
					break
				}
			}
		}
		segs = append(segs, line)
	}
	return segs
}

// fromFinalAnswers reads the value of the FINAL_ANSWER segments: each is
// read exactly or, failing that, fuzzily; different values are ambiguous.
func fromFinalAnswers(segs []string, kind Kind) (any, error) {
	var vals []any
	var texts []string
	var firstErr error
	for _, seg := range segs {
		var v any
		var err error
		switch kind {
		case Str, Any:
			v = unquote(seg)
		default:
			if x, ok := exact(seg, kind); ok {
				v = x
			} else if x, ok := valueObject(seg); ok {
				var ok2 bool
				if v, ok2 = fromJSONScalar(x, kind); !ok2 {
					err = errorf("the FINAL_ANSWER value %q is not %s", excerpt(seg, 60), article(kind))
				}
			} else {
				v, err = fuzzy(seg, kind)
			}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		dup := false
		for _, w := range vals {
			if w == v {
				dup = true
			}
		}
		if !dup {
			vals = append(vals, v)
			texts = append(texts, seg)
		}
	}
	switch {
	case len(vals) == 1:
		return vals[0], nil
	case len(vals) > 1:
		return nil, ambiguous("FINAL_ANSWER values", texts)
	}
	if e, ok := firstErr.(*Error); ok && !e.Ambiguous {
		return nil, errorf("the FINAL_ANSWER value %q is not %s", excerpt(segs[0], 60), article(kind))
	}
	return nil, firstErr
}

// article names a kind with its article: "an integer", "a number", ...
func article(k Kind) string {
	switch k {
	case Int:
		return "an integer"
	case Float:
		return "a number"
	case Bool:
		return "yes/no (true/false)"
	default:
		return "a " + k.String()
	}
}

// exact parses the whole of s (give or take quotes, a trailing period and a
// unit-less percent sign) as kind.
func exact(s string, kind Kind) (any, bool) {
	s = strings.TrimSpace(unquote(s))
	s = strings.TrimRight(s, ".!")
	s = strings.TrimSpace(s)
	switch kind {
	case Int, Float:
		n, ok := parseNumberToken(strings.TrimSuffix(s, "%"))
		if !ok {
			return nil, false
		}
		return numberAs(n, kind)
	case Bool:
		switch strings.ToLower(s) {
		case "true", "yes", "y", "1":
			return true, true
		case "false", "no", "n", "0":
			return false, true
		}
	}
	return nil, false
}

// numberAs converts a parsed number to kind: Float gives float64; Int gives
// int64 (exactly, for integer literals), truncating a fractional value as
// int() does (SPEC §8.1).
func numberAs(n number, kind Kind) (any, bool) {
	if kind == Float {
		return n.value, true
	}
	if n.isInt {
		if i, err := strconv.ParseInt(n.norm, 10, 64); err == nil {
			return i, true
		}
	}
	if math.Abs(n.value) >= 9.2e18 || math.IsNaN(n.value) {
		return nil, false
	}
	return int64(math.Trunc(n.value)), true
}

// number is a parsed numeric literal.
type number struct {
	value float64
	isInt bool   // no fraction, no exponent
	norm  string // without thousands separators, ASCII sign
}

// parseNumberToken parses a plain number: optional sign, digits with
// optional thousands separators (1,234,567), optional fraction and exponent.
func parseNumberToken(s string) (number, bool) {
	s = strings.TrimSpace(s)
	sign := ""
	switch {
	case strings.HasPrefix(s, "-"), strings.HasPrefix(s, "+"):
		sign, s = s[:1], s[1:]
	case strings.HasPrefix(s, "−"):
		sign, s = "-", s[len("−"):]
	}
	if s == "" || !(isDigitByte(s[0]) || s[0] == '.') {
		return number{}, false
	}
	if strings.Contains(s, ",") {
		intPart, frac, hasFrac := strings.Cut(s, ".")
		groups := strings.Split(intPart, ",")
		if len(groups[0]) == 0 || len(groups[0]) > 3 {
			return number{}, false
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return number{}, false
			}
		}
		s = strings.Join(groups, "")
		if hasFrac {
			s += "." + frac
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isDigitByte(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			return number{}, false
		}
	}
	if sign == "+" {
		sign = ""
	}
	f, err := strconv.ParseFloat(sign+s, 64)
	if err != nil || math.IsInf(f, 0) {
		return number{}, false
	}
	return number{value: f, isInt: !strings.ContainsAny(s, ".eE"), norm: sign + s}, true
}

// valueObject returns x when t holds a JSON object whose only key is
// "value" (or "answer" / "result").
func valueObject(t string) (any, bool) {
	i := strings.IndexByte(t, '{')
	if i < 0 {
		return nil, false
	}
	for _, sp := range findSpans(t) {
		if sp.open != '{' || sp.truncated {
			continue
		}
		v, err := decodeOrdered(sp.text)
		if err != nil {
			continue
		}
		m, ok := v.(*OrderedMap)
		if !ok || m.Len() != 1 {
			continue
		}
		switch strings.ToLower(m.Keys[0]) {
		case "value", "answer", "result":
			return m.Values[m.Keys[0]], true
		}
	}
	return nil, false
}

// fromJSONScalar converts a decoded JSON value to kind.
func fromJSONScalar(v any, kind Kind) (any, bool) {
	switch x := v.(type) {
	case int64:
		switch kind {
		case Int:
			return x, true
		case Float:
			return float64(x), true
		case Bool:
			return x != 0, x == 0 || x == 1
		}
	case float64:
		switch kind {
		case Int:
			return int64(math.Trunc(x)), math.Abs(x) < 9.2e18
		case Float:
			return x, true
		}
	case bool:
		if kind == Bool {
			return x, true
		}
	case string:
		return exact(x, kind)
	}
	return nil, false
}

// fuzzy finds the single number or yes/no in prose.
func fuzzy(t string, kind Kind) (any, error) {
	if kind == Bool {
		return fuzzyBool(t)
	}
	cands := numberCandidates(t)
	if len(cands) == 0 {
		return nil, errorf("no number found in the reply")
	}
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
	if len(distinct) > 1 {
		texts := make([]string, len(distinct))
		for i, d := range distinct {
			texts[i] = d.text
		}
		return nil, ambiguous("numbers", texts)
	}
	c := distinct[0]
	v, ok := numberAs(c.number, kind)
	if !ok {
		return nil, errorf("the number %s in the reply is out of range", c.text)
	}
	return v, nil
}

// numCand is a number found in prose.
type numCand struct {
	number
	text string // as written
	// weak marks a lone "one", so often a pronoun ("one thing to note") that
	// it counts only when the reply has no other number.
	weak bool
}

var numberRe = lazyre.New(`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+`)

// numberCandidates lists the numbers written in digits or in words in t.
func numberCandidates(t string) []numCand {
	var out []numCand
	for _, loc := range numberRe.FindAllStringIndex(t, -1) {
		start, end := loc[0], loc[1]
		if start > 0 {
			r, _ := utf8.DecodeLastRuneInString(t[:start])
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' && start > 1 && isDigitByte(t[start-2]) {
				continue // part of a word or a version: H2O, v1, 1.2.3
			}
		}
		if end+1 < len(t) && t[end] == '.' && isDigitByte(t[end+1]) {
			continue // a version such as 1.2.3 is not a number
		}
		tok := t[start:end]
		neg := false
		if start > 0 {
			r, size := utf8.DecodeLastRuneInString(t[:start])
			if r == '-' || r == '−' {
				before := start - size
				prev := ' '
				if before > 0 {
					prev, _ = utf8.DecodeLastRuneInString(t[:before])
				}
				if !unicode.IsLetter(prev) && !unicode.IsDigit(prev) {
					neg = true
				}
			}
		}
		text := tok
		if neg {
			text = "-" + tok
		}
		n, ok := parseNumberToken(text)
		if !ok {
			continue
		}
		out = append(out, numCand{number: n, text: text})
	}
	return append(out, spelledNumbers(t)...)
}

func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

var (
	numberWords = map[string]int{
		"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
		"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
		"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	}
	tensWords = map[string]int{
		"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	}
	scaleWords = map[string]int{"thousand": 1000, "million": 1000000, "billion": 1000000000}
	// determiners before "one" that make it a pronoun ("this one").
	oneDeterminers = map[string]bool{
		"this": true, "that": true, "which": true, "each": true, "any": true, "no": true, "every": true,
		"the": true, "a": true, "another": true, "some": true, "only": true, "other": true,
	}
	wordTokRe = lazyre.New(`[A-Za-z]+`)
)

// spelledNumbers finds numbers written in words: "eight", "twenty-one",
// "one hundred and five", "three thousand". A lone "one" used as a pronoun
// ("this one", "one of") is not a number.
func spelledNumbers(t string) []numCand {
	locs := wordTokRe.FindAllStringIndex(t, -1)
	var out []numCand
	type run struct {
		total, current int
		last           string // "unit", "teen", "tens", "hundred", "scale"
		start, end     int
		words          int
		prevWord       string // the word before the run, lower case
	}
	var r *run
	flush := func(nextWord string) {
		if r == nil || r.words == 0 {
			r = nil
			return
		}
		text := t[r.start:r.end]
		weak := strings.EqualFold(text, "one")
		if weak {
			nw := strings.ToLower(nextWord)
			if oneDeterminers[r.prevWord] || nw == "of" || nw == "another" || nw == "by" || nw == "day" {
				r = nil
				return
			}
		}
		v := r.total + r.current
		out = append(out, numCand{number: number{value: float64(v), isInt: true, norm: strconv.Itoa(v)}, text: text, weak: weak})
		r = nil
	}
	prevEnd := -1
	prevWord := ""
	for _, loc := range locs {
		w := strings.ToLower(t[loc[0]:loc[1]])
		gap := ""
		if prevEnd >= 0 {
			gap = t[prevEnd:loc[0]]
		}
		joined := prevEnd >= 0 && strings.Trim(gap, " -") == ""
		if r != nil && !joined {
			flush(w)
		}
		if w == "and" && r != nil && r.last == "hundred" {
			prevEnd, prevWord = loc[1], w
			continue
		}
		u, isUnit := numberWords[w]
		tens, isTens := tensWords[w]
		scale, isScale := scaleWords[w]
		switch {
		case isUnit:
			if r != nil && (r.last == "unit" || r.last == "teen") {
				flush(w)
			}
			if r == nil {
				r = &run{start: loc[0], prevWord: prevWord}
			}
			r.current += u
			r.last = "unit"
			if u >= 10 {
				r.last = "teen"
			}
		case isTens:
			if r != nil && (r.last == "unit" || r.last == "teen" || r.last == "tens") {
				flush(w)
			}
			if r == nil {
				r = &run{start: loc[0], prevWord: prevWord}
			}
			r.current += tens
			r.last = "tens"
		case w == "hundred" && r != nil && r.current > 0 && r.current < 100 && r.last != "hundred":
			r.current *= 100
			r.last = "hundred"
		case isScale && r != nil && r.current > 0 && r.last != "scale":
			r.total += r.current * scale
			r.current = 0
			r.last = "scale"
		default:
			flush(w)
			prevEnd, prevWord = loc[1], w
			continue
		}
		r.words++
		r.end = loc[1]
		prevEnd, prevWord = loc[1], w
	}
	flush("")
	return out
}

var (
	yesNoWords = map[string]bool{
		"yes": true, "true": true, "correct": true, "affirmative": true,
		"no": false, "false": false, "incorrect": false, "negative": false,
	}
	firstWordRe = lazyre.New(`^[^\p{L}]*(\p{L}+)`)
	yesNoRe     = lazyre.New(`(?i)\b(yes|no|true|false)\b`)
)

// fuzzyBool reads yes/no from prose: the first word when it is yes/no/true/
// false ("No, the sky is blue"), else every standalone yes/no (followed by
// punctuation or the end) and every true/false; both truths is ambiguous.
func fuzzyBool(t string) (any, error) {
	if m := firstWordRe.FindStringSubmatch(t); m != nil {
		if v, ok := yesNoWords[strings.ToLower(m[1])]; ok {
			return v, nil
		}
	}
	var found []string
	var vals []bool
	for _, loc := range yesNoRe.FindAllStringSubmatchIndex(t, -1) {
		w := strings.ToLower(t[loc[2]:loc[3]])
		if w == "yes" || w == "no" {
			rest := strings.TrimLeft(t[loc[1]:], " \t")
			if rest != "" && !strings.ContainsRune(".,;:!?)\"'\n*", rune(rest[0])) {
				continue // "no doubt", "yes men": not an answer
			}
		}
		v := yesNoWords[w]
		dup := false
		for _, x := range vals {
			if x == v {
				dup = true
			}
		}
		if !dup {
			vals = append(vals, v)
			found = append(found, w)
		}
	}
	switch len(vals) {
	case 0:
		return nil, errorf("no yes/no answer found in the reply")
	case 1:
		return vals[0], nil
	}
	return nil, &Error{
		Reason:     "the reply contains both " + found[0] + " and " + found[1] + ", so the answer is ambiguous",
		Ambiguous:  true,
		Candidates: found,
	}
}
