package llm_test

import (
	"context"
	"testing"

	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
)

// BenchmarkComplete measures one call through openai-go against an instant
// local server (the client's own overhead plus loopback HTTP).
func BenchmarkComplete(b *testing.B) {
	srv := llmtest.NewServer(b)
	srv.SetDefault("42")
	c, err := llm.New(fastConfig(srv.BaseURL()))
	if err != nil {
		b.Fatal(err)
	}
	req := ask("What is 6 * 7?")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Complete(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMock measures the mock model on a struct answer.
func BenchmarkMock(b *testing.B) {
	c := llm.NewMock()
	req := ask("Invent a person")
	req.Expected = &llm.Expected{Kind: llm.KindStruct, Fields: []llm.Field{
		{Name: "name"}, {Name: "age", Type: &llm.Expected{Kind: llm.KindInt}},
	}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Complete(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
