package reason_test

import (
	"context"
	"sync/atomic"
	"testing"

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
