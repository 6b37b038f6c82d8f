package parser_test

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/parser"
)

// items joins n elements made by f with ", ".
func items(n int, f func(i int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f(i))
	}
	return b.String()
}

func ints(i int) string  { return strconv.Itoa(i) }
func names(i int) string { return "a" + strconv.Itoa(i) }

// TestLongRunsRefused checks statements where the grammar takes no list
// item: a run there is parsed as written.
func TestLongRunsRefused(t *testing.T) {
	const n = 40
	ns := items(n, names)
	tests := []struct{ src, want string }{
		{"def f(" + ns + "):\n    pass", "a39"},
		{"def f(" + ns + ",) -> int:\n    pass", "a39"},
		{"g = lambda " + ns + " :: 0", "a39"},
		{"global " + ns, "a39"},
		{"from m import " + ns, "a39"},
		{"from m import (" + ns + ",)", "a39"},
		{"for " + ns + " in t:\n    pass", "a39"},
		{"import " + strings.ReplaceAll(ns, ", ", ", m."), "m.a39"},
		{"interface I:\n    m(" + ns + ") -> int", "a39"},
		{"x: dict[" + items(n, func(int) string { return "int" }) + "] = 1", "dict["},
	}
	for _, tt := range tests {
		f, err := parser.ParseFile("t.na", tt.src)
		if err != nil {
			t.Errorf("ParseFile(%.80q...): %v", tt.src, err)
			continue
		}
		if d := ast.DumpStmts(f.Stmts); !strings.Contains(d, tt.want) {
			t.Errorf("ParseFile(%.80q...) = %.300s, want it to hold %q", tt.src, d, tt.want)
		}
	}
}

// TestBigLiteral parses a million-element list and dict literal (the
// issue's 11 s and 2 GB): the elements must be right and each must cost a
// handful of allocations (the grammar alone took 62 and 5.7 KB each).
func TestBigLiteral(t *testing.T) {
	if testing.Short() {
		t.Skip("parses two million-element literals")
	}
	const n = 1_000_000
	tests := []struct {
		name, src string
		count     func(ast.Expr) int
		last      func(ast.Expr) ast.Expr
	}{
		{"list", "x = [" + items(n, ints) + "]\n",
			func(e ast.Expr) int { return len(e.(*ast.ListExpr).Elems) },
			func(e ast.Expr) ast.Expr { l := e.(*ast.ListExpr).Elems; return l[len(l)-1] }},
		{"dict", "x = {" + items(n, func(i int) string { return fmt.Sprintf("%d: -%d", i, i) }) + "}\n",
			func(e ast.Expr) int { return len(e.(*ast.DictExpr).Keys) },
			func(e ast.Expr) ast.Expr { v := e.(*ast.DictExpr).Values; return v[len(v)-1] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			f, err := parser.ParseFile("big.na", tt.src)
			runtime.ReadMemStats(&m1)
			if err != nil {
				t.Fatal(err)
			}
			x := f.Stmts[0].(*ast.AssignStmt).Value
			if got := tt.count(x); got != n {
				t.Fatalf("%d elements, want %d", got, n)
			}
			last := tt.last(x)
			wantCol := len(tt.src) - len(strconv.Itoa(n-1)) - 1 // before "]\n" or "}\n"
			if tt.name == "dict" {
				wantCol-- // the '-'
			}
			if p := last.Position(); p.Line != 1 || p.Col != wantCol {
				t.Errorf("last element at %d:%d, want 1:%d", p.Line, p.Col, wantCol)
			}
			if d := ast.Dump(last); !strings.Contains(d, strconv.Itoa(n-1)) {
				t.Errorf("last element %s, want %d", d, n-1)
			}
			mallocs := float64(m1.Mallocs-m0.Mallocs) / n
			bytes := float64(m1.TotalAlloc-m0.TotalAlloc) / n
			t.Logf("%.1f allocations, %.0f bytes per element", mallocs, bytes)
			if mallocs > 10 || bytes > 1000 {
				t.Errorf("%.1f allocations and %.0f bytes per element, want at most 10 and 1000", mallocs, bytes)
			}
		})
	}
}

