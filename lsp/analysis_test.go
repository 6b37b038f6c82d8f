package lsp

import (
	"io"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
)

const sample = `struct Point:
    x: float  # horizontal
    y: float = 0.0

    def scaled(self, k: float) -> Point:
        return Point(x=self.x * k, y=self.y * k)

def (p: Point) norm2() -> float:
    """Squared length."""
    return p.x ** 2 + p.y ** 2

def area(w: float, h: float = 2.0) -> float:
    total = w * h
    return total

name = "ada"
p = Point(x=1)
ratio = 3 / 2
words = ["a", "b"]
for w in words:
    pass
`

func newAnalysis(t *testing.T, text string) *analysis {
	t.Helper()
	e := engine.New(engine.Config{Stdout: io.Discard, Stderr: io.Discard, StoreDir: t.TempDir()})
	t.Cleanup(func() { e.Close() })
	return analyze("/x/sample.na", text, e.Interpreter)
}

// at finds the position of the n-th occurrence of needle plus delta runes.
func at(t *testing.T, text, needle string, delta int) Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in text", needle)
	}
	before := text[:i]
	line := strings.Count(before, "\n")
	col := len([]rune(before[strings.LastIndexByte(before, '\n')+1:])) + delta
	return Position{Line: line, Character: col}
}

func labelsOf(items []CompletionItem) map[string]bool {
	out := map[string]bool{}
	for _, it := range items {
		out[it.Label] = true
	}
	return out
}

func TestCompletionMembers(t *testing.T) {
	tests := []struct {
		text string
		want []string
		not  []string
	}{
		{sample + "p.", []string{"x", "y", "scaled", "norm2"}, []string{"upper"}},
		{sample + "name.up", []string{"upper"}, []string{"lower"}},
		{sample + "words.app", []string{"append"}, nil},
		{sample + "w.", []string{"upper", "strip"}, nil}, // w iterates list of str? unknown: words is list
		{sample + "ar", []string{"area"}, []string{"ratio"}},
		{sample + "private:", nil, nil},
	}
	for _, tc := range tests {
		a := newAnalysis(t, tc.text)
		lines := strings.Split(tc.text, "\n")
		pos := Position{Line: len(lines) - 1, Character: len([]rune(lines[len(lines)-1]))}
		got := labelsOf(a.complete(pos))
		if strings.HasSuffix(tc.text, "w.") {
			// words is a list of unknown element type: no guess is better
			// than a wrong one.
			if len(got) != 0 {
				t.Errorf("w.: %v", got)
			}
			continue
		}
		for _, w := range tc.want {
			if !got[w] {
				t.Errorf("%q: %s missing from %v", lines[len(lines)-1], w, got)
			}
		}
		for _, w := range tc.not {
			if got[w] {
				t.Errorf("%q: unexpected %s", lines[len(lines)-1], w)
			}
		}
	}
}

func TestHoverAndDefinition(t *testing.T) {
	a := newAnalysis(t, sample)
	hov := func(needle string, delta int) string {
		h := a.hover(at(t, sample, needle, delta))
		if h == nil {
			return ""
		}
		return h.Contents.Value
	}
	for _, tc := range []struct{ needle, want string }{
		{"area(w", "def area(w: float, h: float = ...) -> float"},
		{"ratio =", "ratio: float"},
		{"name =", "name: str"},
		{"p = Point", "p: Point"},
		{"total = w", "total: float"},
		{"norm2()", "Squared length."},
		{"Point:\n", "x: float  # horizontal"},
	} {
		if h := hov(tc.needle, 1); !strings.Contains(h, tc.want) {
			t.Errorf("hover at %q: %q, want %q", tc.needle, h, tc.want)
		}
	}
	loc := a.definition("file:///x/sample.na", at(t, sample, "Point(x=1)", 2))
	if loc == nil || loc.Range.Start.Line != 0 {
		t.Fatalf("definition of Point: %+v", loc)
	}
	loc = a.definition("file:///x/sample.na", at(t, sample, "total\n", 1))
	if loc == nil || loc.Range.Start.Line != 12 || loc.Range.Start.Character != 4 {
		t.Fatalf("definition of total: %+v", loc)
	}
	syms := a.symbols()
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "Point,(Point) norm2,area,name,p,ratio,words" {
		t.Errorf("symbols: %v", names)
	}
	if len(syms[0].Children) != 3 {
		t.Errorf("Point children: %+v", syms[0].Children)
	}
}

func TestPositionsUTF16(t *testing.T) {
	line := "s = \"日本\" + 😀x"
	if got := utf16Col(line, 12); got != 13 { // the emoji is two UTF-16 units
		t.Errorf("utf16Col = %d", got)
	}
	if got := runeCol(line, 13); got != 12 {
		t.Errorf("runeCol = %d", got)
	}
	text := "a\n" + line + "\n"
	if off := offsetOf(text, Position{Line: 1, Character: 13}); text[off:off+1] != "x" {
		t.Errorf("offsetOf -> %q", text[off:])
	}
}

// TestSignatureMarkers: hover shows Python's `/` and bare `*` markers where
// the definition has them.
func TestSignatureMarkers(t *testing.T) {
	src := "def g(a, b, /, c, *, d: int = 1) -> int:\n    return a\n"
	a := newAnalysis(t, src)
	h := a.hover(at(t, src, "g(a", 0))
	if h == nil {
		t.Fatal("no hover on g")
	}
	if want := "def g(a, b, /, c, *, d: int = ...) -> int"; !strings.Contains(h.Contents.Value, want) {
		t.Errorf("hover %q, want %q", h.Contents.Value, want)
	}
}
