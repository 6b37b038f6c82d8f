package parser_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/parser"
)

var samples = []string{
	"",
	"x = 1\n",
	"if a:\n  b\nelif c:\n  d\nelse:\n  e\n",
	"def f(a: int, b=2, *c, **d) -> list[int]:\n    '''doc'''\n    return [a, b]\n",
	"@dec(1)\ndef (p: Point | None) m(self) -> float: pass\n",
	"def p(x) = f | g(2) as y | h($$, y) | [a, b]\n",
	"struct P:\n  'doc'\n  x: int = 1  # c\n  def m(self): pass\ninterface I:\n  J\n  m(a: int) -> str\n",
	"try:\n  x\nexcept (A, B) as e:\n  raise\nelse:\n  y\nfinally:\n  z\n",
	"x = [a for a in b if c for d in e]; y = {k: v for k, v in d}; z = {(k: v) for k in x}\n",
	"f(*a, **k, x=lambda y: int = 2 :: y)\n",
	"x = f\"{a!r:>{w}} {b=} {{c}}\" 'd'\n",
	"a, *b = c = d[1:2:3], e[::2]\n",
	"x = -2 ** -y if not a in b else c is not d\n",
	"from a.b import (c, d as e,)\nimport f.g as h\n",
	"x = (1,\n",
	"if x:\npass\n",
	"def f(:\n",
	"x = = 1\ny = 2 +\n",
	"  x\n",
	"f() = 1\n",
}

func seeds(t testing.TB) []string {
	out := append([]string(nil), samples...)
	for _, pattern := range []string{"testdata/*.na", "../lexer/testdata/*.na", "../../../shared/conformance/*.na", "../../../shared/bench/*.na"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(b))
		}
	}
	return out
}

func FuzzParse(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := parser.ParseFile("fuzz.na", src)
		if file == nil {
			t.Fatalf("nil file (err %v)", err)
		}
		if err != nil {
			var l diag.List
			if !errors.As(err, &l) || len(l) == 0 {
				t.Fatalf("error is not a non-empty diag.List: %v", err)
			}
			for _, e := range l {
				if !e.Pos.IsValid() || e.Msg == "" || (e.Type != "SyntaxError" && e.Type != "IndentationError") {
					t.Fatalf("bad diagnostic %+v", *e)
				}
			}
		}
		ast.InspectFile(file, func(n ast.Node) bool {
			if !n.Position().IsValid() {
				t.Fatalf("%T without position", n)
			}
			return true
		})
		_ = ast.DumpStmts(file.Stmts)
		if x, err := parser.ParseExpr("fuzz.na", src); err == nil && x == nil {
			t.Fatal("ParseExpr: nil expression without error")
		}
	})
}

func BenchmarkParse(b *testing.B) {
	src, err := os.ReadFile("../lexer/testdata/sample.na")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.ParseFile("sample.na", string(src)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSmall(b *testing.B) {
	src := "total = 0\ni = 0\nwhile i < 3000000:\n    total += i * i % 7\n    i += 1\nprint(total)\n"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.ParseFile("loop.na", src); err != nil {
			b.Fatal(err)
		}
	}
}
