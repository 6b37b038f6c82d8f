package reply

import (
	"strings"
	"testing"

	"github.com/minidana/dana/lang/types"
)

// Each case names the failure of issue 9 (or the feature) it guards.

func TestIssue9CleanupNeverAltersJSONStrings(t *testing.T) {
	note := structT("Note", field("text", types.Named(types.Str)))
	runCases(t, []parseCase{
		{name: "fence inside a JSON string kept", text: "```json\n{\"text\": \"use ```go\\nfmt.Println()\\n``` here\"}\n```", shape: note,
			want: "{\"text\":\"use ```go\\nfmt.Println()\\n``` here\"}"},
		{name: "bold inside a JSON string kept", text: `{"text": "this is **important** and __init__"}`, shape: note,
			want: `{"text":"this is **important** and __init__"}`},
		{name: "think tag inside a JSON string kept", text: `{"text": "models emit <think>x</think> blocks"}`, shape: note,
			want: `{"text":"models emit <think>x</think> blocks"}`},
		{name: "closing think tag inside a JSON string kept", text: `{"text": "ends with </think> here"}`, shape: note,
			want: `{"text":"ends with </think> here"}`},
		{name: "triple quotes inside a JSON string kept", text: `{"text": "a \"\"\"docstring\"\"\" here"}`, shape: note,
			want: `{"text":"a \"\"\"docstring\"\"\" here"}`},
		{name: "apostrophe inside a JSON string kept", text: `Here: {"text": "it's Bob's"}`, shape: note,
			want: `{"text":"it's Bob's"}`},
		{name: "think block outside JSON still dropped", text: "<think>draft {\"text\": \"no\"}</think>\n{\"text\": \"yes\"}", shape: note,
			want: `{"text":"yes"}`},
		{name: "emphasis inside a list of str kept", text: `["**a**", "_b_"]`, shape: listOf(types.Named(types.Str)),
			want: `["**a**","_b_"]`},
		{name: "heading mark inside a str field kept", text: `{"text": "# Title\n- bullet"}`, shape: note,
			want: `{"text":"# Title\n- bullet"}`},
	})
}

func TestIssue9UnionsPickTheBestFit(t *testing.T) {
	intStr := union(types.Named(types.Int), types.Named(types.Str))
	listOrStr := union(listOf(types.Named(types.Int)), types.Named(types.Str))
	catDog := union(tCat, tDog)
	runCases(t, []parseCase{
		{name: "Cat | Dog picks Dog by its fields", text: `{"name": "Rex", "breed": "collie"}`, shape: catDog, want: `{"name":"Rex","breed":"collie"}`},
		{name: "Cat | Dog picks Cat by its fields", text: `{"name": "Tom", "indoor": true}`, shape: catDog, want: `{"name":"Tom","indoor":true}`},
		{name: "Cat | Dog through the lenient reader", text: `{'name': 'Rex', 'breed': 'collie',}`, shape: catDog, want: `{"name":"Rex","breed":"collie"}`},
		{name: "int | str: a number is an int", text: "42", shape: intStr, want: int64(42)},
		{name: "int | str: a JSON string stays a str", text: `"42"`, shape: intStr, want: "42"},
		{name: "int | str: prose is a str", text: "forty-two apples", shape: intStr, want: "forty-two apples"},
		{name: "list[int] | str: an array is a list", text: "[1, 2, 3]", shape: listOrStr, want: `[1,2,3]`},
		{name: "list[int] | str: a fenced array is a list", text: "Here:\n```json\n[1, 2]\n```", shape: listOrStr, want: `[1,2]`},
		{name: "list[int] | str: a repaired array is a list", text: "[1, 2, 3,]", shape: listOrStr, want: `[1,2,3]`},
		{name: "list[int] | str: text is a str", text: "no numbers today", shape: listOrStr, want: "no numbers today"},
		{name: "float | int: 3 is an int", text: "3", shape: union(types.Named(types.Float), types.Named(types.Int)), want: int64(3)},
		{name: "int | float: 2.5 is a float", text: "2.5", shape: union(types.Named(types.Int), types.Named(types.Float)), want: 2.5},
		{name: "nested union in a list", text: `[1, "two", 3.5]`, shape: listOf(union(types.Named(types.Int), types.Named(types.Str), types.Named(types.Float))), want: `[1,"two",3.5]`},
		{name: "nested union field: Cat | Dog inside a list", text: `[{"name": "a", "indoor": false}, {"name": "b", "breed": "pug"}]`, shape: listOf(catDog),
			want: `[{"name":"a","indoor":false},{"name":"b","breed":"pug"}]`},
		{name: "union with no fitting member is refused", text: `{"name": "x", "wings": 2}`, shape: catDog, errSub: "lacks the required field"},
	})
}

