package reply

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/types"
)

type parseCase struct {
	name   string
	text   string
	shape  *types.Type
	strict bool
	want   any    // expected value (for JSON shapes: its canonical JSON string)
	errSub string // when not empty, an error containing this is expected
	amb    bool   // the error must be an ambiguity
	// wantCanon, when set, is the expected canonical rendering.
	wantCanon string
}

func runCases(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.text, tc.shape, Options{Strict: tc.strict})
			if tc.errSub != "" {
				var re *Error
				if err == nil || !errors.As(err, &re) {
					t.Fatalf("got %#v, %v; want an *Error containing %q", got, err, tc.errSub)
				}
				if !strings.Contains(err.Error(), tc.errSub) {
					t.Errorf("error %q does not contain %q", err, tc.errSub)
				}
				if re.Ambiguous != tc.amb {
					t.Errorf("Ambiguous = %v, want %v (%q)", re.Ambiguous, tc.amb, err)
				}
				if tc.amb && len(re.Candidates) < 2 {
					t.Errorf("ambiguity without candidates: %#v", re)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tc.wantCanon != "" {
				if c := canonical(got); strings.TrimSpace(c) != tc.wantCanon {
					t.Errorf("got %s, want %s", c, tc.wantCanon)
				}
				return
			}
			if _, isStr := got.(string); isStr {
				if got != tc.want {
					t.Errorf("got %q, want %#v", got, tc.want)
				}
				return
			}
			if want, ok := tc.want.(string); ok && tc.shape.IsJSON() {
				var buf strings.Builder
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				_ = enc.Encode(got)
				if b := strings.TrimSpace(buf.String()); b != want {
					t.Errorf("got %s, want %s", b, want)
				}
				return
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v (%T), want %#v (%T)", got, got, tc.want, tc.want)
			}
		})
	}
}

var (
	sInt   = types.Named(types.Int)
	sFloat = types.Named(types.Float)
	sBool  = types.Named(types.Bool)
	sStr   = types.Named(types.Str)
	sAny   = types.Named(types.Any)
	sList  = types.Named(types.List)
	sDict  = types.Named(types.Dict)
	sObj   = structT("Person", field("name", sStr), field("age", sInt))
)

