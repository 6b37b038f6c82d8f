package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// allCommands lists every command of the tree below root (root excluded),
// hidden ones too, so that a new verb is covered by the tests below
// without being listed anywhere.
func allCommands(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, s := range c.Commands() {
			out = append(out, s)
			walk(s)
		}
	}
	walk(root)
	return out
}

// verbPath is a command's words after "dana".
func verbPath(c *cobra.Command) []string {
	return strings.Fields(c.CommandPath())[1:]
}

// TestHelpForEveryVerb: `dana X --help`, `dana X -h` and `dana help X`
// answer with X's help on stdout and exit 0, for every command of the tree.
func TestHelpForEveryVerb(t *testing.T) {
	a := &app{}
	root := a.rootCommand()
	cmds := allCommands(root)
	if len(cmds) < 15 {
		t.Fatalf("only %d commands found", len(cmds))
	}
	for _, c := range cmds {
		if c.Hidden || c.Name() == "help" {
			continue
		}
		path := verbPath(c)
		for _, args := range [][]string{append(append([]string{}, path...), "--help"), append(append([]string{}, path...), "-h"), append([]string{"help"}, path...)} {
			code, out, errOut := runCLI(t, args...)
			if code != 0 || errOut != "" {
				t.Errorf("dana %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
				continue
			}
			if !strings.Contains(out, "Usage:\n  "+c.CommandPath()) {
				t.Errorf("dana %s: no usage line for %q in:\n%s", strings.Join(args, " "), c.CommandPath(), out)
			}
			if c.Short == "" {
				t.Errorf("%s has no short description", c.CommandPath())
			}
		}
	}
	code, out, _ := runCLI(t, "--help")
	if code != 0 {
		t.Fatalf("dana --help: exit %d", code)
	}
	for _, c := range root.Commands() {
		if !c.Hidden && !strings.Contains(out, "\n  "+c.Name()+" ") {
			t.Errorf("dana --help does not list %s:\n%s", c.Name(), out)
		}
	}
}

// TestCompletion: `dana completion SHELL` prints a script for the shell,
// and the completion engine behind it knows the verbs, the subcommands and
// the flags.
func TestCompletion(t *testing.T) {
	for shell, marker := range map[string]string{
		"bash": "complete -o default -F __start_dana dana",
		"zsh":  "#compdef dana",
		"fish": "complete -c dana ",
	} {
		code, out, errOut := runCLI(t, "completion", shell)
		if code != 0 || !strings.Contains(out, marker) {
			t.Errorf("completion %s: exit %d, %q missing (stderr %q)", shell, code, marker, errOut)
		}
	}
	if code, _, _ := runCLI(t, "completion", "tcsh"); code != 2 {
		t.Errorf("completion tcsh: exit %d, want 2", code)
	}
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "te"}, []string{"test\t"}},
		{[]string{"__complete", "learnings", ""}, []string{"list\t", "show\t", "export\t", "stats\t"}},
		{[]string{"__complete", "test", "--"}, []string{"--run\t", "--verbose\t", "--timeout\t"}},
		{[]string{"__complete", "executions", "list", "--"}, []string{"--json\t", "--limit\t", "--store\t"}},
		{[]string{"__complete", "run", ""}, []string{":8"}}, // ShellCompDirectiveFilterFileExt, with "na"
	}
	for _, tc := range tests {
		code, out, _ := runCLI(t, tc.args...)
		if code != 0 {
			t.Errorf("%q: exit %d", tc.args, code)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: %q missing in:\n%s", tc.args, w, out)
			}
		}
	}
}

