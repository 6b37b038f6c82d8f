package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sharedDir is the shared folder beside the repository (as in CI).
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "conformance")); err != nil {
		t.Skipf("skipping: %s not found (the shared folder sits beside the repository in CI; a plain clone has none)", dir)
	}
	return dir
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestConformance runs `dana test ../shared/conformance` in-process: every
// acceptance script must pass.
func TestConformance(t *testing.T) {
	dir := sharedDir(t)
	code, out, errOut := runCLI(t, "test", filepath.Join(dir, "conformance"))
	if code != 0 {
		t.Fatalf("dana test failed (exit %d):\n%s%s", code, out, errOut)
	}
	m := regexp.MustCompile(`(?m)^(\d+) passed, 0 failed \(`).FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Fatalf("unexpected summary:\n%s", out)
	}
}

// TestSharedBenchPrograms runs each benchmark program and compares its
// output with the Python twin's expected output recorded beside it when
// python3 is not run: here we only check the programs run cleanly.
func TestSharedBenchPrograms(t *testing.T) {
	dir := sharedDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "bench", "*.na"))
	want := map[string]string{"fib.na": "832040\n", "loop.na": "5999999\n"}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if testing.Short() && filepath.Base(f) != "empty.na" {
				t.Skip("short mode")
			}
			code, out, errOut := runCLI(t, "run", f)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if w, ok := want[filepath.Base(f)]; ok && out != w {
				t.Fatalf("output %q, want %q", out, w)
			}
		})
	}
}

// TestExamplesRun runs every example offline (DANA_LLM=mock, a fresh
// DANA_HOME) so the examples never rot.
func TestExamplesRun(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	t.Setenv("DANA_HOME", t.TempDir())
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*.na"))
	if len(files) < 5 {
		t.Fatalf("expected the examples folder, found %d files", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			// Examples that need more than the mock run from recorded
			// model replies or recorded answers of a person.
			switch filepath.Base(f) {
			case "poet_synthesize.na":
				t.Setenv("DANA_LLM", "replay:"+filepath.Join("..", "..", "examples", "poet_synthesize.replay.jsonl"))
				t.Setenv("DANA_LLM_MODEL", "") // the replies were recorded for the default model
			case "poet_human.na":
				t.Setenv("DANA_HUMAN", "replay:"+filepath.Join("..", "..", "examples", "poet_human.answers.jsonl"))
			}
			code, out, errOut := runCLI(t, "run", f)
			if code != 0 {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			if strings.TrimSpace(out) == "" {
				t.Fatalf("%s printed nothing", f)
			}
		})
	}
}

// TestErrorReport checks the §12.2 layout: location, message, quoted line,
// caret and call stack, and exit code 1.
func TestErrorReport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.na")
	src := "def mean(xs):\n    total = sum(xs)\n    return totl / len(xs)\n\nprint(mean([1, 2]))\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "run", path)
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := path + ":3:12: NameError: name 'totl' is not defined; did you mean 'total'?\n" +
		"        return totl / len(xs)\n" +
		"               ^\n" +
		"Call stack (most recent call last):\n" +
		"  " + path + ":5:7 in <module>\n" +
		"  " + path + ":3:12 in mean\n"
	if errOut != want {
		t.Fatalf("error report:\n%s\nwant:\n%s", errOut, want)
	}
}

// TestCheckReportsEveryError: `dana check` runs nothing and reports each
// syntax error with its location.
func TestCheckReportsEveryError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.na")
	src := "print('ran')\nx = 1 +\ny = 2 *\nif x\n    pass\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", path)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(out, "ran") {
		t.Fatal("check must not run the program")
	}
	if n := strings.Count(errOut, "SyntaxError"); n < 2 {
		t.Fatalf("want several errors, got %d:\n%s", n, errOut)
	}
	if !strings.Contains(errOut, path+":2:") {
		t.Fatalf("missing location of the first error:\n%s", errOut)
	}
	good := filepath.Join(dir, "good.na")
	if err := os.WriteFile(good, []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "check", good); code != 0 || !strings.Contains(out, "ok") {
		t.Fatalf("check of a good file: exit %d %q", code, out)
	}
}

