package parser_test

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/parser"
)

func parseOK(t *testing.T, src string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile("t.na", src)
	if err != nil {
		t.Fatalf("ParseFile(%q): %v", src, err)
	}
	return f
}

func TestShapes(t *testing.T) {
	tests := []struct{ src, want string }{
		// Assignments (§4.1).
		{"a = b = 1", "(= a b 1)"},
		{"a, b = b, a", "(= (tuple a b) (tuple b a))"},
		{"x: float = 1", "(= x:float 1)"},
		{"x: int", "(= x:int _)"},
		{"x: dict[str, float] = {}", "(= x:dict[str, float] (dict))"},
		{"y: int | None = None", "(= y:int | None None)"},
		{"z: tuple[int, str] = (1, 'a')", `(= z:tuple[int, str] (tuple 1 "a"))`},
		{"p: geo.Point = q", "(= p:geo.Point q)"},
		{"private:count += 1", "(+= private:count 1)"},
		{"p.x = 1; d['k'] = 2; l[1:3] = [1]", "(= (. p x) 1)\n(= (index d \"k\") 2)\n(= (slice l 1 3 _) [1])"},
		{"a = 1; b = 2;", "(= a 1)\n(= b 2)"},
		{"x = *a, b", "(= x (tuple (* a) b))"},
		{"*a, b = c", "(= (tuple (* a) b) c)"},
		{"(a, b), [c, d] = e", "(= (tuple (tuple a b) [c d]) e)"},
		{"x = 1,", "(= x (tuple 1))"},
		{"x -= 1; x *= 2; x /= 3; x //= 4; x %= 5; x **= 6", "(-= x 1)\n(*= x 2)\n(/= x 3)\n(//= x 4)\n(%= x 5)\n(**= x 6)"},
		{"x |= 1; x &= 2; x ^= 3; x <<= 4; x >>= 5", "(|= x 1)\n(&= x 2)\n(^= x 3)\n(<<= x 4)\n(>>= x 5)"},
		{"local:z = public:y", "(= local:z public:y)"},
		// Control flow (§4.3-4.5).
		{"if a: pass\nelif b: pass\nelse: pass", "(if a ((pass)) ((elif b ((pass)) ((pass)))))"},
		{"if a:\n  x\nelif b:\n  y\nelif c:\n  z", "(if a (x) ((elif b (y) ((elif c (z))))))"},
		{"while x:\n  break\nelse:\n  continue", "(while x ((break)) ((continue)))"},
		{"for k, v in d.items():\n  pass\nelse:\n  pass", "(for (tuple k v) (call (. d items)) ((pass)) ((pass)))"},
		{"for x in 1, 2:\n  pass", "(for x (tuple 1 2) ((pass)))"},
		{"for (i, x) in e: pass", "(for (tuple i x) e ((pass)))"},
		{"try:\n  pass\nexcept E as e:\n  pass\nexcept (A, B) as e:\n  pass\nexcept:\n  raise\nelse:\n  pass\nfinally:\n  pass",
			"(try ((pass)) (except E as e ((pass))) (except A B as e ((pass))) (except ((raise))) (else ((pass))) (finally ((pass))))"},
		{"try:\n  x\nfinally:\n  y", "(try (x) (finally (y)))"},
		{"raise ValueError('x')", `(raise (call ValueError "x"))`},
		{"raise", "(raise)"},
		// Python statements and expressions (issue #12).
		{"raise ValueError('x') from e", `(raise (call ValueError "x") from e)`},
		{"del x, d[k], l[1:2], p.a", "(del x (index d k) (slice l 1 2 _) (. p a))"},
		{"del (a, b)", "(del a b)"},
		{"global a, b; nonlocal c", "(global a b)\n(nonlocal c)"},
		{"def g():\n  yield\n  yield 1, 2\n  x = yield y\n  yield from h()", "(def g () ((yield) (yield (tuple 1 2)) (= x (yield y)) (yield-from (call h))))"},
		{"if (n := len(a)) > 3: pass", "(if (cmp (:= n (call len a)) > 3) ((pass)))"},
		{"x = ...", "(= x ...)"},
		{"x = {**a, 'b': 1}", `(= x (dict **a "b":1))`},
		{"x = {*a, 1}", "(= x (set (* a) 1))"},
		{"struct = {}; struct.x = 1", "(= struct (dict))\n(= (. struct x) 1)"},
		{"return", "(return)"},
		{"return 1, 2", "(return (tuple 1 2))"},
		{"assert x, 'm'", `(assert x "m")`},
		{"assert x", "(assert x)"},
		// Imports (§4.6).
		{"import a.b.c as d", "(import a.b.c as d)"},
		{"import a, b", "(import a)\n(import b)"},
		{"from a.b import x, y as z", "(from a.b import x y as z)"},
		{"from m import *", "(from m import *)"},
		{"from m import (a,\n  b,)", "(from m import a b)"},
		// Functions (§6.1-6.2, 6.4, 6.6).
		{"def f(a: int, b=2, *args, **kw) -> list[int]:\n  'doc'\n  return a",
			`(def f (a:int b=2 *args **kw) -> list[int] doc="doc" ("doc" (return a)))`},
		{"def f(a, b,): pass", "(def f (a b) ((pass)))"},
		{"def f(x: int | None = None) -> dict[str, list[int]]: pass", "(def f (x:int | None=None) -> dict[str, list[int]] ((pass)))"},
		{"@dec\n@dec2(1)\n@a.b\ndef g(): pass", "(def @dec @(call dec2 1) @(. a b) g () ((pass)))"},
		{"def (p: Point) norm() -> float:\n  return 0", "(def (recv p:Point) norm () -> float ((return 0)))"},
		{"def (s: Circle | Square) kind() -> str: pass", "(def (recv s:Circle | Square) kind () -> str ((pass)))"},
		{"def p(x) = f | g(2) as y | h($$, y)", "(def p (x) = f | (call g 2) as y | (call h $$ y))"},
		{"def p(x) = add_ten as base | double as d | minus(d, base)", "(def p (x) = add_ten as base | double as d | (call minus d base))"},
		{"def p4(x) = [f, m.g]", "(def p4 (x) = [f (. m g)])"},
		{"def p5(x) = [f($$, 1), g] | h", "(def p5 (x) = [(call f $$ 1) g] | h)"},
		{"def p(x) = m.f | g(k=$$)", "(def p (x) = (. m f) | (call g k=$$))"},
		{"def outer():\n  def inner():\n    return 1\n  return inner", "(def outer () ((def inner () ((return 1))) (return inner)))"},
		// Lambdas (§5.6).
		{"x = lambda x, y=2 :: x + y", "(= x (lambda (x y=2) (+ x y)))"},
		{"x = lambda x: int :: x * 2", "(= x (lambda (x:int) (* x 2)))"},
		{"x = lambda :: 42", "(= x (lambda () 42))"},
		{"x = lambda *a, **k :: a", "(= x (lambda (*a **k) a))"},
		{"f(key=lambda s :: len(s))", "(call f key=(lambda (s) (call len s)))"},
		{"x = lambda a :: lambda b :: a + b", "(= x (lambda (a) (lambda (b) (+ a b))))"},
		// Expressions (§5).
		{"x = a if b else c", "(= x (ifexp b a c))"},
		{"x = a if b else c if d else e", "(= x (ifexp b a (ifexp d c e)))"},
		{"x = a or b and c or d", "(= x (or (or a (and b c)) d))"},
		{"x = not a and not b", "(= x (and (not a) (not b)))"},
		{"x = not a == b", "(= x (not (cmp a == b)))"},
		{"1 < x <= 3 != y", "(cmp 1 < x <= 3 != y)"},
		{"a not in b; a is not b; a is b; a in b", "(cmp a not in b)\n(cmp a is not b)\n(cmp a is b)\n(cmp a in b)"},
		{"x = 1 | 2 ^ 3 & 4 << 5 + 6 * 7", "(= x (| 1 (^ 2 (& 3 (<< 4 (+ 5 (* 6 7)))))))"},
		{"x = 1 - 2 - 3 * 4 // 5 % 6 / 7", "(= x (- (- 1 2) (/ (% (// (* 3 4) 5) 6) 7)))"},
		{"x = a < b | c", "(= x (cmp a < (| b c)))"},
		{"x = a >> 1 << 2", "(= x (<< (>> a 1) 2))"},
		{"-2 ** 2; 2 ** 3 ** 2; 2 ** -1; ~x; +y; - - z", "(- (** 2 2))\n(** 2 (** 3 2))\n(** 2 (- 1))\n(~ x)\n(+ y)\n(- (- z))"},
		{"2 + 3 * 4 ** 2", "(+ 2 (* 3 (** 4 2)))"},
		{"x = (a + b) * c", "(= x (* (+ a b) c))"},
		{"a.b.c(d)[e].f", "(. (index (call (. (. a b) c) d) e) f)"},
		{"f(1, k=2, *a, **d)", "(call f 1 k=2 *a **d)"},
		{"f()()", "(call (call f))"},
		{"print(*v, sep=' ')", `(call print *v sep=" ")`},
		{"s[1:2:3]; s[::2]; s[::-1]; s[:]; s[1:]; s[:2]; s[a, b]; s[1::2]; s[:-1:]",
			"(slice s 1 2 3)\n(slice s _ _ 2)\n(slice s _ _ (- 1))\n(slice s _ _ _)\n(slice s 1 _ _)\n(slice s _ 2 _)\n(index s (tuple a b))\n(slice s 1 _ 2)\n(slice s _ (- 1) _)"},
		{"d[1,]", "(index d (tuple 1))"},
		// Literals (§1.4).
		{"x = 0x1f + 0o17 + 0b101 + 1_000", "(= x (+ (+ (+ 31 15) 5) 1000))"},
		{"x = 3.14 + .5 + 1e-3 + 2.5E10 + 1_0.5", "(= x (+ (+ (+ (+ 3.14 0.5) 0.001) 2.5e+10) 10.5))"},
		{"x = 99999999999999999999999999", "(= x 99999999999999999999999999)"},
		{`x = "a" "b" 'c'`, `(= x "abc")`},
		{`x = "a\tb\n" + r"a\n" + '''one` + "\n" + `two'''`, `(= x (+ (+ "a\tb\n" "a\\n") "one\ntwo"))`},
		{"x = True; y = true; z = None; w = null; v = False; u = false", "(= x True)\n(= y True)\n(= z None)\n(= w None)\n(= v False)\n(= u False)"},
		{"x = [1, 2,]; y = (1,); z = (); w = {1: 2,}; v = {}; s = {1, 2,}", "(= x [1 2])\n(= y (tuple 1))\n(= z (tuple))\n(= w (dict 1:2))\n(= v (dict))\n(= s (set 1 2))"},
		{"x = [*a, 1]", "(= x [(* a) 1])"},
		{"x = (\n  1 +\n  2\n)", "(= x (+ 1 2))"},
		{"x = f(\n  1,\n  2,\n)", "(= x (call f 1 2))"},
		// F-strings.
		{`x = f"hi {name!r:>{w}} {x=} {{lit}}"`, `(= x (f "hi " {name !r :(f ">" {w})} " " {x ="x="} " {lit}"))`},
		{`x = f"{x = :.2f}"`, `(= x (f {x ="x = " :(f ".2f")}))`},
		{`x = f"{x=!s}"`, `(= x (f {x ="x=" !s}))`},
		{`x = "a" f"b{c}" "d"`, `(= x (f "ab" {c} "d"))`},
		{`print(f"{d['k'][1]}")`, `(call print (f {(index (index d "k") 1)}))`},
		{`x = rf"\d{x}"`, `(= x (f "\\d" {x}))`},
		{`x = f"{a, b}"`, `(= x (f {(tuple a b)}))`},
		{`x = f"{x:}"`, `(= x (f {x :(f)}))`},
		{`x = f"{'yes' if n > 2 else 'no'}"`, `(= x (f {(ifexp (cmp n > 2) "yes" "no")}))`},
		{`x = F'{"nested"}'`, `(= x (f {"nested"}))`},
		{`x = f"a\n{b}\t"`, `(= x (f "a\n" {b} "\t"))`},
		// Comprehensions (§5.5).
		{"x = [e for x in it if c]", "(= x (listcomp e (for x it) (if c)))"},
		{"x = {e for x in y}", "(= x (setcomp e (for x y)))"},
		{"x = {k: v for k, v in d.items()}", "(= x (dictcomp k v (for (tuple k v) (call (. d items)))))"},
		{"x = {(k: v) for k, v in y}", "(= x (dictcomp k v (for (tuple k v) y)))"},
		{"x = {(k, v) for k, v in y}", "(= x (setcomp (tuple k v) (for (tuple k v) y)))"},
		{"sum(x*x for x in xs)", "(call sum (gen (* x x) (for x xs)))"},
		{"x = (a for a in b)", "(= x (gen a (for a b)))"},
		{"x = [x for row in grid for x in row if x % 2 == 0 if x]", "(= x (listcomp x (for row grid) (for x row) (if (cmp (% x 2) == 0)) (if x)))"},
		{"x = [a if c else b for a in l]", "(= x (listcomp (ifexp c a b) (for a l)))"},
		{"x = [[r for c in y] for r in z]", "(= x (listcomp (listcomp r (for c y)) (for r z)))"},
		// Structs and interfaces (§6.3, 6.5).
		{"struct Point:\n  '''A point.'''\n  x: float\n  y: float = 0.0\n  def norm(self) -> float:\n    return 0",
			`(struct Point doc="A point." (field x:float) (field y:float = 0) (def norm (self) -> float ((return 0))))`},
		{"struct Empty:\n  pass", "(struct Empty)"},
		{"struct O:\n  items: list[Item]\n  c: dict[str, str] | None = None", "(struct O (field items:list[Item]) (field c:dict[str, str] | None = None))"},
		{"interface Shape:\n  'Shapes.'\n  Named\n  geo.Sized\n  area() -> float\n  scale(k: float, *a)\n  def name() -> str",
			`(interface Shape doc="Shapes." Named geo.Sized (sig area () -> float) (sig scale (k:float *a)) (sig name () -> str))`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			f := parseOK(t, tt.src)
			if got := ast.DumpStmts(f.Stmts); got != tt.want {
				t.Errorf("ParseFile(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
		})
	}
}

// at renders a position as line:col.
func at(p ast.Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

func TestPositions(t *testing.T) {
	src := "x = foo(a, b=2)[1:2].y\n" + // line 1
		"if x:\n" + // 2
		"    z = f\"v={v + 1}\"\n" + // 3
		"@dec\n" + // 4
		"def (r: T) m(p: int = 1) -> T:\n" + // 5
		"    return -p ** 2 < 3\n" + // 6
		"for k, v in d: pass\n" + // 7
		"s = 'ü' + w\n" // 8
	f := parseOK(t, src)
	a := f.Stmts[0].(*ast.AssignStmt)
	attr := a.Value.(*ast.AttrExpr)
	slice := attr.X.(*ast.SliceExpr)
	call := slice.X.(*ast.CallExpr)
	checks := []struct {
		what string
		got  ast.Pos
		want string
	}{
		{"assign", a.P, "1:1"},
		{"target", a.Targets[0].Position(), "1:1"},
		{"attr", attr.P, "1:5"},
		{"attr name", attr.NamePos, "1:22"},
		{"slice", slice.P, "1:5"},
		{"slice [", slice.LBrack, "1:16"},
		{"slice lo", slice.Lo.Position(), "1:17"},
		{"call", call.P, "1:5"},
		{"call (", call.LParen, "1:8"},
		{"arg 0", call.Args[0].P, "1:9"},
		{"arg 1", call.Args[1].P, "1:12"},
		{"arg 1 value", call.Args[1].Value.Position(), "1:14"},
	}
	ifs := f.Stmts[1].(*ast.IfStmt)
	z := ifs.Body[0].(*ast.AssignStmt)
	fs := z.Value.(*ast.FString)
	bin := fs.Parts[1].Expr.(*ast.BinaryExpr)
	checks = append(checks, []struct {
		what string
		got  ast.Pos
		want string
	}{
		{"if", ifs.P, "2:1"},
		{"if cond", ifs.Cond.Position(), "2:4"},
		{"body", z.P, "3:5"},
		{"fstring", fs.P, "3:9"},
		{"fstring expr", bin.P, "3:14"},
		{"fstring op", bin.OpPos, "3:16"},
		{"fstring int", bin.Y.Position(), "3:18"},
	}...)
	fd := f.Stmts[2].(*ast.FuncDef)
	ret := fd.Body[0].(*ast.ReturnStmt)
	cmp := ret.Value.(*ast.CompareExpr)
	neg := cmp.First.(*ast.UnaryExpr)
	pow := neg.X.(*ast.BinaryExpr)
	checks = append(checks, []struct {
		what string
		got  ast.Pos
		want string
	}{
		{"def", fd.P, "5:1"},
		{"decorator", fd.Decorators[0].P, "4:1"},
		{"decorator expr", fd.Decorators[0].Expr.Position(), "4:2"},
		{"receiver", fd.Receiver.P, "5:6"},
		{"receiver type", fd.Receiver.Type.P, "5:9"},
		{"name", fd.NamePos, "5:12"},
		{"param", fd.Params[0].P, "5:14"},
		{"param type", fd.Params[0].Type.P, "5:17"},
		{"param default", fd.Params[0].Default.Position(), "5:23"},
		{"return type", fd.Return.P, "5:29"},
		{"return", ret.P, "6:5"},
		{"compare", cmp.P, "6:12"},
		{"compare op", cmp.OpPos[0], "6:20"},
		{"neg", neg.P, "6:12"},
		{"pow", pow.P, "6:13"},
		{"pow op", pow.OpPos, "6:15"},
	}...)
	fr := f.Stmts[3].(*ast.ForStmt)
	s := f.Stmts[4].(*ast.AssignStmt)
	checks = append(checks, []struct {
		what string
		got  ast.Pos
		want string
	}{
		{"for", fr.P, "7:1"},
		{"for target", fr.Target.Position(), "7:5"},
		{"for iter", fr.Iter.Position(), "7:13"},
		{"rune columns", s.Value.(*ast.BinaryExpr).Y.Position(), "8:11"},
	}...)
	for _, c := range checks {
		if got := at(c.got); got != c.want {
			t.Errorf("%s at %s, want %s", c.what, got, c.want)
		}
		if c.got.File != "t.na" {
			t.Errorf("%s: file %q", c.what, c.got.File)
		}
	}
	if want := strings.Index(src, "v + 1"); bin.P.Offset != want {
		t.Errorf("fstring expr offset %d, want %d", bin.P.Offset, want)
	}
}

// TestEveryNodeHasAPosition walks the sample program and checks that every
// node carries a valid position.
func TestEveryNodeHasAPosition(t *testing.T) {
	src, err := os.ReadFile("../lexer/testdata/sample.na")
	if err != nil {
		t.Fatal(err)
	}
	f := parseOK(t, string(src))
	n := 0
	ast.InspectFile(f, func(node ast.Node) bool {
		n++
		if !node.Position().IsValid() {
			t.Errorf("%T (%s) has no position", node, ast.Dump(node))
		}
		if s, ok := node.(ast.Stmt); ok && s.Base().EndLine < s.Position().Line {
			t.Errorf("%T at %s: EndLine %d", node, s.Position(), s.Base().EndLine)
		}
		switch x := node.(type) {
		case *ast.CallExpr:
			for _, a := range x.Args {
				if !a.P.IsValid() {
					t.Errorf("argument of call at %s has no position", x.P)
				}
			}
		case *ast.CompExpr:
			for _, c := range x.Clauses {
				if !c.P.IsValid() {
					t.Errorf("clause of comprehension at %s has no position", x.P)
				}
			}
		case *ast.FuncDef:
			if x.Pipeline != nil {
				if !x.Pipeline.P.IsValid() {
					t.Errorf("pipeline at %s has no position", x.P)
				}
				for _, st := range x.Pipeline.Stages {
					if !st.P.IsValid() {
						t.Errorf("stage of pipeline at %s has no position", x.P)
					}
				}
			}
		case *ast.FromImportStmt:
			for _, in := range x.Names {
				if !in.P.IsValid() {
					t.Errorf("import name at %s has no position", x.P)
				}
			}
		}
		return true
	})
	if n < 1000 {
		t.Errorf("visited only %d nodes", n)
	}
}

func TestEndLine(t *testing.T) {
	src := "x = [\n  1,\n]\n" + // 1-3
		"if a:\n  b\nelse:\n  c = '''\n'''\n" + // 4-8
		"def f():\n  return 1\n\n" + // 9-10
		"struct S:\n  x: int\n  def m(self):\n    pass\n" + // 12-15
		"a = 1; b = 2\n" // 16
	f := parseOK(t, src)
	want := []struct{ line, end int }{{1, 3}, {4, 8}, {9, 10}, {12, 15}, {16, 16}, {16, 16}}
	for i, w := range want {
		b := f.Stmts[i].Base()
		if b.P.Line != w.line || b.EndLine != w.end {
			t.Errorf("statement %d (%s): lines %d-%d, want %d-%d", i, ast.Dump(f.Stmts[i]), b.P.Line, b.EndLine, w.line, w.end)
		}
	}
	elif := parseOK(t, "if a:\n  x\nelif b:\n  y\n  z\n").Stmts[0].(*ast.IfStmt)
	if e := elif.Else[0].Base(); !elif.Else[0].(*ast.IfStmt).IsElif || e.P.Line != 3 || e.EndLine != 5 || elif.EndLine != 5 {
		t.Errorf("elif: %+v, if EndLine %d", *e, elif.EndLine)
	}
}

func TestComments(t *testing.T) {
	src := `# header comment
# second line

# doc of Point
# second doc line
struct Point:
    """A point."""
    # the x
    # really
    x: float   # horizontal
    y: float = 0.0

    # not attached: blank line below

    z: int  # depth
    def norm(self) -> float:  # m
        return 0

# about f
@dec  # deco
def f():  # fline
    # inside
    x = 1  # one
    y = 2; z = 3  # both
    return x
if x:   # cond
    pass
else:
    # in else
    pass
`
	f := parseOK(t, src)
	if len(f.Comments) != 18 {
		t.Errorf("File.Comments has %d comments, want 18: %v", len(f.Comments), f.Comments)
	}
	st := f.Stmts[0].(*ast.StructDef)
	fn := f.Stmts[1].(*ast.FuncDef)
	ifs := f.Stmts[2].(*ast.IfStmt)
	eq := func(what string, got, want []string) {
		t.Helper()
		if strings.Join(got, "|") != strings.Join(want, "|") || (len(want) == 0) != (len(got) == 0) {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	eq("struct doc", st.StmtBase.Doc, []string{"doc of Point", "second doc line"})
	if st.Doc != "A point." {
		t.Errorf("struct docstring %q", st.Doc)
	}
	eq("field x doc", st.Fields[0].Doc, []string{"the x", "really"})
	if st.Fields[0].Comment != "horizontal" || st.Fields[1].Comment != "" || st.Fields[2].Comment != "depth" {
		t.Errorf("field comments %q %q %q", st.Fields[0].Comment, st.Fields[1].Comment, st.Fields[2].Comment)
	}
	eq("field y doc", st.Fields[1].Doc, nil)
	eq("field z doc", st.Fields[2].Doc, nil)
	if st.Methods[0].Inline != "m" {
		t.Errorf("method inline %q", st.Methods[0].Inline)
	}
	eq("func doc", fn.StmtBase.Doc, []string{"about f"})
	if fn.Inline != "fline" {
		t.Errorf("func inline %q", fn.Inline)
	}
	eq("x doc", fn.Body[0].Base().Doc, []string{"inside"})
	if fn.Body[0].Base().Inline != "one" || fn.Body[1].Base().Inline != "both" || fn.Body[2].Base().Inline != "both" {
		t.Errorf("body inline comments %q %q %q", fn.Body[0].Base().Inline, fn.Body[1].Base().Inline, fn.Body[2].Base().Inline)
	}
	eq("y doc", fn.Body[1].Base().Doc, nil)
	if ifs.Inline != "cond" {
		t.Errorf("if inline %q", ifs.Inline)
	}
	eq("else pass doc", ifs.Else[0].Base().Doc, []string{"in else"})
	for _, c := range f.Comments {
		if strings.HasPrefix(c.Text, "#") || c.Text != strings.TrimSpace(c.Text) {
			t.Errorf("comment text %q", c.Text)
		}
	}
}

func TestDocstrings(t *testing.T) {
	src := "def f():\n    \"\"\"Does f.\n\n    More.\"\"\"\n    pass\n" +
		"def g():\n    x = 1\n    'not a docstring'\n" +
		"def h(): 'one-liner'\n" +
		"struct S:\n    'S doc' ' continued'\n    x: int\n" +
		"interface I:\n    r'raw \\d'\n    m()\n"
	f := parseOK(t, src)
	docs := []string{
		f.Stmts[0].(*ast.FuncDef).Doc,
		f.Stmts[1].(*ast.FuncDef).Doc,
		f.Stmts[2].(*ast.FuncDef).Doc,
		f.Stmts[3].(*ast.StructDef).Doc,
		f.Stmts[4].(*ast.InterfaceDef).Doc,
	}
	want := []string{"Does f.\n\n    More.", "", "one-liner", "S doc continued", `raw \d`}
	for i := range want {
		if docs[i] != want[i] {
			t.Errorf("doc %d = %q, want %q", i, docs[i], want[i])
		}
	}
	if n := len(f.Stmts[0].(*ast.FuncDef).Body); n != 2 {
		t.Errorf("the docstring statement must stay in the body: %d statements", n)
	}
}

func TestLiteralValues(t *testing.T) {
	f := parseOK(t, "a = 2 ** 100\nb = 9223372036854775808\nc = 1e400\nd = 0x_ff\ne = 1_0.2_5e1_0\n")
	big100 := new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil)
	if v := f.Stmts[0].(*ast.AssignStmt).Value.(*ast.BinaryExpr).Y.(*ast.IntLit); v.V.Int64() != 100 || v.Text != "100" {
		t.Errorf("IntLit %v %q", v.V, v.Text)
	}
	b := f.Stmts[1].(*ast.AssignStmt).Value.(*ast.IntLit)
	if b.V.String() != "9223372036854775808" {
		t.Errorf("big int %v", b.V)
	}
	_ = big100
	if c := f.Stmts[2].(*ast.AssignStmt).Value.(*ast.FloatLit); c.V < 1e308 || c.Text != "1e400" {
		t.Errorf("1e400 = %v", c.V)
	}
	if d := f.Stmts[3].(*ast.AssignStmt).Value.(*ast.IntLit); d.V.Int64() != 255 {
		t.Errorf("0x_ff = %v", d.V)
	}
	if e := f.Stmts[4].(*ast.AssignStmt).Value.(*ast.FloatLit); e.V != 10.25e10 {
		t.Errorf("1_0.2_5e1_0 = %v", e.V)
	}
}

func TestParseExpr(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 + 2 * x", "(+ 1 (* 2 x))"},
		{"a, b", "(tuple a b)"},
		{"  f(x)  # comment\n", "(call f x)"},
		{"[x for x in y]", "(listcomp x (for x y))"},
		{"(1,\n 2)", "(tuple 1 2)"},
	}
	for _, tt := range tests {
		x, err := parser.ParseExpr("<expr>", tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := ast.Dump(x); got != tt.want {
			t.Errorf("ParseExpr(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
	for _, bad := range []struct{ src, want string }{
		{"", "1:1: SyntaxError: expected an expression"},
		{"x = 1", "1:3: SyntaxError: invalid syntax: unexpected '='"},
		{"1 +", "1:4: SyntaxError: expected an expression after '+'"},
		{"a\nb", "1:2: SyntaxError: invalid syntax: unexpected end of line"},
		{"'abc", "1:1: SyntaxError: unterminated string literal (detected at line 1)"},
		{"f() = 1", "1:5: SyntaxError: invalid syntax: unexpected '='"},
		{"$$", "1:1: SyntaxError: '$$' can only be used in the arguments of a pipeline stage"},
	} {
		_, err := parser.ParseExpr("<expr>", bad.src)
		if got := firstError(err); got != bad.want {
			t.Errorf("ParseExpr(%q): %s, want %s", bad.src, got, bad.want)
		}
	}
}

// firstError renders the first diagnostic of err as line:col: Type: msg.
func firstError(err error) string {
	var l diag.List
	if !errors.As(err, &l) || len(l) == 0 {
		return fmt.Sprintf("not a diag.List: %v", err)
	}
	return fmt.Sprintf("%d:%d: %s: %s", l[0].Pos.Line, l[0].Pos.Col, l[0].Type, l[0].Msg)
}

func TestConformanceScripts(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("the shared folder (%s) is absent: no conformance scripts to parse", shared)
	}
	var files []string
	for _, pattern := range []string{"conformance/*.na", "conformance/*/*.na", "bench/*.na"} {
		m, _ := filepath.Glob(filepath.Join(shared, pattern))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skipf("no .na files under %s", shared)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(name, string(src)); err != nil {
			t.Errorf("%s:\n%v", name, err)
		}
	}
}

func TestPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"not a == b and c", "(and (not (cmp a == b)) c)"},
		{"not not a or b", "(or (not (not a)) b)"},
		{"a and not b or not c", "(or (and a (not b)) (not c))"},
		{"-a ** b * c", "(* (- (** a b)) c)"},
		{"a ** -b ** c", "(** a (- (** b c)))"},
		{"-x ** 2 + ~y", "(+ (- (** x 2)) (~ y))"},
		{"a < b | c < d", "(cmp a < (| b c) < d)"},
		{"a < b and b < c", "(and (cmp a < b) (cmp b < c))"},
		{"a + b < c * d == e", "(cmp (+ a b) < (* c d) == e)"},
		{"a | b ^ c & d", "(| a (^ b (& c d)))"},
		{"a & b ^ c | d", "(| (^ (& a b) c) d)"},
		{"a - b + c", "(+ (- a b) c)"},
		{"a / b // c % d * e", "(* (% (// (/ a b) c) d) e)"},
		{"a << b + c >> d", "(>> (<< a (+ b c)) d)"},
		{"a in b not in c is d is not e", "(cmp a in b not in c is d is not e)"},
		{"- - a", "(- (- a))"},
		{"-a.b[c](d) ** 2", "(- (** (call (index (. a b) c) d) 2))"},
		{"a or b and c if d or e else f", "(ifexp (or d e) (or a (and b c)) f)"},
		{"x if a else lambda :: y", "(ifexp a x (lambda () y))"},
	}
	for _, tt := range tests {
		x, err := parser.ParseExpr("t.na", tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := ast.Dump(x); got != tt.want {
			t.Errorf("ParseExpr(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
		}
	}
	for _, bad := range []struct{ src, want string }{
		{"a == not b", "1:6: SyntaxError: invalid syntax: unexpected 'not'"},
		{"a + not b", "1:5: SyntaxError: invalid syntax: unexpected 'not'"},
		{"- not b", "1:3: SyntaxError: invalid syntax: unexpected 'not'"},
		{"a not b", "1:7: SyntaxError: expected 'in'"},
	} {
		_, err := parser.ParseExpr("t.na", bad.src)
		if got := firstError(err); got != bad.want {
			t.Errorf("ParseExpr(%q): %s, want %s", bad.src, got, bad.want)
		}
	}
	if _, err := parser.ParseFile("t.na", "for not x in y: pass\n"); err == nil {
		t.Error("'not' accepted in a for target")
	}
}

func TestConcurrentParses(t *testing.T) {
	src, err := os.ReadFile("../lexer/testdata/sample.na")
	if err != nil {
		t.Fatal(err)
	}
	want := ast.DumpStmts(parseOK(t, string(src)).Stmts)
	done := make(chan string)
	for range 4 {
		go func() {
			f, err := parser.ParseFile("sample.na", string(src))
			if err != nil {
				done <- err.Error()
				return
			}
			done <- ast.DumpStmts(f.Stmts)
		}()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Error("concurrent parses differ")
		}
	}
}
