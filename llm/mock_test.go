package llm_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/llm"
)

func mockAsk(t *testing.T, prompt string, exp *llm.Expected) *llm.Response {
	t.Helper()
	c, err := llm.New(llm.Config{Mode: "mock"})
	if err != nil {
		t.Fatal(err)
	}
	req := &llm.Request{Messages: []llm.Message{llm.User(prompt + "\n\nContext: line 3 of x.na, 17 lines.\nAnswer with the bare value on the last line.")}, Expected: exp}
	resp, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Mock || resp.Model != "mock" || resp.Attempts != 1 || resp.Usage.TotalTokens == 0 {
		t.Errorf("mock response labels: %+v", resp)
	}
	return resp
}

func TestMockScalars(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		kind   llm.Kind
		want   string
	}{
		{"What is 2 + 3?", llm.KindInt, "5"},
		{"what is 12 times 7", llm.KindInt, "84"},
		{"What is 7 / 2?", llm.KindFloat, "3.5"},
		{"Compute (1,200 + 34) * 2", llm.KindInt, "2468"},
		{"What is the square root of 16?", llm.KindFloat, "4.0"},
		{"What is 15% of 200?", llm.KindFloat, "30.0"},
		{"what is two plus three", llm.KindInt, "5"},
		{"What is the value of pi?", llm.KindFloat, "3.141592653589793"},
		{"What is the speed of light in m/s?", llm.KindFloat, "299792458.0"},
		{"How many days in a week?", llm.KindInt, "7"},
		{"Is 7 greater than 3?", llm.KindBool, "yes"},
		{"Is 2 > 10?", llm.KindBool, "no"},
		{"Is 17 prime?", llm.KindBool, "yes"},
		{"Is 21 a prime number?", llm.KindBool, "no"},
		{"Is 10 even?", llm.KindBool, "yes"},
		{"Is 12 divisible by 5?", llm.KindBool, "no"},
	} {
		resp := mockAsk(t, tc.prompt, &llm.Expected{Kind: tc.kind})
		if resp.Text != tc.want {
			t.Errorf("%q as %s: got %q, want %q", tc.prompt, tc.kind, resp.Text, tc.want)
		}
	}
}

func TestMockDeterministicAndWellFormed(t *testing.T) {
	prompts := []string{"Is the sky blue?", "How tall is a giraffe?", "Describe the ocean", "Rate this review: great!"}
	for _, p := range prompts {
		for _, kind := range []llm.Kind{llm.KindBool, llm.KindInt, llm.KindFloat, llm.KindStr, llm.KindAny} {
			a := mockAsk(t, p, &llm.Expected{Kind: kind}).Text
			b := mockAsk(t, p, &llm.Expected{Kind: kind}).Text
			if a != b {
				t.Errorf("%q %s not deterministic: %q vs %q", p, kind, a, b)
			}
			switch kind {
			case llm.KindBool:
				if a != "yes" && a != "no" {
					t.Errorf("bool answer %q", a)
				}
			case llm.KindInt:
				if _, err := strconv.Atoi(a); err != nil {
					t.Errorf("int answer %q", a)
				}
			case llm.KindFloat:
				if _, err := strconv.ParseFloat(a, 64); err != nil {
					t.Errorf("float answer %q", a)
				}
			default:
				if !strings.HasPrefix(a, "[mock]") {
					t.Errorf("str answer %q does not start with [mock]", a)
				}
			}
		}
	}
	s := mockAsk(t, "Summarize the history of the Roman empire", nil).Text
	if !strings.Contains(s, "roman") || !strings.Contains(s, "empire") {
		t.Errorf("str answer %q does not echo the key words", s)
	}
	// The hash varies with the prompt: over a few prompts both answers occur.
	seen := map[string]bool{}
	for i := range 20 {
		seen[mockAsk(t, "Is option "+strconv.Itoa(i)+" any good?", &llm.Expected{Kind: llm.KindBool}).Text] = true
	}
	if !seen["yes"] || !seen["no"] {
		t.Errorf("bool answers never vary: %v", seen)
	}
}