func TestParseScalars(t *testing.T) {
	runCases(t, []parseCase{
		// whole reply
		{name: "bare int", text: "42", shape: sInt, want: int64(42)},
		{name: "bare int with spaces and period", text: "  42.\n", shape: sInt, want: int64(42)},
		{name: "negative float", text: "-3.25", shape: sFloat, want: -3.25},
		{name: "int as float", text: "7", shape: sFloat, want: 7.0},
		{name: "float to int refused (lossless)", text: "3.9", shape: sInt, errSub: "3.9 in the reply is not an int (it is not a whole number)"},
		{name: "exponent", text: "6.02e23", shape: sFloat, want: 6.02e23},
		{name: "quoted number", text: `"12"`, shape: sInt, want: int64(12)},
		{name: "big int exact", text: "9007199254740993", shape: sInt, want: int64(9007199254740993)},
		{name: "percent", text: "45%", shape: sFloat, want: 45.0},
		{name: "thousands whole", text: "1,234,567", shape: sInt, want: int64(1234567)},

		// think blocks, fences, emphasis
		{name: "think block", text: "<think>Maybe 3? or 5?</think>\n5", shape: sInt, want: int64(5)},
		{name: "multiline think", text: "<think>\nLet me compute 2+2=4, then 4*2=8.\n</think>\n\nThe answer is 8.", shape: sInt, want: int64(8)},
		{name: "closing think only", text: "the user wants 3 or 4 ...</think>4", shape: sInt, want: int64(4)},
		{name: "unclosed leading think", text: "<think>I am still thinking about 3 and 5", shape: sInt, errSub: "only reasoning in a <think> block"},
		{name: "empty", text: "   \n ", shape: sInt, errSub: "the reply is empty"},
		{name: "fenced", text: "```\n17\n```", shape: sInt, want: int64(17)},
		{name: "inline fence", text: "```17```", shape: sInt, want: int64(17)},
		{name: "bold", text: "The answer is **12**.", shape: sInt, want: int64(12)},
		{name: "bold whole", text: "**true**", shape: sBool, want: true},
		{name: "italic", text: "*no*", shape: sBool, want: false},

		// FINAL_ANSWER
		{name: "final answer", text: "2 + 3 = 5, and 5 * 2 = 10.\nFINAL_ANSWER: 10", shape: sInt, want: int64(10)},
		{name: "final answer next line", text: "Working: 3, 4.\nFINAL_ANSWER:\n7", shape: sInt, want: int64(7)},
		{name: "final answer with unit", text: "FINAL_ANSWER: 42 km", shape: sFloat, want: 42.0},
		{name: "final answer spaced", text: "Final Answer: yes", shape: sBool, want: true},
		{name: "final answer str", text: "Thinking...\nFINAL_ANSWER: \"Paris\"", shape: sStr, want: "Paris"},
		{name: "final answer repeated same", text: "FINAL_ANSWER: 3\n...\nFINAL_ANSWER: 3", shape: sInt, want: int64(3)},
		{name: "final answer conflicting", text: "FINAL_ANSWER: 3\nFINAL_ANSWER: 4", shape: sInt, errSub: "two different FINAL_ANSWER values", amb: true},
		{name: "final answer placeholder then value", text: "I will end with FINAL_ANSWER: <value>\nFINAL_ANSWER: 9", shape: sInt, want: int64(9)},
		{name: "final answer not a number", text: "FINAL_ANSWER: many", shape: sInt, errSub: `the FINAL_ANSWER value "many" is not an int`},

		// value objects
		{name: "value object", text: `{"value": 3.5}`, shape: sFloat, want: 3.5},
		{name: "value object in prose", text: "Sure! ```json\n{\"value\": true}\n```", shape: sBool, want: true},
		{name: "value object string number", text: `{"value": "12"}`, shape: sInt, want: int64(12)},
		{name: "value object str", text: `{"value": "hello world"}`, shape: sStr, want: "hello world"},
		{name: "answer key", text: `{"answer": 8}`, shape: sInt, want: int64(8)},

		// last line
		{name: "last line wins", text: "Step 1: 2 + 3 = 5\nStep 2: 5 * 4 = 20\n20", shape: sInt, want: int64(20)},

		// prose around one number
		{name: "prose number with scale word", text: "The population is roughly 8 billion people, I believe.", shape: sInt, want: int64(8000000000)},
		{name: "prose one number", text: "The population is roughly 8 people, I believe.", shape: sInt, want: int64(8)},
		{name: "prose float", text: "Pi is approximately 3.14159 when rounded.", shape: sFloat, want: 3.14159},
		{name: "same number twice", text: "It is 7. Yes, 7 is right.", shape: sInt, want: int64(7)},
		{name: "thousands in prose", text: "The total comes to 1,234.5 dollars.", shape: sFloat, want: 1234.5},
		{name: "currency", text: "It costs $1,299 today.", shape: sInt, want: int64(1299)},
		{name: "negative in prose", text: "The temperature was -12 degrees.", shape: sInt, want: int64(-12)},
		{name: "hyphen is not minus", text: "COVID-19 spread fast", shape: sInt, want: int64(19)},
		{name: "word number", text: "There are eight planets.", shape: sInt, want: int64(8)},
		{name: "hyphenated word number", text: "She turned twenty-one yesterday.", shape: sInt, want: int64(21)},
		{name: "compound word number", text: "About one hundred and five of them.", shape: sInt, want: int64(105)},
		{name: "thousands in words", text: "three thousand two hundred", shape: sInt, want: int64(3200)},
		{name: "word and digit same", text: "Eight (8) legs.", shape: sInt, want: int64(8)},
		{name: "pronoun one ignored", text: "This one has 4 wheels.", shape: sInt, want: int64(4)},
		{name: "leading one is weak", text: "One thing to note: the answer is 5.", shape: sInt, want: int64(5)},
		{name: "lone one counts", text: "The answer is one.", shape: sInt, want: int64(1)},
		{name: "one of ignored", text: "It is one of the 12 apostles.", shape: sInt, want: int64(12)},
		{name: "version not a number", text: "Using v2 the result is 30.", shape: sInt, want: int64(30)},
		{name: "no number", text: "I don't know.", shape: sInt, errSub: "no number found in the reply"},
		{name: "two numbers ambiguous", text: "It is either 3 or 5.", shape: sInt, errSub: "the reply contains two different numbers (3 and 5), so the answer is ambiguous", amb: true},
		{name: "three numbers ambiguous", text: "2 + 3 = 5", shape: sInt, errSub: "three different numbers (2, 3 and 5)", amb: true},
		{name: "word vs digit ambiguous", text: "Maybe seven, maybe 9.", shape: sInt, errSub: "two different numbers (9 and seven)", amb: true},
		{name: "list-like not thousands", text: "1,2,3", shape: sInt, errSub: "ambiguous", amb: true},

		// bool
		{name: "yes", text: "Yes", shape: sBool, want: true},
		{name: "no.", text: "no.", shape: sBool, want: false},
		{name: "True", text: "True", shape: sBool, want: true},
		{name: "yes leading", text: "Yes, there is no doubt about it.", shape: sBool, want: true},
		{name: "no leading", text: "No — the sky is blue, not green.", shape: sBool, want: false},
		{name: "yes in prose", text: "After checking carefully, the answer is yes.", shape: sBool, want: true},
		{name: "false in prose", text: "The statement is false because 2 < 3.", shape: sBool, want: false},
		{name: "no doubt is not no", text: "There is no doubt: yes.", shape: sBool, want: true},
		{name: "bool ambiguous", text: "It could be yes, or it could be no.", shape: sBool, errSub: "both yes and no", amb: true},
		{name: "bool missing", text: "Hard to say.", shape: sBool, errSub: "no yes/no answer found"},
		{name: "bool from 1", text: "1", shape: sBool, want: true},

		// str and any
		{name: "str trimmed", text: "  Paris is the capital.  ", shape: sStr, want: "Paris is the capital."},
		{name: "str quoted", text: `"Paris"`, shape: sStr, want: "Paris"},
		{name: "str inner quotes kept", text: `"a" and "b"`, shape: sStr, want: `"a" and "b"`},
		{name: "str think and fence", text: "<think>hmm</think>```\nhello\n```", shape: sStr, want: "hello"},
		{name: "str inner emphasis kept", text: "The **capital** is Paris", shape: sStr, want: "The **capital** is Paris"},
		{name: "str whole emphasis unwrapped", text: "**Paris**", shape: sStr, want: "Paris"},
		{name: "any text", text: "just text", shape: sAny, want: "just text"},
		{name: "any json", text: `[1, "a"]`, shape: sAny, want: []any{int64(1), "a"}},
	})
}