func TestIssue9NullAndOptional(t *testing.T) {
	person := structT("P", field("name", types.Named(types.Str)), field("nick", optional(types.Named(types.Str))),
		optField("age", types.Named(types.Int), "0"))
	runCases(t, []parseCase{
		{name: "null for an X | None field is accepted", text: `{"name": "Ann", "nick": null}`, shape: person, want: `{"name":"Ann","nick":null}`},
		{name: "null for a required str field is refused", text: `{"name": null, "nick": "A"}`, shape: person, errSub: "P.name is required to be a str"},
		{name: "missing optional field takes its default", text: `{"name": "Ann", "nick": "A"}`, shape: person, want: `{"name":"Ann","nick":"A"}`},
		{name: "missing required field is refused", text: `{"nick": "A"}`, shape: person, errSub: "lacks the required field `name`"},
		{name: "missing X | None field without default is refused", text: `{"name": "Ann"}`, shape: person, errSub: "lacks the required field `nick`"},
		{name: "null reply for int | None", text: "null", shape: optional(types.Named(types.Int)), want: nil},
		{name: "None reply for int | None", text: "None", shape: optional(types.Named(types.Int)), want: nil},
		{name: "number reply for int | None", text: "7", shape: optional(types.Named(types.Int)), want: int64(7)},
		{name: "null reply for a required int", text: "null", shape: types.Named(types.Int), errSub: "None is not allowed"},
		{name: "None reply for str | None is None", text: "None", shape: optional(types.Named(types.Str)), want: nil},
		{name: "null element of list[int] refused", text: "[1, null]", shape: listOf(types.Named(types.Int)), errSub: "at [1]: the value is null"},
		{name: "nested missing optional city population", text: `{"name": "A", "age": null, "address": {"street": "s", "city": {"name": "Oslo"}}, "tags": []}`, shape: tNested,
			want: `{"name":"A","age":null,"address":{"street":"s","city":{"name":"Oslo"}},"tags":[]}`},
		{name: "nested required field null names the path", text: `{"name": "A", "age": 3, "address": {"street": "s", "city": {"name": null}}, "tags": []}`, shape: tNested,
			errSub: "at address.city.name: the field is null"},
	})
}

func TestIssue9LosslessOrRefuse(t *testing.T) {
	note := structT("Note", field("text", types.Named(types.Str)), field("n", types.Named(types.Int)))
	runCases(t, []parseCase{
		{name: "a list in a str field is refused", text: `{"text": ["a", "b"], "n": 1}`, shape: note, errSub: "a JSON array is not a str"},
		{name: "an object in a str field is refused", text: `{"text": {"a": 1}, "n": 1}`, shape: note, errSub: "a JSON object is not a str"},
		{name: "2.7 for an int field is refused", text: `{"text": "a", "n": 2.7}`, shape: note, errSub: "2.7 is not a whole number"},
		{name: "2.7 for an int reply is refused", text: "2.7", shape: types.Named(types.Int), errSub: "not a whole number"},
		{name: "2.0 for an int is lossless", text: "2.0", shape: types.Named(types.Int), want: int64(2)},
		{name: "1e3 for an int is lossless", text: "1e3", shape: types.Named(types.Int), want: int64(1000)},
		{name: "a number for a str field is kept as written", text: `{"text": 1.50, "n": 1}`, shape: note, want: `{"text":"1.50","n":1}`},
		{name: "true or false is refused", text: "true or false", shape: types.Named(types.Bool), errSub: "offers both answers"},
		{name: "yes/no is refused", text: "Yes/No", shape: types.Named(types.Bool), errSub: "offers both answers"},
		{name: "a str bool field with prose is refused", text: `{"ok": "maybe"}`, shape: structT("R", field("ok", types.Named(types.Bool))), errSub: `"maybe" is not true or false`},
		{name: "a whole list reply for str is refused", text: `["a", "b"]`, shape: types.Named(types.Str), errSub: "a JSON array is not a str"},
		{name: "big int stays exact", text: "123456789012345678901234567890", shape: types.Named(types.Int), wantCanon: "123456789012345678901234567890"},
		{name: "tuple of the wrong length is refused", text: "[1, 2, 3]", shape: tupleOf(types.Named(types.Int), types.Named(types.Int)), errSub: "has 3 items, but the program expects 2"},
		{name: "dict with int keys", text: `{"1": "a", "2": "b"}`, shape: dictOf(types.Named(types.Int), types.Named(types.Str)), want: `{"1":"a","2":"b"}`},
		{name: "dict with bad int key refused", text: `{"one": "a"}`, shape: dictOf(types.Named(types.Int), types.Named(types.Str)), errSub: `key "one" is not an int`},
	})
}

