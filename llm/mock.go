package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/minidana/dana/internal/lazyre"
)

// MockModel is the model name the mock reports.
const MockModel = "mock"

// Mock is the offline, deterministic mock model (DANA_LLM=mock). Its answer
// depends only on the request's messages and Expected type:
//
//   - The question is the first paragraph of the first user message (the
//     caller's prompt; code context and format instructions that follow a
//     blank line are ignored for computing, but still vary the hash).
//   - bool: "yes" or "no" ("true" or "false" when Expected.Strict) — computed when the question is a comparison
//     ("is 7 greater than 3", "is 10 > 4") or asks whether a number is
//     even, odd or prime; otherwise from a hash of the prompt.
//   - int/float: the value of an arithmetic expression in the question
//     ("what is 2 + 3", "12 times 7", "square root of 16", "15% of 200"),
//     else a known constant (pi, e, the speed of light, the golden ratio,
//     g, absolute zero, days in a week, ...), else a number from the hash.
//   - str (and any): one sentence starting with "[mock]" that echoes the
//     key words of the question.
//   - list: a JSON array of 3 elements of the element kind (or the count the
//     question asks for, "list 5 ...", up to 10).
//   - dict/struct: a JSON object with every field filled with a value of
//     the right kind (plausible by field name: name, age, email, price,
//     score, ...); a dict without fields gets three keys.
//
// Replies are well-formed whatever the prompt says, including retry prompts
// that quote a rejected reply. Responses are labelled Mock=true, Model "mock".
type Mock struct {
	stats statsRecorder
}

// NewMock returns the mock model.
func NewMock() *Mock { return &Mock{} }

// Describe names the mock.
func (m *Mock) Describe() string { return "mock model (offline, deterministic)" }

// Stats returns the cumulative counters.
func (m *Mock) Stats() Stats { return m.stats.snapshot() }

// Complete answers req deterministically, without any network.
func (m *Mock) Complete(ctx context.Context, req *Request) (*Response, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		m.stats.fail(0)
		return nil, cancelled(MockModel, 0, err)
	}
	if req == nil {
		m.stats.fail(0)
		return nil, &LLMError{Endpoint: MockModel, Msg: "nil request"}
	}
	text := MockAnswer(req)
	chars := 0
	for _, msg := range req.Messages {
		chars += len(msg.Content)
	}
	usage := Usage{PromptTokens: int64(chars/4 + 1), CompletionTokens: int64(len(text)/4 + 1)}
	usage.TotalTokens = usage.PromptTokens + usage.CompletionTokens
	resp := &Response{
		Text:     text,
		Model:    MockModel,
		Usage:    usage,
		Attempts: 1,
		Latency:  time.Since(start),
		Endpoint: MockModel,
		Mock:     true,
	}
	m.stats.ok(resp)
	return resp, nil
}

// MockAnswer is the mock model's reply text for req.
func MockAnswer(req *Request) string {
	exp := req.Expected
	if (exp == nil || exp.Kind == "") && req.ResponseFormat != nil {
		exp = ExpectedFromSchema(req.ResponseFormat.Schema)
	}
	if exp == nil {
		exp = &Expected{Kind: KindStr}
	}
	h := fnv.New64a()
	h.Write([]byte(exp.Kind))
	for _, msg := range req.Messages {
		h.Write([]byte(msg.Role))
		h.Write([]byte{0})
		h.Write([]byte(msg.Content))
		h.Write([]byte{0})
	}
	g := &mockGen{seed: h.Sum64(), question: mockQuestion(req.Messages)}
	g.keywords = keywords(g.question)
	return g.answer(exp)
}

// mockQuestion is the first paragraph of the first user message.
func mockQuestion(msgs []Message) string {
	q := strings.TrimSpace(firstUserContent(msgs))
	if i := strings.Index(q, "\n\n"); i >= 0 {
		q = q[:i]
	}
	return strings.TrimSpace(q)
}

// mockGen produces the deterministic values of one answer.
type mockGen struct {
	seed     uint64
	question string
	keywords []string
}

