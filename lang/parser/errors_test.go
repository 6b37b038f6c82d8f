package parser_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/parser"
)

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // line:col: Type: message
	}{
		// Layout.
		{"if x:\ny = 1\n", "2:1: IndentationError: expected an indented block after ':' on line 1"},
		{"if x:\n", "1:6: IndentationError: expected an indented block after ':'"},
		{"def f():\n# only a comment\n", "1:9: IndentationError: expected an indented block after ':'"},
		{"struct P:\nx: int\n", "2:1: IndentationError: expected an indented block after ':' on line 1"},
		{"  x = 1\n", "1:3: IndentationError: unexpected indent"},
		{"x = 1\n    y = 2\n", "2:5: IndentationError: unexpected indent"},
		{"if a:\n    b\n  c\n", "3:3: IndentationError: unindent does not match any outer indentation level"},
		// Brackets.
		{"x = (1, 2\n", "1:5: SyntaxError: '(' was never closed"},
		{"x = )\n", "1:5: SyntaxError: invalid syntax: unexpected ')'"},
		{"print(1))\n", "1:9: SyntaxError: invalid syntax: unexpected ')'"},
		{"x = (1]\n", "1:7: SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"},
		{"f(a, b c)\n", "1:8: SyntaxError: invalid syntax. Perhaps you forgot a comma?"},
		{"x = [1 2]\n", "1:8: SyntaxError: invalid syntax. Perhaps you forgot a comma?"},
		{"x = [1,,2]\n", "1:8: SyntaxError: invalid syntax: unexpected ','"},
		// Missing pieces.
		{"if x\n    pass\n", "1:5: SyntaxError: expected ':'"},
		{"for x in y\n  pass\n", "1:11: SyntaxError: expected ':'"},
		{"def f(x)\n  pass\n", "1:9: SyntaxError: expected ':'"},
		{"struct P:\n  x int\n", "2:5: SyntaxError: expected ':'"},
		{"x = 1 +\n", "1:8: SyntaxError: expected an expression after '+'"},
		{"x = 1 *  # c\n", "1:10: SyntaxError: expected an expression after '*'"},
		{"x = \n", "1:5: SyntaxError: expected an expression after '='"},
		{"x = not\n", "1:8: SyntaxError: expected an expression after 'not'"},
		{"while: pass\n", "1:6: SyntaxError: expected an expression after 'while'"},
		{"x = a.\n", "1:7: SyntaxError: expected a name after '.'"},
		{"x: \n", "1:4: SyntaxError: expected a type after ':'"},
		{"def f() -> :\n  pass\n", "1:12: SyntaxError: expected a type after '->'"},
		{"import\n", "1:7: SyntaxError: expected a module name after 'import'"},
		{"from a import\n", "1:14: SyntaxError: expected a name after 'import'"},
		{"x = a if b\n", "1:11: SyntaxError: expected 'else' after 'if' expression"},
		{"x = lambda x: x * 2\n", "1:17: SyntaxError: expected '::' after the lambda parameters (write 'lambda x :: body')"},
		{"x = lambda: 1\n", "1:11: SyntaxError: expected '::' after the lambda parameters (write 'lambda x :: body')"},
		{"@dec\nx = 1\n", "2:1: SyntaxError: expected 'def' after a decorator"},
		{"try:\n  x\ny = 1\n", "3:1: SyntaxError: expected 'except' or 'finally' block"},
		// Unexpected tokens.
		{"for x y: pass\n", "1:7: SyntaxError: expected 'in'"},
		{"from m imp x\n", "1:8: SyntaxError: expected 'import'"},
		{"x = 1 2\n", "1:7: SyntaxError: invalid syntax: unexpected number 2"},
		{"a + = 1\n", "1:5: SyntaxError: expected an expression after '+'"},
		{"return x y\n", "1:10: SyntaxError: invalid syntax: unexpected name 'y'"},
		{"else:\n  pass\n", "1:1: SyntaxError: invalid syntax: unexpected keyword 'else'"},
		{"class A: pass\n", "1:1: SyntaxError: invalid syntax: mini-Dana has no 'class'; use 'struct'"},
		{"x = a !b\n", "1:7: SyntaxError: invalid syntax: unexpected '!'"},
		// Checks made after parsing.
		{"f() = 1\n", "1:1: SyntaxError: cannot assign to function call"},
		{"x + 1 = 2\n", "1:1: SyntaxError: cannot assign to expression"},
		{"x == 1 = 2\n", "1:1: SyntaxError: cannot assign to comparison"},
		{"1 = x\n", "1:1: SyntaxError: cannot assign to literal"},
		{"None = 1\n", "1:1: SyntaxError: cannot assign to None"},
		{"a, f() = 1, 2\n", "1:4: SyntaxError: cannot assign to function call"},
		{"for f() in x: pass\n", "1:5: SyntaxError: cannot assign to function call"},
		{"[x for 1 in y]\n", "1:8: SyntaxError: cannot assign to literal"},
		{"x = *a\n", "1:5: SyntaxError: can't use starred expression here"},
		{"return *a\n", "1:8: SyntaxError: can't use starred expression here"},
		{"*a = b\n", "1:1: SyntaxError: starred assignment target must be in a list or tuple"},
		{"*a, *b = c\n", "1:5: SyntaxError: multiple starred expressions in assignment"},
		{"a, b += 1\n", "1:1: SyntaxError: 'tuple' is an illegal expression for augmented assignment"},
		{"f() += 1\n", "1:1: SyntaxError: 'function call' is an illegal expression for augmented assignment"},
		{"a, b: int = 1, 2\n", "1:1: SyntaxError: only a single target (not a tuple or list) can be annotated"},
		{"f(): int\n", "1:1: SyntaxError: illegal target for annotation: cannot annotate function call"},
		{"x: int = y = 1\n", "1:14: SyntaxError: invalid syntax: a typed assignment takes a single target"},
		{"f(x=1, 2)\n", "1:8: SyntaxError: positional argument follows keyword argument"},
		{"f(**k, 2)\n", "1:8: SyntaxError: positional argument follows keyword argument unpacking"},
		{"f(**k, *a)\n", "1:8: SyntaxError: iterable argument unpacking follows keyword argument unpacking"},
		{"f(a=1, a=2)\n", "1:8: SyntaxError: keyword argument repeated: a"},
		{"f(a.b=1)\n", "1:3: SyntaxError: expression cannot contain assignment, perhaps you meant \"==\"?"},
		{"f(x for x in y, 1)\n", "1:3: SyntaxError: generator expression must be parenthesized"},
		{"def f(a=1, b): pass\n", "1:12: SyntaxError: non-default argument follows default argument"},
		{"def f(a, a): pass\n", "1:10: SyntaxError: duplicate argument 'a' in function definition"},
		{"def f(**k, a): pass\n", "1:12: SyntaxError: arguments cannot follow var-keyword argument"},
		{"def f(*a, *b): pass\n", "1:11: SyntaxError: * argument may appear only once"},
		{"def f(*a=1): pass\n", "1:10: SyntaxError: var-positional and var-keyword arguments cannot have default values"},
		{"def (p) m(): pass\n", "1:6: SyntaxError: a receiver needs a type: def (p: Type) m(...)"},
		{"def (*p: T) m(): pass\n", "1:6: SyntaxError: a receiver cannot be *args or **kwargs"},
		{"@1\ndef f(): pass\n", "1:2: SyntaxError: invalid decorator: expected a name, an attribute or a call"},
		{"x = $$\n", "1:5: SyntaxError: '$$' can only be used in the arguments of a pipeline stage"},
		{"def p(x) = f($$) | $$\n", "1:20: SyntaxError: invalid pipeline stage: expected a function name, a call or a list of them, not '$$'"},
		{"def p(x) = 1 | f\n", "1:12: SyntaxError: invalid pipeline stage: expected a function name, a call or a list of them, not literal"},
		{"def p(x) = f | [g, [h]]\n", "1:20: SyntaxError: invalid pipeline stage: expected a function name, a call or a list of them, not list"},
		{"def p(x) = x + $$\n", "1:16: SyntaxError: '$$' can only be used in the arguments of a pipeline stage"},
		{"def p(x) -> int = f | 1\n", "1:23: SyntaxError: invalid pipeline stage: expected a function name, a call or a list of them, not literal"},
		{"agent Bot:\n    name: str\n", "1:1: SyntaxError: `agent` definitions are not supported (mini-Dana has no agents; use a 'struct' and functions)"},
		{"def f(x):\n    deliver x\n", "2:5: SyntaxError: `deliver` statements are not supported; use 'return'"},
		{"struct P {\n    x: int\n}\n", "1:10: SyntaxError: expected ':' (blocks are indented after ':', not enclosed in braces)"},
		{"def f(x) -> int {\n    return x\n}\n", "1:17: SyntaxError: expected ':' (blocks are indented after ':', not enclosed in braces)"},
		{"try:\n  x\nexcept:\n  y\nexcept E:\n  z\n", "3:1: SyntaxError: default 'except:' must be last"},
		{"x = {1: 2, 3}\n", "1:12: SyntaxError: ':' expected after dictionary key"},
		{"x = {1, 2: 3}\n", "1:9: SyntaxError: invalid syntax: a set display cannot hold 'key: value' pairs"},
		{"with open('f') as f:\n    pass\n", "1:1: SyntaxError: `with` statements are not supported"},
		{"async def f():\n    pass\n", "1:1: SyntaxError: `async` functions are not supported"},
		{"match x:\n    case 1:\n        pass\n", "1:1: SyntaxError: `match` statements are not supported"},
		{"def if(x):\n    pass\n", "1:5: SyntaxError: invalid syntax: 'if' is a keyword and cannot be used as a name"},
		{"for def in x:\n    pass\n", "1:5: SyntaxError: invalid syntax: 'def' is a keyword and cannot be used as a name"},
		{"x = (k: v)\n", "1:9: SyntaxError: invalid syntax: a '(key: value)' pair is only allowed in a dict comprehension"},
		{"x = a[]\n", "1:7: SyntaxError: invalid syntax: expected an index or a slice inside '[]'"},
		{"x = a[1:2, 3]\n", "1:7: SyntaxError: multi-dimensional slicing is not supported"},
		{"print(*a for a in b)\n", "1:10: SyntaxError: invalid syntax: unexpected keyword 'for'"},
		{"x = f\"{x!z}\"\n", "1:9: SyntaxError: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"},
		{"x = f\"{x!s=}\"\n", "1:11: SyntaxError: invalid syntax: unexpected '='"},
		{"x = f\"{a b}\"\n", "1:10: SyntaxError: invalid syntax. Perhaps you forgot a comma?"},
		{"struct P:\n  x: int\n  x: str\n", "3:3: SyntaxError: duplicate field 'x' in struct P"},
		{"struct P:\n  x: int\n  'late doc'\n", "3:3: SyntaxError: a struct docstring must come before the fields"},
		{"interface I:\n  def m\n", "2:8: SyntaxError: expected '(' after the method name"},
		// Lexical errors come through ParseFile too.
		{"x = 'abc\n", "1:5: SyntaxError: unterminated string literal (detected at line 1)"},
		{"x = §\n", "1:5: SyntaxError: invalid character '§' (U+00A7)"},
		{"x = 1__0\n", "1:6: SyntaxError: invalid decimal literal"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, err := parser.ParseFile("t.na", tt.src)
			if got := firstError(err); got != tt.want {
				t.Errorf("ParseFile(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
			var l diag.List
			if errors.As(err, &l) {
				for _, e := range l {
					if e.Line == "" || e.Pos.File != "t.na" {
						t.Errorf("diagnostic without quoted line or file: %+v", *e)
					}
					if strings.Contains(e.Msg, "GExpr") || strings.Contains(e.Msg, "participle") || strings.Contains(e.Msg, "<ident>") {
						t.Errorf("message leaks the grammar: %s", e.Msg)
					}
				}
			}
		})
	}
}

