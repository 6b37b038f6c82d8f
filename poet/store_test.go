package poet_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/store"
)

// run runs src in e and fails the test on error.
func run(t testing.TB, e *engine.Engine, src string) {
	t.Helper()
	if err := e.Exec("test.na", src); err != nil {
		t.Fatalf("%s", render(err))
	}
}

// global returns a top-level variable of the engine's program as text.
func global(t testing.TB, e *engine.Engine, name string) string {
	t.Helper()
	v, ok := e.Get("local", name)
	if !ok {
		t.Fatalf("no variable %s", name)
	}
	return interp.ToStr(v)
}

func openStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// TestRecords checks the execution records: inputs, perceived input,
// every attempt with its failure, output, status, code context, timings
// and the parent id of a nested execution.
func TestRecords(t *testing.T) {
	var out bytes.Buffer
	e, dir := newEngine(t, &out, nil)
	run(t, e, `
def norm(s):
    return s.strip()

def third(x):
    if poet_status.attempt < 3:
        return "not yet"
    return True

@poet()
def inner(x):
    return x + "!"

@poet(perceive=norm, validate=third, domain="tests")
def outer(s: str) -> str:
    """Shouts."""
    return inner(s)

r = outer("  hi ")
outer_id = system:__last_execution_id

@poet(validate=lambda x :: False, max_retries=1)
def bad(n):
    return n * 2

try:
    bad(21)
except ValidationError as e:
    bad_id = e.details["execution_id"]
`)
	outerID, badID := global(t, e, "outer_id"), global(t, e, "bad_id")
	rt := e.POET()
	if rt.LastRecord() == nil || rt.LastRecord().ID != badID {
		t.Fatalf("last record %+v, want %s", rt.LastRecord(), badID)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, dir)
	rec, err := st.GetExecution(outerID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Function != "outer" || rec.Kind != store.KindPoet || rec.Status != store.StatusOK || rec.Domain != "tests" {
		t.Errorf("record header: %+v", rec)
	}
	if got := rec.Inputs.(map[string]any)["s"]; got != "  hi " {
		t.Errorf("inputs: %v", rec.Inputs)
	}
	if rec.PerceivedInput != "hi" {
		t.Errorf("perceived input: %v", rec.PerceivedInput)
	}
	if len(rec.Attempts) != 3 || rec.Attempts[0].Failure != "not yet" || rec.Attempts[2].Failure != "" {
		t.Errorf("attempts: %+v", rec.Attempts)
	}
	if rec.Output != "hi!" || rec.Attempts[0].Output != "hi!" {
		t.Errorf("output: %v", rec.Output)
	}
	if rec.Started.IsZero() || rec.Finished.Before(rec.Started) {
		t.Errorf("timings: %v %v", rec.Started, rec.Finished)
	}
	cc, _ := json.Marshal(rec.CodeContext)
	for _, want := range []string{`"function":"outer"`, `"docstring":"Shouts."`, `"validate":"third"`, `"perceive":"norm"`, `"call_site"`, `"return_type":"str"`} {
		if !strings.Contains(string(cc), want) {
			t.Errorf("code context lacks %s: %s", want, cc)
		}
	}
	// The three inner executions have outer as their parent.
	inner, err := st.ListExecutions(store.ExecutionFilter{Function: "inner"})
	if err != nil {
		t.Fatal(err)
	}
	if len(inner) != 3 {
		t.Fatalf("%d inner executions, want 3", len(inner))
	}
	for _, x := range inner {
		if x.ParentID != outerID {
			t.Errorf("inner %s has parent %q, want %s", x.ID, x.ParentID, outerID)
		}
	}
	bad, err := st.GetExecution(badID)
	if err != nil {
		t.Fatal(err)
	}
	if bad.Status != store.StatusFailed || len(bad.Attempts) != 2 || !strings.Contains(bad.Error, "failed validation after 2 attempts") {
		t.Errorf("failed record: %+v", bad)
	}
}

// TestLazyStore checks that a program without POET never creates the
// store.
func TestLazyStore(t *testing.T) {
	var out bytes.Buffer
	e, dir := newEngine(t, &out, nil)
	run(t, e, "def f(x):\n    return x\nprint(f(1))\n")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("store directory exists after a program without POET: %v", err)
	}
}

