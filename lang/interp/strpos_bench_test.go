package interp_test

import "testing"

// strPaths are the str hot paths over a 100,000-character string, ASCII
// (s) and not (u: one é in ten characters): each runs 10,000 operations,
// so ns/op divided by 10,000 is the cost of one plus the loop. Before
// strpos.go each of them scanned the whole string (O(len(s)) per
// operation).
var strPaths = []struct{ name, body string }{
	{"IndexASCII", "s[i * 7]"},
	{"IndexNonASCII", "u[i * 7]"},
	{"IndexNonASCIISeq", "u[i]"},
	{"LenASCII", "len(s)"},
	{"LenNonASCII", "len(u)"},
	{"SliceASCII", "s[i * 7:i * 7 + 5]"},
	{"SliceNonASCII", "u[i * 7:i * 7 + 5]"},
	{"StartswithStartASCII", "s.startswith('ab', i * 7)"},
	{"StartswithStartNonASCII", "u.startswith('ab', i * 7)"},
	{"FindStartNonASCII", "u.find('é', i * 7)"},
	{"OrdIndex", "ord(u[i])"},
	{"IterShort", "for c in t:\n            pass"},
}

// BenchmarkStr measures str indexing, len, slicing and the methods taking
// a start index (run with -bench Str).
func BenchmarkStr(b *testing.B) {
	for _, sp := range strPaths {
		b.Run(sp.name, func(b *testing.B) {
			in := newInterp(b)
			src := "s = 'abcdefghij' * 10000\nu = 'abcdéfghij' * 10000\nt = 'a short line of text, é'\n" +
				"def run():\n    for i in range(10000):\n        " + sp.body + "\n"
			if err := in.Exec(sp.name+".na", src); err != nil {
				b.Fatal(err)
			}
			run, _ := in.Get("local", "run")
			b.ReportAllocs()
			for b.Loop() {
				if _, err := in.Call(run, nil, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
