package llm

import (
	"math"
	"strconv"
	"strings"

	"github.com/minidana/dana/internal/lazyre"
)

// numberAnswer computes a number from the question: an arithmetic expression,
// else a known constant.
func (g *mockGen) numberAnswer() (float64, bool) {
	q := normalizeMath(g.question)
	if v, ok := bestArithmetic(q); ok {
		return v, true
	}
	lower := strings.ToLower(g.question)
	for _, c := range knownConstants {
		if c.re.MatchString(lower) {
			return c.value, true
		}
	}
	return 0, false
}

// boolAnswer decides a yes/no question: a comparison or a number property
// when the question has one, else the hash.
func (g *mockGen) boolAnswer() bool {
	q := normalizeMath(g.question)
	if v, ok := numberProperty(q); ok {
		return v
	}
	if v, ok := bestComparison(q); ok {
		return v
	}
	return g.intn(2) == 0
}

// knownConstants are the numbers the mock knows by name, most specific first.
var knownConstants = []struct {
	re    *lazyre.Regexp
	value float64
}{
	{lazyre.New(`speed of light`), 299792458},
	{lazyre.New(`golden ratio`), 1.618033988749895},
	{lazyre.New(`avogadro`), 6.02214076e23},
	{lazyre.New(`planck`), 6.62607015e-34},
	{lazyre.New(`absolute zero`), -273.15},
	{lazyre.New(`boiling point`), 100},
	{lazyre.New(`freezing point|melting point of ice`), 0},
	{lazyre.New(`gravit|acceleration due to`), 9.80665},
	{lazyre.New(`euler|\bvalue of e\b|\bconstant e\b`), math.E},
	{lazyre.New(`\bpi\b|π`), math.Pi},
	{lazyre.New(`square root of (?:two|2)\b`), math.Sqrt2},
	{lazyre.New(`meaning of life`), 42},
	{lazyre.New(`days in a (?:leap )?year`), 365},
	{lazyre.New(`days in a week`), 7},
	{lazyre.New(`hours in a day`), 24},
	{lazyre.New(`minutes in an hour|seconds in a minute`), 60},
	{lazyre.New(`months in a year`), 12},
	{lazyre.New(`planets`), 8},
	{lazyre.New(`continents`), 7},
	{lazyre.New(`legs (?:does )?an? spider|spider.*legs`), 8},
}

var (
	thousandsRe = lazyre.New(`(\d),(\d{3})\b`)
	timesXRe    = lazyre.New(`(\d)\s*x\s*(\d)`)
	numPat      = `(-?\d+(?:\.\d+)?)`
	sqrtRe      = lazyre.New(`(?:the )?square root of ` + numPat)
	percentRe   = lazyre.New(numPat + `\s*(?:%|percent) of ` + numPat)
	halfRe      = lazyre.New(`half of ` + numPat)
	doubleRe    = lazyre.New(`(?:twice|double) ` + numPat)
	sumRe       = lazyre.New(`(?:the )?(sum|product|difference) (?:of|between) ` + numPat + ` and ` + numPat)
	spelledRe   = lazyre.New(`\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b`)
	exprSpanRe  = lazyre.New(`[-+*/^%().\d\s<>=!]+`)
	propertyRe  = lazyre.New(numPat + `\s+(?:an?\s+)?(even|odd|prime)\b`)
	divisibleRe = lazyre.New(numPat + `\s+(?:evenly\s+)?divisible\s+by\s+` + numPat)
	phraseOps   = strings.NewReplacer(
		"greater than or equal to", " >= ", "less than or equal to", " <= ",
		"greater than", " > ", "more than", " > ", "bigger than", " > ", "larger than", " > ", "higher than", " > ",
		"less than", " < ", "smaller than", " < ", "fewer than", " < ", "lower than", " < ",
		"is equal to", " == ", "equal to", " == ", "equals", " == ", "the same as", " == ",
		" multiplied by ", " * ", " times ", " * ", " divided by ", " / ", " over ", " / ",
		" plus ", " + ", " minus ", " - ", " to the power of ", " ^ ", " squared", " ^ 2", " cubed", " ^ 3",
		" modulo ", " % ", " mod ", " % ",
		"×", " * ", "÷", " / ", "−", "-", "²", " ^ 2", "³", " ^ 3", "≥", " >= ", "≤", " <= ",
	)
)

// smallNumbers are the number words the mock reads in questions.
var smallNumbers = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14",
	"fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20",
	"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
	"hundred": "100",
}

// normalizeMath rewrites a question into something the expression finder
// reads: lower case, digits for small number words, operators for words.
func normalizeMath(q string) string {
	q = strings.ToLower(q)
	q = spelledRe.ReplaceAllStringFunc(q, func(w string) string { return smallNumbers[w] })
	for thousandsRe.MatchString(q) {
		q = thousandsRe.ReplaceAllString(q, "$1$2")
	}
	q = sqrtRe.ReplaceAllString(q, "($1 ^ 0.5)")
	q = percentRe.ReplaceAllString(q, "($1 / 100 * $2)")
	q = halfRe.ReplaceAllString(q, "($1 / 2)")
	q = doubleRe.ReplaceAllString(q, "(2 * $1)")
	q = sumRe.ReplaceAllStringFunc(q, func(s string) string {
		m := sumRe.FindStringSubmatch(s)
		op := map[string]string{"sum": "+", "product": "*", "difference": "-"}[m[1]]
		return "(" + m[2] + " " + op + " " + m[3] + ")"
	})
	q = phraseOps.Replace(" " + q + " ")
	return timesXRe.ReplaceAllString(q, "$1 * $2")
}

