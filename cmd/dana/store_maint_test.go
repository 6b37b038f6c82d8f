package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestStoreMaintenance: a reason() record shown with every field by
// `executions show --json`; then check, backup, damage (a flipped byte in
// a table), the damage reported by every command without writing, repair,
// and restore from the backup.
func TestStoreMaintenance(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	dir := t.TempDir()
	storeDir := filepath.Join(dir, "store")
	script := filepath.Join(dir, "s.na")
	src := `
def ask(q):
    n: int = reason("How many parcels? " + q, context="order 17: two parcels", temperature=0.2)
    return n
for i in range(30):
    ask(str(i))
print(system:__last_execution_id)
`
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := dana(t, "--store", storeDir, "run", script)
	if code != 0 {
		t.Fatalf("run: %d\n%s", code, errOut)
	}
	id := strings.TrimSpace(out)
	out, _, code = dana(t, "--store", storeDir, "executions", "show", id, "--json")
	if code != 0 {
		t.Fatalf("executions show: %d", code)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "kind", "function", "module", "enclosing", "status", "prompt", "context_arg",
		"expected_type", "type_source", "system", "params", "code_context", "attempts", "output", "model",
		"mock", "usage", "started", "finished"} {
		if _, ok := rec[k]; !ok {
			t.Errorf("executions show --json lacks %q:\n%s", k, out)
		}
	}
	if rec["context_arg"] != "order 17: two parcels" || rec["enclosing"] != "ask" {
		t.Errorf("record: %s", out)
	}
	at := rec["attempts"].([]any)[0].(map[string]any)
	if at["prompt"] == "" || at["reply"] == "" {
		t.Errorf("attempt: %v", at)
	}

	out, errOut, code = dana(t, "--store", storeDir, "store", "check")
	if code != 0 || !strings.Contains(out, "ok:") {
		t.Fatalf("check of a healthy store: %d %s\n%s", code, errOut, out)
	}
	backup := filepath.Join(dir, "backup.bak")
	if out, errOut, code = dana(t, "--store", storeDir, "store", "backup", backup); code != 0 {
		t.Fatalf("backup: %d %s %s", code, out, errOut)
	}

	// Damage a table.
	ssts, _ := filepath.Glob(filepath.Join(storeDir, "*.sst"))
	if len(ssts) == 0 {
		t.Fatal("no table")
	}
	sort.Strings(ssts)
	b, _ := os.ReadFile(ssts[0])
	b[len(b)/3] ^= 0xff
	if err := os.WriteFile(ssts[0], b, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"executions", "list"}, {"learnings", "list"}, {"executions", "show", id},
		{"feedback", id, "--note", "x"}, {"run", script}} {
		_, errOut, code := dana(t, append([]string{"--store", storeDir}, args...)...)
		if code == 0 || !strings.Contains(errOut, storeDir) || !strings.Contains(errOut, "dana store repair") {
			t.Errorf("%v on a damaged store: exit %d, stderr %q", args, code, errOut)
		}
	}
	if b2, _ := os.ReadFile(ssts[0]); string(b2) != string(b) {
		t.Error("a command wrote into the damaged table")
	}
	out, _, code = dana(t, "--store", storeDir, "store", "check")
	if code != 1 || !strings.Contains(out, "problem:") {
		t.Errorf("check of a damaged store: %d\n%s", code, out)
	}
	out, errOut, code = dana(t, "--store", storeDir, "store", "repair", "--json")
	if code != 0 {
		t.Fatalf("repair: %d %s", code, errOut)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(rep["kept_aside"].(string)); err != nil {
		t.Errorf("the damaged store was not kept: %v", err)
	}
	if out, _, code = dana(t, "--store", storeDir, "store", "check"); code != 0 {
		t.Errorf("check after repair: %d\n%s", code, out)
	}
	// Restore the backup: every record is back.
	if out, errOut, code = dana(t, "--store", storeDir, "store", "restore", backup); code != 0 {
		t.Fatalf("restore: %d %s %s", code, out, errOut)
	}
	out, _, code = dana(t, "--store", storeDir, "executions", "list", "--limit", "100", "--json")
	var xs []any
	if code != 0 || json.Unmarshal([]byte(out), &xs) != nil || len(xs) != 30 {
		t.Errorf("after restore: %d executions (exit %d)", len(xs), code)
	}
	// A file that is not a backup changes nothing.
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte("not a backup"), 0o600)
	if _, errOut, code = dana(t, "--store", storeDir, "store", "restore", junk); code == 0 || !strings.Contains(errOut, "not changed") {
		t.Errorf("restore of junk: %d %q", code, errOut)
	}
	if _, _, code = dana(t, "--store", storeDir, "store", "check"); code != 0 {
		t.Error("the store is damaged after a failed restore")
	}
}
