package llm_test

import (
	"context"
	"testing"

	"github.com/minidana/dana/llm/llmtest"
)

// TestFinishReasonAndRefusal: the client reports finish_reason "length" and
// a separate refusal as the loopback server sends them.
func TestFinishReasonAndRefusal(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Truncated("[1, 2"), llmtest.Refused("I can't help with that."), llmtest.Text("ok"))
	c := newClient(t, fastConfig(srv.BaseURL()))
	for _, want := range []struct{ text, finish, refusal string }{
		{"[1, 2", "length", ""},
		{"I can't help with that.", "stop", "I can't help with that."},
		{"ok", "stop", ""},
	} {
		resp, err := c.Complete(context.Background(), ask("q"))
		if err != nil {
			t.Fatal(err)
		}
		if resp.Text != want.text || resp.FinishReason != want.finish || resp.Refusal != want.refusal {
			t.Errorf("got text %q finish %q refusal %q, want %+v", resp.Text, resp.FinishReason, resp.Refusal, want)
		}
	}
}