// bestArithmetic evaluates the longest arithmetic expression (one with at
// least one binary operator and no comparison) in q.
func bestArithmetic(q string) (float64, bool) {
	best, found, bestLen := 0.0, false, 0
	for _, span := range exprSpanRe.FindAllString(q, -1) {
		span = strings.TrimSpace(span)
		if strings.ContainsAny(span, "<>=!") || len(span) <= bestLen {
			continue
		}
		if v, binary, ok := evalExpr(span); ok && binary {
			best, found, bestLen = v, true, len(span)
		}
	}
	return best, found
}

// bestComparison evaluates the longest comparison ("7 > 3", "2 + 2 == 4") in q.
func bestComparison(q string) (bool, bool) {
	ops := []string{">=", "<=", "==", "!=", ">", "<"}
	for _, span := range exprSpanRe.FindAllString(q, -1) {
		span = strings.TrimSpace(span)
		for _, op := range ops {
			i := strings.Index(span, op)
			if i < 0 {
				continue
			}
			l, _, ok1 := evalExpr(strings.TrimSpace(span[:i]))
			r, _, ok2 := evalExpr(strings.TrimSpace(span[i+len(op):]))
			if !ok1 || !ok2 {
				break
			}
			switch op {
			case ">=":
				return l >= r, true
			case "<=":
				return l <= r, true
			case "==":
				return l == r, true
			case "!=":
				return l != r, true
			case ">":
				return l > r, true
			default:
				return l < r, true
			}
		}
	}
	return false, false
}

// numberProperty answers "is N even / odd / prime / divisible by M".
func numberProperty(q string) (bool, bool) {
	if m := divisibleRe.FindStringSubmatch(q); m != nil {
		a, err1 := strconv.ParseFloat(m[1], 64)
		b, err2 := strconv.ParseFloat(m[2], 64)
		if err1 == nil && err2 == nil && b != 0 {
			return math.Mod(a, b) == 0, true
		}
	}
	m := propertyRe.FindStringSubmatch(q)
	if m == nil {
		return false, false
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil || n != math.Trunc(n) || math.Abs(n) > 1e15 {
		return false, false
	}
	k := int64(n)
	switch m[2] {
	case "even":
		return k%2 == 0, true
	case "odd":
		return k%2 != 0, true
	default:
		if k < 2 {
			return false, true
		}
		for d := int64(2); d*d <= k; d++ {
			if k%d == 0 {
				return false, true
			}
		}
		return true, true
	}
}

// evalExpr evaluates an arithmetic expression of numbers, + - * / % ^ and
// parentheses; binary tells whether it had a binary operator.
func evalExpr(s string) (v float64, binary bool, ok bool) {
	p := &exprParser{s: s}
	v, ok = p.expr()
	p.space()
	if !ok || p.i != len(p.s) || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false, false
	}
	return v, p.binary, true
}

// exprParser is a recursive-descent parser for evalExpr.
type exprParser struct {
	s      string
	i      int
	binary bool
	depth  int
}

func (p *exprParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *exprParser) peek() byte {
	p.space()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *exprParser) expr() (float64, bool) {
	v, ok := p.term()
	for ok {
		switch p.peek() {
		case '+':
			p.i++
			r, ok2 := p.term()
			v, ok, p.binary = v+r, ok2, true
		case '-':
			p.i++
			r, ok2 := p.term()
			v, ok, p.binary = v-r, ok2, true
		default:
			return v, true
		}
	}
	return 0, false
}

func (p *exprParser) term() (float64, bool) {
	v, ok := p.unary()
	for ok {
		op := p.peek()
		if op != '*' && op != '/' && op != '%' {
			return v, true
		}
		p.i++
		r, ok2 := p.unary()
		if !ok2 || (op != '*' && r == 0) {
			return 0, false
		}
		switch op {
		case '*':
			v *= r
		case '/':
			v /= r
		default:
			v = math.Mod(v, r)
		}
		p.binary = true
	}
	return 0, false
}

func (p *exprParser) unary() (float64, bool) {
	if p.peek() == '-' {
		p.i++
		v, ok := p.unary()
		return -v, ok
	}
	if p.peek() == '+' {
		p.i++
		return p.unary()
	}
	return p.power()
}

func (p *exprParser) power() (float64, bool) {
	v, ok := p.primary()
	if ok && p.peek() == '^' {
		p.i++
		e, ok2 := p.unary()
		if !ok2 {
			return 0, false
		}
		p.binary = true
		return math.Pow(v, e), true
	}
	return v, ok
}

func (p *exprParser) primary() (float64, bool) {
	c := p.peek()
	if c == '(' {
		p.depth++
		if p.depth > 50 {
			return 0, false
		}
		p.i++
		v, ok := p.expr()
		if !ok || p.peek() != ')' {
			return 0, false
		}
		p.i++
		p.depth--
		return v, true
	}
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '.') {
		p.i++
	}
	if start == p.i {
		return 0, false
	}
	v, err := strconv.ParseFloat(p.s[start:p.i], 64)
	return v, err == nil
}