// TestExitCodes: 0 ok, 1 script or command error, 2 usage.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.na")
	bad := filepath.Join(dir, "bad.na")
	syntax := filepath.Join(dir, "syntax.na")
	for p, src := range map[string]string{ok: "print('hi')\n", bad: "x = 1 / 0\n", syntax: "if\n"} {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args   []string
		code   int
		stderr string // regexp
	}{
		{[]string{"run", ok}, 0, `^$`},
		{[]string{ok}, 0, `^$`},
		{[]string{"run", bad}, 1, `ZeroDivisionError`},
		{[]string{bad}, 1, `ZeroDivisionError`},
		{[]string{syntax}, 1, `SyntaxError`},
		{[]string{"-c", "print(1)"}, 0, `^$`},
		{[]string{"-c", "raise ValueError('no')"}, 1, `<string>:1:1: ValueError: no`},
		{[]string{"run", "/no/such.na"}, 1, `cannot read /no/such.na`},
		{[]string{"check", syntax}, 1, `SyntaxError`},
		{[]string{"learnings", "show", "NOPE", "--store", filepath.Join(dir, "st")}, 1, `no learning with id NOPE`},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"tset"}, 2, `did you mean test\?`},
		{[]string{"learnings", "lsit"}, 2, `did you mean list\?`},
		{[]string{"run"}, 2, `run: missing FILE.na`},
		{[]string{"check"}, 2, `check: missing FILE.na`},
		{[]string{"--bogus"}, 2, `unknown flag: --bogus`},
		{[]string{"test", "--bogus"}, 2, `test: unknown flag: --bogus`},
		{[]string{"--timeout", "soon", "run", ok}, 2, `"soon" is not a duration`},
		{[]string{"--max-steps", "-5", "run", ok}, 2, `--max-steps: -5 is negative`},
		{[]string{"test", "-run", "("}, 2, `error parsing regexp`},
		{[]string{"version", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"learnings", "show"}, 2, `learnings show: missing ID`},
		{[]string{"completion"}, 2, ``},
	}
	for _, tc := range tests {
		code, _, errOut := runCLI(t, tc.args...)
		if code != tc.code {
			t.Errorf("dana %q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errOut)
			continue
		}
		if !regexp.MustCompile(tc.stderr).MatchString(errOut) {
			t.Errorf("dana %q: stderr %q does not match %q", tc.args, errOut, tc.stderr)
		}
		if tc.code == 2 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("dana %q: a usage error is one line, got %q", tc.args, errOut)
		}
	}
}

// TestSnippet: `dana -c CODE ARGS...` runs CODE with ARGS in system:argv,
// and the global flags apply to it.
func TestSnippet(t *testing.T) {
	code, out, errOut := runCLI(t, "-c", "print(system:argv)\nprint(1 + 1)", "a", "--b")
	if code != 0 || out != "['-c', 'a', '--b']\n2\n" {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "--max-steps", "100", "-c", "while True:\n    pass")
	if code != 1 || !strings.Contains(errOut, "step budget exhausted") {
		t.Fatalf("limits: exit %d err %q", code, errOut)
	}
}

// TestTestFilterAndVerbose: -run selects tests by name (Go style, also
// --run), -v prints each with its time.
func TestTestFilterAndVerbose(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.na": "def test_parse():\n    assert 1 == 1\n\ndef test_lex():\n    assert 2 == 2\n",
		"b_test.na": "def test_parse_more():\n    assert 3 == 3\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, _ := runCLI(t, "test", "-run", "parse", "-v", dir)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	okLine := regexp.MustCompile(`(?m)^ok   \S+ \(\d+\.\d{3}s\)$`)
	if n := len(okLine.FindAllString(out, -1)); n != 2 || !strings.Contains(out, "a_test.na:test_parse (") || !strings.Contains(out, "b_test.na:test_parse_more (") || strings.Contains(out, "test_lex") {
		t.Fatalf("-run parse -v selected the wrong tests (%d ok lines):\n%s", n, out)
	}
	if !strings.Contains(out, "2 passed, 0 failed") {
		t.Fatalf("summary:\n%s", out)
	}
	code, out, _ = runCLI(t, "test", "--run=lex$", dir)
	if code != 0 || !strings.Contains(out, "1 passed, 0 failed") || strings.Contains(out, "ok ") {
		t.Fatalf("--run=lex$ without -v: exit %d\n%s", code, out)
	}
	code, out, errOut := runCLI(t, "test", "--json", dir)
	var res struct {
		Passed, Failed int
		Tests          []struct {
			Name   string
			Passed bool
		}
	}
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || res.Passed != 5 || res.Failed != 0 || len(res.Tests) != 5 {
		t.Fatalf("--json: exit %d, %v:\n%s%s", code, err, out, errOut)
	}
	code, out, errOut = runCLI(t, "test", "-run", "nothing-matches", dir)
	if code != 0 || !strings.Contains(out, "0 passed, 0 failed") || !strings.Contains(errOut, "no test matches") {
		t.Fatalf("no match: exit %d\n%s%s", code, out, errOut)
	}
}

