// Package scripttest runs script tests in the manner of starlark-go: a
// .na file holds chunks separated by a line `---`; each chunk runs on its
// own; a line carrying `### "regexp"` expects an error (lexer, parser,
// resolver or runtime) reported on that line whose `Type: message` matches
// the regexp; in a chunk without one, lines `#> text` give the program's
// whole expected output. The interpreter's and POET's tests share it.
package scripttest

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
)

// Exec runs one chunk's source (padded with blank lines so that line
// numbers match the file) and returns what it printed and its error.
type Exec func(t *testing.T, file, src string) (output string, err error)

// Chunk is one test program of a file.
type Chunk struct {
	Src  string
	Line int // first line of the chunk in its file
}

// Split cuts a file into its chunks.
func Split(s string) []Chunk {
	var out []Chunk
	start := 0
	var cur strings.Builder
	for i, l := range strings.SplitAfter(s, "\n") {
		if strings.TrimRight(l, "\r\n") == "---" {
			out = append(out, Chunk{Src: cur.String(), Line: start + 1})
			cur.Reset()
			start = i + 1
			continue
		}
		cur.WriteString(l)
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, Chunk{Src: cur.String(), Line: start + 1})
	}
	return out
}

// Run runs every chunk of the files matching glob as a subtest (in
// parallel when parallel is set) and checks its expectations.
func Run(t *testing.T, glob string, parallel bool, exec Exec) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no script tests match %s", glob)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range Split(string(data)) {
			name := filepath.Base(file) + "#" + strconv.Itoa(i+1) + "@" + strconv.Itoa(c.Line)
			t.Run(name, func(t *testing.T) {
				if parallel {
					t.Parallel()
				}
				runChunk(t, file, c, exec)
			})
		}
	}
}

var wantRe = regexp.MustCompile(`###\s*"((?:[^"\\]|\\.)*)"`)

func runChunk(t *testing.T, file string, c Chunk, exec Exec) {
	src := strings.Repeat("\n", c.Line-1) + c.Src
	var wantLine int
	var want *regexp.Regexp
	for i, l := range strings.Split(src, "\n") {
		m := wantRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if want != nil {
			t.Fatalf("line %d: only one ### expectation per chunk", i+1)
		}
		re, err := regexp.Compile(strings.ReplaceAll(m[1], `\"`, `"`))
		if err != nil {
			t.Fatalf("line %d: bad regexp: %v", i+1, err)
		}
		want, wantLine = re, i+1
	}
	out, err := exec(t, file, src)
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error:\n%s\noutput:\n%s", render(err), out)
		}
		checkOutput(t, src, out)
		return
	}
	if err == nil {
		t.Fatalf("line %d: expected an error matching %q, got none; output:\n%s", wantLine, want, out)
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
	if w := strings.Join(want, "\n") + "\n"; got != w {
		t.Fatalf("output mismatch\n--- got ---\n%s--- want ---\n%s", got, w)
	}
}

// errInfo returns "Type: message" and the line of the first error.
func errInfo(err error) (string, int) {
	var l diag.List
	var ex *interp.Exception
	switch {
	case errors.As(err, &l) && len(l) > 0:
		return l[0].Type + ": " + l[0].Msg, l[0].Pos.Line
	case errors.As(err, &ex):
		return ex.Type.Name + ": " + ex.Message(), ex.Pos.Line
	}
	return err.Error(), 0
}

func render(err error) string {
	if s, ok := interp.RenderError(err); ok {
		return s
	}
	return err.Error()
}
