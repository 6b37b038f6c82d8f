package parser

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/lexer"
)

// join joins n elements made by f with ", ".
func join(n int, f func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = f(i)
	}
	return strings.Join(parts, ", ")
}

// literal cycles through every kind of element a literal run may hold.
func literal(i int) string {
	kinds := []string{
		strconv.Itoa(i), "-" + strconv.Itoa(i), fmt.Sprintf("%d.5", i), fmt.Sprintf("-%de3", i),
		fmt.Sprintf("'s%d'", i), fmt.Sprintf(`"q\t%d"`, i), fmt.Sprintf("r'\\d%d'", i), fmt.Sprintf("'''t%d'''", i),
		"True", "False", "None", "true", "null", fmt.Sprintf("n%d", i), fmt.Sprintf("private:p%d", i),
		"0x1f", "1_000", "...", "0o17", strconv.Itoa(i) + "0000000000000000000000",
		"[]", "()", "{}", "[1]", "(1)", "(1,)", "(1, 'a')", "{1}", "{1, 2,}", "{'a': 1}", "{'a': [1, {'b': (2, -3)}],}",
		"[[1, 2], [3, [4, []]], ()]", "((1))", "({1: 2},)",
	}
	return kinds[i%len(kinds)]
}

func pair(i int) string { return fmt.Sprintf("'k%d': %s", i, literal(i)) }

// TestRunsSameAsGrammar checks that the fast path for long literal runs gives
// the very tree (nodes and positions) and the very errors the grammar gives
// without it, and that it is taken where it should be.
func TestRunsSameAsGrammar(t *testing.T) {
	const n = 40
	lits, ps := join(n, literal), join(n, pair)
	ns := join(n, func(i int) string { return "a" + strconv.Itoa(i) })
	is := join(n, strconv.Itoa)
	tests := []struct {
		name, src string
		fast      bool // the fast path applies
	}{
		{"list", "x = [LITS]", true},
		{"list trailing comma", "x = [LITS,]", true},
		{"tuple", "x = (LITS)", true},
		{"tuple trailing comma", "x = (LITS,)", true},
		{"bare tuple", "x = LITS", true},
		{"set", "x = {INTS}", true},
		{"dict", "x = {PAIRS}", true},
		{"dict trailing comma", "x = {PAIRS,}", true},
		{"dict with unpacking", "x = {PAIRS, **d, 'z': z + 1, PAIRS}", true},
		{"list of rows", "x = [" + join(n, func(i int) string { return fmt.Sprintf("[%d, 'r%d', -%d.0]", i, i, i) }) + "]", true},
		{"JSON-like", "x = {" + join(n, func(i int) string { return fmt.Sprintf("'k%d': {'a': [%d, {'b': None}], 'c': (%d,)}", i, i, i) }) + "}", true},
		{"call", "f(LITS)", true},
		{"call then keywords", "f(LITS, k=1, *r, **kw)", true},
		{"call after star", "f(*r, LITS)", true},
		{"method calls", "o.m(LITS)(INTS)", true},
		{"mixed with expressions", "x = [a + 1, LITS, b * 2, -c, LITS, f(INTS)]", true},
		{"nested", "x = [[LITS], (LITS), {INTS}, [LITS,]]", true},
		{"return", "def g():\n    return LITS", true},
		{"for iterable", "for v in LITS:\n    pass", true},
		{"f-string field", "s = f\"{INTS}\"", true},
		{"del", "del NAMES", true},
		{"assignment targets", "NAMES = t", true},
		{"list targets", "[NAMES] = t", true},
		{"type value", "x: tuple = LITS", true},
		{"condition", "if x in [LITS]:\n    pass", true},
		{"lambda body", "f = lambda :: [LITS]", true},
		{"comprehension source", "x = [v for v in [LITS] if v in (INTS)]", true},
		{"dict values", "x = {'a': [LITS], 'b': (LITS)}", true},
		{"elements after a comprehension element", "x = [[v for v in w], LITS]", true},
		// The grammar refuses the run: parsed as written.
		{"subscript", "d[INTS]", true},
		{"subscript with slices", "d[1:2, INTS, ::3]", true},
		{"subscript then call", "d[LITS,](INTS)", true},
		{"parameters", "def f(NAMES):\n    pass", false},
		{"lambda parameters", "g = lambda NAMES :: 0", false},
		{"global", "global NAMES", false},
		{"import names", "from m import (NAMES,)", false},
		{"for targets", "for NAMES in t:\n    pass", false},
		{"interface method", "interface I:\n    m(NAMES) -> int", false},
		// Errors: the same as without the fast path.
		{"missing comma", "x = [INTS 99]", false},
		{"double comma", "x = [INTS,, 1]", false},
		{"never closed", "x = [INTS", false},
		{"comprehension after a run", "x = [INTS, 1 for v in w]", false},
		{"pair after elements", "x = {INTS, 'a': 1}", true},
		{"element after pairs", "x = {PAIRS, 3}", true},
		{"positional after keyword", "f(k=1, INTS)", true},
		{"positional after unpacking", "f(**k, INTS)", true},
		{"literal too long", "x = [INTS, " + strings.Repeat("9", 4301) + "]", true},
		{"assign to literals", "x = [INTS] = 1", true},
		{"slices", "d[INTS, 1:2]", true},
		{"starred in a run's list", "print(*[INTS], *(LITS))", true},
		{"mixed braces", "x = [{1: 2, 3}, INTS]", true},
		{"placeholder", "x = [$$, INTS]", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.NewReplacer("LITS", lits, "PAIRS", ps, "NAMES", ns, "INTS", is).Replace(tt.src)
			fast, ferr := parseFile("t.na", src, true, nil)
			slow, serr := parseFile("t.na", src, false, nil)
			if fmt.Sprint(ferr) != fmt.Sprint(serr) {
				t.Fatalf("errors differ\nfast: %.500v\nslow: %.500v", ferr, serr)
			}
			if got, want := ast.DumpStmts(fast.Stmts), ast.DumpStmts(slow.Stmts); got != want {
				t.Fatalf("trees differ\nfast: %.800s\nslow: %.800s", got, want)
			}
			if got, want := positions(fast), positions(slow); got != want {
				t.Fatalf("positions differ\nfast: %.800s\nslow: %.800s", got, want)
			}
			toks, _, _ := lexer.Scan("t.na", src)
			short, runs := collapseRuns(toks[:len(toks)-1])
			_, err := parseTokens(short, toks[len(toks)-1].Pos)
			took := runs != nil && err == nil
			if took != tt.fast {
				t.Errorf("fast path taken: %v, want %v", took, tt.fast)
			}
		})
	}
}

