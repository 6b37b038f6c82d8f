package reason_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm/llmtest"
)

// TestTruncatedReplyIsReasked guards issue 9: a reply cut off at the token
// limit (finish_reason "length") is never a value, even when it parses as
// a shorter list; the call asks once for a shorter answer.
func TestTruncatedReplyIsReasked(t *testing.T) {
	e := newEnv(t)
	e.srv.Enqueue(llmtest.Truncated(`["alpha", "beta", "gam`), llmtest.Text(`["alpha", "beta"]`))
	e.run("xs: list[str] = reason(\"Name some letters\")\n")
	if got := interp.Repr(e.get("xs")); got != "['alpha', 'beta']" {
		t.Errorf("xs = %s", got)
	}
	reqs := e.srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	if p := reqs[1].Prompt(); !strings.Contains(p, "cut off at the token limit") || !strings.Contains(p, "shorter reply") {
		t.Errorf("second prompt does not ask for a shorter answer:\n%s", p)
	}
	rec := e.svc.LastRecord()
	if len(rec.Attempts) != 2 || !strings.Contains(rec.Attempts[0].Failure, "cut off at the token limit") {
		t.Errorf("attempts %+v", rec.Attempts)
	}
}

// TestTruncatedTwiceIsValidationError guards issue 9: after the one re-ask,
// a second cut-off reply raises ValidationError saying so (not more retries).
func TestTruncatedTwiceIsValidationError(t *testing.T) {
	e := newEnv(t)
	e.srv.Enqueue(llmtest.Truncated(`[1, 2, 3`), llmtest.Truncated(`[1, 2`))
	ex := e.runErr("xs: list[int] = reason(\"Count to a million\", max_retries=5)\n")
	if ex.Type.Name != "ValidationError" {
		t.Fatalf("error %v", ex)
	}
	if e.srv.Count() != 2 {
		t.Errorf("%d requests, want 2 (one re-ask only)", e.srv.Count())
	}
	for _, want := range []string{"no complete list[int]", "cut off at the token limit", "after 2 attempts"} {
		if !strings.Contains(ex.Msg, want) {
			t.Errorf("message lacks %q: %s", want, ex.Msg)
		}
	}
	if strings.Contains(ex.Msg, "\n") {
		t.Errorf("message on several lines: %q", ex.Msg)
	}
}

// TestRefusalIsVisible guards issue 9: a refusal is re-asked, then raised
// as a ValidationError that says the model refused, in one line; the record
// keeps the raw replies.
func TestRefusalIsVisible(t *testing.T) {
	e := newEnv(t)
	e.srv.SetDefault("I'm sorry, but I can't help with that.")
	ex := e.runErr("s: str = reason(\"Write something\", max_retries=1)\n")
	if ex.Type.Name != "ValidationError" || e.srv.Count() != 2 {
		t.Fatalf("error %v after %d requests", ex, e.srv.Count())
	}
	if !strings.HasPrefix(ex.Msg, `reason() got no str: the model refused to answer: "I'm sorry, but I can't help with that."`) || strings.Contains(ex.Msg, "\n") {
		t.Errorf("message: %q", ex.Msg)
	}
	rec := e.svc.LastRecord()
	if rec.Status != "failed" || len(rec.Attempts) != 2 || rec.Attempts[1].Reply != "I'm sorry, but I can't help with that." {
		t.Errorf("record %+v", rec)
	}
}

// TestRetryOnRefusal: a refusal followed by an answer gives the answer; the
// retry prompt quotes the refusal.
func TestRetryOnRefusal(t *testing.T) {
	e := newEnv(t)
	e.srv.Enqueue(llmtest.Refused("I can't assist with that request."), llmtest.Text("42"))
	e.run("n: int = reason(\"How many?\")\n")
	if got := interp.Repr(e.get("n")); got != "42" {
		t.Errorf("n = %s", got)
	}
	reqs := e.srv.Requests()
	if len(reqs) != 2 || !strings.Contains(reqs[1].Prompt(), "the model refused to answer") {
		t.Errorf("retry prompt: %v", reqs)
	}
	rec := e.svc.LastRecord()
	if rec.Attempts[0].Reply != "I can't assist with that request." {
		t.Errorf("raw refusal not kept: %+v", rec.Attempts[0])
	}
}

