package interp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestImports(t *testing.T) {
	dir := t.TempDir()
	lib := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.na": `import util
import pkg.deep as d
from pkg.deep import answer, _secret_free as ok
from shared_lib import *
print(util.double(4), d.answer, answer, ok, from_path(), public:counter, util.loads)
import util
print(util.loads)
`,
		"util.na": `public:counter = 1
loads = 1
def double(x):
    return x * 2
`,
		"pkg/deep.na": `answer = 42
_secret_free = "private but imported by name is refused"
`,
	})
	writeFiles(t, lib, map[string]string{"shared_lib.na": "def from_path():\n    return 'lib'\n"})
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out, Path: []string{lib}})
	builtins.Install(in)
	err := in.ExecFile(filepath.Join(dir, "main.na"))
	if err == nil || !strings.Contains(err.Error(), "ImportError: cannot import name '_secret_free'") {
		t.Fatalf("want ImportError for a private name, got %v", err)
	}

	// The same program without the private import runs, and a module runs once.
	writeFiles(t, dir, map[string]string{"main.na": strings.Replace(
		`import util
import pkg.deep as d
from pkg.deep import answer
from shared_lib import *
import pkg.deep
print(util.double(4), d.answer, answer, from_path(), public:counter, pkg.deep.answer)
util.loads = 99
`, "", "", 1)})
	out.Reset()
	in = interp.New(interp.Options{Stdout: &out, Path: []string{lib}})
	builtins.Install(in)
	if err := in.ExecFile(filepath.Join(dir, "main.na")); err != nil {
		// Assigning a module attribute is refused: modules are read-only from outside.
		if !strings.Contains(err.Error(), "cannot set attribute 'loads'") {
			t.Fatalf("unexpected error: %v", err)
		}
	}
	if got := out.String(); got != "8 42 42 lib 1 42\n" {
		t.Fatalf("output %q", got)
	}
}

func TestImportCycleAndMissing(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.na":    "import b\n",
		"b.na":    "import a\n",
		"bad.na":  "x = (\n",
		"main.na": "import a\n",
	})
	in := interp.New(interp.Options{})
	builtins.Install(in)
	err := in.ExecFile(filepath.Join(dir, "main.na"))
	if err == nil || !strings.Contains(err.Error(), "ImportError: import cycle: a -> b -> a") {
		t.Fatalf("want a cycle naming the modules, got %v", err)
	}
	ex := err.(*interp.Exception)
	if !strings.HasSuffix(ex.Pos.File, "b.na") || ex.Pos.Line != 1 {
		t.Fatalf("cycle reported at %v, want b.na:1", ex.Pos)
	}
	for src, want := range map[string]string{
		"import nowhere\n": "ImportError: no module named 'nowhere'",
		"import math\n":    "; mini-Dana has no Python standard library",
		"import bad\n":     "module 'bad' has errors: " + filepath.Join(dir, "bad.na") + ":1:5: SyntaxError",
	} {
		in := interp.New(interp.Options{})
		builtins.Install(in)
		err := in.Exec(filepath.Join(dir, "main.na"), src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}

func TestTwoInterpretersSideBySide(t *testing.T) {
	var o1, o2 bytes.Buffer
	a := interp.New(interp.Options{Stdout: &o1})
	b := interp.New(interp.Options{Stdout: &o2})
	builtins.Install(a)
	builtins.Install(b)
	done := make(chan error, 2)
	prog := func(in *interp.Interpreter, n int) {
		done <- in.Exec("p.na", "public:x = 0\nfor i in range("+strconv.Itoa(n)+"):\n    public:x += 1\nprint(public:x)\n")
	}
	go prog(a, 1000)
	go prog(b, 2000)
	for i := 0; i < 2; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if o1.String() != "1000\n" || o2.String() != "2000\n" {
		t.Fatalf("outputs %q %q", o1.String(), o2.String())
	}
}

func TestGoAPI(t *testing.T) {
	in := interp.New(interp.Options{})
	builtins.Install(in)
	if err := in.Set("public", "limit", interp.MakeInt(3)); err != nil {
		t.Fatal(err)
	}
	if err := in.Exec("m.na", "def f(a, b=2):\n    return a * b + public:limit\nprivate:p = 'secret'\nsystem:mode = 'x'\n"); err != nil {
		t.Fatal(err)
	}
	f, ok := in.Get("local", "f")
	if !ok {
		t.Fatal("f not found")
	}
	v, err := in.Call(f, []interp.Value{interp.MakeInt(5)}, []interp.KwArg{{Name: "b", Value: interp.MakeInt(10)}})
	if err != nil || !interp.Equal(v, interp.MakeInt(53)) {
		t.Fatalf("Call: %v %v", v, err)
	}
	if _, err := in.Call(f, nil, nil); err == nil || !strings.Contains(err.Error(), "missing 1 required positional argument: 'a'") {
		t.Fatalf("Call without args: %v", err)
	}
	if p, _ := in.Get("private", "p"); !interp.Equal(p, interp.Str("secret")) {
		t.Fatalf("private: %v", p)
	}
	if m, _ := in.Get("system", "mode"); !interp.Equal(m, interp.Str("x")) {
		t.Fatalf("system: %v", m)
	}
	in.DeclareReadOnly("__owned")
	_ = in.Set("system", "__owned", interp.MakeInt(1))
	if err := in.Exec("w.na", "system:__owned = 2\n"); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("writing a read-only system name: %v", err)
	}
	if names := in.Names("local"); len(names) != 1 || names[0] != "f" {
		t.Fatalf("Names(local) = %v", names)
	}
}

// EvalInteractive echoes every bare expression statement of the top-level
// code as it runs, but not those inside function bodies.
func TestEvalInteractiveEchoes(t *testing.T) {
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out})
	builtins.Install(in)
	var echoed []string
	echo := func(v interp.Value) {
		echoed = append(echoed, interp.Repr(v))
		out.WriteString("<echo>")
	}
	src := "def f():\n    5\n    return 6\n1; None; 'two'\nfor i in range(2):\n    print(i)\n    i * 10\nf()\n"
	if err := in.EvalInteractive("<input>", src, echo); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(echoed, " "); got != "1 'two' 0 10 6" {
		t.Fatalf("echoed %q", got)
	}
	if out.String() != "<echo><echo>0\n<echo>1\n<echo><echo>" {
		t.Fatalf("echo and print out of order: %q", out.String())
	}
}
