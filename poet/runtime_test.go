package poet_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/store"
)

// newInterp returns an interpreter with builtins and POET installed with
// cfg, its output in out.
func newInterp(t *testing.T, out *bytes.Buffer, cfg poet.Config) (*interp.Interpreter, *poet.Runtime) {
	t.Helper()
	in := interp.New(interp.Options{Stdout: out, Stderr: out})
	builtins.Install(in)
	if cfg.StoreDir == "" && cfg.Store == nil && !cfg.NoStore {
		cfg.StoreDir = t.TempDir()
	}
	rt := poet.Install(in, cfg)
	t.Cleanup(func() { _ = rt.Close() })
	return in, rt
}

// TestLearningCap: past the cap of learnings per function, feedback fails
// with a clear error and nothing is added.
func TestLearningCap(t *testing.T) {
	var out bytes.Buffer
	in, rt := newInterp(t, &out, poet.Config{StoreOptions: store.Options{MaxLearningsPerFunction: 2}})
	err := in.Exec("cap.na", `
@poet()
def f(x):
    return x

f(1)
feedback(system:__last_execution_id, note="one", correction="two")
f(2)
feedback(system:__last_execution_id, note="three")
`)
	if err == nil || !strings.Contains(err.Error(), `function "f" already has 2 learnings (the cap)`) ||
		!strings.Contains(err.Error(), "dana learnings") {
		t.Fatalf("feedback past the cap: %v", err)
	}
	st, _ := rt.Store()
	if ls, _ := st.ListLearnings(store.LearningFilter{Function: "f"}); len(ls) != 2 {
		t.Fatalf("%d learnings after the cap error, want 2", len(ls))
	}
}

// TestNoStore: with the store disabled executions still get ids, and
// feedback says why it cannot work.
func TestNoStore(t *testing.T) {
	var out bytes.Buffer
	in, _ := newInterp(t, &out, poet.Config{NoStore: true})
	err := in.Exec("nostore.na", `
@poet()
def f(x):
    return poet_status.learnings_applied

print(f(1), len(system:__last_execution_id))
feedback(system:__last_execution_id, score=1)
`)
	if out.String() != "[] 26\n" {
		t.Errorf("output %q", out.String())
	}
	if err == nil || !strings.Contains(err.Error(), "learning store is not available") {
		t.Fatalf("feedback without a store: %v", err)
	}
}

// TestReset restores the system variables after interp.Reset.
func TestReset(t *testing.T) {
	var out bytes.Buffer
	in, rt := newInterp(t, &out, poet.Config{NoRecord: true})
	if err := in.Exec("a.na", "system:__poet_profile = \"strict\"\n@poet()\ndef f():\n    return 1\nf()\n"); err != nil {
		t.Fatal(err)
	}
	in.Reset()
	rt.Reset()
	if err := in.Exec("b.na", "print(system:__poet_profile, system:__last_execution_id)\n"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "default None\n" || rt.LastRecord() != nil {
		t.Errorf("after Reset: %q %v", out.String(), rt.LastRecord())
	}
}

// TestWarnings: a store that cannot be opened is a StoreError at the first
// POET call (its record cannot be saved, so no id is handed out); the
// retrieval warning is printed once.
func TestWarnings(t *testing.T) {
	var out bytes.Buffer
	dir := t.TempDir() + "/file"
	if err := writeFile(dir, "not a directory"); err != nil {
		t.Fatal(err)
	}
	in, _ := newInterp(t, &out, poet.Config{StoreDir: dir + "/store"})
	err := in.Exec("w.na", "@poet()\ndef f(x):\n    return x\ntry:\n    f(1)\nexcept StoreError as e:\n    print('caught', 'not saved' in str(e))\nf(2)\n")
	if err == nil || !strings.Contains(err.Error(), "StoreError") || !strings.Contains(err.Error(), dir) {
		t.Fatalf("want a StoreError naming %s, got %v", dir, err)
	}
	got := out.String()
	if !strings.Contains(got, "caught True\n") || strings.Count(got, "learnings are not applied") != 1 {
		t.Errorf("output:\n%s", got)
	}
}

func writeFile(path, content string) error {
	return os.WriteFile(path, []byte(content), 0o600)
}
