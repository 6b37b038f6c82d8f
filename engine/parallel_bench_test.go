package engine

import (
	"io"
	"path/filepath"
	"strconv"
	"testing"

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
