package format_test

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minidana/dana/lang/format"
)

// TestRandomEdits applies random small edits (insertions of brackets,
// quotes, colons, indentation, keywords; deletions; cuts) to the golden
// inputs: formatting must finish, never change a program (format.Source
// compares the syntax trees), and be idempotent. A deterministic stand-in
// for FuzzFormat that runs in every `go test`.
func TestRandomEdits(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 200
	}
	if s := os.Getenv("DANA_FMT_EDITS"); s != "" {
		if _, err := fmtSscan(s, &n); err != nil {
			t.Fatal(err)
		}
	}
	ins, _ := filepath.Glob(filepath.Join("testdata", "*.na"))
	var seeds []string
	for _, in := range ins {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, string(b))
	}
	r := rand.New(rand.NewSource(1))
	alphabet := []string{" ", "\n", "(", ")", "[", "]", ":", "::", ",", "#", "\"", "'", "\\", "=", "-", "*", "**", ".",
		"    ", "\t", "f\"", "{", "}", "x", "1", "if ", "def ", "lambda ", "local:", "\"\"\"", "\n\n\n", "@"}
	formatted := 0
	for i := 0; i < n; i++ {
		s := []byte(seeds[r.Intn(len(seeds))])
		for k := 0; k < 1+r.Intn(4); k++ {
			p := r.Intn(len(s) + 1)
			switch r.Intn(3) {
			case 0:
				ins := alphabet[r.Intn(len(alphabet))]
				s = append(s[:p], append([]byte(ins), s[p:]...)...)
			case 1:
				if p < len(s) {
					s = append(s[:p], s[p+1:]...)
				}
			default:
				if p < len(s) {
					s = append(s[:p], s[p+r.Intn(len(s)-p):]...)
				}
			}
		}
		in := string(s)
		type result struct {
			out string
			err error
		}
		done := make(chan result, 1)
		go func() {
			out, err := format.Source("m.na", in)
			done <- result{out, err}
		}()
		var res result
		select {
		case res = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("format.Source did not finish on %q", in)
		}
		if res.err != nil {
			if errors.Is(res.err, format.ErrChanged) {
				t.Fatalf("would change the program %q: %v", in, res.err)
			}
			continue // does not parse
		}
		formatted++
		again, err := format.Source("m.na", res.out)
		if err != nil || again != res.out {
			t.Fatalf("not idempotent on %q:\n%q\n%q (%v)", in, res.out, again, err)
		}
	}
	t.Logf("%d edited programs, %d parsed and formatted", n, formatted)
	if formatted == 0 {
		t.Fatal("no edited program parsed")
	}
}

func fmtSscan(s string, n *int) (int, error) { return fmt.Sscan(s, n) }
