package poet_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamples runs examples/poet_*.na through the engine with the
// offline mock model and a fresh DANA_HOME.
func TestExamples(t *testing.T) {
	want := map[string][]string{
		"poet_extract.na": {
			// The mock's numbers depend on the prompt's exact text, so
			// whether a retry happens is not pinned here (the script tests
			// and TestRetryQuotesValidationFailure pin retries).
			"  attempt 1: Order(", "execution id: ",
		},
		"poet_feedback.na": {
			"  learnings applied: []\n",
			"learnings created: 2\n",
			"  learnings applied: ['Correction for input",
			"Reply subjects start with 'Re:' and name the document concerned",
			"learnings reinforced: 2\n",
		},
	}
	files, err := filepath.Glob("../examples/poet_*.na")
	if err != nil || len(files) < 2 {
		t.Fatalf("examples: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			e, _ := newEngine(t, &out, nil)
			if err := e.Exec(f, string(src)); err != nil {
				t.Fatalf("%s\noutput:\n%s", render(err), out.String())
			}
			for _, w := range want[filepath.Base(f)] {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}