func TestEnumsAndLiterals(t *testing.T) {
	m := func(e *types.Type, i int) Member { return Member{Type: e, Index: i} }
	runCases(t, []parseCase{
		{name: "enum by value", text: "high", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum by name", text: "HIGH", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum by name, other case", text: "High", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum with emphasis and words", text: "**High** priority", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum by description", text: "Needs attention today.", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum name with underscore written with a space", text: "very high", shape: tPriority, want: m(tPriority, 3)},
		{name: "enum longer member wins over the one inside it", text: "This is VERY HIGH priority.", shape: tPriority, want: m(tPriority, 3)},
		{name: "enum hyphenated", text: "in-progress", shape: tStatus, want: m(tStatus, 1)},
		{name: "enum two members is ambiguous", text: "Either low or high.", shape: tPriority, errSub: "ambiguous", amb: true},
		{name: "enum none mentioned", text: "urgent!", shape: tPriority, errSub: `none of the allowed values ("low", "medium", "high", "very_high")`},
		{name: "enum FINAL_ANSWER wins over prose", text: "It is not low.\nFINAL_ANSWER: HIGH", shape: tPriority, want: m(tPriority, 2)},
		{name: "enum in a JSON value object", text: `{"value": "medium"}`, shape: tPriority, want: m(tPriority, 1)},
		{name: "enum int values by number", text: "404", shape: tCode, want: m(tCode, 1)},
		{name: "enum int values by name", text: "not found", shape: tCode, want: m(tCode, 1)},
		{name: "enum field in a struct", text: `{"title": "x", "p": "LOW"}`, shape: structT("T", field("title", types.Named(types.Str)), field("p", tPriority)), want: `{"title":"x","p":"Priority.LOW"}`},
		{name: "enum field wrong value refused", text: `{"title": "x", "p": "urgent"}`, shape: structT("T", field("title", types.Named(types.Str)), field("p", tPriority)), errSub: `"urgent" is not one of the allowed values`},
		{name: "enum | None null", text: "null", shape: optional(tPriority), want: nil},

		{name: "literal exact", text: "medium", shape: tLevel, want: "medium"},
		{name: "literal case folded", text: "MEDIUM", shape: tLevel, want: "medium"},
		{name: "literal quoted with period", text: `"High".`, shape: tLevel, want: "high"},
		{name: "literal in prose", text: "I would say the level is **low**.", shape: tLevel, want: "low"},
		{name: "literal two mentioned is ambiguous", text: "medium to high", shape: tLevel, errSub: "ambiguous", amb: true},
		{name: "literal not allowed", text: "extreme", shape: tLevel, errSub: `none of the allowed values ("low", "medium", "high")`},
		{name: "literal with None", text: "None", shape: lits("yes", "no", nil), want: nil},
		{name: "literal with None, a value", text: "No", shape: lits("yes", "no", nil), want: "no"},
		{name: "int literals exact", text: "4", shape: lits(int64(1), int64(2), int64(3), int64(4), int64(5)), want: int64(4)},
		{name: "int literals in prose with out of", text: "I'd rate it 4 out of 5.", shape: lits(int64(1), int64(2), int64(3), int64(4), int64(5)), want: int64(4)},
		{name: "int literal out of range", text: "7", shape: lits(int64(1), int64(2), int64(3)), errSub: "allowed values"},
		{name: "literal in a list", text: `["low", "High"]`, shape: listOf(tLevel), want: `["low","high"]`},
		{name: "literal field refuses other text", text: `{"level": "severe"}`, shape: structT("S", field("level", tLevel)), errSub: `"severe" is not one of the allowed values`},
	})
}

func TestStructShapes(t *testing.T) {
	runCases(t, []parseCase{
		{name: "keys matched ignoring case and separators", text: `{"Name": "A", "AGE": 3}`, shape: sObj, want: `{"name":"A","age":3}`},
		{name: "unknown keys dropped", text: `{"name": "A", "age": 3, "note": "x"}`, shape: sObj, want: `{"name":"A","age":3}`},
		{name: "exact object beats one with an extra key", text: "{\"name\": \"A\", \"age\": 3, \"x\": 1}\n{\"name\": \"B\", \"age\": 4}", shape: sObj, want: `{"name":"B","age":4}`},
		{name: "one-element array of the object", text: `[{"name": "A", "age": 3}]`, shape: sObj, want: `{"name":"A","age":3}`},
		{name: "object given as a JSON string", text: `"{\"name\": \"A\", \"age\": 3}"`, shape: sObj, want: `{"name":"A","age":3}`},
		{name: "3-level nested struct", text: "```json\n{\"name\": \"A\", \"age\": 30, \"address\": {\"street\": \"Main 1\", \"city\": {\"name\": \"Oslo\", \"population\": 700000}}, \"tags\": [\"vip\"]}\n```", shape: tNested,
			want: `{"name":"A","age":30,"address":{"street":"Main 1","city":{"name":"Oslo","population":700000}},"tags":["vip"]}`},
		{name: "list of structs", text: `[{"name": "A", "age": 1}, {"name": "B", "age": 2}]`, shape: listOf(sObj), want: `[{"name":"A","age":1},{"name":"B","age":2}]`},
		{name: "set of str", text: `["a", "b"]`, shape: setOf(types.Named(types.Str)), want: `["a","b"]`},
		{name: "list of int from bullets", text: "- 1\n- 2\n- 3", shape: listOf(types.Named(types.Int)), want: `[1,2,3]`},
		{name: "bullet item not an int refused", text: "- 1\n- two and a half", shape: listOf(types.Named(types.Int)), errSub: "item 2 of the list"},
	})
}

// TestDocExamples keeps the ambiguity table of docs/reason.md true.
func TestDocExamples(t *testing.T) {
	person := structT("Person", field("name", types.Named(types.Str)), field("age", types.Named(types.Int)))
	runCases(t, []parseCase{
		{name: "3 or 5", text: "It is either 3 or 5.", shape: sInt, errSub: "two different numbers (3 and 5)", amb: true},
		{name: "last line beats prose", text: "Step 1: 2+3=5\n5", shape: sInt, want: int64(5)},
		{name: "two FINAL_ANSWERs", text: "FINAL_ANSWER: 3\nFINAL_ANSWER: 4", shape: sInt, errSub: "ambiguous", amb: true},
		{name: "two objects", text: `Either {"name": "Ann", "age": 1} or {"name": "Bea", "age": 2}`, shape: person, errSub: "two different JSON objects", amb: true},
		{name: "same value twice", text: "[1, 2]\nTo confirm: [1, 2]", shape: listOf(sInt), want: `[1,2]`},
		{name: "example does not fit", text: "Example: {\"x\": 1}\n{\"name\": \"Ken\", \"age\": 80}", shape: person, want: `{"name":"Ken","age":80}`},
		{name: "two members", text: "Somewhere between low and medium.", shape: tPriority, errSub: "ambiguous", amb: true},
		{name: "longer mention", text: "This is very high priority.", shape: tPriority, want: Member{Type: tPriority, Index: 3}},
		{name: "yes and no", text: "It could be yes, or it could be no.", shape: sBool, errSub: "both yes and no", amb: true},
		{name: "int | str JSON string", text: `"42"`, shape: union(sInt, sStr), want: "42"},
		{name: "High. for a literal", text: "High.", shape: tLevel, want: "high"},
		{name: "needs attention today", text: "Needs attention today", shape: tPriority, want: Member{Type: tPriority, Index: 2}},
	})
}

// TestJSONAsText: a JSON reply for a str that is only the default
// expectation is kept as its text; for an explicit str it is refused.
func TestJSONAsText(t *testing.T) {
	for _, tc := range []struct {
		text string
		opt  Options
		want any
		err  string
	}{
		{`{"name": "A"}`, Options{JSONAsText: true}, `{"name": "A"}`, ""},
		{"```json\n[1, 2]\n```", Options{JSONAsText: true}, `[1, 2]`, ""},
		{`{"answer": "Paris"}`, Options{JSONAsText: true}, "Paris", ""},
		{`{"name": "A"}`, Options{}, nil, "a JSON object is not a str"},
	} {
		got, err := Parse(tc.text, sStr, tc.opt)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: got %v, %v; want error %q", tc.text, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: got %#v, %v; want %#v", tc.text, got, err, tc.want)
		}
	}
}

// TestTruncatedNeverAValue guards issue 9: a reply cut off at the token
// limit is refused even when it parses (a cut list would be a shorter list).
func TestTruncatedNeverAValue(t *testing.T) {
	for _, c := range []struct {
		text string
		typ  *types.Type
	}{
		{`["alpha", "beta", "gam`, listOf(sStr)},
		{`["alpha", "beta"]`, listOf(sStr)},
		{"42", sInt},
		{`{"name": "A", "age": 3`, sObj},
	} {
		_, err := Parse(c.text, c.typ, Options{Truncated: true})
		if err == nil || err.Error() != TruncatedReason {
			t.Errorf("%q: %v, want the cut-off refusal", c.text, err)
		}
		if v, err := Parse(c.text, c.typ, Options{}); err != nil {
			t.Errorf("%q without Truncated: %v, %v (a truncated tail is repaired when not cut off)", c.text, v, err)
		}
	}
}
