package poet_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
)

// newEngine returns an engine whose DANA_HOME (and so learning store) is a
// fresh temporary directory, with the offline mock LLM.
func newEngine(t testing.TB, out *bytes.Buffer, env map[string]string) (*engine.Engine, string) {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"DANA_HOME": home, "DANA_LLM": "mock", "HOME": home}
	for k, v := range env {
		vars[k] = v
	}
	e := engine.New(engine.Config{
		Stdout:   out,
		Stderr:   out,
		MaxSteps: 5_000_000,
		Getenv:   func(k string) string { return vars[k] },
	})
	t.Cleanup(func() { _ = e.Close() })
	return e, filepath.Join(home, "store")
}

// TestScripts runs the script tests under testdata/: each file holds
// chunks separated by a line `---`; each chunk runs in a fresh engine with
// a fresh learning store. A line carrying `### "regexp"` expects an error
// on that line matching the regexp; `#> text` lines give the expected
// output of the whole chunk.
func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.na")
	if len(files) == 0 {
		t.Fatal("no script tests in testdata/")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range splitChunks(string(data)) {
			name := filepath.Base(file) + "#" + strconv.Itoa(i+1) + "@" + strconv.Itoa(c.line)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				runChunk(t, file, c)
			})
		}
	}
}

type chunk struct {
	src  string
	line int
}

func splitChunks(s string) []chunk {
	var out []chunk
	lines := strings.SplitAfter(s, "\n")
	start := 0
	var cur strings.Builder
	for i, l := range lines {
		if strings.TrimRight(l, "\r\n") == "---" {
			out = append(out, chunk{src: cur.String(), line: start + 1})
			cur.Reset()
			start = i + 1
			continue
		}
		cur.WriteString(l)
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, chunk{src: cur.String(), line: start + 1})
	}
	return out
}

var wantRe = regexp.MustCompile(`###\s*"((?:[^"\\]|\\.)*)"`)

func runChunk(t *testing.T, file string, c chunk) {
	src := strings.Repeat("\n", c.line-1) + c.src
	var want *regexp.Regexp
	wantLine := 0
	for i, l := range strings.Split(src, "\n") {
		if m := wantRe.FindStringSubmatch(l); m != nil {
			want = regexp.MustCompile(strings.ReplaceAll(m[1], `\"`, `"`))
			wantLine = i + 1
		}
	}
	var out bytes.Buffer
	e, _ := newEngine(t, &out, nil)
	err := e.Exec(file, src)
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error:\n%s\noutput:\n%s", render(err), out.String())
		}
		checkOutput(t, src, out.String())
		return
	}
	if err == nil {
		t.Fatalf("line %d: expected an error matching %q, got none; output:\n%s", wantLine, want, out.String())
	}
	msg, line := errInfo(err)
	if !want.MatchString(msg) {
		t.Fatalf("line %d: error %q does not match %q\n%s", wantLine, msg, want, render(err))
	}
	if line != wantLine {
		t.Fatalf("error reported on line %d, want line %d: %s", line, wantLine, msg)
	}
}

func checkOutput(t *testing.T, src, got string) {
	var want []string
	for _, l := range strings.Split(src, "\n") {
		if i := strings.Index(l, "#> "); i >= 0 && strings.TrimSpace(l[:i]) == "" {
			want = append(want, l[i+3:])
		} else if strings.TrimSpace(l) == "#>" {
			want = append(want, "")
		}
	}
	if len(want) == 0 {
		return
	}
	if w := strings.Join(want, "\n") + "\n"; got != w {
		t.Fatalf("output mismatch\n--- got ---\n%s--- want ---\n%s", got, w)
	}
}

func errInfo(err error) (string, int) {
	var l diag.List
	var ex *interp.Exception
	switch {
	case errors.As(err, &l) && len(l) > 0:
		return l[0].Type + ": " + l[0].Msg, l[0].Pos.Line
	case errors.As(err, &ex):
		return ex.Type.Name + ": " + ex.Msg, ex.Pos.Line
	}
	return err.Error(), 0
}

func render(err error) string {
	var l diag.List
	var ex *interp.Exception
	switch {
	case errors.As(err, &l):
		return l.Render()
	case errors.As(err, &ex):
		return ex.Render()
	}
	return err.Error()
}
