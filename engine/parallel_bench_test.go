package engine

import (
	"io"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/llm/llmtest"
)

// BenchmarkParallelReasonInstant measures a reason() call (a full execution:
// prompt, HTTP round trip to an instant loopback server, parsing, record)
// made in a plain loop and through parallel(): ns/op is per call, so the
// difference is what parallel() costs per call (the goal: <= 50µs).
func BenchmarkParallelReasonInstant(b *testing.B) {
	srv := llmtest.NewServer(b)
	srv.SetDefault("FINAL_ANSWER: 7")
	for _, tc := range []struct{ name, code string }{
		{"loop", "out = [ask(i) for i in range(N)]"},
		{"parallel-1", "out = parallel(ask, range(N), workers=1)"},
		{"parallel-8", "out = parallel(ask, range(N), workers=8)"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			env := map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}
			e := New(Config{Stdout: io.Discard, Stderr: io.Discard, StoreDir: filepath.Join(b.TempDir(), "store"),
				Getenv: func(k string) string { return env[k] }})
			defer e.Close()
			if err := e.Exec("setup.na", "def ask(i) -> int:\n    return reason(f\"Number {i}?\")\nN = "+strconv.Itoa(b.N)+"\n"); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			if err := e.Exec("bench.na", tc.code); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkParallelOverhead compares, batch by batch, 64 reason() calls to
// an instant loopback server made by a plain loop and by
// parallel(workers=8), and reports per call: the wall time and the CPU time
// (user+system of the whole process, the server included) of each, and the
// differences parallel - loop ("overhead"). The two kinds of batch
// alternate within each iteration so that the machine's load affects both
// alike; compare runs with benchstat. The goal is an overhead of at
// most 50 µs per call.
func BenchmarkParallelOverhead(b *testing.B) {
	const batch = 64
	srv := llmtest.NewServer(b)
	srv.SetDefault("FINAL_ANSWER: 7")
	env := map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}
	e := New(Config{Stdout: io.Discard, Stderr: io.Discard, StoreDir: filepath.Join(b.TempDir(), "store"),
		Getenv: func(k string) string { return env[k] }})
	defer e.Close()
	if err := e.Exec("setup.na", "def ask(i) -> int:\n    return reason(f\"Number {i}?\")\nN = "+strconv.Itoa(batch)+"\n"); err != nil {
		b.Fatal(err)
	}
	codes := [2]string{"out = [ask(i) for i in range(N)]", "out = parallel(ask, range(N), workers=8)"}
	var wall, cpu [2]time.Duration
	run := func(k int) {
		c0, t0 := cpuTime(b), time.Now()
		if err := e.Exec("bench.na", codes[k]); err != nil {
			b.Fatal(err)
		}
		wall[k] += time.Since(t0)
		cpu[k] += cpuTime(b) - c0
	}
	run(0) // warm up: connections, code context, store
	run(1)
	wall, cpu = [2]time.Duration{}, [2]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run(i % 2) // alternate which goes first
		run(1 - i%2)
	}
	calls := float64(b.N * batch)
	us := func(d time.Duration) float64 { return float64(d.Microseconds()) / calls }
	b.ReportMetric(us(wall[0]), "loop-µs/call")
	b.ReportMetric(us(wall[1]), "par8-µs/call")
	b.ReportMetric(us(wall[1])-us(wall[0]), "overhead-µs/call")
	b.ReportMetric(us(cpu[0]), "loop-cpu-µs/call")
	b.ReportMetric(us(cpu[1]), "par8-cpu-µs/call")
	b.ReportMetric(us(cpu[1])-us(cpu[0]), "cpu-overhead-µs/call")
}

// cpuTime is the user+system CPU time of the process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
