package storecli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/store"
)

// env is a store directory with a fixed clock, and a way to run commands
// against it the way cmd/dana does.
type env struct {
	t   *testing.T
	dir string
	now time.Time
	// opened records the readOnly argument of every open call.
	opened []bool
}

func newEnv(t *testing.T) *env {
	return &env{t: t, dir: filepath.Join(t.TempDir(), "store"), now: time.Now().Truncate(time.Second)}
}

func (e *env) opts(readOnly bool) store.Options {
	return store.Options{ReadOnly: readOnly, Clock: func() time.Time { return e.now }}
}

func (e *env) open(readOnly bool) (store.Backend, error) {
	e.opened = append(e.opened, readOnly)
	st, err := store.Open(e.dir, e.opts(readOnly))
	if err != nil {
		return nil, err
	}
	return st, nil
}

// run runs a command line and returns stdout, stderr and the exit code.
func (e *env) run(args ...string) (string, string, int) {
	e.t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb, e.open)
	return out.String(), errb.String(), code
}

// seed stores an execution that applied one learning and returns both ids.
func (e *env) seed() (execID, learningID string) {
	e.t.Helper()
	s, err := store.Open(e.dir, e.opts(false))
	if err != nil {
		e.t.Fatal(err)
	}
	defer s.Close()
	l := &store.Learning{Function: "classify", Module: "/srv/helpdesk/triage.na", Domain: "support", Text: "refunds are billing questions", Confidence: 0.5}
	if err := s.AddLearning(l); err != nil {
		e.t.Fatal(err)
	}
	x := &store.Execution{
		Function: "classify", Domain: "support", Kind: store.KindPoet, Status: store.StatusOK,
		Inputs: map[string]any{"text": "I want my money back"}, Output: "shipping",
		Attempts: []store.Attempt{
			{N: 1, Output: "shiping", Failure: "not one of the labels", Prompt: "Classify:\nI want my money back", Reply: "shiping"},
			{N: 2, Output: "shipping", Reply: "shipping"},
		},
		Model: "mock", Mock: true, Started: e.now, Finished: e.now.Add(40 * time.Millisecond),
		Usage:            store.Usage{PromptTokens: 30, CompletionTokens: 4, TotalTokens: 34},
		LearningsApplied: []string{l.ID},
	}
	if err := s.PutExecution(x); err != nil {
		e.t.Fatal(err)
	}
	return x.ID, l.ID
}