func TestParseJSONShapes(t *testing.T) {
	runCases(t, []parseCase{
		{name: "bare array", text: `[1, 2, 3]`, shape: sList, want: `[1,2,3]`},
		{name: "array in prose with fence", text: "Here you go:\n```json\n[\"apple\", \"banana\", \"cherry\"]\n```\nEnjoy!", shape: sList, want: `["apple","banana","cherry"]`},
		{name: "trailing comma", text: "```json\n[\n  \"a\",\n  \"b\",\n]\n```", shape: sList, want: `["a","b"]`},
		{name: "single quotes", text: "['x', 'y']", shape: sList, want: `["x","y"]`},
		{name: "unquoted keys", text: "{name: \"Ada\", age: 36}", shape: sObj, want: `{"name":"Ada","age":36}`},
		{name: "truncated tail", text: `The list: ["alpha", "beta", "gam`, shape: sList, want: `["alpha","beta","gam"]`},
		{name: "truncated object", text: `{"name": "Ada", "age": 3`, shape: sObj, want: `{"name":"Ada","age":3}`},
		{name: "two different arrays", text: "Either [1, 2] or [3, 4].", shape: sList, errSub: "two different JSON arrays", amb: true},
		{name: "same array twice", text: "[1, 2]\nAgain: [1, 2]", shape: sList, want: `[1,2]`},
		{name: "no array", text: "I cannot list them.", shape: sList, errSub: "no JSON array found in the reply"},
		{name: "no object", text: "nothing here", shape: sDict, errSub: "no JSON object found in the reply"},
		{name: "nested arrays kept whole", text: `[[1, 2], [3]]`, shape: sList, want: `[[1,2],[3]]`},
		{name: "array wrapped in object", text: `{"items": ["a", "b"]}`, shape: sList, want: `["a","b"]`},
		{name: "object key order kept", text: `{"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}}`, shape: sDict, want: `{"zeta":1,"alpha":2,"mid":{"b":1,"a":2}}`},
		{name: "object in prose", text: "Sure! The person is {\"name\": \"Bob\", \"age\": 42}. Hope that helps {:", shape: sObj, want: `{"name":"Bob","age":42}`},
		{name: "object wrapped", text: `{"Person": {"name": "Bob", "age": 42}}`, shape: sObj, want: `{"name":"Bob","age":42}`},
		{name: "object with fields preferred", text: "Example: {\"foo\": 1}\nAnswer: {\"name\": \"Bob\", \"age\": 42}", shape: sObj, want: `{"name":"Bob","age":42}`},
		{name: "two objects ambiguous", text: `{"a": 1} {"a": 2}`, shape: sDict, errSub: "two different JSON objects", amb: true},
		{name: "brackets in strings", text: `["a]b", "{c"]`, shape: sList, want: `["a]b","{c"]`},
		{name: "think then json", text: "<think>[1] maybe</think>[4, 5]", shape: sList, want: `[4,5]`},
		{name: "floats and ints", text: `[1, 2.5, -3e2, true, null]`, shape: sList, want: `[1,2.5,-300,true,null]`},
		{name: "comment repaired", text: "[1, 2 // two\n]", shape: sList, want: `[1,2]`},

		// Markdown lists
		{name: "bullets", text: "Fruits:\n- **Apple**\n- Banana\n- Cherry", shape: sList, want: `["Apple","Banana","Cherry"]`},
		{name: "numbered", text: "1. Mercury\n2. Venus\n\n3. Earth\n", shape: sList, want: `["Mercury","Venus","Earth"]`},
		{name: "numbered numbers", text: "1) 2\n2) 3\n3) 1,000", shape: sList, want: `[2,3,1000]`},
		{name: "bullets with continuation and sub-items", text: "* Go\n  fast and simple\n  - compiled\n* Rust", shape: sList, want: `["Go","Rust"]`},
		{name: "two bullet lists ambiguous", text: "Option A:\n- x\n- y\nOption B:\n- z", shape: sList, errSub: "2 separate lists", amb: true},
		{name: "checkbox bullets", text: "- [x] done\n- [ ] todo", shape: sList, want: `["[x] done","[ ] todo"]`},
	})
}

