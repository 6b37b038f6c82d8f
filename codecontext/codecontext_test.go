package codecontext

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/parser"
)

// analyze parses src and returns the contexts of its reason() calls.
func analyze(t *testing.T, src string) []*Context {
	t.Helper()
	f, err := parser.ParseFile("t.na", src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return Analyze(f)
}

// only returns the single context of src.
func only(t *testing.T, src string) *Context {
	t.Helper()
	cs := analyze(t, src)
	if len(cs) != 1 {
		t.Fatalf("found %d reason() calls, want 1:\n%s", len(cs), src)
	}
	return cs[0]
}

func TestExpectedType(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		want     string
		source   Source
		returned bool
	}{
		// Assignment hints.
		{"typed assignment", `x: float = reason("pi?")`, "float", SourceAssignment, false},
		{"typed generic", `xs: list[int] = reason("primes")`, "list[int]", SourceAssignment, false},
		{"typed struct", "struct P:\n    x: int\np: P = reason(\"a point\")", "P", SourceAssignment, false},
		{"scoped typed", `private:n: int = reason("n")`, "int", SourceAssignment, false},
		{"declared earlier", "x: int\nx = reason(\"n\")", "int", SourceAssignment, false},
		{"declared param", "def f(n: float):\n    n = reason(\"n\")\n    return n", "float", SourceAssignment, false},
		{"struct field target", "struct P:\n    age: int\np: P = P(age=1)\np.age = reason(\"age\")", "int", SourceAssignment, false},
		{"self field target", "struct P:\n    age: int\n    def grow(self):\n        self.age = reason(\"age\")", "int", SourceAssignment, false},
		{"dict item target", "d: dict[str, float] = {}\nd[\"a\"] = reason(\"a\")", "float", SourceAssignment, false},
		{"typed aug-assign", "total: int = 0\ntotal += reason(\"n\")", "int", SourceAssignment, false},
		{"list element", `xs: list[float] = [reason("a"), 2.0]`, "float", SourceAssignment, false},
		{"dict value", `d: dict[str, bool] = {"ok": reason("ok?")}`, "bool", SourceAssignment, false},
		{"tuple element", `t: tuple[int, str] = (1, reason("s"))`, "str", SourceAssignment, false},
		{"conditional value", "c = True\nx: int = reason(\"n\") if c else 0", "int", SourceAssignment, false},
		// Return hints.
		{"return hint", "def f() -> bool:\n    return reason(\"yes?\")", "bool", SourceReturn, true},
		{"return through if-else", "def f(c) -> float:\n    return reason(\"x\") if c else 0.0", "float", SourceReturn, true},
		{"return no hint", "def f():\n    return reason(\"x\")", "str", SourceDefault, true},
		{"return in method", "struct P:\n    x: int\n    def twice(self) -> int:\n        return reason(\"x\")", "int", SourceReturn, true},
		{"return element", "def f() -> list[float]:\n    return [reason(\"x\")]", "float", SourceReturn, false},
		// Parameter hints.
		{"keyword parameter", "def area(r: float) -> float:\n    return r * r\narea(r=reason(\"r\"))", "float", SourceParameter, false},
		{"positional parameter", "def area(name: str, r: float) -> float:\n    return r\narea(\"c\", reason(\"r\"))", "float", SourceParameter, false},
		{"defined later", "print(area(r=reason(\"r\")))\ndef area(r: int):\n    return r", "int", SourceParameter, false},
		{"varargs parameter", "def total(*xs: float):\n    return 0\ntotal(1, reason(\"r\"))", "float", SourceParameter, false},
		{"untyped parameter", "def area(r):\n    return r\narea(reason(\"r\"))", "str", SourceDefault, false},
		{"struct constructor", "struct Person:\n    name: str\n    age: int\nPerson(name=\"a\", age=reason(\"age\"))", "int", SourceParameter, false},
		{"struct positional", "struct Person:\n    name: str\n    age: int\nPerson(\"a\", reason(\"age\"))", "int", SourceParameter, false},
		{"receiver method", "struct C:\n    r: float\ndef (c: C) scale(k: float) -> float:\n    return c.r * k\nc = C(r=1.0)\nc.scale(reason(\"k\"))", "float", SourceParameter, false},
		{"struct method", "struct C:\n    r: float\n    def scale(self, k: int) -> float:\n        return self.r * k\nc = C(r=1.0)\nc.scale(k=reason(\"k\"))", "int", SourceParameter, false},
		{"parameter default", "def f(n: int = reason(\"n\")):\n    return n", "int", SourceParameter, false},
		{"conversion", `n = float(reason("pi"))`, "float", SourceConversion, false},
		// Constructs.
		{"if", "if reason(\"rain?\"):\n    pass", "bool", SourceCondition, false},
		{"elif", "if False:\n    pass\nelif reason(\"rain?\"):\n    pass", "bool", SourceCondition, false},
		{"while", "while reason(\"more?\"):\n    break", "bool", SourceCondition, false},
		{"not", `x = not reason("ok?")`, "bool", SourceCondition, false},
		{"and", `x = reason("a?") and True`, "bool", SourceCondition, false},
		{"or", `x = False or reason("b?")`, "bool", SourceCondition, false},
		{"assert", `assert reason("sane?")`, "bool", SourceCondition, false},
		{"ternary condition", `x = 1 if reason("a?") else 2`, "bool", SourceCondition, false},
		{"for", "for c in reason(\"colors\"):\n    print(c)", "list", SourceIteration, false},
		{"comprehension iterable", `xs = [c.upper() for c in reason("colors")]`, "list", SourceIteration, false},
		{"comprehension condition", `xs = [c for c in ["a"] if reason("keep?")]`, "bool", SourceCondition, false},
		{"f-string", `print(f"answer: {reason('q')}")`, "str", SourceString, false},
		{"string plus", `s = "Answer: " + reason("q")`, "str", SourceString, false},
		{"plus string", `s = reason("q") + "!"`, "str", SourceString, false},
		{"plus str variable", "name: str = \"x\"\ns = name + reason(\"q\")", "str", SourceString, false},
		{"arithmetic", `x = reason("n") * 2`, "float", SourceArithmetic, false},
		{"arithmetic left", `x = 10 - reason("n")`, "float", SourceArithmetic, false},
		{"plus number", `x = 1 + reason("n")`, "float", SourceArithmetic, false},
		{"floor division", `x = reason("n") // 2`, "int", SourceArithmetic, false},
		{"negation", `x = -reason("n")`, "float", SourceArithmetic, false},
		{"untyped aug-assign", "t = 0\nt += reason(\"n\")", "float", SourceArithmetic, false},
		{"compare number", "if reason(\"score\") > 5:\n    pass", "float", SourceComparison, false},
		{"compare string", `ok = reason("color") == "red"`, "str", SourceComparison, false},
		{"membership", `ok = "red" in reason("colors")`, "list", SourceComparison, false},
		// Nothing known.
		{"untyped assignment", `x = reason("q")`, "str", SourceDefault, false},
		{"print argument", `print(reason("q"))`, "str", SourceDefault, false},
		{"expression statement", `reason("q")`, "str", SourceDefault, false},
		{"method on result", `x = reason("q").upper()`, "str", SourceDefault, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := only(t, tt.src)
			if got := c.TypeName(); got != tt.want {
				t.Errorf("type = %s, want %s", got, tt.want)
			}
			if c.TypeSource != tt.source {
				t.Errorf("source = %s, want %s (%s)", c.TypeSource, tt.source, c.TypeReason)
			}
			if c.Returned != tt.returned {
				t.Errorf("returned = %v, want %v", c.Returned, tt.returned)
			}
			if c.TypeSource != SourceDefault && c.TypeReason == "" {
				t.Errorf("no reason given for %s", c.TypeSource)
			}
		})
	}
}

