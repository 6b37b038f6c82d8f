package interp_test

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// TestDifferentialArithmetic evaluates random expressions (ints on both
// sides of the int64 boundary, floats, bools; every operator) and compares
// with what CPython printed for them (testdata/differential/arith.txt).
func TestDifferentialArithmetic(t *testing.T) {
	f, err := os.Open("testdata/differential/arith.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tc struct{ expr, want string }
	var cases []tc
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var expr string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "=> "):
			cases = append(cases, tc{expr, line[3:]})
		default:
			expr = line
		}
	}
	if len(cases) < 1000 {
		t.Fatalf("only %d cases read", len(cases))
	}
	var src strings.Builder
	for _, c := range cases {
		src.WriteString("try:\n    print(" + c.expr + ")\nexcept Exception as ex:\n    print('ERR', ex.type)\n")
	}
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out})
	builtins.Install(in)
	if err := in.Exec("arith.na", src.String()); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(cases) {
		t.Fatalf("%d results for %d cases", len(got), len(cases))
	}
	bad := 0
	for i, c := range cases {
		if got[i] != c.want {
			bad++
			if bad <= 10 {
				t.Errorf("%s\n  got  %s\n  want %s", c.expr, got[i], c.want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d expressions differ from CPython", bad, len(cases))
	}
}
