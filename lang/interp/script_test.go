package interp_test

import (
	"bytes"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/internal/scripttest"
	"github.com/minidana/dana/lang/interp"
)

// TestScripts runs the script tests under testdata/ (see package
// scripttest for the format): each chunk in a fresh interpreter.
func TestScripts(t *testing.T) {
	scripttest.Run(t, "testdata/*.na", false, func(t *testing.T, file, src string) (string, error) {
		var out bytes.Buffer
		in := interp.New(interp.Options{Stdout: &out, Stderr: &out, MaxSteps: 5_000_000})
		builtins.Install(in)
		err := in.Exec(file, src)
		return out.String(), err
	})
}
