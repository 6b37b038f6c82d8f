// Package bench holds the benchmark programs run by `make bench` (NAME.na
// beside its CPython twin NAME.py). This test keeps them honest: each .na,
// run at its small size (DANA_BENCH_SMALL=1), must print exactly what its
// Python twin printed at that size (testdata/NAME.out, regenerated with
// `make bench-expected`).
package bench

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

func TestProgramsMatchPython(t *testing.T) {
	progs, err := filepath.Glob("*.na")
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) < 15 {
		t.Fatalf("only %d benchmark programs", len(progs))
	}
	for _, na := range progs {
		name := strings.TrimSuffix(na, ".na")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(na)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			if name != "empty" {
				if _, err := os.Stat(name + ".py"); err != nil {
					t.Fatalf("%s has no Python twin: %v", na, err)
				}
				b, err := os.ReadFile(filepath.Join("testdata", name+".out"))
				if err != nil {
					t.Fatalf("expected output missing (run make bench-expected): %v", err)
				}
				want = string(b)
			}
			var out bytes.Buffer
			in := interp.New(interp.Options{
				Stdout: &out,
				Stderr: &out,
				Getenv: func(k string) string {
					if k == "DANA_BENCH_SMALL" {
						return "1"
					}
					return ""
				},
			})
			builtins.Install(in)
			if err := in.Exec(na, string(src)); err != nil {
				t.Fatalf("%s failed: %v\noutput so far:\n%s", na, err, out.String())
			}
			if got := out.String(); got != want {
				t.Errorf("%s printed\n%s\nPython printed\n%s", na, got, want)
			}
		})
	}
}

// BenchmarkPrograms runs each program at its small size in-process, for
// profiling the interpreter on whole programs:
//
//	go test -run '^$' -bench 'Programs/scheduler' -cpuprofile cpu.out ./bench
//
// With DANA_BENCH_FULL=1 in the environment the programs run at their full
// size (as `make bench` runs them), where parsing is a negligible part.
func BenchmarkPrograms(b *testing.B) {
	small := "1"
	if os.Getenv("DANA_BENCH_FULL") != "" {
		small = ""
	}
	progs, _ := filepath.Glob("*.na")
	for _, na := range progs {
		src, err := os.ReadFile(na)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(na, ".na"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				in := interp.New(interp.Options{
					Stdout: io.Discard,
					Stderr: io.Discard,
					Getenv: func(k string) string {
						if k == "DANA_BENCH_SMALL" {
							return small
						}
						return ""
					},
				})
				builtins.Install(in)
				if err := in.Exec(na, string(src)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