// positions lists every node of f with its type and position.
func positions(f *ast.File) string {
	var b strings.Builder
	ast.InspectFile(f, func(n ast.Node) bool {
		p := n.Position()
		fmt.Fprintf(&b, "%T@%d:%d:%d ", n, p.Line, p.Col, p.Offset)
		if call, ok := n.(*ast.CallExpr); ok {
			for _, a := range call.Args {
				fmt.Fprintf(&b, "arg@%d:%d:%d ", a.P.Line, a.P.Col, a.P.Offset)
			}
		}
		return true
	})
	return b.String()
}

// FuzzRunsSameAsGrammar builds statements with long runs out of a fuzzed
// element and a fuzzed statement around them (ITEMS marks the run) and
// checks that the fast path changes nothing: same errors, same tree, same
// positions.
func FuzzRunsSameAsGrammar(f *testing.F) {
	for i := range 40 {
		f.Add(literal(i), "x = [ITEMS]", uint8(i))
	}
	for _, s := range []string{"f(ITEMS)", "x = ITEMS", "d[ITEMS]", "x = {ITEMS}", "def f(ITEMS): pass", "x = (ITEMS,)", "x = [ITEMS 1]", "{ITEMS: 1}"} {
		f.Add("1", s, uint8(0))
		f.Add("'k': [1, (2,)]", s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, elem, stmt string, n uint8) {
		if len(elem) > 200 || len(stmt) > 400 {
			return
		}
		parts := make([]string, minRun+int(n%24))
		for i := range parts {
			parts[i] = elem
		}
		src := strings.ReplaceAll(stmt, "ITEMS", strings.Join(parts, ", "))
		fast, ferr := parseFile("t.na", src, true, nil)
		slow, serr := parseFile("t.na", src, false, nil)
		if fmt.Sprint(ferr) != fmt.Sprint(serr) {
			t.Fatalf("%q: errors differ\nfast: %.500v\nslow: %.500v", src, ferr, serr)
		}
		if got, want := ast.DumpStmts(fast.Stmts), ast.DumpStmts(slow.Stmts); got != want {
			t.Fatalf("%q: trees differ\nfast: %.800s\nslow: %.800s", src, got, want)
		}
		if got, want := positions(fast), positions(slow); got != want {
			t.Fatalf("%q: positions differ\nfast: %.800s\nslow: %.800s", src, got, want)
		}
	})
}
