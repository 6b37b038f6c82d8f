package poet_test

import (
	"bytes"
	"github.com/minidana/dana/llm/llmtest"
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
		"poet_synthesize.na": {
			"rounds: 2 score: 1.0 reused: False\n",
			"learning-loops-explained\n",
		},
		"poet_human.na": {
			"booking 4 seats\n",
			"refund: 120.0\n",
		},
		"poet_preferences.na": {
			"correction 'NO exclamation marks.' -> preferences promoted: 1\n",
			"  headline(snow) applies 4 learnings; first: Standing preference, from 3 corrections: NO exclamation marks.\n",
			"  summary(snow) applies 0 learnings\n",
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
	if err != nil || len(files) < 5 {
		t.Fatalf("examples: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			e, _ := newEngine(t, &out, exampleEnv[filepath.Base(f)])
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

// exampleEnv is the environment of the examples that do not run on the
// mock model: recorded model replies, recorded answers of a person.
var exampleEnv = map[string]map[string]string{
	"poet_synthesize.na": {"DANA_LLM": "replay:../examples/poet_synthesize.replay.jsonl"},
	"poet_human.na":      {"DANA_HUMAN": "replay:../examples/poet_human.answers.jsonl"},
}

// TestUpdateSynthesizeReplay rewrites examples/poet_synthesize.replay.jsonl
// from a loopback server scripted with two proposals (the first misses the
// apostrophe of "C'est"): DANA_UPDATE_EXAMPLES=1 go test ./poet -run
// TestUpdateSynthesizeReplay. TestExamples replays it.
func TestUpdateSynthesizeReplay(t *testing.T) {
	if os.Getenv("DANA_UPDATE_EXAMPLES") == "" {
		t.Skip("set DANA_UPDATE_EXAMPLES=1 to rewrite the example's recorded replies")
	}
	file, _ := filepath.Abs("../examples/poet_synthesize.replay.jsonl")
	_ = os.Remove(file)
	srv := llmtest.NewServer(t)
	srv.Enqueue(
		code("def slugify(title):\n    words = []\n    for w in title.lower().split():\n        words.append(\"\".join([c for c in w if c.isalnum() or c == \"'\"]))\n    return \"-\".join([w for w in words if w])\n"),
		code("def slugify(title):\n    words = []\n    for w in title.lower().split():\n        words.append(\"\".join([c for c in w if c.isalnum()]))\n    return \"-\".join([w for w in words if w])\n"))
	src, err := os.ReadFile("../examples/poet_synthesize.na")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	e, _ := newEngine(t, &out, map[string]string{"DANA_LLM": "record:" + file, "OPENAI_BASE_URL": srv.BaseURL()})
	if err := e.Exec("../examples/poet_synthesize.na", string(src)); err != nil {
		t.Fatalf("%s\n%s", render(err), out.String())
	}
	t.Logf("output:\n%s", out.String())
}