// TestFeedbackAcrossEngines gives feedback in one engine and sees the
// learning applied in another one on the same store.
func TestFeedbackAcrossEngines(t *testing.T) {
	home := t.TempDir()
	env := func(k string) string {
		return map[string]string{"DANA_HOME": home, "DANA_LLM": "mock"}[k]
	}
	var out bytes.Buffer
	e1 := engine.New(engine.Config{Stdout: &out, Stderr: &out, Getenv: env})
	run(t, e1, `
@poet(domain="greetings")
def greet(name):
    return "hello " + name

greet("Ada")
feedback(system:__last_execution_id, score=-1, correction="Hello, Ada!", note="capitalise greetings and end with an exclamation mark")
`)
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	e2 := engine.New(engine.Config{Stdout: &out, Stderr: &out, Getenv: env})
	defer e2.Close()
	run(t, e2, `
@poet(domain="greetings")
def greet(name):
    return poet_status.learnings_applied

applied = greet("Grace")
`)
	got := global(t, e2, "applied")
	if !strings.Contains(got, "capitalise greetings") || !strings.Contains(got, "Hello, Ada!") {
		t.Fatalf("learnings applied in the second engine: %s", got)
	}
}

// TestStoreOverride checks engine.Config.StoreDir (dana --store DIR).
func TestStoreOverride(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "elsewhere")
	var out bytes.Buffer
	e := engine.New(engine.Config{Stdout: &out, Stderr: &out, StoreDir: dir,
		Getenv: func(string) string { return "" }})
	run(t, e, "@poet()\ndef f():\n    return 1\nf()\n")
	if got := e.POET().StoreDir(); got != dir {
		t.Errorf("StoreDir() = %q, want %q", got, dir)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, dir)
	if xs, err := st.ListExecutions(store.ExecutionFilter{}); err != nil || len(xs) != 1 {
		t.Fatalf("executions in --store dir: %d, %v", len(xs), err)
	}
}

// TestREPLHelpers checks LastExecution and LearningsSummary.
func TestREPLHelpers(t *testing.T) {
	var out bytes.Buffer
	e, dir := newEngine(t, &out, nil)
	if _, ok := poet.LastExecution(e.Interpreter); ok {
		t.Fatal("LastExecution before any execution")
	}
	s, err := poet.LearningsSummary(e.Interpreter)
	if err != nil || !strings.Contains(s, "0 learnings") {
		t.Fatalf("summary of an empty store: %q, %v", s, err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the summary created the store: %v", err)
	}
	run(t, e, `
@poet()
def f(x):
    return x * 2
f(4)
feedback(system:__last_execution_id, note="doubling is fine")
`)
	js, ok := poet.LastExecution(e.Interpreter)
	if !ok || !strings.Contains(js, `"function": "f"`) || !strings.Contains(js, `"output": 8`) || !strings.Contains(js, "doubling is fine") {
		t.Fatalf("LastExecution: %s", js)
	}
	txt, ok := poet.LastExecutionText(e.Interpreter)
	for _, want := range []string{"kind:            poet", "function:        f (", "status:          ok", "#1 ok", "output:          8", `note "doubling is fine"`, `inputs:          {"x":4}`} {
		if !ok || !strings.Contains(txt, want) {
			t.Errorf("LastExecutionText lacks %q:\n%s", want, txt)
		}
	}
	s, err = poet.LearningsSummary(e.Interpreter)
	if err != nil || !strings.Contains(s, "1 learning,") || !strings.Contains(s, "doubling is fine") {
		t.Fatalf("summary: %q, %v", s, err)
	}
}
