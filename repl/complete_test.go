package repl

import (
	"strings"
	"testing"
)

func TestComplete(t *testing.T) {
	setup := []string{
		"struct Point:",
		"    x: int",
		"    y: int = 0",
		"    def norm(self) -> int:",
		"        return self.x + self.y",
		"",
		"struct Line:",
		"    start: Point",
		"    label: str = ''",
		"",
		"p = Point(x=1)",
		"ln = Line(start=p)",
		"xs = [1, 2]",
		"total = 0",
		"def totals(): return 1",
		"",
		"_hidden = 1",
		"private:count = 1",
		"private:counter = 2",
		"public:shared = 3",
	}
	tests := []struct {
		line string
		pos  int // -1: end of line
		want []string
	}{
		// Keywords (with Python's suffixes), builtins, names and scope prefixes.
		{"pri", -1, []string{"print(", "private:"}},
		{"tot", -1, []string{"total", "totals("}},
		{"x = tot", -1, []string{"total", "totals("}},
		{"whi", -1, []string{"while "}},
		{"tr", -1, []string{"try:"}},
		{"Tr", -1, []string{"True"}},
		{"Po", -1, []string{"Point("}},
		{"le", -1, []string{"len("}},
		{"lo", -1, []string{"local:"}},
		{"_h", -1, []string{"_hidden"}},
		// Names of a scope.
		{"private:", -1, []string{"private:count", "private:counter"}},
		{"private:counte", -1, []string{"private:counter"}},
		{"y = public:s", -1, []string{"public:shared"}},
		{"system:", -1, nil},
		// Attributes of bound values, found by lookup.
		{"p.", -1, []string{"p.norm(", "p.x", "p.y"}},
		{"p.n", -1, []string{"p.norm("}},
		{"print(p.x", -1, []string{"p.x"}},
		{"ln.start.", -1, []string{"ln.start.norm(", "ln.start.x", "ln.start.y"}},
		{"ln.", -1, []string{"ln.label", "ln.start"}},
		{"xs.", -1, []string{"xs.append(", "xs.pop(", "xs.sort("}},
		{"xs.a", -1, []string{"xs.append("}},
		{"Point.", -1, []string{"Point.norm("}},
		{"str.", -1, []string{"str.upper("}},
		{"nothing.", -1, nil},
		{"p.x.", -1, nil},
		{"ln.label.", -1, []string{"ln.label.upper("}},
		{"totals().", -1, nil}, // never calls code
		// The cursor in the middle of a line.
		{"pri(1)", 3, []string{"print(", "private:"}},
		// Not in strings, comments or numbers.
		{"'pri", -1, nil},
		{"x = 1 # pri", -1, nil},
		{"1.", -1, nil},
		{"print(", -1, nil},
		// Indentation on a blank line.
		{"", -1, []string{"    "}},
		{"  ", -1, []string{"  "}},
		// Meta commands.
		{":", -1, MetaCommandNames()},
		{":l", -1, []string{":learnings", ":last"}},
		{":vars p", -1, []string{"private", "public"}},
		{":type p.", -1, []string{"p.norm(", "p.x", "p.y"}},
		{":reset x", -1, nil},
	}
	s, _ := newTestSession(t, Options{})
	for _, l := range setup {
		if out, _ := s.Feed(l); out != "" {
			t.Fatalf("setup %q: %s", l, out)
		}
	}
	for _, tt := range tests {
		pos := tt.pos
		if pos < 0 {
			pos = len(tt.line)
		}
		got := s.Complete(tt.line, pos)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Complete(%q, %d) = %q, want %q", tt.line, pos, got, tt.want)
		}
	}
}

func TestCompleteWhilePending(t *testing.T) {
	s, _ := newTestSession(t, Options{})
	s.Feed("total = 1")
	s.Feed("def f():")
	// Inside a block, ':' is code, not a meta command, and Tab indents.
	if got := s.Complete("    ", 4); strings.Join(got, "|") != "    " {
		t.Errorf("indent = %q", got)
	}
	if got := s.Complete("    return tot", 14); strings.Join(got, "|") != "total" {
		t.Errorf("names in a block = %q", got)
	}
	if got := s.Complete(":", 1); got != nil {
		t.Errorf("':' in a block = %q", got)
	}
}

func TestDoForReadline(t *testing.T) {
	s, _ := newTestSession(t, Options{})
	s.Feed("private:count = 1")
	s.Feed("p = [1]")
	tests := []struct {
		line   string
		pos    int
		want   []string
		length int
	}{
		{"x = pri", 7, []string{"nt(", "vate:"}, 3},
		{"private:c", 9, []string{"ount"}, 9},
		{"p.po", 4, []string{"p("}, 4},
		{"é = p.po", 8, []string{"p("}, 4},
		{"", 0, []string{"    "}, 0},
	}
	for _, tt := range tests {
		got, n := s.Do([]rune(tt.line), tt.pos)
		var gs []string
		for _, g := range got {
			gs = append(gs, string(g))
		}
		if strings.Join(gs, "|") != strings.Join(tt.want, "|") || n != tt.length {
			t.Errorf("Do(%q, %d) = %q, %d; want %q, %d", tt.line, tt.pos, gs, n, tt.want, tt.length)
		}
	}
}