func TestCommands(t *testing.T) {
	e := newEnv(t)
	execID, learningID := e.seed()
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string // substrings (regexps) expected on stdout
		stderr   string   // substring expected on stderr
		readOnly bool
	}{
		{"learnings list", []string{"learnings", "list"}, 0,
			[]string{`ID\s+FUNCTION\s+MODULE\s+DOMAIN\s+KIND\s+CONF`, learningID + `\s+classify\s+/srv/helpdesk/triage\.na\s+support\s+note\s+0\.50\s+0\s+never\s+refunds are billing`, `1 learning\n$`}, "", true},
		{"learnings list filter", []string{"learnings", "list", "--function", "nope"}, 0, []string{`^no learnings\n$`}, "", true},
		{"learnings show", []string{"learnings", "show", learningID}, 0,
			[]string{`id:\s+` + learningID, `confidence:\s+0\.50`, `last used:\s+never`, `text:\s+refunds are billing questions`}, "", true},
		{"learnings show unknown", []string{"learnings", "show", "NOPE"}, 1, nil, "dana: no learning with id NOPE\n", true},
		{"executions list", []string{"executions", "list", "--limit", "5"}, 0,
			[]string{`ID\s+STARTED\s+FUNCTION\s+KIND\s+STATUS\s+ATTEMPTS\s+MODEL\s+TOKENS\s+DURATION\s+OUTPUT`, execID + `.*classify\s+poet\s+ok\s+2\s+mock \(mock\)\s+34\s+\d+(ms|s|µs)\s+"shipping"`}, "", true},
		{"executions show", []string{"executions", "show", execID}, 0,
			[]string{`status:\s+ok`, `model:\s+mock \(mock model\)`, `\(took 40ms\)`, `34 tokens`, `#1 failed: not one of the labels`,
				`\| I want my money back`, `inputs:\s+\{"text":"I want my money back"\}`}, "", true},
		{"executions show unknown", []string{"executions", "show", "01NOPE"}, 1, nil, "dana: no execution with id 01NOPE\n", true},
		{"feedback unknown", []string{"feedback", "01NOPE", "--score", "1"}, 1, nil, "dana: no execution with id 01NOPE\n", false},
		{"feedback", []string{"feedback", execID, "--score", "1", "--correction", "billing"}, 0,
			[]string{`feedback recorded for execution ` + execID, `new correction learning \w+: Correction for input "I want my money back" \(the output was "shipping"\): billing`,
				`reinforced ` + learningID + ` → confidence 0\.60`}, "", false},
		{"flags after id", []string{"feedback", execID, "--note", "be careful"}, 0, []string{`new note learning`}, "", false},
		{"stats", []string{"learnings", "stats"}, 0,
			[]string{`executions:\s+1`, `learnings:\s+3`, `FUNCTION\s+LEARNINGS\s+MEAN CONF`, `classify\s+3\s+0\.87`, `DOMAIN`, `support\s+3`}, "", true},
		{"decay", []string{"learnings", "decay"}, 0, []string{`examined 3 learnings: 0 decayed, 0 dropped`}, "", false},
		{"forget unknown", []string{"learnings", "forget", "NOPE"}, 1, nil, "dana: no learning with id NOPE\n", false},
		{"forget", []string{"learnings", "forget", learningID}, 0, []string{`forgot learning ` + learningID}, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e.opened = nil
			out, errOut, code := e.run(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.code, out, errOut)
			}
			for _, re := range tc.stdout {
				if !regexp.MustCompile(re).MatchString(out) {
					t.Errorf("stdout does not match %q:\n%s", re, out)
				}
			}
			if tc.stderr != "" && errOut != tc.stderr {
				t.Errorf("stderr = %q, want %q", errOut, tc.stderr)
			}
			if tc.code == 0 && errOut != "" {
				t.Errorf("unexpected stderr %q", errOut)
			}
			if len(e.opened) != 1 || e.opened[0] != tc.readOnly {
				t.Errorf("opened the store %v, want once with readOnly=%v", e.opened, tc.readOnly)
			}
		})
	}
}

func TestJSONOutput(t *testing.T) {
	e := newEnv(t)
	execID, learningID := e.seed()
	decode := func(args ...string) any {
		t.Helper()
		out, errOut, code := e.run(append(args, "--json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: invalid JSON %q: %v", args, out, err)
		}
		return v
	}
	ls := decode("learnings", "list").([]any)
	if len(ls) != 1 || ls[0].(map[string]any)["id"] != learningID {
		t.Errorf("learnings list --json = %v", ls)
	}
	if l := decode("learnings", "show", learningID).(map[string]any); l["confidence"] != 0.5 || l["kind"] != "note" {
		t.Errorf("learnings show --json = %v", l)
	}
	if es := decode("executions", "list").([]any); len(es) != 1 || es[0].(map[string]any)["id"] != execID {
		t.Errorf("executions list --json = %v", es)
	}
	x := decode("executions", "show", execID).(map[string]any)
	if x["status"] != "ok" || len(x["attempts"].([]any)) != 2 || x["mock"] != true {
		t.Errorf("executions show --json = %v", x)
	}
	fb := decode("feedback", execID, "--score", "-1", "--note", "check the amount").(map[string]any)
	if fb["execution_id"] != execID || len(fb["created"].([]any)) != 1 || len(fb["weakened"].([]any)) != 1 {
		t.Errorf("feedback --json = %v", fb)
	}
	st := decode("learnings", "stats").(map[string]any)
	if st["learnings"] != 2.0 || st["executions"] != 1.0 {
		t.Errorf("stats --json = %v", st)
	}
	if d := decode("learnings", "decay").(map[string]any); d["examined"] != 2.0 {
		t.Errorf("decay --json = %v", d)
	}
	if f := decode("learnings", "forget", learningID).(map[string]any); f["forgotten"] != learningID {
		t.Errorf("forget --json = %v", f)
	}
	if ls := decode("learnings", "list", "--function", "none").([]any); len(ls) != 0 {
		t.Errorf("empty list --json = %v", ls)
	}
}

