package interp_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
)

// TestScripts runs the script tests under testdata/ in the manner of
// starlark-go: each file holds chunks separated by a line `---`; a chunk
// runs in a fresh interpreter; a line carrying `### "regexp"` expects an
// error (lexer, parser, resolver or runtime) on that line whose message
// matches the regexp. A chunk without `###` must run without error. A line
// `#> text` after code expects that output so far ends with text.
func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.na")
	if len(files) == 0 {
		t.Fatal("no script tests found in testdata/")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range splitChunks(string(data)) {
			name := filepath.Base(file) + "#" + itoa(i+1) + "@" + itoa(chunk.line)
			t.Run(name, func(t *testing.T) { runChunk(t, file, chunk) })
		}
	}
}

type chunk struct {
	src  string
	line int // first line of the chunk in the file
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
	// Pad so that line numbers in errors match the file.
	src := strings.Repeat("\n", c.line-1) + c.src
	var wantLine int
	var want *regexp.Regexp
	for i, l := range strings.Split(src, "\n") {
		if m := wantRe.FindStringSubmatch(l); m != nil {
			if want != nil {
				t.Fatalf("line %d: only one ### expectation per chunk", i+1)
			}
			pat := strings.ReplaceAll(m[1], `\"`, `"`)
			re, err := regexp.Compile(pat)
			if err != nil {
				t.Fatalf("line %d: bad regexp: %v", i+1, err)
			}
			want, wantLine = re, i+1
		}
	}
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out, Stderr: &out, MaxSteps: 5_000_000})
	builtins.Install(in)
	err := in.Exec(file, src)
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error:\n%s", render(err))
		}
		checkOutput(t, src, out.String())
		return
	}
	if err == nil {
		t.Fatalf("line %d: expected an error matching %q, got none", wantLine, want)
	}
	msg, line := errInfo(err)
	if !want.MatchString(msg) {
		t.Fatalf("line %d: error %q does not match %q\n%s", wantLine, msg, want, render(err))
	}
	if line != wantLine {
		t.Fatalf("error reported on line %d, want line %d: %s", line, wantLine, msg)
	}
}

// checkOutput checks `#> text` expectations: the joined expected lines must
// equal the program's whole output.
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
	w := strings.Join(want, "\n") + "\n"
	if got != w {
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

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
