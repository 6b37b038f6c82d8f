package interp_test

import (
	"io"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/parser"
)

const fibSrc = `
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
`

const loopSrc = `
total = 0
i = 0
while i < 100000:
    total += i * i % 7
    i += 1
`

func newInterp(b *testing.B) *interp.Interpreter {
	in := interp.New(interp.Options{Stdout: io.Discard, Stderr: io.Discard})
	builtins.Install(in)
	return in
}

// BenchmarkCompile measures resolving and compiling (parsing excluded).
func BenchmarkCompile(b *testing.B) {
	src := fibSrc + loopSrc
	f, err := parser.ParseFile("bench.na", src)
	if err != nil {
		b.Fatal(err)
	}
	in := newInterp(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := interp.CompileOnly(in, f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunFib measures calls: fib(20) per iteration.
func BenchmarkRunFib(b *testing.B) {
	in := newInterp(b)
	if err := in.Exec("fib.na", fibSrc); err != nil {
		b.Fatal(err)
	}
	fib, _ := in.Get("local", "fib")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := in.Call(fib, []interp.Value{interp.MakeInt(20)}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunLoop measures a tight loop of 100,000 iterations.
func BenchmarkRunLoop(b *testing.B) {
	in := newInterp(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := in.Exec("loop.na", loopSrc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartup measures creating an interpreter and running an empty
// program.
func BenchmarkStartup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		in := interp.New(interp.Options{Stdout: io.Discard})
		builtins.Install(in)
		if err := in.Exec("empty.na", "# nothing\n"); err != nil {
			b.Fatal(err)
		}
	}
}

// Hot-path benchmarks: each runs a loop of 10,000 iterations of one
// operation, so ns/op divided by 10,000 is the cost of the operation plus
// the loop.
var hotPaths = []struct{ name, setup, body string }{
	{"Call", "def f(a, b):\n    return a\n", "f(i, 2)"},
	{"CallKeyword", "def f(a, b=1):\n    return a\n", "f(a=i, b=2)"},
	{"MethodCall", "struct P:\n    x: int\n    def get(self) -> int:\n        return self.x\np = P(x=1)\n", "p.get()"},
	{"ReceiverMethodCall", "struct P:\n    x: int\ndef (p: P) get() -> int:\n    return p.x\np = P(x=1)\n", "p.get()"},
	{"BuiltinMethodCall", "xs = [1, 2, 3]\n", "xs.count(2)"},
	{"StructConstruct", "struct P:\n    x: float\n    y: float\n", "P(x=1.5, y=2.5)"},
	{"FieldRead", "struct P:\n    x: float\n    y: float\np = P(x=1.5, y=2.5)\n", "p.x"},
	{"FieldWrite", "struct P:\n    x: float\n    y: float\np = P(x=1.5, y=2.5)\n", "p.x = 3.5"},
	{"FieldAugAssign", "struct P:\n    n: int\np = P(n=0)\n", "p.n += 1"},
	{"UnionFieldWrite", "struct N:\n    v: int\n    next: N | None = None\nn = N(v=1)\nm = N(v=2)\n", "n.next = m"},
	{"FloatArith", "x = 1.5\ny = 2.25\n", "x * y + x / y - y"},
	{"IntArith", "x = 15\ny = 7\n", "x * y + x % y - y"},
	{"DictGet", "d = {'a': 1, 'b': 2, 'c': 3}\n", "d['b']"},
	{"DictSet", "d = {'a': 1, 'b': 2, 'c': 3}\n", "d['b'] = i"},
	{"DictGetMethod", "d = {'a': 1, 'b': 2}\n", "d.get('z', 0)"},
	{"ListIndex", "xs = [1, 2, 3, 4]\n", "xs[2]"},
	{"StringConcat", "s = 'ab'\n", "s + 'cd'"},
	{"FString", "x = 3.25\n", "f'{x:.2f}|{i}'"},
	{"Closure", "def mk(k):\n    return lambda v :: v + k\nadd = mk(3)\n", "add(i)"},
	{"TryExcept", "", "try:\n            raise ValueError('x')\n        except ValueError:\n            pass"},
}

// BenchmarkHotPath measures the interpreter's hot paths one by one (run
// with -bench HotPath).
func BenchmarkHotPath(b *testing.B) {
	for _, hp := range hotPaths {
		b.Run(hp.name, func(b *testing.B) {
			in := newInterp(b)
			src := hp.setup + "def run():\n    for i in range(10000):\n        " + hp.body + "\n"
			if err := in.Exec(hp.name+".na", src); err != nil {
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
