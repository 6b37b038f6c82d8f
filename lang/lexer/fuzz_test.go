package lexer_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/minidana/dana/lang/lexer"
)

// samples seed the fuzzer and the invariant test.
var samples = []string{
	"",
	"x = 1\n",
	"if x:\n    y = 2\nelse:\n\tz = 3\n",
	"def f(a: int, b=2, *c, **d) -> list[int]:\n    return [a, b]\n",
	"private:count += 1; local:x = system:y\n",
	"x = [1,\n  2]  # c\n",
	"s = '''a\nb''' + r'\\d' + \"\\x41\\u00e9\"\n",
	"f\"{a!r:>{w}} {b=} {{c}} {d['k'][1]}\"\n",
	"f'''\n{a\n}'''\n",
	"x = 0x1f + 0o17 + 0b101 + 1_000 + .5e-3\n",
	"lambda x: int :: x * 2\n",
	"def p(x) = f | g(2) as y | h($$, y)\n",
	"x = \\\n  1\n",
	"if a:\n    b\n  c\n",
	"x = (1, [2,\n",
	"x = 'abc\n",
	"f\"{x\"\n",
	"é = §\n",
	"1__0 0x 0b12 012 1e\n",
	"\xff\xfe\x00",
	"f'{f\"{x}\"}'",
}

// seeds returns the inline samples plus the files of testdata/ and, when
// present, the shared conformance scripts.
func seeds(t testing.TB) []string {
	out := append([]string(nil), samples...)
	for _, pattern := range []string{"testdata/*.na", "../../../shared/conformance/*.na", "../../../shared/bench/*.na"} {
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

func FuzzLexer(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks, comments, _ := lexer.Scan("fuzz.na", src)
		checkInvariants(t, src, toks, comments)
	})
}

func BenchmarkLex(b *testing.B) {
	src, err := os.ReadFile("testdata/sample.na")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := lexer.Scan("sample.na", string(src)); err != nil {
			b.Fatal(err)
		}
	}
}