// TestTypedRepliesEndToEnd reads replies against nested struct, union and
// optional types through the real client.
func TestTypedRepliesEndToEnd(t *testing.T) {
	src := `struct City:
    name: str
    population: int = 0
struct Address:
    street: str
    city: City
struct Customer:
    name: str
    nick: str | None
    address: Address
`
	for _, tc := range []struct {
		name, reply, code, want string
		fail                    string
	}{
		{name: "nested with default", reply: "```json\n{\"name\": \"Ann\", \"nick\": null, \"address\": {\"street\": \"Main 1\", \"city\": {\"name\": \"Oslo\"}}}\n```",
			code: "c: Customer = reason(\"Extract\", max_retries=0)\n",
			want: "Customer(name='Ann', nick=None, address=Address(street='Main 1', city=City(name='Oslo', population=0)))"},
		{name: "required null refused", reply: `{"name": null, "nick": "a", "address": {"street": "s", "city": {"name": "x"}}}`,
			code: "c: Customer = reason(\"Extract\", max_retries=0)\n", fail: "Customer.name is required to be a str"},
		{name: "int | str picks int", reply: "42", code: "v: int | str = reason(\"x\")\n", want: "42"},
		{name: "list[int] | str picks str", reply: "none today", code: "v: list[int] | str = reason(\"x\")\n", want: "'none today'"},
		{name: "2.7 for int refused", reply: "2.7", code: "v: int = reason(\"x\", max_retries=0)\n", fail: "not a whole number"},
		{name: "tuple", reply: `[1, "a"]`, code: "v: tuple[int, str] = reason(\"x\")\n", want: "(1, 'a')"},
		{name: "JSON text for a default str", reply: `{"a": 1}`, code: "v = reason(\"x\")\n", want: `'{"a": 1}'`},
		{name: "JSON list for an explicit str refused", reply: `["a", "b"]`, code: "v: str = reason(\"x\", max_retries=0)\n", fail: "a JSON array is not a str"},
		{name: "dict with int keys", reply: `{"1": 2.5}`, code: "v: dict[int, float] = reason(\"x\")\n", want: "{1: 2.5}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.srv.SetDefault(tc.reply)
			if tc.fail != "" {
				ex := e.runErr(src + tc.code)
				if ex.Type.Name != "ValidationError" || !strings.Contains(ex.Msg, tc.fail) {
					t.Errorf("error %s: %s, want %q", ex.Type.Name, ex.Msg, tc.fail)
				}
				return
			}
			e.run(src + tc.code)
			name := "v"
			if strings.HasPrefix(tc.code, "c:") {
				name = "c"
			}
			if got := interp.Repr(e.get(name)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestEnumAndLiteralReplies: enums and literal types as reason() hints; the
// prompt lists the allowed values (with descriptions), structured outputs
// send them as a JSON-schema enum, the reply is matched leniently.
func TestEnumAndLiteralReplies(t *testing.T) {
	src := `enum Priority:
    LOW    # can wait
    HIGH = "high"   # needs attention today
`
	for _, tc := range []struct {
		name, reply, code, want, prompt string
		fail                            string
	}{
		{name: "enum from emphasis", reply: "**High** priority", code: "p: Priority = reason(\"How urgent?\")\n", want: "Priority.HIGH", prompt: "needs attention today"},
		{name: "enum from FINAL_ANSWER", reply: "Not urgent.\nFINAL_ANSWER: LOW", code: "p: Priority = reason(\"How urgent?\")\n", want: "Priority.LOW", prompt: "`LOW`, `high`"},
		{name: "enum two members refused", reply: "low or high", code: "p: Priority = reason(\"How urgent?\", max_retries=0)\n", fail: "ambiguous"},
		{name: "enum in a list", reply: `["LOW", "high"]`, code: "p: list[Priority] = reason(\"Urgencies\")\n", want: "[Priority.LOW, Priority.HIGH]"},
		{name: "literal", reply: "Medium.", code: "p: \"low\" | \"medium\" | \"high\" = reason(\"Level?\")\n", want: "'medium'", prompt: "`low`, `medium`, `high`"},
		{name: "literal or None", reply: "null", code: "p: \"yes\" | \"no\" | None = reason(\"Level?\")\n", want: "None"},
		{name: "int literal", reply: "I'd give it 4 out of 5.", code: "p: 1 | 2 | 3 | 4 | 5 = reason(\"Stars?\")\n", want: "4"},
		{name: "literal refused", reply: "extreme", code: "p: \"low\" | \"high\" = reason(\"Level?\", max_retries=0)\n", fail: "allowed values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.srv.SetDefault(tc.reply)
			if tc.fail != "" {
				ex := e.runErr(src + tc.code)
				if ex.Type.Name != "ValidationError" || !strings.Contains(ex.Msg, tc.fail) {
					t.Errorf("error %s: %s, want %q", ex.Type.Name, ex.Msg, tc.fail)
				}
				return
			}
			e.run(src + tc.code)
			if got := interp.Repr(e.get("p")); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			req := e.srv.LastRequest(t)
			if tc.prompt != "" && !strings.Contains(userMessage(req), tc.prompt) {
				t.Errorf("prompt lacks %q:\n%s", tc.prompt, userMessage(req))
			}
			js, _ := req.ResponseFormat["json_schema"].(map[string]any)
			schema, _ := js["schema"].(map[string]any)
			if !strings.Contains(fmtJSON(schema), `"enum":`) {
				t.Errorf("response_format has no enum: %v", req.ResponseFormat)
			}
		})
	}
}

func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
