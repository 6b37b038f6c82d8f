package parser

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/lexer"
)

// fastStmts are statements for the hand-written parser of simple
// statements, with whether it takes them (else the grammar does).
var fastStmts = []struct {
	src  string
	fast bool
}{
	{"x = 1", true},
	{"x = y = -2.5e3", true},
	{"x += 1", true},
	{"x.y[0] //= a ** -b", true},
	{"a, b = b, a", true},
	{"a, = f()", true},
	{"(a, b), [c, d] = t", true},
	{"pass", true},
	{"break", true},
	{"continue", true},
	{"return", true},
	{"return 1, 2,", true},
	{"print('a', \"b\" 'c', x.y.z(1)[2], sep='', end=None)", true},
	{"f()", true},
	{"f(a,)", true},
	{"x = not a and b or c in d and e not in f", true},
	{"x = a is not b is c", true},
	{"x = a < b <= c == d != e >= f > g", true},
	{"x = a | b ^ c & d << e >> f + g - h * i / j // k % l ** m", true},
	{"x = ~-+a", true},
	{"x = (1)", true},
	{"x = ()", true},
	{"x = (1,)", true},
	{"x = (1, 2, [3, 4,], [])", true},
	{"x = True, False, None, ..., $$", true},
	{"x = private:y + system:z", true},
	{"d[1, 2] = 3", true},
	{"d[i][j] = d[j][i]", true},
	{"(x := 5)", true},
	{"x = 1 if c else 2", false},
	{"x = [i for i in y]", false},
	{"f(*a)", false},
	{"f(**k)", false},
	{"f(x for x in y)", false},
	{"x = {1: 2}", false},
	{"x = {1}", false},
	{"x = lambda :: 1", false},
	{"x = f'{a}'", false},
	{"x = 'a' f'{a}'", false},
	{"x = a[1:2]", false},
	{"x = a[::2]", false},
	{"x: int = 1", false},
	{"x = 1; y = 2", false},
	{"x = 1;", false},
	{"del x", false},
	{"global x", false},
	{"import m", false},
	{"raise E", false},
	{"assert x", false},
	{"yield x", false},
	{"x = yield", false},
	{"*a, b = c", false},
	{"x = (yield)", false},
	// Errors: the grammar reports them.
	{"x = ", false},
	{"x = (1", false},
	{"x = 1 2", false},
	{"f(a b)", false},
	{"x.1 = 2", false},
	{"x = a not b", false},
	{"x = = 1", false},
	{"= 1", false},
	{"x = [1,, 2]", false},
	// Accepted by the grammar, refused by the conversion: the same errors.
	{"1 = x", true},
	{"f() = 1", true},
	{"x = y += 1", true},
	{"f(a=1, 2)", true},
	{"x = a := 1", true},
	{"x = $$", true},
}

// TestFastSimpleSameAsGrammar checks that fastSimple builds exactly the
// grammar structs participle builds, on the statements it takes, and that
// it takes those it should.
func TestFastSimpleSameAsGrammar(t *testing.T) {
	for _, tt := range fastStmts {
		t.Run(tt.src, func(t *testing.T) {
			took := checkFastSimple(t, tt.src)
			if took != tt.fast {
				t.Errorf("fast path taken: %v, want %v", took, tt.fast)
			}
			fast, ferr := parseFile("t.na", tt.src, true, nil)
			slow, serr := parseFile("t.na", tt.src, false, nil)
			if fmt.Sprint(ferr) != fmt.Sprint(serr) {
				t.Fatalf("errors differ\nfast: %v\nslow: %v", ferr, serr)
			}
			if !reflect.DeepEqual(fast.Stmts, slow.Stmts) {
				t.Fatalf("trees differ\nfast: %s\nslow: %s", ast.DumpStmts(fast.Stmts), ast.DumpStmts(slow.Stmts))
			}
		})
	}
}

