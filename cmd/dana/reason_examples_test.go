package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestReasonExamples runs each examples/reason_*.na through the dana
// command with the offline mock model.
func TestReasonExamples(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("DANA_LLM_MODEL", "")
	t.Setenv("DANA_HOME", t.TempDir())
	want := map[string][]string{
		"reason_typed.na":   {"pi is about 3.1416", "days in a week: 7 int", "17 is prime", "12 * 7 + 16 = 100.0", "color: "},
		"reason_extract.na": {"Contact name: ", "2 contacts:", "- "},
		"reason_triage.na":  {"severity ", "last execution id has 26 characters"},
	}
	files, err := filepath.Glob("../../examples/reason_*.na")
	if err != nil || len(files) < 2 {
		t.Fatalf("examples: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{"run", f}, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
			}
			for _, w := range want[filepath.Base(f)] {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, stdout.String())
				}
			}
			t.Logf("output:\n%s", stdout.String())
		})
	}
}
