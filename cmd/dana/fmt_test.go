package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/format"
	"github.com/minidana/dana/lang/interp"
)

// repoSources lists every .na file of the repository (and of the shared
// conformance folder when it is there).
func repoSources(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	files, err := findSources([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	shared := filepath.Join(root, "..", "shared", "conformance")
	if _, err := os.Stat(shared); err == nil {
		more, err := findSources([]string{shared})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	} else {
		t.Logf("%s not found: formatting the repository's own files only", shared)
	}
	return files
}

// chunks splits a script-test file (programs separated by "---" lines) into
// its programs; any other file is one program.
func chunks(src string) []string {
	if !regexp.MustCompile(`(?m)^---$`).MatchString(src) {
		return []string{src}
	}
	return regexp.MustCompile(`(?m)^---\n`).Split(src, -1)
}

// asksModel matches programs whose output depends on an LLM's answer.
var asksModel = regexp.MustCompile(`\breason\(|@poet|\bsynthesize\(|\bask\(`)

// location matches the "file:line:col: " of an error, which formatting may
// move.
var location = regexp.MustCompile(`\S+:\d+:\d+: `)

// volatile matches what differs from run to run: execution ids (ULIDs) and
// durations.
var volatile = regexp.MustCompile(`\b[0-9A-HJKMNP-TV-Z]{26}\b|\d+(\.\d+)?(ns|µs|ms|s)\b`)

// runProgram runs src as path in a fresh engine (mock LLM, a step budget)
// and returns what it printed and its error without locations.
func runProgram(t *testing.T, path, src string) string {
	t.Helper()
	var out bytes.Buffer
	// The step budget decides where a long program stops, the same for both
	// versions; the timeout only guards against a hang (a loaded machine
	// must not turn a finished program into a TimeoutError).
	o := options{maxSteps: 5_000_000, timeout: 3 * time.Minute, store: filepath.Join(t.TempDir(), "store")}
	e := o.newEngine(context.Background(), &out, &out)
	defer e.Close()
	err := e.Exec(path, src)
	if err != nil {
		var ex *interp.Exception
		msg := err.Error()
		if errors.As(err, &ex) {
			msg = ex.Type.Name + ": " + ex.Msg
		}
		out.WriteString("\nERROR " + location.ReplaceAllString(msg, ""))
	}
	return volatile.ReplaceAllString(out.String(), "<v>")
}

// TestFormatRoundTrip formats every .na file of the repository (each
// program of a script-test file on its own): formatting again changes
// nothing, and the formatted program prints exactly what the original
// prints (errors compared without their line and column).
func TestFormatRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every program of the repository twice")
	}
	t.Setenv("DANA_LLM", "mock")
	t.Setenv("DANA_HOME", t.TempDir())
	files := repoSources(t)
	if len(files) < 20 {
		t.Fatalf("found only %d .na files", len(files))
	}
	formatted, changed, ran := 0, 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, prog := range chunks(string(src)) {
			out, err := format.Source(f, prog)
			if err != nil {
				if errors.Is(err, format.ErrChanged) {
					t.Errorf("%s (program %d): %v", f, i+1, err)
				}
				continue // a program with a deliberate syntax error
			}
			formatted++
			again, err := format.Source(f, out)
			if err != nil || again != out {
				t.Errorf("%s (program %d): formatting is not idempotent (%v):\nfirst:\n%s\nsecond:\n%s", f, i+1, err, out, again)
				continue
			}
			if out == prog {
				continue
			}
			changed++
			if strings.Contains(f, "hostile") {
				// A hostile script runs until a limit stops it; which limit
				// (steps or time) comes first depends on the machine's load,
				// and running it twice costs minutes. Formatting is still
				// checked above (same tree, idempotent).
				continue
			}
			if strings.Contains(f, "fuzz") || strings.Contains(prog, "input(") || asksModel.MatchString(prog) {
				// A program that asks the model is not compared: the prompt
				// carries the code around the call (its text changed), and
				// the offline mock answers from a hash of the prompt. The
				// syntax trees are still the same (format.Source checks).
				continue
			}
			ran++
			want, got := runProgram(t, f, prog), runProgram(t, f, out)
			if got != want {
				t.Errorf("%s (program %d): the formatted program prints something else\noriginal:\n%s\nformatted:\n%s\noriginal printed:\n%s\nformatted printed:\n%s",
					f, i+1, prog, out, want, got)
			}
		}
	}
	t.Logf("%d files, %d programs formatted, %d changed by formatting, %d of those run and compared", len(files), formatted, changed, ran)
	if formatted < 50 || ran < 10 {
		t.Fatalf("too few programs checked: %d formatted, %d run", formatted, ran)
	}
}

// TestFmtCommand: --check lists the unformatted files and exits 1 without
// writing; without it the files are rewritten and a second --check passes;
// "-" formats standard input; a syntax error is reported with exit 1.
func TestFmtCommand(t *testing.T) {
	dir := t.TempDir()
	ugly := filepath.Join(dir, "ugly.na")
	pretty := filepath.Join(dir, "sub", "pretty.na")
	bad := filepath.Join(dir, "bad.na.txt")
	if err := os.MkdirAll(filepath.Dir(pretty), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, s := range map[string]string{ugly: "x=1\nif x :\n  print( x )\n", pretty: "x = 1\n", bad: "x = (\n"} {
		if err := os.WriteFile(p, []byte(s), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI(t, "fmt", "--check", dir)
	if code != 1 || out != ugly+"\n" {
		t.Fatalf("--check: exit %d out %q err %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(ugly); string(b) != "x=1\nif x :\n  print( x )\n" {
		t.Fatal("--check wrote the file")
	}
	if code, out, errOut = runCLI(t, "fmt", "-l", dir); code != 0 || out != ugly+"\n" {
		t.Fatalf("fmt -l: exit %d out %q err %q", code, out, errOut)
	}
	b, _ := os.ReadFile(ugly)
	if string(b) != "x = 1\nif x:\n    print(x)\n" {
		t.Fatalf("formatted file: %q", b)
	}
	if st, _ := os.Stat(ugly); st.Mode().Perm() != 0o640 {
		t.Errorf("mode changed to %v", st.Mode().Perm())
	}
	if code, out, _ = runCLI(t, "fmt", "--check", dir); code != 0 || out != "" {
		t.Fatalf("second --check: exit %d %q", code, out)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"fmt", "-"}, strings.NewReader("y=[1,2]\n"), &stdout, &stderr); code != 0 || stdout.String() != "y = [1, 2]\n" {
		t.Fatalf("fmt -: exit %d %q %q", code, stdout.String(), stderr.String())
	}
	if code, _, errOut = runCLI(t, "fmt", bad); code != 1 || !strings.Contains(errOut, bad+":2:1: SyntaxError") && !strings.Contains(errOut, "SyntaxError") {
		t.Fatalf("syntax error: exit %d %q", code, errOut)
	}
}