// TestVersion: `dana version` shows the version, the revision line and the
// Go version; --json has the same fields.
func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !regexp.MustCompile(`^dana \d+\.\d+\.\d+\n(.*\n)*  revision  .+\n(.*\n)*  go        go1\.\d+`).MatchString(out) {
		t.Fatalf("version: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "version", "--json")
	if code != 0 || !strings.Contains(out, `"version": "`) || !strings.Contains(out, `"go": "go1.`) {
		t.Fatalf("version --json: exit %d\n%s", code, out)
	}
	if code, vout, _ := runCLI(t, "--version"); code != 0 || vout != versionText() {
		t.Fatalf("--version: exit %d %q", code, vout)
	}
}

// TestVersionFromGitCheckout builds dana inside the repository's git
// checkout with VCS stamping on: the revision and date come from the build
// information.
func TestVersionFromGitCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	if err := exec.Command("git", "rev-parse", "--git-dir").Run(); err != nil {
		t.Skip("not inside a git checkout")
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("git rev-parse: %v", err)
	}
	if st, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err != nil || !st.IsDir() {
		t.Skip("skipping: a git worktree (.git is a file), where the go command does not stamp VCS information")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("git rev-parse HEAD: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "dana")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "revision  "+strings.TrimSpace(string(head))) || !strings.Contains(string(out), "date      20") {
		t.Fatalf("version output lacks the revision %s or the date:\n%s", head, out)
	}
}

// TestInterruptExitsWith130 runs dana on a pseudo-terminal and presses
// Ctrl-C while a script spins: the terminal sends SIGINT, the script stops
// with KeyboardInterrupt and dana exits with status 130.
func TestInterruptExitsWith130(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	bin := buildDana(t)
	dir := t.TempDir()
	spin := filepath.Join(dir, "spin.na")
	if err := os.WriteFile(spin, []byte("print('spinning')\nn = 0\nwhile True:\n    n += 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testDir := filepath.Join(dir, "tests")
	if err := os.MkdirAll(testDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(testDir, "spin_test.na"), []byte("def test_spin():\n    print('spinning')\n    while True:\n        pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"script":  {spin},
		"run":     {"run", spin},
		"snippet": {"-c", "print('spinning')\nwhile True:\n    pass"},
		"test":    {"test", testDir},
	} {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "DANA_HOME="+t.TempDir())
			tm := startCmdTerm(t, cmd)
			tm.expect("spinning")
			time.Sleep(50 * time.Millisecond)
			tm.send("\x03") // Ctrl-C
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			var werr error
			select {
			case werr = <-waited:
			case <-time.After(60 * time.Second):
				t.Fatalf("dana did not stop after Ctrl-C; the terminal shows:\n%s", tm.visible())
			}
			var ee *exec.ExitError
			if !errors.As(werr, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("exit %v, want status 130; the terminal shows:\n%s", werr, tm.visible())
			}
			<-tm.eof
			if !strings.Contains(tm.visible(), "KeyboardInterrupt") && name != "test" {
				t.Errorf("no KeyboardInterrupt report in %q", tm.visible())
			}
		})
	}
}

// TestFailingAssertShowsValues: a failing `assert a == b` in a test shows
// both values and quotes the source line with a caret.
func TestFailingAssertShowsValues(t *testing.T) {
	dir := t.TempDir()
	src := "def test_sort():\n    xs = [3, 1]\n    assert sorted(xs) == [3, 1]\n"
	if err := os.WriteFile(filepath.Join(dir, "s_test.na"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "test", "-v", dir)
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	want := regexp.MustCompile(`(?m)^FAIL \S+s_test\.na:3:5: AssertionError: assertion failed: assert sorted\(xs\) == \[3, 1\] \(left: \[1, 3\], right: \[3, 1\]\) \(in test_sort\) \[\d+\.\d{3}s\]\n        assert sorted\(xs\) == \[3, 1\]\n        \^\n`)
	if !want.MatchString(out) {
		t.Fatalf("failure report:\n%s", out)
	}
}
