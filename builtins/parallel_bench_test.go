package builtins_test

import (
	"strconv"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// BenchmarkParallelHandoff measures what parallel() adds per item over a
// plain loop: forking the worker threads and taking and releasing the
// interpreter lock around each call (ns/op is per item).
func BenchmarkParallelHandoff(b *testing.B) {
	for _, src := range []struct{ name, code string }{
		{"loop", "out = [f(x) for x in items]"},
		{"parallel-1", "out = parallel(f, items, workers=1)"},
		{"parallel-8", "out = parallel(f, items, workers=8)"},
	} {
		b.Run(src.name, func(b *testing.B) {
			in := interp.New(interp.Options{})
			builtins.Install(in)
			if err := in.Exec("setup.na", "def f(x):\n    return x + 1\nitems = list(range("+strconv.Itoa(b.N)+"))\n"); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			if err := in.Exec("bench.na", src.code); err != nil {
				b.Fatal(err)
			}
		})
	}
}