func TestSeveralErrors(t *testing.T) {
	src := "x = 1 +\n" + // 1: error
		"y = 2\n" +
		"def f(:\n" + // 3: error, but the unclosed '(' swallows the rest... so keep it last
		""
	_, err := parser.ParseFile("t.na", src)
	want := []string{"1:8", "3:6"}
	checkLines(t, err, want)

	src = "a = (1\n  + 2))\n" + // 2:7 unexpected ')'
		"if a:\n    b = 1\n    c = = 2\n" + // 5:9
		"print('ok')\n" +
		"  d = 3\n" + // 7:3 unexpected indent
		"e = f(x=1, 2)\n" + // 8:12 positional after keyword
		"g = 'unterminated\n" + // 9:5
		"h = 1 if\n" // 10:9
	_, err = parser.ParseFile("t.na", src)
	checkLines(t, err, []string{"2:7", "5:9", "7:3", "8:12", "9:5", "10:9"})
}

func checkLines(t *testing.T, err error, want []string) {
	t.Helper()
	var l diag.List
	if !errors.As(err, &l) {
		t.Fatalf("err = %v, want a diag.List", err)
	}
	var got []string
	for _, e := range l {
		got = append(got, fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Col))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("diagnostics at %v, want %v:\n%s", got, want, l.Render())
	}
}

