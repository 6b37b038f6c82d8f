package poet_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/store"
)

// TestReasonAsksForCallerType: a POET function with neither
// expected_output_type nor a return hint returns reason(...); called as
// `y: float = f()`, its reason() call asks the model for a float (SPEC
// §10.3, §9.2), the reply is parsed as one, and the records say where the
// type comes from.
func TestReasonAsksForCallerType(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Text("About 2.5, I think."), llmtest.Text("The answer is 3."))
	home := t.TempDir()
	e := llmEngine(t, srv, home)
	run(t, e, `
@poet()
def f():
    return reason("How many liters?")

y: float = f()
ratio_id = system:__last_execution_id
f()
`)
	if got := global(t, e, "y"); got != "2.5" {
		t.Fatalf("y = %s, want 2.5", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first, second := reqs[0].Prompt(), reqs[1].Prompt()
	if !strings.Contains(first, "The program expects a value of type `float`") ||
		!strings.Contains(first, "where `f` is called (test.na:6) the result is assigned to `y: float`") {
		t.Errorf("the first request does not ask for a float from f's call site:\n%s", first)
	}
	// The second call's site expects nothing: reason() asks for str, as before.
	if !strings.Contains(second, "The program expects a value of type `str`") {
		t.Errorf("the second request does not ask for a str:\n%s", second)
	}

	id := global(t, e, "ratio_id")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, home+"/store")
	rec, err := st.GetExecution(id)
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := rec.Output.(json.Number); !ok || n.String() != "2.5" {
		t.Errorf("f's output = %#v, want the number 2.5", rec.Output)
	}
	cc, _ := rec.CodeContext.(map[string]any)
	site, _ := cc["call_site"].(map[string]any)
	if site["expected_type"] != "float" || site["type_source"] != "assignment" {
		t.Errorf("call site in the record: %v", site)
	}
	xs, err := st.ListExecutions(store.ExecutionFilter{Function: "f"})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, x := range xs {
		if x.Kind == store.KindReason && x.ParentID == id {
			found = true
			if x.ExpectedType != "float" || x.TypeSource != "caller" {
				t.Errorf("reason() record asked for %v (from %s), want float from caller", x.ExpectedType, x.TypeSource)
			}
		}
	}
	if !found {
		t.Error("no reason() record under f's execution")
	}
}