// next returns the next pseudo-random number (splitmix64).
func (g *mockGen) next() uint64 {
	g.seed += 0x9e3779b97f4a7c15
	z := g.seed
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a deterministic int in [0, n).
func (g *mockGen) intn(n int) int { return int(g.next() % uint64(n)) }

// answer renders the reply for exp: a bare scalar or JSON.
func (g *mockGen) answer(exp *Expected) string {
	if len(exp.Enum) > 0 {
		return exp.Enum[g.intn(len(exp.Enum))]
	}
	switch exp.Kind {
	case KindBool:
		yes := g.boolAnswer()
		if exp.Strict {
			return strconv.FormatBool(yes)
		}
		if yes {
			return "yes"
		}
		return "no"
	case KindInt:
		v, ok := g.numberAnswer()
		if !ok {
			v = float64(1 + g.intn(100))
		}
		return strconv.FormatInt(int64(math.Round(v)), 10)
	case KindFloat:
		v, ok := g.numberAnswer()
		if !ok {
			v = float64(g.intn(100000)) / 100
		}
		return formatFloat(v)
	case KindList, KindDict, KindStruct:
		var b bytes.Buffer
		g.writeJSON(&b, exp, "", true)
		return b.String()
	default:
		return g.sentence()
	}
}

// sentence is the str answer: "[mock] ..." echoing the question's key words.
func (g *mockGen) sentence() string {
	if len(g.keywords) == 0 {
		return "[mock] A short answer."
	}
	kw := strings.Join(g.keywords, ", ")
	templates := []string{
		"[mock] A short answer about %s.",
		"[mock] Here is a brief reply on %s.",
		"[mock] In short: %s.",
	}
	return fmt.Sprintf(templates[g.intn(len(templates))], kw)
}

// subject is the key word lists and fields are named after.
func (g *mockGen) subject() string {
	if len(g.keywords) == 0 {
		return "item"
	}
	return g.keywords[len(g.keywords)-1]
}

// writeJSON writes a JSON value of type exp; top is true for the reply's
// outermost value (whose list length may come from the question).
func (g *mockGen) writeJSON(b *bytes.Buffer, exp *Expected, field string, top bool) {
	if exp == nil {
		exp = &Expected{Kind: KindStr}
	}
	if exp.Kind == "" && exp.Schema != nil {
		exp = ExpectedFromSchema(exp.Schema)
	}
	switch exp.Kind {
	case KindBool:
		b.WriteString(strconv.FormatBool(g.intn(2) == 0))
	case KindInt:
		b.WriteString(strconv.Itoa(g.fieldInt(field)))
	case KindFloat:
		b.WriteString(formatFloat(g.fieldFloat(field)))
	case KindList:
		n := 3
		if top {
			if c, ok := requestedCount(g.question); ok {
				n = c
			}
		}
		elem := exp.Elem
		if elem == nil && exp.Schema != nil {
			if items, ok := exp.Schema["items"].(map[string]any); ok {
				elem = ExpectedFromSchema(items)
			}
		}
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			if elem == nil || elem.Kind == "" || elem.Kind == KindStr || elem.Kind == KindAny {
				writeString(b, fmt.Sprintf("mock %s %d", g.subject(), i+1))
			} else {
				g.writeJSON(b, elem, field, false)
			}
		}
		b.WriteByte(']')
	case KindDict, KindStruct:
		fields := exp.Fields
		if len(fields) == 0 && exp.Schema != nil {
			fields = ExpectedFromSchema(exp.Schema).Fields
		}
		if len(fields) == 0 { // a plain dict: three keys of the value kind
			keys := []string{"first", "second", "third"}
			if len(g.keywords) >= 3 {
				keys = g.keywords[:3]
			}
			for _, k := range keys {
				fields = append(fields, Field{Name: k, Type: exp.Elem})
			}
		}
		b.WriteByte('{')
		for i, f := range fields {
			if i > 0 {
				b.WriteString(", ")
			}
			writeString(b, f.Name)
			b.WriteString(": ")
			if f.Type != nil && len(f.Type.Enum) > 0 {
				writeString(b, f.Type.Enum[g.intn(len(f.Type.Enum))])
			} else if f.Type == nil || f.Type.Kind == "" && f.Type.Schema == nil || f.Type.Kind == KindStr || f.Type.Kind == KindAny {
				writeString(b, g.fieldString(f.Name))
			} else {
				g.writeJSON(b, f.Type, f.Name, false)
			}
		}
		b.WriteByte('}')
	default:
		writeString(b, g.fieldString(field))
	}
}

// fieldString is a plausible string for a field of this name.
func (g *mockGen) fieldString(field string) string {
	f := strings.ToLower(field)
	pick := func(xs ...string) string { return xs[g.intn(len(xs))] }
	switch {
	case f == "":
		return fmt.Sprintf("mock %s", g.subject())
	case strings.Contains(f, "email"):
		return "mock@example.com"
	case strings.Contains(f, "url") || strings.Contains(f, "link"):
		return "https://example.com/mock"
	case strings.Contains(f, "city"):
		return pick("Paris", "Lisbon", "Kyoto", "Nairobi", "Lima")
	case strings.Contains(f, "country"):
		return pick("France", "Portugal", "Japan", "Kenya", "Peru")
	case strings.Contains(f, "colo"):
		return pick("blue", "green", "red", "amber")
	case strings.Contains(f, "date"):
		return fmt.Sprintf("2024-%02d-%02d", 1+g.intn(12), 1+g.intn(28))
	case f == "id" || strings.HasSuffix(f, "_id"):
		return fmt.Sprintf("mock-%06x", g.intn(1<<24))
	case strings.Contains(f, "name") || f == "author":
		return pick("Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson", "Edsger Dijkstra")
	default:
		return fmt.Sprintf("[mock] %s of %s", strings.ReplaceAll(field, "_", " "), g.subject())
	}
}

