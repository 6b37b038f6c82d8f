package poet_test

import (
	"bytes"
	"testing"
)

// The ambient context is shown in every execution record: POET
// executions and reason() calls alike.
func TestAmbientInRecords(t *testing.T) {
	var out bytes.Buffer
	e, _ := newEngine(t, &out, nil)
	src := `
system:__locale = "en-GB"
system:__current_task_id = "T-42"
system:__active_domains = ["billing"]
system:__poet_settings_override = {"retrieve_k": 2}
@poet()
def f(x):
    return x
f(1)
`
	if err := e.Exec("amb.na", src); err != nil {
		t.Fatal(render(err))
	}
	check := func(what string) {
		t.Helper()
		rec := e.POET().LastRecord()
		cc, _ := rec.CodeContext.(map[string]any)
		amb, _ := cc["ambient"].(map[string]any)
		sid, _ := amb["session_id"].(string)
		if len(sid) != 26 || amb["locale"] != "en-GB" || amb["current_task_id"] != "T-42" {
			t.Fatalf("%s: ambient %v", what, amb)
		}
		if d, _ := amb["active_domains"].([]any); len(d) != 1 || d[0] != "billing" {
			t.Errorf("%s: active domains %v", what, amb["active_domains"])
		}
		if o, _ := amb["settings_override"].(map[string]any); o["retrieve_k"] != int64(2) {
			t.Errorf("%s: override %v", what, amb["settings_override"])
		}
	}
	check("poet")
	if err := e.Exec("amb.na", `x: int = reason("What is 2 + 2?")`+"\n"); err != nil {
		t.Fatal(render(err))
	}
	if e.POET().LastRecord().Kind != "reason" {
		t.Fatal("the last record is not reason()'s")
	}
	check("reason")
}