func TestComments(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		block  []string
		inline string
	}{
		{"block and inline", "x = 1\n# Ask for pi\n# to five digits.\npi: float = reason(\"pi\")  # used below\n",
			[]string{"Ask for pi", "to five digits."}, "used below"},
		{"blank line breaks the block", "# not mine\n\nx = reason(\"q\")\n", nil, ""},
		{"inline only", "x = reason(\"q\")  # just this\n", nil, "just this"},
		{"in a function", "def f():\n    # Summarize politely.\n    return reason(\"s\")  # short\n",
			[]string{"Summarize politely."}, "short"},
		{"condition", "# Is it raining?\nif reason(\"rain?\"):  # check\n    pass\n", []string{"Is it raining?"}, "check"},
		{"later line of a call", "x = reason(\n    \"q\",\n)\nprint(reason(\"r\"))  # second\n", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := analyze(t, tt.src)[0]
			if !reflect.DeepEqual(c.Comments, tt.block) && !(len(c.Comments) == 0 && len(tt.block) == 0) {
				t.Errorf("comments = %q, want %q", c.Comments, tt.block)
			}
			if c.InlineComment != tt.inline {
				t.Errorf("inline = %q, want %q", c.InlineComment, tt.inline)
			}
		})
	}
}

func TestSourceLines(t *testing.T) {
	src := "a = 1\nb = 2\nc = 3\nd = 4\nx = reason(\"q\")\ne = 5\nf = 6\ng = 7\nh = 8\n"
	c := only(t, src)
	if want := []string{"b = 2", "c = 3", "d = 4"}; !reflect.DeepEqual(c.Before, want) {
		t.Errorf("before = %q, want %q", c.Before, want)
	}
	if c.Text != `x = reason("q")` || c.FirstLine != 2 {
		t.Errorf("text = %q, first line %d", c.Text, c.FirstLine)
	}
	if want := []string{"e = 5", "f = 6", "g = 7"}; !reflect.DeepEqual(c.After, want) {
		t.Errorf("after = %q, want %q", c.After, want)
	}

	// At the edges of the file there are fewer lines.
	c = only(t, "x = reason(\"q\")\ny = 1")
	if len(c.Before) != 0 || !reflect.DeepEqual(c.After, []string{"y = 1"}) || c.FirstLine != 1 {
		t.Errorf("edges: before %q after %q first %d", c.Before, c.After, c.FirstLine)
	}
	c = only(t, "y = 1\nx = reason(\"q\")\n")
	if !reflect.DeepEqual(c.Before, []string{"y = 1"}) || len(c.After) != 0 {
		t.Errorf("end: before %q after %q", c.Before, c.After)
	}
}

