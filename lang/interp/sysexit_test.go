package interp_test

import (
	"bytes"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// TestSystemExitStatus checks the exit status and stderr text an uncaught
// SystemExit gives, against what CPython 3.11 does for each program.
func TestSystemExitStatus(t *testing.T) {
	for _, tc := range []struct {
		src    string
		exited bool
		status int
		text   string
	}{
		{"exit()", true, 0, ""},
		{"quit()", true, 0, ""},
		{"exit(3)", true, 3, ""},
		{"exit(None)", true, 0, ""},
		{`exit("bye")`, true, 1, "bye"},
		{"raise SystemExit", true, 0, ""},
		{"raise SystemExit(4)", true, 4, ""},
		{`raise SystemExit("no", 2)`, true, 1, "('no', 2)"},
		{"exit(True)", true, 1, ""},
		{"try:\n    exit(2)\nexcept SystemExit:\n    pass", false, 0, ""},
		{"raise ValueError(3)", false, 0, ""},
	} {
		var out bytes.Buffer
		in := interp.New(interp.Options{Stdout: &out, Stderr: &out})
		builtins.Install(in)
		err := in.Exec("x.na", tc.src)
		status, text, exited := interp.SystemExitStatus(err)
		if exited != tc.exited || status != tc.status || text != tc.text {
			t.Errorf("%q: SystemExitStatus = (%d, %q, %v), want (%d, %q, %v) (err %v)", tc.src, status, text, exited, tc.status, tc.text, tc.exited, err)
		}
	}
}
