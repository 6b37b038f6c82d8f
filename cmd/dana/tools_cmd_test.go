package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/llm/llmtest"
)

// TestToolsCommands synthesizes a tool with `dana run` against a loopback
// server, runs the script again (no request: the tool is reused), then
// lists, shows and forgets it.
func TestToolsCommands(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Text("```python\ndef double(x):\n    return x * 2\n```"))
	t.Setenv("DANA_LLM", "")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("DANA_LLM_MODEL", "m")
	dir := t.TempDir()
	storeDir := filepath.Join(dir, "store")
	script := filepath.Join(dir, "d.na")
	src := "f = synthesize(\"Double a number.\", [(1, 2), (3, 6)], name=\"double\")\nprint(f.reused, f(21))\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"False 42\n", "True 42\n"} {
		out, errOut, code := dana(t, "--store", storeDir, "run", script)
		if code != 0 || out != want {
			t.Fatalf("run %d: exit %d, printed %q\n%s", i+1, code, out, errOut)
		}
	}
	if srv.Count() != 1 {
		t.Errorf("%d requests, want 1", srv.Count())
	}
	out, errOut, code := dana(t, "--store", storeDir, "tools", "list")
	if code != 0 || !strings.Contains(out, "double") || !strings.Contains(out, "score 1.00  1 round  d.na  Double a number.") {
		t.Fatalf("tools list: %d %q %s", code, out, errOut)
	}
	out, _, code = dana(t, "--store", storeDir, "tools", "show", "double")
	if code != 0 || !strings.Contains(out, "task:      Double a number.") || !strings.Contains(out, "    def double(x):\n        return x * 2\n") ||
		!strings.Contains(out, `"expected":6`) {
		t.Fatalf("tools show: %d %q", code, out)
	}
	if out, errOut, code = dana(t, "--store", storeDir, "tools", "show", "nope"); code != 1 || !strings.Contains(errOut, "no tool with id nope") {
		t.Errorf("show nope: %d %q %q", code, out, errOut)
	}
	if out, _, code = dana(t, "--store", storeDir, "tools", "forget", "double"); code != 0 || !strings.HasPrefix(out, "forgot tool double") {
		t.Fatalf("forget: %d %q", code, out)
	}
	if out, _, _ = dana(t, "--store", storeDir, "tools", "list"); out != "no tools\n" {
		t.Errorf("after forget: %q", out)
	}
	if _, _, code = dana(t, "tools", "frob"); code != 2 {
		t.Errorf("unknown subcommand: exit %d", code)
	}
}

// TestLearningsListKindPreference: three similar corrections (given with
// `dana feedback` too) promote one preference, listed by
// `dana learnings list --kind preference`; one or two stay ordinary.
func TestLearningsListKindPreference(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	dir := t.TempDir()
	storeDir := filepath.Join(dir, "store")
	script := filepath.Join(dir, "p.na")
	src := `
@poet()
def subject(x):
    return "Re: " + x

for x in ["a", "b"]:
    subject(x)
    feedback(system:__last_execution_id, score=-1, correction="Keep subjects under 40 characters.")
subject("c")
print(system:__last_execution_id)
`
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := dana(t, "--store", storeDir, "run", script)
	if code != 0 {
		t.Fatalf("run: %d %s", code, errOut)
	}
	last := strings.TrimSpace(out)
	if out, _, _ := dana(t, "--store", storeDir, "learnings", "list", "--kind", "preference"); out != "no learnings\n" {
		t.Fatalf("after two corrections: %q", out)
	}
	if _, errOut, code := dana(t, "--store", storeDir, "feedback", last, "--score", "-1", "--correction", "keep subjects under 40 characters"); code != 0 {
		t.Fatalf("feedback: %d %s", code, errOut)
	}
	out, _, code = dana(t, "--store", storeDir, "learnings", "list", "--kind", "preference")
	if code != 0 || !strings.Contains(out, "subject") || !strings.Contains(out, "preference") || !strings.HasSuffix(out, "1 learning\n") {
		t.Fatalf("learnings list --kind preference: %d %q", code, out)
	}
	out, _, _ = dana(t, "--store", storeDir, "learnings", "list", "--kind", "correction")
	if !strings.HasSuffix(out, "3 learnings\n") {
		t.Errorf("corrections: %q", out)
	}
}