func TestMockShapes(t *testing.T) {
	person := &llm.Expected{Kind: llm.KindStruct, Name: "Person", Fields: []llm.Field{
		{Name: "name"}, {Name: "age", Type: &llm.Expected{Kind: llm.KindInt}},
		{Name: "email", Type: &llm.Expected{Kind: llm.KindStr}}, {Name: "score", Type: &llm.Expected{Kind: llm.KindFloat}},
		{Name: "active", Type: &llm.Expected{Kind: llm.KindBool}},
		{Name: "tags", Type: &llm.Expected{Kind: llm.KindList, Elem: &llm.Expected{Kind: llm.KindStr}}},
	}}
	text := mockAsk(t, "Invent a person", person).Text
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("struct answer %q: %v", text, err)
	}
	if _, ok := obj["name"].(string); !ok {
		t.Errorf("name in %s", text)
	}
	if n, ok := obj["age"].(json.Number); !ok || strings.Contains(n.String(), ".") {
		t.Errorf("age in %s", text)
	}
	if _, ok := obj["active"].(bool); !ok {
		t.Errorf("active in %s", text)
	}
	if tags, ok := obj["tags"].([]any); !ok || len(tags) != 3 {
		t.Errorf("tags in %s", text)
	}
	// Field order is the declaration order.
	if !(strings.Index(text, `"name"`) < strings.Index(text, `"age"`) && strings.Index(text, `"age"`) < strings.Index(text, `"tags"`)) {
		t.Errorf("field order in %s", text)
	}

	var list []any
	text = mockAsk(t, "Name some fruits", &llm.Expected{Kind: llm.KindList, Elem: &llm.Expected{Kind: llm.KindStr}}).Text
	if err := json.Unmarshal([]byte(text), &list); err != nil || len(list) != 3 {
		t.Errorf("list answer %q (%v)", text, err)
	}
	text = mockAsk(t, "List 5 prime numbers", &llm.Expected{Kind: llm.KindList, Elem: &llm.Expected{Kind: llm.KindInt}}).Text
	if err := json.Unmarshal([]byte(text), &list); err != nil || len(list) != 5 {
		t.Errorf("list[int] answer %q (%v)", text, err)
	}
	for _, v := range list {
		if f, ok := v.(float64); !ok || f != float64(int(f)) {
			t.Errorf("list[int] element %v", v)
		}
	}
	text = mockAsk(t, "Points of a triangle", &llm.Expected{Kind: llm.KindList, Elem: person}).Text
	var people []map[string]any
	if err := json.Unmarshal([]byte(text), &people); err != nil || len(people) != 3 || people[0]["email"] == nil {
		t.Errorf("list[Person] answer %q (%v)", text, err)
	}
	var dict map[string]float64
	text = mockAsk(t, "Prices of apples, pears and plums", &llm.Expected{Kind: llm.KindDict, Elem: &llm.Expected{Kind: llm.KindFloat}}).Text
	if err := json.Unmarshal([]byte(text), &dict); err != nil || len(dict) != 3 {
		t.Errorf("dict[str,float] answer %q (%v)", text, err)
	}
}

func TestMockFromSchemaOnly(t *testing.T) {
	c := llm.NewMock()
	req := &llm.Request{Messages: []llm.Message{llm.User("A city")}, ResponseFormat: &llm.JSONSchema{Name: "City", Schema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"city":       map[string]any{"type": "string"},
			"population": map[string]any{"type": "integer"},
			"coastal":    map[string]any{"type": "boolean"},
		},
		"required": []any{"city", "population", "coastal"},
	}}}
	resp, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		City       string
		Population int
		Coastal    bool
	}
	if err := json.Unmarshal([]byte(resp.Text), &v); err != nil || v.City == "" || !strings.HasPrefix(resp.Text, `{"city"`) {
		t.Errorf("schema-shaped answer %q (%v)", resp.Text, err)
	}
}

func TestMockRetryPromptStillWellFormed(t *testing.T) {
	exp := &llm.Expected{Kind: llm.KindInt}
	c := llm.NewMock()
	req := &llm.Request{Expected: exp, Messages: []llm.Message{
		llm.User("What is 6 * 7?\n\nYour previous reply \"forty-two-ish\" was rejected: no number found in the reply. Answer with the bare value."),
	}}
	resp, err := c.Complete(context.Background(), req)
	if err != nil || resp.Text != "42" {
		t.Errorf("retry answer %q %v", resp.Text, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Complete(ctx, req); err == nil {
		t.Errorf("a cancelled context should fail")
	}
}

func TestMockStrictBool(t *testing.T) {
	for prompt, want := range map[string]string{"Is 7 greater than 3?": "true", "Is 2 > 10?": "false"} {
		if got := mockAsk(t, prompt, &llm.Expected{Kind: llm.KindBool, Strict: true}).Text; got != want {
			t.Errorf("%q strict: got %q, want %q", prompt, got, want)
		}
	}
}