// fieldInt is a plausible int for a field of this name.
func (g *mockGen) fieldInt(field string) int {
	f := strings.ToLower(field)
	switch {
	case strings.Contains(f, "age"):
		return 18 + g.intn(60)
	case strings.Contains(f, "year"):
		return 1950 + g.intn(75)
	case strings.Contains(f, "rating") || strings.Contains(f, "stars"):
		return 1 + g.intn(5)
	default:
		return 1 + g.intn(100)
	}
}

// fieldFloat is a plausible float for a field of this name.
func (g *mockGen) fieldFloat(field string) float64 {
	f := strings.ToLower(field)
	switch {
	case strings.Contains(f, "price") || strings.Contains(f, "cost") || strings.Contains(f, "amount"):
		return float64(1+g.intn(200)) - 0.01
	case strings.Contains(f, "score") || strings.Contains(f, "confidence") || strings.Contains(f, "prob") ||
		strings.Contains(f, "ratio") || strings.Contains(f, "rate"):
		return float64(g.intn(101)) / 100
	case strings.Contains(f, "temp"):
		return float64(150+g.intn(200)) / 10
	default:
		return float64(g.intn(100000)) / 100
	}
}

// writeString writes s as a JSON string.
func writeString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

// formatFloat renders v as the shortest decimal, switching to exponent
// notation for very large or small magnitudes.
func formatFloat(v float64) string {
	a := math.Abs(v)
	if a != 0 && (a >= 1e15 || a < 1e-6) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// ExpectedFromSchema derives an Expected from a JSON schema: "type" string,
// integer, number, boolean, array (with "items") or object (with
// "properties", fields in "required" order, then the others sorted).
func ExpectedFromSchema(schema map[string]any) *Expected {
	if schema == nil {
		return &Expected{Kind: KindStr}
	}
	t, _ := schema["type"].(string)
	if ts, ok := schema["type"].([]any); ok { // ["integer", "null"]
		for _, x := range ts {
			if s, _ := x.(string); s != "null" {
				t = s
				break
			}
		}
	}
	e := &Expected{Schema: schema}
	switch t {
	case "integer":
		e.Kind = KindInt
	case "number":
		e.Kind = KindFloat
	case "boolean":
		e.Kind = KindBool
	case "array":
		e.Kind = KindList
		if items, ok := schema["items"].(map[string]any); ok {
			e.Elem = ExpectedFromSchema(items)
		}
	case "object":
		props, _ := schema["properties"].(map[string]any)
		if len(props) == 0 {
			e.Kind = KindDict
			if ap, ok := schema["additionalProperties"].(map[string]any); ok {
				e.Elem = ExpectedFromSchema(ap)
			}
			break
		}
		e.Kind = KindStruct
		seen := map[string]bool{}
		if req, ok := schema["required"].([]any); ok {
			for _, r := range req {
				name, _ := r.(string)
				if p, ok := props[name].(map[string]any); ok && !seen[name] {
					seen[name] = true
					e.Fields = append(e.Fields, Field{Name: name, Type: ExpectedFromSchema(p)})
				}
			}
		}
		var rest []string
		for name := range props {
			if !seen[name] {
				rest = append(rest, name)
			}
		}
		sort.Strings(rest)
		for _, name := range rest {
			p, _ := props[name].(map[string]any)
			e.Fields = append(e.Fields, Field{Name: name, Type: ExpectedFromSchema(p)})
		}
	default:
		e.Kind = KindStr
	}
	return e
}

// stopwords are left out of the key words the mock echoes.
var stopwords = wordSet(`a an the is are was were be been being am do does did of to in on at by for
		with about as into from and or not no yes but if then than so that this these those it its
		what which who whom whose when where why how many much please give me tell us you your i my we
		our can could would should will shall may might must list name names some any all each one two
		three four five six seven eight nine ten short brief briefly answer reply describe explain
		return write generate provide suggest word words sentence there their they them he she his her`)

// wordSet returns the set of the space-separated words in s.
func wordSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(s) {
		set[w] = true
	}
	return set
}

var wordRe = lazyre.New(`[\p{L}][\p{L}\p{N}'-]*`)

// keywords are the question's distinct non-stop words, at most six.
func keywords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range wordRe.FindAllString(strings.ToLower(q), -1) {
		w = strings.Trim(w, "'-")
		if len(w) < 2 || stopwords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == 6 {
			break
		}
	}
	return out
}

var countRe = lazyre.New(`(?i)\b(?:list|give(?: me)?|name|suggest|top|generate|return|provide|produce)\s+(?:the\s+)?(?:top\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten)\b`)

// requestedCount is the list length the question asks for ("list 5 ...").
func requestedCount(q string) (int, bool) {
	m := countRe.FindStringSubmatch(q)
	if m == nil {
		return 0, false
	}
	words := map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	n, ok := words[strings.ToLower(m[1])]
	if !ok {
		n, _ = strconv.Atoi(m[1])
	}
	if n < 1 || n > 10 {
		return 0, false
	}
	return n, true
}
