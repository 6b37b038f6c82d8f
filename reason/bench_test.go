package reason_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/reason"
)

// instantClient answers every request at once with a fixed text, in
// process: what remains is reason()'s own work.
type instantClient struct {
	text  string
	calls atomic.Int64
}

func (c *instantClient) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	c.calls.Add(1)
	return &llm.Response{Text: c.text, Model: "instant", Attempts: 1, Endpoint: "instant",
		Usage: llm.Usage{PromptTokens: 100, CompletionTokens: 5, TotalTokens: 105}}, nil
}
func (c *instantClient) Stats() llm.Stats { return llm.Stats{Calls: c.calls.Load()} }
func (c *instantClient) Describe() string { return "instant" }

const benchSrc = `struct Person:
    """A person mentioned in a text."""
    name: str   # full name
    age: int    # in years

# How much is it?
def number(x: float) -> float:
    """Ask for a number."""
    return reason("What is 2 + 3?")

def person(text: str) -> Person:
    """Extract the person."""
    return reason("Extract the person", context=text)
`

// BenchmarkReasonOverhead measures one reason() call from a script function
// (a float, and a struct with field comments and a JSON schema): with an
// in-process client that answers at once (reason()'s own overhead: call-site
// lookup, prompt building, parsing, coercion, record), with the mock model,
// and through the real openai-go client against an instant loopback server.
func BenchmarkReasonOverhead(b *testing.B) {
	type kind struct {
		name, fn, reply string
	}
	kinds := []kind{
		{"float", "number", "The sum is 5.\nFINAL_ANSWER: 5"},
		{"struct", "person", "```json\n{\"name\": \"Ada Lovelace\", \"age\": 36,}\n```"},
	}
	for _, k := range kinds {
		clients := map[string]func(b *testing.B) llm.Client{
			"instant": func(b *testing.B) llm.Client { return &instantClient{text: k.reply} },
			"mock":    func(b *testing.B) llm.Client { return llm.NewMock() },
			"loopback": func(b *testing.B) llm.Client {
				srv := llmtest.NewServer(b)
				srv.SetDefault(k.reply)
				c, err := llm.New(llm.Config{BaseURL: srv.BaseURL()})
				if err != nil {
					b.Fatal(err)
				}
				return c
			},
		}
		for _, cname := range []string{"instant", "mock", "loopback"} {
			b.Run(k.name+"/"+cname, func(b *testing.B) {
				in := interp.New(interp.Options{})
				reason.Install(in, clients[cname](b), nil, reason.Hooks{})
				if err := in.Exec("bench.na", benchSrc); err != nil {
					b.Fatal(err)
				}
				fn, _ := in.Get("local", k.fn)
				args := []interp.Value{interp.Float(1)}
				if k.fn == "person" {
					args = []interp.Value{interp.Str("Ada Lovelace, 36")}
				}
				if _, err := in.Call(fn, args, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := in.Call(fn, args, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkParallelOverhead measures what parallel() adds to a reason()
// call: batches of 64 calls made by a plain loop and by
// parallel(workers=8), alternating within each iteration so that the
// machine's load affects both alike, reported per call: wall time, CPU time
// (user+system of the whole process, the loopback server included), and the
// differences parallel - loop ("overhead"). "instant" answers in process, so
// the difference is the forks, goroutines and lock hand-offs alone;
// "loopback" goes through openai-go and HTTP (streamed) to an instant
// server. The goal: at most 50 µs per call. Compare runs with
// benchstat.
func BenchmarkParallelOverhead(b *testing.B) {
	const batch = 64
	clients := map[string]func(b *testing.B) llm.Client{
		"instant": func(b *testing.B) llm.Client { return &instantClient{text: "FINAL_ANSWER: 5"} },
		"loopback": func(b *testing.B) llm.Client {
			srv := llmtest.NewServer(b)
			srv.SetDefault("FINAL_ANSWER: 5")
			c, err := llm.New(llm.Config{BaseURL: srv.BaseURL()})
			if err != nil {
				b.Fatal(err)
			}
			return c
		},
	}
	for _, cname := range []string{"instant", "loopback"} {
		b.Run(cname, func(b *testing.B) {
			in := interp.New(interp.Options{})
			builtins.Install(in)
			reason.Install(in, clients[cname](b), nil, reason.Hooks{})
			if err := in.Exec("bench.na", benchSrc+"N = "+strconv.Itoa(batch)+"\n"); err != nil {
				b.Fatal(err)
			}
			codes := [2]string{"out = [number(i) for i in range(N)]", "out = parallel(number, range(N), workers=8)"}
			var wall, cpu [2]time.Duration
			run := func(k int) {
				c0, t0 := cpuTime(b), time.Now()
				if err := in.Exec("run.na", codes[k]); err != nil {
					b.Fatal(err)
				}
				wall[k] += time.Since(t0)
				cpu[k] += cpuTime(b) - c0
			}
			run(0) // warm up
			run(1)
			wall, cpu = [2]time.Duration{}, [2]time.Duration{}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run(i % 2) // alternate which goes first
				run(1 - i%2)
			}
			calls := float64(b.N * batch)
			us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 / calls }
			b.ReportMetric(us(wall[0]), "loop-µs/call")
			b.ReportMetric(us(wall[1]), "par8-µs/call")
			b.ReportMetric(us(wall[1])-us(wall[0]), "overhead-µs/call")
			b.ReportMetric(us(cpu[0]), "loop-cpu-µs/call")
			b.ReportMetric(us(cpu[1]), "par8-cpu-µs/call")
			b.ReportMetric(us(cpu[1])-us(cpu[0]), "cpu-overhead-µs/call")
		})
	}
}

// cpuTime is the user+system CPU time of the process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