func TestPartialFileOnError(t *testing.T) {
	f, err := parser.ParseFile("t.na", "a = 1\nb = = 2\nc = 3\n")
	if err == nil {
		t.Fatal("no error")
	}
	if f == nil || len(f.Stmts) != 2 {
		t.Fatalf("want the 2 good statements, got %+v", f)
	}
}

func TestRender(t *testing.T) {
	_, err := parser.ParseFile("t.na", "x = 1\ny = (2 +\n      3))\n")
	var l diag.List
	if !errors.As(err, &l) {
		t.Fatal(err)
	}
	want := "t.na:3:9: SyntaxError: invalid syntax: unexpected ')'\n          3))\n            ^\n"
	if got := l.Render(); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
}

// TestIsIncomplete: the REPL reads another line when the parser says the
// input ended inside a construct (diag.Error.Open), never by matching the
// text of a message.
func TestIsIncomplete(t *testing.T) {
	tests := []struct {
		src  string
		open diag.Open // OpenNone: complete, or an error to report at once
		err  bool      // the source has an error (incomplete or not)
	}{
		{"x = (1,\n", diag.OpenBracket, true},
		{"x = [1, {2:\n", diag.OpenBracket, true},
		{"print(f(\n  1,\n", diag.OpenBracket, true},
		{"s = '''abc\n", diag.OpenString, true},
		{"s = f\"\"\"abc {x}\n", diag.OpenString, true},
		{"if x:\n", diag.OpenBlock, true},
		{"def f():\n    if y:\n", diag.OpenBlock, true},
		{"for i in range(3):\n", diag.OpenBlock, true},
		{"x = 1 + \\", diag.OpenContinuation, true},
		{"x = 1\n", diag.OpenNone, false},
		{"if x:\n    y\n", diag.OpenNone, false},
		{"x = 1 +\n", diag.OpenNone, true},
		{"if x:\ny\n", diag.OpenNone, true},
		{"x = 'abc\n", diag.OpenNone, true},
		{"x = (1,))\n", diag.OpenNone, true},
		{"x = )\n", diag.OpenNone, true},
		{"def f():\nreturn 1\n", diag.OpenNone, true},
	}
	for _, tt := range tests {
		_, err := parser.ParseFile("<stdin>", tt.src)
		if (err != nil) != tt.err {
			t.Errorf("ParseFile(%q) error = %v, want error %v", tt.src, err, tt.err)
		}
		if got := parser.IsIncomplete(err); got != (tt.open != diag.OpenNone) {
			t.Errorf("IsIncomplete(%q: %v) = %v, want %v", tt.src, err, got, tt.open != diag.OpenNone)
		}
		var l diag.List
		if tt.open != diag.OpenNone && errors.As(err, &l) && l[len(l)-1].Open != tt.open {
			t.Errorf("%q: Open = %v, want %v", tt.src, l[len(l)-1].Open, tt.open)
		}
	}
	if parser.IsIncomplete(nil) {
		t.Error("IsIncomplete(nil)")
	}
}