func TestFunction(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		fname     string
		signature string
		doc       string
		decos     []string
	}{
		{"plain", "def area(r: float, unit: str = \"cm\") -> float:\n    \"\"\"Area of a circle of radius r.\"\"\"\n    return reason(\"area\")\n",
			"area", "def area(r: float, unit: str) -> float", "Area of a circle of radius r.", nil},
		{"decorated", "@poet(domain=\"geo\")\ndef f(x, *rest, **kw):\n    return reason(\"q\")\n",
			"f", "def f(x, *rest, **kw)", "", []string{`@poet(domain="geo")`}},
		{"struct method", "struct Doc:\n    text: str\n    def title(self) -> str:\n        \"\"\"A short title.\"\"\"\n        return reason(\"t\")\n",
			"Doc.title", "def Doc.title(self) -> str", "A short title.", nil},
		{"receiver method", "struct Doc:\n    text: str\ndef (d: Doc) tags() -> list[str]:\n    return reason(\"tags\")\n",
			"Doc.tags", "def Doc.tags() -> list[str]", "", nil},
		{"nested", "def outer(a: int):\n    def inner(b: str) -> str:\n        return reason(\"q\")\n    return inner\n",
			"inner", "def inner(b: str) -> str", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := only(t, tt.src)
			f := c.Function
			if f == nil {
				t.Fatal("no enclosing function")
			}
			if f.Name != tt.fname || f.Signature() != tt.signature || f.Doc != tt.doc {
				t.Errorf("got %q %q doc %q", f.Name, f.Signature(), f.Doc)
			}
			if !reflect.DeepEqual(f.Decorators, tt.decos) {
				t.Errorf("decorators = %q, want %q", f.Decorators, tt.decos)
			}
		})
	}

	if c := only(t, `x = reason("q")`); c.Function != nil {
		t.Errorf("top level has function %+v", c.Function)
	}
	// A call in a parameter default runs outside the function.
	if c := only(t, "def f(n: int = reason(\"n\")):\n    return n\n"); c.Function != nil {
		t.Errorf("default value has function %+v", c.Function)
	}
}

