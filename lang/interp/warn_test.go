package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// TestEscapeWarningOnStderr: an invalid escape runs, kept as written, and
// is reported on standard error with its position (SPEC §1.4).
func TestEscapeWarningOnStderr(t *testing.T) {
	var out, errOut bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	builtins.Install(in)
	if err := in.Exec("w.na", "x = 1\nprint(\"\\d+\", '\\Uzz')\n"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "\\d+ \\Uzz\n" {
		t.Errorf("stdout = %q", got)
	}
	want := []string{
		"w.na:2:8: SyntaxWarning: invalid escape sequence '\\d'",
		"w.na:2:15: SyntaxWarning: invalid escape sequence '\\U' (truncated \\UXXXXXXXX escape) kept as written",
	}
	if got := strings.TrimSpace(errOut.String()); got != strings.Join(want, "\n") {
		t.Errorf("stderr =\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}
