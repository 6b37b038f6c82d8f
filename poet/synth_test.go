package poet_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/store"
)

// loopbackEngine is an engine asking srv, with its store under home.
func loopbackEngine(t *testing.T, srv *llmtest.Server, home string, out *bytes.Buffer) *engine.Engine {
	t.Helper()
	vars := map[string]string{"DANA_HOME": home, "HOME": home, "OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_MODEL": "m"}
	e := engine.New(engine.Config{Stdout: out, Stderr: out, MaxSteps: 5_000_000, Getenv: func(k string) string { return vars[k] }})
	t.Cleanup(func() { _ = e.Close() })
	return e
}

const synthSrc = `
f = synthesize("Sort a list of numbers from the largest to the smallest.",
               [([3, 1, 2], [3, 2, 1]), ([5], [5]), ([], [])], name="sort_desc")
print(f.reused, f.rounds, f([2, 9, 4]))
`

func code(src string) llmtest.Reply { return llmtest.Text("```python\n" + src + "```") }

// A tool synthesized by one engine is reused by a fresh engine on the same
// store, with no request; every round is an attempt of the record; negative
// feedback on the synthesizing execution retires the tool.
func TestSynthesizeToolPersists(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(code("def sort_desc(xs):\n    return sorted(xs)\n"),
		code("def sort_desc(xs):\n    return sorted(xs, reverse=True)\n"))
	home := t.TempDir()
	var out bytes.Buffer
	e := loopbackEngine(t, srv, home, &out)
	if err := e.Exec("synth.na", synthSrc); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "False 2 [9, 4, 2]\n" {
		t.Fatalf("first run printed %q", out.String())
	}
	rec := e.POET().LastRecord()
	if rec == nil || len(rec.Attempts) != 2 || rec.Status != store.StatusOK || rec.Function != "sort_desc" {
		t.Fatalf("record %+v", rec)
	}
	a1 := rec.Attempts[0].Output.(map[string]any)
	if a1["source"] != "def sort_desc(xs):\n    return sorted(xs)\n" || a1["passed"] != false {
		t.Errorf("round 1 output %v", a1)
	}
	res := a1["results"].([]any)[0].(map[string]any)
	if res["passed"] != false || res["diff"] == nil {
		t.Errorf("round 1 example 1 %v", res)
	}
	if !strings.Contains(rec.Attempts[0].Failure, "1 of 3 examples failed") || rec.Attempts[1].Failure != "" {
		t.Errorf("failures %q %q", rec.Attempts[0].Failure, rec.Attempts[1].Failure)
	}
	synthID := rec.ID
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	// A fresh engine on the same store: no request.
	n := srv.Count()
	out.Reset()
	e2 := loopbackEngine(t, srv, home, &out)
	if err := e2.Exec("synth.na", synthSrc); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "True 2 [9, 4, 2]\n" || srv.Count() != n {
		t.Fatalf("second run printed %q after %d new requests", out.String(), srv.Count()-n)
	}

	// Negative feedback on the synthesizing execution retires the tool.
	out.Reset()
	if err := e2.Exec("fb.na", `r = feedback("`+synthID+`", score=-1, note="sorts wrongly")`+"\n"); err != nil {
		t.Fatal(render(err))
	}
	srv.Enqueue(code("def sort_desc(xs):\n    return sorted(xs, reverse=True)\n"))
	if err := e2.Exec("synth.na", synthSrc); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "False 1 [9, 4, 2]\n" || srv.Count() != n+1 {
		t.Fatalf("after retiring printed %q after %d new requests", out.String(), srv.Count()-n)
	}
}

// A proposal that allocates without bound is stopped by the sandbox's
// memory bound and reported as that round's failure.
func TestSynthesizeMemoryBound(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(code("def grow(x):\n    xs = []\n    while True:\n        xs.append([x] * 100000)\n"),
		code("def grow(x):\n    return [x]\n"))
	var out bytes.Buffer
	e := loopbackEngine(t, srv, t.TempDir(), &out)
	e.POET().SetSandboxLimits(poet.SandboxLimits{MaxMemory: 64 << 20, MaxSteps: 50_000_000, Timeout: 20e9})
	if err := e.Exec("grow.na", `g = synthesize("Wrap in a list.", [(1, [1])], name="grow")`+"\nprint(g.rounds, g(2))\n"); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "2 [2]\n" {
		t.Fatalf("printed %q", out.String())
	}
	want := "grow(1): expected [1], but it raised MemoryError: "
	p := srv.Requests()[1].Prompt()
	t.Logf("second prompt:\n%s", p)
	if !strings.Contains(p, want) {
		t.Errorf("second prompt lacks %q:\n%s", want, p)
	}
}