func TestParseStrict(t *testing.T) {
	runCases(t, []parseCase{
		{name: "strict int", text: " 42\n", shape: sInt, strict: true, want: int64(42)},
		{name: "strict int prose", text: "The answer is 42", shape: sInt, strict: true, errSub: "not exactly an integer"},
		{name: "strict int float", text: "42.0", shape: sInt, strict: true, errSub: "not exactly an integer"},
		{name: "strict float", text: "2.5", shape: sFloat, strict: true, want: 2.5},
		{name: "strict float word", text: "NaN", shape: sFloat, strict: true, errSub: "not exactly a number"},
		{name: "strict bool", text: "false", shape: sBool, strict: true, want: false},
		{name: "strict bool yes", text: "yes", shape: sBool, strict: true, errSub: "not exactly true or false"},
		{name: "strict final answer refused", text: "FINAL_ANSWER: 3", shape: sInt, strict: true, errSub: "not exactly an integer"},
		{name: "strict think stripped", text: "<think>x</think> 3", shape: sInt, strict: true, want: int64(3)},
		{name: "strict json", text: `{"name": "A", "age": 1}`, shape: sObj, strict: true, want: `{"name":"A","age":1}`},
		{name: "strict fenced refused", text: "```json\n[1]\n```", shape: sList, strict: true, errSub: "not exactly a JSON array"},
		{name: "strict trailing comma refused", text: "[1, 2,]", shape: sList, strict: true, errSub: "not exactly a JSON array"},
		{name: "strict wrong shape", text: "[1]", shape: sDict, strict: true, errSub: "JSON but not a JSON object"},
		{name: "strict bullets refused", text: "- a\n- b", shape: sList, strict: true, errSub: "not exactly a JSON array"},
		{name: "strict str verbatim", text: ` "quoted" `, shape: sStr, strict: true, want: `"quoted"`},
	})
}

func TestOrderedMap(t *testing.T) {
	m := NewOrderedMap()
	m.Set("b", int64(1))
	m.Set("a", "x")
	m.Set("b", int64(2))
	if m.Len() != 2 || !reflect.DeepEqual(m.Keys, []string{"b", "a"}) {
		t.Errorf("keys %v", m.Keys)
	}
	if v, ok := m.Get("b"); !ok || v != int64(2) {
		t.Errorf("b = %v", v)
	}
	b, err := json.Marshal(m)
	if err != nil || string(b) != `{"b":2,"a":"x"}` {
		t.Errorf("marshal %s %v", b, err)
	}
	v, err := decodeJSON(`{"k": 1, "k": 2, "j": 3}`)
	if err != nil {
		t.Fatal(err)
	}
	om := v.(*OrderedMap)
	if k, _ := om.Get("k"); !reflect.DeepEqual(om.Keys, []string{"k", "j"}) || k != Number("2") {
		t.Errorf("duplicate keys: %v %v", om.Keys, om.Vals)
	}
}