// TestTestCommand: each file and each test_* function is a test; failures
// are one line with a location; the summary counts both; exit 1 on failure.
func TestTestCommand(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.na": "def test_ok():\n    assert 1 + 1 == 2\n\ndef test_bad():\n    assert [1] == [2], \"lists differ\"\n\ndef helper():\n    pass\n",
		"b_test.na": "x = 1\nassert x == 2\n",
		"c.na":      "assert False\n", // not a test file
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, _ := runCLI(t, "test", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, out)
	}
	if !regexp.MustCompile(`(?m)^2 passed, 2 failed \(\d+\.\d{3}s\)$`).MatchString(out) {
		t.Fatalf("summary wrong:\n%s", out)
	}
	for _, want := range []string{"a_test.na:5:5: AssertionError: lists differ (in test_bad)", "b_test.na:2:1: AssertionError: assertion failed: assert x == 2"} {
		if !strings.Contains(out, want) {
			t.Fatalf("missing %q in:\n%s", want, out)
		}
	}
	if code, out, _ := runCLI(t, "test", filepath.Join(dir, "a_test.na")); code != 1 || !strings.Contains(out, "1 passed, 1 failed") && !strings.Contains(out, "2 passed, 1 failed") {
		t.Fatalf("single file: exit %d\n%s", code, out)
	}
}

// TestLimits: --max-steps and --timeout stop a runaway script with a clean
// TimeoutError naming the location.
func TestLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "spin.na")
	if err := os.WriteFile(path, []byte("n = 0\nwhile True:\n    n += 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "--max-steps", "1000", "run", path)
	if code != 1 || !strings.Contains(errOut, path+":2:1: TimeoutError: step budget exhausted (1000 steps)") {
		t.Fatalf("max-steps: exit %d\n%s", code, errOut)
	}
	code, _, errOut = runCLI(t, "run", "--timeout", "50ms", path)
	if code != 1 || !strings.Contains(errOut, "TimeoutError: timed out after 50ms") || !strings.Contains(errOut, path+":2:") {
		t.Fatalf("timeout: exit %d\n%s", code, errOut)
	}
}

func TestVersionAndUsage(t *testing.T) {
	if code, out, _ := runCLI(t, "version"); code != 0 || !strings.HasPrefix(out, "dana ") {
		t.Fatalf("version: %d %q", code, out)
	}
	if code, _, errOut := runCLI(t, "frobnicate"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Fatalf("unknown: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "run", "/no/such/file.na"); code != 1 || !strings.Contains(errOut, "cannot read /no/such/file.na") {
		t.Fatalf("missing file: %d %q", code, errOut)
	}
}

func TestScriptArgs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "args.na")
	if err := os.WriteFile(path, []byte("print(system:argv[1:])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "run", path, "a", "--timeout", "b")
	if code != 0 || out != "['a', '--timeout', 'b']\n" {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
}

// TestCheckResolves: `dana check` also reports resolve and compile errors
// ('break' outside a loop) and warns, with a suggestion, about names bound
// nowhere — without running anything.
func TestCheckResolves(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.na")
	src := "total = 0\nprint(mean(1), lenn([1]))\nbreak\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", path)
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{
		path + ":2:7: warning: NameError: name 'mean' is not defined",
		path + ":2:16: warning: NameError: name 'lenn' is not defined; did you mean 'len'?",
		path + ":3:1: SyntaxError: 'break' outside loop",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("missing %q in:\n%s", want, errOut)
		}
	}
	ok := filepath.Join(dir, "ok.na")
	if err := os.WriteFile(ok, []byte("try:\n    x = nope\nexcept NameError:\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "check", ok); code != 0 || !strings.Contains(out, "ok (1 warning)") {
		t.Fatalf("warnings alone must not fail: exit %d %q", code, out)
	}
}
