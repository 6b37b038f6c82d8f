package reply

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/types"
)

// TestCorpus reads testdata/replies.txt: messy replies as real models write
// them, each with the expected type and the expected value (as JSON) or
// the expected refusal (a substring of the error). Format:
//
//	=== name
//	type: list[int]
//	strict              (optional: the strict profile)
//	truncated           (optional: finish_reason was "length")
//	--- reply
//	...reply text, verbatim...
//	--- want            (or: --- error [ambiguous])
//	[1, 2, 3]
//
// Named types: see corpusTypes.
func TestCorpus(t *testing.T) {
	cases := readCorpus(t, "testdata/replies.txt")
	if len(cases) < 100 {
		t.Fatalf("only %d corpus cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typ, err := parseTypeExpr(c.typ)
			if err != nil {
				t.Fatalf("type %q: %v", c.typ, err)
			}
			got, err := Parse(c.reply, typ, Options{Strict: c.strict, Truncated: c.truncated})
			if c.errSub != "" {
				var re *Error
				if err == nil || !errors.As(err, &re) {
					t.Fatalf("got %s, want an error containing %q", jsonText(got), c.errSub)
				}
				if !strings.Contains(re.Reason, c.errSub) {
					t.Errorf("error %q does not contain %q", re.Reason, c.errSub)
				}
				if c.amb && !re.Ambiguous {
					t.Errorf("error %q is not flagged ambiguous", re.Reason)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if _, err := decodeJSON(c.want); err != nil {
				t.Fatalf("bad want %q: %v", c.want, err)
			}
			if g, w := normJSON(jsonText(got)), normJSON(c.want); g != w {
				t.Errorf("got %s, want %s", g, w)
			}
		})
	}
}

type corpusCase struct {
	name, typ, reply, want, errSub string
	amb, strict, truncated         bool
}

func readCorpus(t *testing.T, file string) []corpusCase {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	var cur *corpusCase
	section := ""
	var buf []string
	flush := func() {
		if cur == nil {
			return
		}
		text := strings.Join(buf, "\n")
		switch section {
		case "reply":
			cur.reply = text
		case "want":
			cur.want = strings.TrimSpace(text)
		case "error":
			cur.errSub = strings.TrimSpace(text)
		}
		buf = nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			flush()
			if cur != nil {
				out = append(out, *cur)
			}
			cur = &corpusCase{name: strings.TrimPrefix(line, "=== ")}
			section = ""
		case cur != nil && section == "" && strings.HasPrefix(line, "type: "):
			cur.typ = strings.TrimPrefix(line, "type: ")
		case cur != nil && section == "" && line == "strict":
			cur.strict = true
		case cur != nil && section == "" && line == "truncated":
			cur.truncated = true
		case cur != nil && strings.HasPrefix(line, "--- "):
			flush()
			f := strings.Fields(strings.TrimPrefix(line, "--- "))
			section = f[0]
			if len(f) > 1 && f[1] == "ambiguous" {
				cur.amb = true
			}
		case cur != nil && section != "":
			buf = append(buf, line)
		}
	}
	flush()
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

func jsonText(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(b.String())
}

// normJSON re-encodes JSON text so that key order is kept but spacing and
// number forms are uniform.
func normJSON(s string) string {
	d := decoder{s: s}
	v, err := d.value(0)
	if err != nil {
		return s
	}
	return jsonText(plain(v))
}

// corpusTypes are the named types the corpus refers to.
var corpusTypes = func() map[string]*types.Type {
	str, i, f, b := types.Named(types.Str), types.Named(types.Int), types.Named(types.Float), types.Named(types.Bool)
	person := structT("Person", field("name", str), field("age", i))
	contact := structT("Contact", field("name", str), field("email", optional(str)), optField("phone", optional(str), "None"))
	ticket := structT("Ticket", field("title", str), field("priority", tPriority), field("tags", listOf(str)), optField("estimate", f, "0.0"))
	review := structT("Review", field("stars", lits(int64(1), int64(2), int64(3), int64(4), int64(5))), field("sentiment", lits("positive", "negative", "neutral")), field("summary", str))
	event := structT("Event", field("name", str), field("attendees", listOf(person)), field("location", tAddress), field("online", b))
	return map[string]*types.Type{
		"Person": person, "Contact": contact, "Ticket": ticket, "Review": review, "Event": event,
		"Priority": tPriority, "Status": tStatus, "Code": tCode, "Customer": tNested, "Address": tAddress,
		"City": tCity, "Cat": tCat, "Dog": tDog,
	}
}()

// parseTypeExpr parses a type as written in a hint: names, generics,
// unions, string and int literals, None.
func parseTypeExpr(s string) (*types.Type, error) {
	p := &typeParser{s: s}
	t, err := p.union()
	if err != nil {
		return nil, err
	}
	if p.skip(); p.i != len(p.s) {
		return nil, errors.New("trailing text at " + strconv.Itoa(p.i))
	}
	return t, nil
}

type typeParser struct {
	s string
	i int
}

func (p *typeParser) skip() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *typeParser) union() (*types.Type, error) {
	var alts []*types.Type
	for {
		a, err := p.atom()
		if err != nil {
			return nil, err
		}
		alts = append(alts, a)
		if p.skip(); p.i < len(p.s) && p.s[p.i] == '|' {
			p.i++
			continue
		}
		break
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return union(alts...), nil
}

func (p *typeParser) atom() (*types.Type, error) {
	p.skip()
	if p.i < len(p.s) && p.s[p.i] == '"' {
		j := strings.IndexByte(p.s[p.i+1:], '"')
		if j < 0 {
			return nil, errors.New("unclosed literal")
		}
		v := p.s[p.i+1 : p.i+1+j]
		p.i += j + 2
		return lit(v), nil
	}
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] == '_' || p.s[p.i] == '-' || p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] >= 'a' && p.s[p.i] <= 'z' || p.s[p.i] >= 'A' && p.s[p.i] <= 'Z') {
		p.i++
	}
	name := p.s[start:p.i]
	if n, err := strconv.ParseInt(name, 10, 64); err == nil {
		return lit(n), nil
	}
	var args []*types.Type
	if p.i < len(p.s) && p.s[p.i] == '[' {
		p.i++
		for {
			a, err := p.union()
			if err != nil {
				return nil, err
			}
			args = append(args, a)
			p.skip()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				break
			}
			return nil, errors.New("expected ] in " + p.s)
		}
	}
	switch name {
	case "str":
		return types.Named(types.Str), nil
	case "int":
		return types.Named(types.Int), nil
	case "float":
		return types.Named(types.Float), nil
	case "bool":
		return types.Named(types.Bool), nil
	case "None":
		return types.Named(types.None), nil
	case "any":
		return types.Named(types.Any), nil
	case "list":
		if len(args) == 0 {
			return types.Named(types.List), nil
		}
		return listOf(args[0]), nil
	case "set":
		return setOf(args[0]), nil
	case "tuple":
		return tupleOf(args...), nil
	case "dict":
		if len(args) == 0 {
			return types.Named(types.Dict), nil
		}
		return dictOf(args[0], args[1]), nil
	}
	if t, ok := corpusTypes[name]; ok {
		return t, nil
	}
	return nil, errors.New("unknown type " + name)
}