// BenchmarkParseBigLiteral parses a million-element list literal.
func BenchmarkParseBigLiteral(b *testing.B) {
	src := "x = [" + items(1_000_000, ints) + "]\n"
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.ParseFile("big.na", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNestingBound checks the bound on operators that nest without
// brackets: siblings (list elements, lines of a body) do not add up, a chain
// does.
func TestNestingBound(t *testing.T) {
	rep := strings.Repeat
	tests := []struct {
		name, src string
		ok        bool
	}{
		{"negative elements", "x = [" + items(1000, func(i int) string { return "-" + strconv.Itoa(i) }) + "]", true},
		{"negative dict values", "x = {" + items(1000, func(i int) string { return fmt.Sprintf("%d: -%d", i, i) }) + "}", true},
		{"many lines in a body", "def f():\n" + rep("    x = -1\n    y = not x\n", 400), true},
		{"many statements on a line", rep("x = -1; ", 400), true},
		{"negations in arguments", "f(" + items(400, func(int) string { return "not -a ** -b" }) + ")", true},
		{"300 minus signs", "x = " + rep("-", 299) + "1", true},
		{"301 minus signs", "x = " + rep("-", 301) + "1", false},
		{"not chain", "x = " + rep("not ", 301) + "a", false},
		{"power chain", "x = 2" + rep(" ** -2", 160), false},
		{"conditional chain", "x = 1" + rep(" if a else 2", 301), false},
		{"lambda chain", "f = " + rep("lambda a, b :: ", 301) + "0", false},
		{"through brackets", "x = " + rep("-(", 160) + "1" + rep(")", 160) + " + " + rep("-", 150) + "1", true},
		{"minus then brackets", "x = " + rep("-", 150) + "(" + rep("-", 151) + "1)", false},
	}
	for _, tt := range tests {
		_, err := parser.ParseFile("t.na", tt.src)
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: %.300v", tt.name, err)
		case !tt.ok && (err == nil || !strings.Contains(err.Error(), "statement too deeply nested")):
			t.Errorf("%s: got %.300v, want 'statement too deeply nested'", tt.name, err)
		}
	}
}

// TestTooLong checks statements of more than 200,000 tokens that cannot be
// parsed with their literal runs collapsed: they are refused at once (the
// grammar would take minutes and gigabytes), with their own syntax error
// when they have one.
func TestTooLong(t *testing.T) {
	const n = 300_000
	big := items(n, ints)
	tests := []struct{ src, want string }{
		{"x = [" + big + " 1]", fmt.Sprintf("t.na:1:%d: SyntaxError: invalid syntax. Perhaps you forgot a comma?", len("x = ["+big+" ")+1)},
		{"x = [" + big + ",, 1]", fmt.Sprintf("t.na:1:%d: SyntaxError: invalid syntax: unexpected ','", len("x = ["+big+",")+1)},
		{"def f(" + items(n/2, names) + "):\n    pass", "t.na:1:1: SyntaxError: statement too long: 300009 tokens (the limit is 200000, not counting lists of literals)"},
		{"x = [" + items(n/4, func(int) string { return "a + 1" }) + "]", "t.na:1:1: SyntaxError: statement too long: 300004 tokens (the limit is 200000, not counting lists of literals)"},
		{"f(" + items(n/4, func(int) string { return "a + 1" }) + " 2)", "t.na:1:1: SyntaxError: statement too long"},
	}
	for _, tt := range tests {
		_, err := parser.ParseFile("t.na", tt.src)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ParseFile(%.40q...) = %.300v, want %s", tt.src, err, tt.want)
		}
	}
	// Below the limit, a statement with a run in a place that takes no list
	// item is parsed as written.
	f, err := parser.ParseFile("t.na", "def f("+items(1000, names)+"):\n    pass")
	if err != nil || len(f.Stmts[0].(*ast.FuncDef).Params) != 1000 {
		t.Errorf("1000 parameters: %v", err)
	}
}

// TestParseFileCheck checks that the check of ParseFileCheck is called as
// the file is scanned and parsed (also inside a long function body), and
// that its error stops the parse at once.
func TestParseFileCheck(t *testing.T) {
	stop := fmt.Errorf("stop")
	tests := []struct{ name, src string }{
		{"statements", strings.Repeat("x = 1\n", 100_000) + "x = (1 if y else 2)\n"},
		{"function body", "def f():\n" + strings.Repeat("    x = 1\n", 100_000) + strings.Repeat("    x = (1 if y else 2)\n", 100)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Without a failure: called about every CheckTokens tokens,
			// and the same result as ParseFile's.
			total := 0
			f, err := parser.ParseFileCheck("t.na", tt.src, func() error { total++; return nil })
			want, werr := parser.ParseFile("t.na", tt.src)
			if err != nil || werr != nil {
				t.Fatal(err, werr)
			}
			if ast.DumpStmts(f.Stmts) != ast.DumpStmts(want.Stmts) {
				t.Errorf("ParseFileCheck and ParseFile differ")
			}
			// Scanned once, parsed once: two calls per CheckTokens tokens.
			if toks := 300_000; total < 2*toks/parser.CheckTokens {
				t.Errorf("check called %d times for over %d tokens", total, toks)
			}
			// Failing in the lexer (the first call) and in the parse (the
			// last calls are inside the statements, or the function body).
			for _, after := range []int{1, total - 2} {
				calls := 0
				f, err := parser.ParseFileCheck("t.na", tt.src+"x = (\n", func() error {
					calls++
					if calls >= after {
						return stop
					}
					return nil
				})
				if err != stop {
					t.Fatalf("failing at call %d: err = %v, want the check's error as is", after, err)
				}
				if calls != after {
					t.Errorf("check called %d times after it failed at call %d", calls, after)
				}
				if len(f.Stmts) != 0 {
					t.Errorf("%d statements returned with the check's error", len(f.Stmts))
				}
			}
		})
	}
}