func TestExportImportCommands(t *testing.T) {
	src := newEnv(t)
	execID, _ := src.seed()
	if _, errOut, code := src.run("feedback", execID, "--correction", "billing"); code != 0 {
		t.Fatal(errOut)
	}
	file := filepath.Join(t.TempDir(), "learnings.jsonl")
	out, errOut, code := src.run("learnings", "export", file)
	if code != 0 || out != "exported 2 learnings to "+file+"\n" {
		t.Fatalf("export: %d %q %q", code, out, errOut)
	}
	stdoutExport, _, code := src.run("learnings", "export", "-")
	data, _ := os.ReadFile(file)
	if code != 0 || stdoutExport != string(data) || strings.Count(stdoutExport, "\n") != 2 {
		t.Fatalf("export to stdout differs from the file:\n%s\n%s", stdoutExport, data)
	}

	dst := newEnv(t)
	dst.now = src.now
	out, errOut, code = dst.run("learnings", "import", file)
	if code != 0 || out != "imported 2 learnings (0 unchanged) from "+file+"\n" {
		t.Fatalf("first import: %d %q %q", code, out, errOut)
	}
	out, _, code = dst.run("learnings", "import", file, "--json")
	var res struct{ Added, Skipped int }
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Added != 0 || res.Skipped != 2 {
		t.Fatalf("second import: %d %q", code, out)
	}
	again, _, _ := dst.run("learnings", "export", "-")
	if again != stdoutExport {
		t.Errorf("round trip differs:\n%s\nwant:\n%s", again, stdoutExport)
	}
	if _, errOut, code := dst.run("learnings", "import", filepath.Join(t.TempDir(), "missing.jsonl")); code != 1 ||
		!strings.HasPrefix(errOut, "dana: importing learnings: ") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	e := newEnv(t)
	tests := [][]string{
		{},
		{"learnings"},
		{"learnings", "frobnicate"},
		{"executions", "show"},
		{"learnings", "show", "a", "b"},
		{"learnings", "list", "--limit", "x"},
		{"learnings", "list", "--bogus"},
		{"feedback", "ID"},
		{"feedback", "ID", "--score", "5"},
		{"feedback", "ID", "--score", "great"},
		{"nope"},
	}
	for _, args := range tests {
		e.opened = nil
		out, errOut, code := e.run(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "dana: ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d stdout %q stderr %q; want exit 2 (usage) and one dana: line", args, code, out, errOut)
		}
		if len(e.opened) != 0 {
			t.Errorf("%q: opened the store for a usage error", args)
		}
	}
	out, _, code := e.run("learnings", "help")
	if code != 0 || !strings.Contains(out, "dana learnings list") {
		t.Errorf("help: %d %q", code, out)
	}
	if _, err := os.Stat(e.dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("usage errors created the store: %v", err)
	}
}

func TestReadOnlyCommandsOnMissingStore(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{{"learnings", "list"}, {"executions", "list"}, {"learnings", "stats"}} {
		if _, errOut, code := e.run(args...); code != 0 {
			t.Errorf("%q on a missing store: exit %d %q", args, code, errOut)
		}
	}
	if _, err := os.Stat(e.dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("read-only commands created the store: %v", err)
	}
}

func TestHandles(t *testing.T) {
	for name, want := range map[string]bool{"learnings": true, "executions": true, "feedback": true, "run": false} {
		if Handles(name) != want {
			t.Errorf("Handles(%q) = %v", name, !want)
		}
	}
}
