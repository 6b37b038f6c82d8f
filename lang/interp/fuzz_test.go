package interp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// FuzzExec runs arbitrary source with a step budget, a timeout and a memory
// bound: no input may panic the interpreter or run past its budget. The
// hostile corpus (testdata/hostile) seeds it.
func FuzzExec(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.na")
	hostile, _ := filepath.Glob("../../testdata/hostile/*.na") // docs/sandbox.md
	files = append(files, hostile...)
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range strings.Split(string(data), "\n---\n") {
			f.Add(c)
		}
	}
	f.Add("x = 1\nwhile x:\n    x += 1\n")
	f.Add("def f(n):\n    return f(n)\nf(1)\n")
	f.Fuzz(func(t *testing.T, src string) {
		var out bytes.Buffer
		in := interp.New(interp.Options{Stdout: &out, Stderr: &out, MaxSteps: 20000, Timeout: 2 * time.Second, MaxDepth: 200, MaxMemory: 256 << 20})
		builtins.Install(in)
		start := time.Now()
		err := in.Exec("fuzz.na", src)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("interpreter bug (a Go panic was recovered): %v", err)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Fatalf("ran for %s past its budget", el)
		}
		if out.Len() > 1<<24 {
			t.Fatalf("produced %d bytes of output", out.Len())
		}
	})
}
