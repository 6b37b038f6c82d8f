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
