package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dana runs the command line in-process and returns stdout, stderr and
// the exit code.
func dana(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// TestStoreCommands runs a POET script against --store DIR, then the
// learnings, executions and feedback commands on that store.
func TestStoreCommands(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	dir := t.TempDir()
	storeDir := filepath.Join(dir, "store")
	script := filepath.Join(dir, "s.na")
	src := `
@poet(domain="shop")
def price(item: str) -> float:
    return 9.5

price("tea")
feedback(system:__last_execution_id, note="prices include VAT")
print(system:__last_execution_id)
`
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := dana(t, "--store", storeDir, "run", script)
	if code != 0 {
		t.Fatalf("run: %d\n%s", code, errOut)
	}
	execID := strings.TrimSpace(out)

	out, errOut, code = dana(t, "learnings", "list", "--store", storeDir, "--json")
	if code != 0 {
		t.Fatalf("learnings list: %d %s", code, errOut)
	}
	var ls []map[string]any
	if err := json.Unmarshal([]byte(out), &ls); err != nil || len(ls) != 1 {
		t.Fatalf("learnings list --json: %v\n%s", err, out)
	}
	if ls[0]["text"] != "prices include VAT" || ls[0]["function"] != "price" || ls[0]["domain"] != "shop" {
		t.Errorf("learning: %v", ls[0])
	}
	learnID := ls[0]["id"].(string)

	out, _, code = dana(t, "--store", storeDir, "learnings", "show", learnID)
	if code != 0 || !strings.Contains(out, "prices include VAT") {
		t.Errorf("learnings show: %d\n%s", code, out)
	}
	out, _, code = dana(t, "--store", storeDir, "executions", "list")
	if code != 0 || !strings.Contains(out, execID) {
		t.Errorf("executions list: %d\n%s", code, out)
	}
	out, _, code = dana(t, "--store", storeDir, "executions", "show", execID, "--json")
	if code != 0 || !strings.Contains(out, `"perceived_input": "tea"`) {
		t.Errorf("executions show --json: %d\n%s", code, out)
	}
	out, errOut, code = dana(t, "--store", storeDir, "feedback", execID, "--score", "1", "--correction", "9.50 EUR", "--json")
	if code != 0 || !strings.Contains(out, `"learnings_created"`) && !strings.Contains(out, `"created"`) {
		t.Fatalf("feedback: %d %s\n%s", code, errOut, out)
	}
	_, errOut, code = dana(t, "--store", storeDir, "feedback", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "--score", "1")
	if code == 0 || !strings.Contains(errOut, "01ARZ3NDEKTSV4RRFFQ69G5FAV") {
		t.Errorf("feedback on an unknown id: %d %q", code, errOut)
	}

	export := filepath.Join(dir, "learnings.jsonl")
	if _, errOut, code = dana(t, "--store", storeDir, "learnings", "export", export); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	other := filepath.Join(dir, "other")
	for i := 0; i < 2; i++ {
		if _, errOut, code = dana(t, "--store", other, "learnings", "import", export); code != 0 {
			t.Fatalf("import: %s", errOut)
		}
	}
	out, _, _ = dana(t, "--store", other, "learnings", "stats", "--json")
	var stats map[string]any
	if err := json.Unmarshal([]byte(out), &stats); err != nil || stats["learnings"] != float64(2) {
		t.Errorf("stats after importing twice: %v\n%s", err, out)
	}
	if _, errOut, code = dana(t, "--store", storeDir, "learnings", "forget", learnID); code != 0 {
		t.Fatalf("forget: %s", errOut)
	}
	if _, _, code = dana(t, "--store", storeDir, "learnings", "decay"); code != 0 {
		t.Fatal("decay failed")
	}
	out, _, _ = dana(t, "--store", storeDir, "learnings", "list", "--json")
	if strings.Contains(out, "prices include VAT") {
		t.Errorf("forgotten learning still listed:\n%s", out)
	}

	// DANA_HOME is the default.
	t.Setenv("DANA_HOME", dir)
	out, _, code = dana(t, "learnings", "list", "--json")
	if code != 0 || !strings.Contains(out, "9.50 EUR") {
		t.Errorf("learnings list via DANA_HOME: %d\n%s", code, out)
	}
}