func TestErrorsAreQuotable(t *testing.T) {
	// Every failure is an *Error with a one-line reason starting "the reply"
	// or "no ...", fit to quote back to the model.
	for _, c := range []struct {
		text  string
		shape *types.Type
	}{
		{"", sInt}, {"maybe", sInt}, {"3 or 4", sFloat}, {"hmm", sBool}, {"maybe yes, maybe no.", sBool},
		{"nope", sList}, {"[1] [2]", sList}, {"{", sDict}, {"x", sInt},
	} {
		_, err := Parse(c.text, c.shape, Options{})
		var re *Error
		if !errors.As(err, &re) {
			t.Errorf("%q: %v is not an *Error", c.text, err)
			continue
		}
		if strings.Contains(re.Reason, "\n") || !(strings.HasPrefix(re.Reason, "the ") || strings.HasPrefix(re.Reason, "no ")) {
			t.Errorf("%q: reason %q", c.text, re.Reason)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	inputs := []struct {
		text  string
		shape *types.Type
	}{
		{"42", sInt},
		{"<think>Let me think about 3 and 4 for a while.</think>\nThe answer is **7**, clearly.", sInt},
		{"After checking carefully, the answer is yes.", sBool},
		{"Here you go:\n```json\n[\"apple\", \"banana\", \"cherry\",]\n```", sList},
		{`Sure! {"name": "Bob", "age": 42, "tags": ["a", "b"], "address": {"city": "Oslo"}}`, sObj},
		{"Fruits:\n- Apple\n- Banana\n- Cherry", sList},
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range inputs {
			if _, err := Parse(in.text, in.shape, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestParseRealisticReplies(t *testing.T) {
	runCases(t, []parseCase{
		{name: "bold label", text: "**Answer:** 42", shape: sInt, want: int64(42)},
		{name: "prose then final", text: "The answer is 42.\n\nFINAL_ANSWER: 42", shape: sInt, want: int64(42)},
		{name: "unit attached", text: "It weighs 5kg.", shape: sFloat, want: 5.0},
		{name: "qwen struct", text: "<think>\nThe user wants a person. Age 3? Name x.\n</think>\n\n```json\n{\"name\": \"x\", \"age\": 3}\n```", shape: sObj, want: `{"name":"x","age":3}`},
		{name: "final answer json", text: "Reasoning...\nFINAL_ANSWER: [\"a\", \"b\"]", shape: sList, want: `["a","b"]`},
		{name: "python literal list", text: "['red', 'green', 'blue',]", shape: sList, want: `["red","green","blue"]`},
		{name: "python bools", text: "{'ok': True, 'n': None}", shape: sDict, want: `{"ok":true,"n":null}`},
		{name: "yes with explanation", text: "Yes. Because 7 > 3, the statement holds.", shape: sBool, want: true},
		{name: "heading then number", text: "## Result\n\n12", shape: sInt, want: int64(12)},
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"42", "<think>x</think>[1,2,", "{'a': 1,}", "- a\n- b", "FINAL_ANSWER:", "```json\n{\n```", "twenty-one", "[{]}", "\"", "one hundred and"} {
		f.Add(s)
	}
	all := []*types.Type{sStr, sInt, sFloat, sBool, sAny, sList, sDict, sObj, tPriority, tLevel, tNested,
		union(sInt, sStr), union(structT("A", field("a", sInt)), types.Named(types.None))}
	f.Fuzz(func(t *testing.T, s string) {
		for _, typ := range all {
			for _, strict := range []bool{false, true} {
				_, err := Parse(s, typ, Options{Strict: strict})
				if err != nil {
					var re *Error
					if !errors.As(err, &re) {
						t.Fatalf("Parse(%q, %v) error %T is not *Error", s, typ, err)
					}
					if strings.Contains(re.Reason, "\n") {
						t.Fatalf("Parse(%q, %v): reason on several lines: %q", s, typ, re.Reason)
					}
				}
			}
		}
	})
}