// checkFastSimple parses the one-statement src with fastSimple and with the
// grammar and fails when fastSimple took it but the trees differ (or the
// grammar refused it). It reports whether fastSimple took it.
func checkFastSimple(t *testing.T, src string) bool {
	toks, _, err := lexer.Scan("t.na", src)
	if err != nil {
		return false
	}
	chunks := splitStatements(toks)
	if len(chunks) != 1 {
		return false
	}
	stmt := toks[chunks[0].start:chunks[0].end]
	g := fastSimple(stmt)
	if g == nil {
		return false
	}
	if err := build(); err != nil {
		t.Fatal(err)
	}
	want, err := parseTokens(stmt, toks[chunks[0].end].Pos)
	if err != nil {
		t.Fatalf("%q: fast path took a statement the grammar refuses: %v", src, err)
	}
	if !reflect.DeepEqual(g, want) {
		t.Fatalf("%q: grammar structs differ\nfast: %s\ngrammar: %s", src, dumpG(g), dumpG(want))
	}
	return true
}

func dumpG(g *gTop) string { return fmt.Sprintf("%+v", *g.Stmt.Simple.Stmts[0]) }

// FuzzFastSimple checks the same property on fuzzed statements.
func FuzzFastSimple(f *testing.F) {
	for _, tt := range fastStmts {
		f.Add(tt.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 300 {
			return
		}
		checkFastSimple(t, src)
	})
}

// body repeats the lines of a block body (indented by ind) until the block
// has more than splitMin tokens.
func body(ind string, lines ...string) string {
	var b strings.Builder
	for i := 0; i < splitMin/2; i++ {
		b.WriteString(ind + lines[i%len(lines)] + "\n")
	}
	return b.String()
}

// TestSplitSameAsGrammar checks that long compound statements parsed block
// by block give the same tree, positions and errors as parsed whole.
func TestSplitSameAsGrammar(t *testing.T) {
	lines := []string{"x = 1", "y = [i for i in x]", "# comment", "if x:\n        y = 2\n    else:\n        pass", "'doc'", "f(x)(y)"}
	tests := []struct {
		name, src string
		split     bool
	}{
		{"def", "def f(a, b=1) -> int:\n    '''doc'''\n" + body("    ", lines...), true},
		{"decorated def", "@dec\n@dec2(1)\ndef f():\n" + body("    ", lines...), true},
		{"nested def", "def f():\n    def g():\n" + body("        ", "x = 1", "return x") + "    return g\n", true},
		{"if elif else", "if a:\n" + body("    ", lines...) + "elif b:\n    pass\nelse:\n" + body("    ", "z = 3"), true},
		{"while else", "while a:\n" + body("    ", "a -= 1", "continue") + "else:\n    pass\n", true},
		{"for", "for i, j in x:\n" + body("    ", "print(i)", "break"), true},
		{"try", "try:\n" + body("    ", lines...) + "except E as e:\n" + body("    ", "raise") + "except:\n    pass\nelse:\n    pass\nfinally:\n" + body("    ", "x = 0"), true},
		{"one-line body after", "def f():\n" + body("    ", "x = 1") + "def g(): pass\n", true},
		{"struct", "struct S:\n" + body("    ", "x: int = 1"), false},
		{"error in body", "def f():\n" + body("    ", "x = 1") + "    x = (\n", false},
		{"error in header", "def f(:\n" + body("    ", "x = 1"), false},
		{"conversion error in body", "def f():\n" + body("    ", "x = 1") + "    1 = x\n", false},
		{"return outside", "if x:\n" + body("    ", "return 1"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fast, ferr := parseFile("t.na", tt.src, true, nil)
			slow, serr := parseFile("t.na", tt.src, false, nil)
			if fmt.Sprint(ferr) != fmt.Sprint(serr) {
				t.Fatalf("errors differ\nfast: %.500v\nslow: %.500v", ferr, serr)
			}
			if !reflect.DeepEqual(fast.Stmts, slow.Stmts) {
				t.Fatalf("trees differ\nfast: %.800s\nslow: %.800s", ast.DumpStmts(fast.Stmts), ast.DumpStmts(slow.Stmts))
			}
			toks, _, _ := lexer.Scan("t.na", tt.src)
			if err := build(); err != nil {
				t.Fatal(err)
			}
			p := &stmtParser{filename: "t.na", src: tt.src, fast: true}
			ch := splitStatements(toks)[0]
			_, took := p.split(toks[ch.start:ch.end], toks[ch.end].Pos)
			if took != tt.split {
				t.Errorf("parsed block by block: %v, want %v", took, tt.split)
			}
		})
	}
}
