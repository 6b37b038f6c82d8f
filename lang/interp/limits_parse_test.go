package interp_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/interp"
)

// TestLimitsHoldWhileParsing checks that the limits of a run hold from the
// start of Exec: a big file (or module) that is past a limit while it is
// parsed or compiled ends with the limit error, not with the syntax error
// at its end (which a parse to the end would report) nor by running.
func TestLimitsHoldWhileParsing(t *testing.T) {
	big := strings.Repeat("x = 1\n", 100_000) + "x = (\n"
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		opts interp.Options
		src  string
		want string
	}{
		{"no limit", interp.Options{}, big, "SyntaxError"},
		{"cancelled", interp.Options{Context: cancelled}, big, "KeyboardInterrupt: interrupted"},
		{"memory", interp.Options{MaxMemory: 16 << 20}, big, "MemoryError: the heap exceeds the memory limit (16 MiB)"},
		{"import, no limit", interp.Options{}, "import big\n", "ImportError: module 'big' has errors"},
		{"import, memory", interp.Options{MaxMemory: 16 << 20}, "import big\n", "MemoryError: the heap exceeds the memory limit (16 MiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"big.na": big, "main.na": tt.src})
			in := interp.New(tt.opts)
			builtins.Install(in)
			err := in.ExecFile(dir + "/main.na")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %.300v, want %q", err, tt.want)
			}
		})
	}
}

// TestLimitsHoldWhileCompiling cancels the run once the file is parsed
// (OnLoad runs between the parse and the compilation): the compilation of
// its long block stops, and nothing runs.
func TestLimitsHoldWhileCompiling(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	in := interp.New(interp.Options{Context: ctx, Stdout: &out, OnLoad: func(*ast.File) { cancel() }})
	builtins.Install(in)
	err := in.Exec("m.na", "print('ran')\n"+strings.Repeat("x = 1\n", 100_000))
	if err == nil || !strings.Contains(err.Error(), "KeyboardInterrupt") {
		t.Fatalf("err = %v, want KeyboardInterrupt", err)
	}
	if out.Len() > 0 {
		t.Errorf("the program ran: %q", out.String())
	}
}