func TestVariables(t *testing.T) {
	src := `rate: float = 0.2
count = 3
private:seen: int = 0
def price(base: float, qty) -> float:
    discount: float = 0.1
    label = "x"
    for item in [1, 2]:
        pass
    return reason("price")
    later: int = 5
after: str = "z"
`
	c := only(t, src)
	got := map[string]string{}
	var order []string
	for _, v := range c.Variables {
		got[v.Name] = v.Type
		order = append(order, v.Name)
	}
	want := map[string]string{"base": "float", "qty": "", "discount": "float", "label": "", "item": "",
		"rate": "float", "count": "", "private:seen": "int"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("variables = %v, want %v", got, want)
	}
	if order[0] != "base" || order[len(order)-1] != "private:seen" {
		t.Errorf("order = %v: want the function's first, the module's last", order)
	}

	// An inner declaration shadows the module's; a later typed declaration
	// in the same scope gives the type.
	c = only(t, "x: str = \"a\"\ndef f():\n    x = 1\n    y = 2\n    y: int = 3\n    return reason(\"q\")\n")
	for _, v := range c.Variables {
		if v.Name == "x" && v.Type != "" {
			t.Errorf("x should be the function's untyped local, got %+v", v)
		}
		if v.Name == "y" && v.Type != "int" {
			t.Errorf("y = %+v, want int", v)
		}
	}
}

func TestAnalyzerLookup(t *testing.T) {
	src := "a: int = reason(\"a\")\nif reason(\"b\"):\n    pass\n"
	f, err := parser.ParseFile("/tmp/prog.na", src)
	if err != nil {
		t.Fatal(err)
	}
	an := New()
	cs := an.AnalyzeFile(f)
	if len(cs) != 2 {
		t.Fatalf("%d contexts", len(cs))
	}
	for _, want := range cs {
		got, ok := an.Lookup(want.Call.P)
		if !ok || got != want {
			t.Errorf("Lookup(%v) = %v, %v", want.Call.P, got, ok)
		}
		got, ok = an.LookupCall(want.Call)
		if !ok || got != want {
			t.Errorf("LookupCall = %v, %v", got, ok)
		}
	}
	if _, ok := an.Lookup(ast.Pos{File: "/tmp/prog.na", Line: 9, Col: 1}); ok {
		t.Error("lookup of an unknown position succeeded")
	}
	if cs[0].Where() != "prog.na:1" || cs[1].TypeName() != "bool" {
		t.Errorf("where %q type %q", cs[0].Where(), cs[1].TypeName())
	}
	// Loading the same file again replaces the contexts.
	f2, _ := parser.ParseFile("/tmp/prog.na", "b: str = reason(\"a\")\n")
	an.AnalyzeFile(f2)
	if c, ok := an.Lookup(cs[0].Call.P); !ok || c.TypeName() != "str" || c.TypeSource != SourceAssignment {
		t.Errorf("after reload: %v %v", c, ok)
	}
	if c, ok := an.LookupCall(cs[0].Call); !ok || c.TypeName() != "int" {
		t.Errorf("old call: %v %v", c, ok)
	}
	if files, sites := an.Stats(); files != 2 || sites != 3 {
		t.Errorf("stats %d %d", files, sites)
	}
}

