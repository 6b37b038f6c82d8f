package interp

import (
	"testing"

	"github.com/minidana/dana/lang/diag"
)

// sourceLine (an index of line starts) quotes the same line as
// diag.SourceLine (a scan from the start) for every line number, and sees a
// replaced source (the REPL's "<stdin>").
func TestSourceLineIndex(t *testing.T) {
	in := New(Options{})
	for _, src := range []string{
		"",
		"x = 1",
		"x = 1\n",
		"a\nbb\r\n\nccc\n  d\r\n",
		"first\nsecond\nthird",
		"\n\n\n",
	} {
		for n := -1; n <= 8; n++ {
			if got, want := in.sourceLine("f.na", src, n), diag.SourceLine(src, n); got != want {
				t.Errorf("sourceLine(%q, %d) = %q, want %q", src, n, got, want)
			}
		}
	}
	if got := in.sourceLine("<stdin>", "old line\n", 1); got != "old line" {
		t.Fatalf("got %q", got)
	}
	if got := in.sourceLine("<stdin>", "new line\n", 1); got != "new line" {
		t.Fatalf("after replacing the source: got %q, want the new line", got)
	}
}
