package poet_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
)

// TestLearningsScopedByModule: two projects each define `summarize`; a
// correction given to one never reaches the other's prompts, but reaches
// its own function's next call; a bare reason() learns for its module and
// enclosing function only; a domain shares learnings across projects on
// purpose.
func TestLearningsScopedByModule(t *testing.T) {
	home := t.TempDir()
	storeDir := filepath.Join(home, "store")
	newE := func(out *bytes.Buffer) *engine.Engine {
		vars := map[string]string{"DANA_HOME": home, "DANA_LLM": "mock", "HOME": home}
		e := engine.New(engine.Config{Stdout: out, Stderr: out, StoreDir: storeDir,
			Getenv: func(k string) string { return vars[k] }})
		t.Cleanup(func() { _ = e.Close() })
		return e
	}
	def := `
@poet()
def summarize(text: str) -> str:
    return "summary of " + text

@poet(domain="mail")
def subject(text: str) -> str:
    return "subject of " + text

def helper(q):
    return reason("Answer about " + q)
`
	projA := filepath.Join(home, "a", "main.na")
	projB := filepath.Join(home, "b", "main.na")
	var out bytes.Buffer
	a := newE(&out)
	if err := a.Exec(projA, def+`
summarize("invoice text")
feedback(system:__last_execution_id, note="mention the invoice number")
subject("invoice text")
feedback(system:__last_execution_id, note="subjects start with Re:")
helper("invoice")
feedback(system:__last_execution_id, note="answers name the invoice")
summarize("invoice text")
print("A", poet_status.learnings_applied)
`); err != nil {
		t.Fatal(err)
	}
	// poet_status outside an execution is None: read the record instead.
	check := func(e *engine.Engine, file, call string, want bool, text string) {
		t.Helper()
		var o bytes.Buffer
		e2 := newE(&o)
		if err := e2.Exec(file, def+call+"\nid = system:__last_execution_id\n"); err != nil {
			t.Fatal(err)
		}
		rt := e2.POET()
		rec := rt.LastRecord()
		st, err := rt.Store()
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, id := range rec.LearningsApplied {
			l, err := st.GetLearning(id)
			if err == nil {
				texts = append(texts, l.Text)
			}
		}
		got := strings.Contains(strings.Join(texts, "|"), text)
		if got != want {
			t.Errorf("%s in %s: learnings %q, want %q applied = %v", call, file, texts, text, want)
		}
	}
	check(a, projA, `summarize("invoice text")`, true, "mention the invoice number")
	check(a, projB, `summarize("invoice text")`, false, "mention the invoice number")
	check(a, projA, `helper("invoice")`, true, "answers name the invoice")
	check(a, projB, `helper("invoice")`, false, "answers name the invoice")
	check(a, projA, `reason("Answer about invoice")`, false, "answers name the invoice") // module level, not in helper
	check(a, projB, `subject("invoice text")`, true, "subjects start with Re:")          // shared by the domain
}

// TestParallelReasonRecords: reason() calls in parallel() workers each get
// a stored record (their writes wait without the interpreter lock and may
// share a commit); every id is readable afterwards.
func TestParallelReasonRecords(t *testing.T) {
	var out bytes.Buffer
	e, _ := newEngine(t, &out, nil)
	err := e.Exec("par.na", `
def ask(i):
    n: int = reason("How many items in box " + str(i) + "?")
    return system:__last_execution_id
ids = parallel(ask, list(range(40)), workers=8)
`)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	v, _ := e.Get("local", "ids")
	st, err := e.POET().Store()
	if err != nil {
		t.Fatal(err)
	}
	xs, err := st.ListExecutions(store.ExecutionFilter{Limit: 1000})
	if err != nil || len(xs) != 40 {
		t.Fatalf("%d records, %v (ids %s)", len(xs), err, interp.Repr(v))
	}
}