func TestOnlyReasonCalls(t *testing.T) {
	cs := analyze(t, "def reasoner(x):\n    return x\nreasoner(1)\nprivate:reason(1)\nx.reason(2)\nreason(\"yes\")\n")
	if len(cs) != 1 || cs[0].Line != 6 {
		t.Fatalf("contexts = %v", cs)
	}
	nested := analyze(t, `x: str = reason(reason("inner"))`)
	if len(nested) != 2 {
		t.Fatalf("nested: %d", len(nested))
	}
	if nested[1].TypeSource != SourceDefault {
		t.Errorf("inner call of a reason() argument: %s", nested[1].TypeSource)
	}
}

func TestPlainIsJSON(t *testing.T) {
	c := only(t, "# The price.\ndef price(base: float) -> float:\n    \"\"\"Doc.\"\"\"\n    total: float = 1.0\n    return reason(\"p\")  # hm\n")
	p := c.Plain()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"expected_type":"float"`, `"type_source":"return"`, `"returned":true`,
		`"inline_comment":"hm"`, `"signature":"def price(base: float) -\u003e float"`, `"doc":"Doc."`, `"name":"total"`} {
		if !strings.Contains(s, want) {
			t.Errorf("plain JSON lacks %s:\n%s", want, s)
		}
	}
	var nilCtx *Context
	if nilCtx.Plain() != nil || nilCtx.TypeName() != "str" {
		t.Error("nil context")
	}
}

func BenchmarkAnalyze(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("struct P:\n    x: float  # the x\n")
	for i := 0; i < 50; i++ {
		sb.WriteString("# comment\ndef f")
		sb.WriteString(strings.Repeat("x", i%5+1))
		sb.WriteString("(a: int, b: str) -> float:\n    y: float = reason(\"q\")\n    if reason(\"ok\"):\n        return reason(\"r\") * 2\n    return y\n")
	}
	f, err := parser.ParseFile("bench.na", sb.String())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Analyze(f)
	}
}

// sites parses src and returns the Sites of its calls other than reason().
func sites(t *testing.T, src string) []*Site {
	t.Helper()
	f, err := parser.ParseFile("t.na", src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return AnalyzeSites(f)
}

func TestSiteExpectedType(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		callee   string // "" when f(...) gets no Site
		want     string
		source   Source
		declared bool
	}{
		{"typed assignment", `x: int = f()`, "f", "int", SourceAssignment, true},
		{"attribute call", `x: float = m.f(1)`, "f", "float", SourceAssignment, true},
		{"local scope", `x: int = local:f()`, "f", "int", SourceAssignment, true},
		{"declared earlier", "x: bool\nx = f()", "f", "bool", SourceAssignment, true},
		{"list element", `xs: list[str] = [f()]`, "f", "str", SourceAssignment, true},
		{"return hint", "def g() -> list[int]:\n    return f()", "f", "list[int]", SourceReturn, true},
		{"parameter", "def area(r: float):\n    return r\narea(r=f())", "f", "float", SourceParameter, true},
		{"conversion", `n = int(f())`, "f", "int", SourceConversion, true},
		{"if", "if f():\n    pass", "f", "bool", SourceCondition, false},
		{"while", "while f(1):\n    break", "f", "bool", SourceCondition, false},
		{"not", `x = not f()`, "f", "bool", SourceCondition, false},
		{"for", "for c in f():\n    print(c)", "f", "list", SourceIteration, false},
		{"f-string", `print(f"{f()}")`, "f", "str", SourceString, false},
		{"string plus", `s = "a" + f()`, "f", "str", SourceString, false},
		{"arithmetic", `x = f() * 2`, "f", "float", SourceArithmetic, false},
		{"compare", "if f() > 3:\n    pass", "f", "float", SourceComparison, false},
		// Nothing expected: no Site.
		{"untyped assignment", `x = f()`, "", "", "", false},
		{"statement", `f()`, "", "", "", false},
		{"print argument", `print(f())`, "", "", "", false},
		{"return without hint", "def g():\n    return f()", "", "", "", false},
		{"scoped name", `x: int = private:f()`, "", "", "", false},
		{"call of a call", `x: int = f()()`, "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *Site
			for _, s := range sites(t, tt.src) {
				if s.Callee == "f" {
					got = s
				}
			}
			if tt.callee == "" {
				if got != nil {
					t.Fatalf("got a Site %s (%s) for %q", got.TypeName(), got.TypeSource, tt.src)
				}
				return
			}
			if got == nil {
				t.Fatalf("no Site for f in %q", tt.src)
			}
			if got.TypeName() != tt.want || got.TypeSource != tt.source {
				t.Errorf("type %s from %s, want %s from %s", got.TypeName(), got.TypeSource, tt.want, tt.source)
			}
			if got.Declared() != tt.declared {
				t.Errorf("declared = %v, want %v", got.Declared(), tt.declared)
			}
			if got.TypeReason == "" || got.Call == nil || got.Pos != got.Call.P {
				t.Errorf("incomplete site %+v", got)
			}
		})
	}
}

func TestSitesExcludeReason(t *testing.T) {
	ss := sites(t, "x: int = reason(\"n\")\ny: str = g(reason(\"m\"))\n")
	if len(ss) != 1 || ss[0].Callee != "g" || ss[0].TypeName() != "str" {
		t.Fatalf("sites = %+v", ss)
	}
	// A file without reason() is still analyzed for sites, and one
	// without calls at all is skipped.
	if ss := sites(t, "if ok():\n    pass\n"); len(ss) != 1 || ss[0].TypeName() != "bool" {
		t.Errorf("file without reason(): %+v", ss)
	}
	if ss := sites(t, "x = 1\n"); len(ss) != 0 {
		t.Errorf("file without calls: %+v", ss)
	}
}

func TestAnalyzerSiteLookup(t *testing.T) {
	f, err := parser.ParseFile("/tmp/prog.na", "n: int = count()\nif ok():\n    print(reason(\"q\"))\n")
	if err != nil {
		t.Fatal(err)
	}
	an := New()
	if cs := an.AnalyzeFile(f); len(cs) != 1 {
		t.Fatalf("%d contexts", len(cs))
	}
	ss := AnalyzeSites(f)
	if len(ss) != 2 {
		t.Fatalf("%d sites", len(ss))
	}
	for _, want := range ss {
		got, ok := an.LookupSite(want.Call)
		if !ok || got.Callee != want.Callee || got.TypeName() != want.TypeName() {
			t.Errorf("LookupSite(%s) = %+v, %v", want.Callee, got, ok)
		}
		got, ok = an.SiteAt(want.Call.P)
		if !ok || got.Call != want.Call {
			t.Errorf("SiteAt(%v) = %+v, %v", want.Call.P, got, ok)
		}
	}
	if s, _ := an.LookupSite(ss[0].Call); s.Where() != "prog.na:1" {
		t.Errorf("where = %q", s.Where())
	}
	// The reason() call has a Context, not a Site; print(...) has neither.
	if _, ok := an.SiteAt(ast.Pos{File: "/tmp/prog.na", Line: 3, Col: 5}); ok {
		t.Error("print(...) has a Site")
	}
	if _, ok := an.LookupSite(nil); ok {
		t.Error("LookupSite(nil) succeeded")
	}
}

// BenchmarkAnalyzeFile measures what an engine pays per loaded file: the
// reason() contexts and the Sites of the other calls.
func BenchmarkAnalyzeFile(b *testing.B) {
	var plain strings.Builder
	plain.WriteString("struct P:\n    x: float\n")
	for i := 0; i < 50; i++ {
		plain.WriteString("def g")
		plain.WriteString(strings.Repeat("x", i%5+1))
		plain.WriteString("(a: int, b: str) -> float:\n    y: float = h(a)\n    if ok(b):\n        print(b.upper())\n        return k(a) * 2\n    z = len(b)\n    return y\n")
	}
	sources := []struct{ name, src string }{
		{"small", "x = 1\nprint(x + 2)\n"},
		{"no-reason", plain.String()},
	}
	for _, s := range sources {
		f, err := parser.ParseFile("bench.na", s.src)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				AnalyzeSites(f)
			}
		})
	}
}
