package reply

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/minidana/dana/internal/lazyre"
)

var finalAnswerRe = lazyre.New(`(?i)final[ _-]?answer\s*[:=]`)

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
		if isScale(t[:start]) {
			continue // the scale of a rating: "4 out of 5", "4/5"
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
		if sn, stext, ok := scaled(n, t[end:]); ok {
			n, text = sn, text+stext
		}
		out = append(out, numCand{number: n, text: text})
	}
	return append(out, spelledNumbers(t)...)
}

// scaleRe matches a scale word right after a number: "8.9 million".
var scaleRe = lazyre.New(`^[ \t]*(thousand|million|billion|trillion)\b`)

// scaled applies a scale word following a number ("8.9 million" is
// 8900000), exactly.
func scaled(n number, after string) (number, string, bool) {
	if len(after) > 24 {
		after = after[:24]
	}
	m := scaleRe.Get().FindStringSubmatch(strings.ToLower(after))
	if m == nil {
		return n, "", false
	}
	mult := map[string]string{"thousand": "1e3", "million": "1e6", "billion": "1e9", "trillion": "1e12"}[m[1]]
	r, ok := new(big.Rat).SetString(n.norm)
	f, ok2 := new(big.Rat).SetString(mult)
	if !ok || !ok2 {
		return n, "", false
	}
	r.Mul(r, f)
	v, _ := r.Float64()
	out := number{value: v, norm: r.FloatString(6)}
	if r.IsInt() {
		out.isInt, out.norm = true, r.Num().String()
	} else {
		out.norm = strings.TrimRight(strings.TrimRight(out.norm, "0"), ".")
	}
	return out, after[:len(m[0])], true
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
	// firstWords answer yes/no when they open the reply ("Absolutely.",
	// "Nope"); followed by "not" they say no ("Definitely not").
	firstWords = map[string]bool{
		"yep": true, "yeah": true, "yup": true, "sure": true, "absolutely": true, "definitely": true,
		"certainly": true, "indeed": true, "right": true,
		"nope": false, "nah": false, "never": false,
	}
	firstWordRe = lazyre.New(`^[^\p{L}]*(\p{L}+)`)
	yesNoRe     = lazyre.New(`(?i)\b(yes|no|true|false)\b`)
	yesNoAltRe  = lazyre.New(`(?i)\b(?:yes|no|true|false)\s*(?:or|/|\|)\s*(?:yes|no|true|false)\b`)
)

// readYesNo reads yes/no from prose: the first word when it is yes/no/true/
// false ("No, the sky is blue"), else every standalone yes/no (followed by
// punctuation or the end) and every true/false, each a candidate. Two
// answers offered as alternatives ("true or false", "yes/no") are refused.
func (s *state) readYesNo(t string) {
	if m := yesNoAltRe.Get().FindString(t); m != "" {
		s.add(cand{fail: fmt.Sprintf("the reply offers both answers (%q) instead of choosing one, so the answer is ambiguous", m), cost: costLastLine - 1, text: m, noun: "yes/no answers"})
		return
	}
	if m := firstWordRe.FindStringSubmatch(t); m != nil {
		w := strings.ToLower(m[1])
		if v, ok := yesNoWords[w]; ok {
			s.add(cand{val: v, cost: costProse - 1, text: m[1], noun: "yes/no answers"})
			return
		}
		if v, ok := firstWords[w]; ok {
			rest := strings.Fields(strings.ToLower(t[len(m[0]):]))
			if len(rest) > 0 && strings.Trim(rest[0], ".,!;:") == "not" {
				v = false
			}
			s.add(cand{val: v, cost: costProse, text: m[1], noun: "yes/no answers"})
			return
		}
	}
	for _, loc := range yesNoRe.FindAllStringSubmatchIndex(t, -1) {
		w := strings.ToLower(t[loc[2]:loc[3]])
		if w == "yes" || w == "no" {
			rest := strings.TrimLeft(t[loc[1]:], " \t")
			if rest != "" && !strings.ContainsRune(".,;:!?)\"'\n*", rune(rest[0])) {
				continue // "no doubt", "yes men": not an answer
			}
		}
		s.add(cand{val: yesNoWords[w], cost: costProse, text: w, noun: "yes/no answers"})
	}
}

// isScale reports whether the text before a number makes it the scale of a
// rating: "out of 5", "4/5", "4 of 5".
func isScale(before string) bool {
	if len(before) > 16 {
		before = before[len(before)-16:]
	}
	b := strings.ToLower(strings.TrimRight(before, " "))
	if strings.HasSuffix(b, "out of") {
		return true
	}
	if strings.HasSuffix(before, "/") && len(before) > 1 && isDigitByte(before[len(before)-2]) {
		return true
	}
	return false
}
