package format_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/format"
)

func TestLayout(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"operators", "x=1+2*-3\n", "x = 1 + 2 * -3\n"},
		{"keyword arguments", "f(a , b = 1,*c,**d)\n", "f(a, b=1, *c, **d)\n"},
		{"annotated default", "def f(x:int=1, y = 2):\n  pass\n", "def f(x: int = 1, y=2):\n    pass\n"},
		{"slices", "a = x[1 : 2] + x[:: 2] + x[i+1 :]\n", "a = x[1:2] + x[::2] + x[i + 1:]\n"},
		{"dict and set", "d = {1:2, 'k' :[ 3 ]}\ns = { 1 , 2 }\n", "d = {1: 2, 'k': [3]}\ns = {1, 2}\n"},
		{"lambda", "f = lambda x,y=1::x*y\n", "f = lambda x, y=1 :: x * y\n"},
		{"trailing comma kept", "xs = [1, 2,]\nt = (1,)\n", "xs = [1, 2,]\nt = (1,)\n"},
		{"strings as written", "s = 'a'  +  \"b\"  +  r'\\d'\n", "s = 'a' + \"b\" + r'\\d'\n"},
		{"f-string as written", "s = f\"{ x = }{y!r:>{w}}\"\n", "s = f\"{ x = }{y!r:>{w}}\"\n"},
		{"comments", "#a\nx = 1 #b\n#!not a shebang here\n", "# a\nx = 1  # b\n#!not a shebang here\n"},
		{"blank lines collapse", "x = 1\n\n\n\n\ny = 2\n", "x = 1\n\n\ny = 2\n"},
		{"blank lines in blocks", "if x:\n\n    a = 1\n\n\n    b = 2\n", "if x:\n    a = 1\n\n    b = 2\n"},
		{"definitions", "x = 1\ndef f():\n    pass\ny = 2\n", "x = 1\n\n\ndef f():\n    pass\n\n\ny = 2\n"},
		{"doc comment stays attached", "x = 1\n# about f\ndef f():\n    pass\n", "x = 1\n\n\n# about f\ndef f():\n    pass\n"},
		{"methods", "struct P:\n    x: int\n    def m(self):\n        pass\n    def n(self):\n        pass\n",
			"struct P:\n    x: int\n\n    def m(self):\n        pass\n\n    def n(self):\n        pass\n"},
		{"decorator", "@poet( domain = 'x' )\n\ndef f():\n    pass\n", "@poet(domain='x')\ndef f():\n    pass\n"},
		{"indentation", "if a:\n\tif b:\n\t\tpass\n", "if a:\n    if b:\n        pass\n"},
		{"continuation", "x = foo(1,\n        2)\ny = [\n  1,\n]\n", "x = foo(1,\n    2)\ny = [\n    1,\n]\n"},
		{"backslash", "x = 1 + \\\n  2\n", "x = 1 + \\\n    2\n"},
		{"multi-line string untouched", "s = \"\"\"a\n  b   \n\"\"\"\n", "s = \"\"\"a\n  b   \n\"\"\"\n"},
		{"scoped names", "private:n+=1\nx=local:y\n", "private:n += 1\nx = local:y\n"},
		{"comparison chain", "ok = 1<x<=3 and y not in z and w is not None\n", "ok = 1 < x <= 3 and y not in z and w is not None\n"},
		{"receiver", "def (p:P) norm()->float:\n    return p.x**2\n", "def (p: P) norm() -> float:\n    return p.x ** 2\n"},
		{"pipeline", "def f(x)=a|b\n", "def f(x) = a | b\n"},
		{"enum", "x = 1\nenum Level:\n    LOW\n    HIGH = 'high'  # urgent\ny = 2\n", "x = 1\n\n\nenum Level:\n    LOW\n    HIGH = 'high'  # urgent\n\n\ny = 2\n"},
		{"struct as a name", "struct = 1\nprint(struct)\n", "struct = 1\nprint(struct)\n"},
		{"no trailing blank lines", "x = 1\n\n\n", "x = 1\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := format.Source("t.na", tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("format(%q)\n got: %q\nwant: %q", tc.in, got, tc.want)
			}
			again, err := format.Source("t.na", got)
			if err != nil || again != got {
				t.Fatalf("not idempotent: %q -> %q (%v)", got, again, err)
			}
		})
	}
}

// TestUnsafeLineKeptAsWritten: a line whose canonical layout would scan to
// other tokens is copied as written (here `x[local : y]` would become the
// scoped name local:y).
func TestUnsafeLineKeptAsWritten(t *testing.T) {
	in := "local = 1\ny = 2\nx = [1, 2, 3]\nz = x[local : y]\nw=1\n"
	got, err := format.Source("t.na", in)
	if err != nil {
		t.Fatal(err)
	}
	want := "local = 1\ny = 2\nx = [1, 2, 3]\nz = x[local : y]\nw = 1\n"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestSyntaxErrorIsReported(t *testing.T) {
	if _, err := format.Source("bad.na", "x = (1,\n"); err == nil || !strings.Contains(err.Error(), "bad.na:") {
		t.Fatalf("err = %v", err)
	}
	if _, err := format.Source("bad.na", "x = 1\n"); errors.Is(err, format.ErrChanged) {
		t.Fatal(err)
	}
}

// TestGolden formats testdata/*.in.na and compares with *.golden.na.
func TestGolden(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "*.in.na"))
	if len(ins) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, in := range ins {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(in, ".in.na") + ".golden.na")
		if err != nil {
			t.Fatal(err)
		}
		got, err := format.Source(in, string(src))
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s: got:\n%s\nwant:\n%s", in, got, want)
		}
	}
}

// FuzzFormat: any input that parses formats without changing the program
// (Source checks the syntax trees) and formatting is idempotent.
func FuzzFormat(f *testing.F) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "*.na"))
	for _, in := range ins {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("x = [1,\n  2]  # c\n")
	f.Fuzz(func(t *testing.T, src string) {
		out, err := format.Source("f.na", src)
		if err != nil {
			if errors.Is(err, format.ErrChanged) {
				t.Fatalf("format changed the program:\n%q\n%v", src, err)
			}
			return
		}
		again, err := format.Source("f.na", out)
		if err != nil || again != out {
			t.Fatalf("not idempotent:\n%q\n%q\n%q (%v)", src, out, again, err)
		}
	})
}
