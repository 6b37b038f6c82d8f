package llm_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
)

// events collects what a call's notifier receives.
type events struct {
	mu      sync.Mutex
	stream  []llm.StreamEvent
	retries []string
	onFirst func() // called at the first streamed text
}

func (e *events) Retry(n llm.RetryNotice) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.retries = append(e.retries, n.String())
}

func (e *events) Stream(ev llm.StreamEvent) {
	e.mu.Lock()
	first := len(e.stream) == 0 && ev.Text != ""
	e.stream = append(e.stream, ev)
	f := e.onFirst
	e.mu.Unlock()
	if first && f != nil {
		f()
	}
}

func (e *events) text() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var b strings.Builder
	for _, ev := range e.stream {
		if ev.Restart {
			b.WriteString("|restart|")
		}
		b.WriteString(ev.Text)
	}
	return b.String()
}

func TestStreamedReply(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Chunks: []string{"Hello", ", ", "world"}, PromptTokens: 12, CompletionTokens: 3})
	c := newClient(t, fastConfig(srv.BaseURL()))
	ev := &events{}
	resp, err := c.Complete(llm.WithNotifier(context.Background(), ev), ask("greet"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Hello, world" || !resp.Streamed || resp.FinishReason != "stop" || resp.Attempts != 1 {
		t.Errorf("resp %+v", resp)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 12, CompletionTokens: 3, TotalTokens: 15}) {
		t.Errorf("usage %+v, want the final chunk's", resp.Usage)
	}
	req := srv.LastRequest(t)
	if !req.Stream || !req.IncludeUsage {
		t.Errorf("request stream=%v include_usage=%v", req.Stream, req.IncludeUsage)
	}
	if len(ev.stream) != 3 || ev.stream[0].Text != "Hello" || ev.stream[2].Chunks != 3 || ev.text() != "Hello, world" {
		t.Errorf("streamed events %+v", ev.stream)
	}
	if st := c.Stats(); st.PromptTokens != 12 || st.CompletionTokens != 3 {
		t.Errorf("stats %+v", st)
	}
}

// The first pieces reach the notifier while the server still holds the
// last one: the reply is read as it comes, not once it is complete.
func TestStreamArrivesBeforeTheEnd(t *testing.T) {
	srv := llmtest.NewServer(t)
	hold := make(chan struct{})
	srv.Enqueue(llmtest.Reply{Text: "one two three four", Hold: hold})
	c := newClient(t, fastConfig(srv.BaseURL()))
	var seen string
	ev := &events{}
	ev.onFirst = func() {
		seen = ev.text()
		close(hold) // only now may the server finish
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := c.Complete(llm.WithNotifier(ctx, ev), ask("count"))
	if err != nil {
		t.Fatalf("the call did not finish (was the stream buffered?): %v", err)
	}
	if seen != "one " || resp.Text != "one two three four" {
		t.Errorf("first seen %q, reply %q", seen, resp.Text)
	}
}

func TestStreamCutMidwayIsRetried(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Text: "alpha beta gamma delta", CutAfter: 2}, llmtest.Text("fine answer"))
	c := newClient(t, fastConfig(srv.BaseURL()))
	ev := &events{}
	resp, err := c.Complete(llm.WithNotifier(context.Background(), ev), ask("x"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "fine answer" || resp.Attempts != 2 || srv.Count() != 2 {
		t.Errorf("resp %+v, %d requests", resp, srv.Count())
	}
	if got := ev.text(); got != "alpha beta |restart|fine answer" {
		t.Errorf("streamed %q", got)
	}
	if len(ev.retries) != 1 || !strings.HasPrefix(ev.retries[0], "stream cut from 127.0.0.1:") {
		t.Errorf("retry notices %q", ev.retries)
	}
}

func TestStreamCutEveryTimeIsReported(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply llmtest.Reply
		want  string
	}{
		{"connection broken", llmtest.Reply{Text: "a b c d", CutAfter: 2}, "the reply stream broke off after 2 chunks: the server closed the connection"},
		{"ended without finishing", llmtest.Reply{Text: "a b c", Unfinished: true}, "the reply stream ended after 3 chunks without a finish_reason"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t)
			srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return tc.reply })
			cfg := fastConfig(srv.BaseURL())
			cfg.MaxAttempts = 3
			c := newClient(t, cfg)
			_, err := c.Complete(context.Background(), ask("x"))
			var le *llm.LLMError
			if !errors.As(err, &le) || le.Attempts != 3 || srv.Count() != 3 || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v (%d requests), want %q after 3 attempts", err, srv.Count(), tc.want)
			}
		})
	}
}

func TestStreamObeysTheReplyCap(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Endless: true}, llmtest.Text(strings.Repeat("word ", 40<<10)))
	cfg := fastConfig(srv.BaseURL())
	cfg.MaxReplyBytes = 1 << 20
	c := newClient(t, cfg)
	ev := &events{}
	start := time.Now()
	_, err := c.Complete(llm.WithNotifier(context.Background(), ev), ask("x"))
	if !errors.Is(err, llm.ErrReplyTooLarge) || !strings.Contains(err.Error(), "1 MB cap") {
		t.Fatalf("endless stream: err %v", err)
	}
	if len(ev.stream) == 0 || len(ev.stream) > 40 {
		t.Errorf("%d chunks of 32 KB streamed before the 1 MB cap", len(ev.stream))
	}
	if srv.Count() != 1 {
		t.Errorf("a reply past the cap was retried: %d requests", srv.Count())
	}
	t.Logf("cut after %v", time.Since(start))
	// 40k words stream in ~40k events of ~150 bytes: past the cap too, even
	// though the text itself (200 KB) is under it.
	_, err = c.Complete(context.Background(), ask("y"))
	if !errors.Is(err, llm.ErrReplyTooLarge) {
		t.Errorf("long stream: err %v", err)
	}
	srv.Enqueue(llmtest.Text(strings.Repeat("word ", 1000)))
	if resp, err := c.Complete(context.Background(), ask("z")); err != nil || len(resp.Text) != 5000 {
		t.Errorf("a stream under the cap: %v", err)
	}
}

func TestServerWithoutStreaming(t *testing.T) {
	t.Run("plain JSON answer", func(t *testing.T) {
		srv := llmtest.NewServer(t)
		srv.Enqueue(llmtest.Reply{Text: "whole", NoStream: true, PromptTokens: 4, CompletionTokens: 1})
		c := newClient(t, fastConfig(srv.BaseURL()))
		resp, err := c.Complete(context.Background(), ask("x"))
		if err != nil || resp.Text != "whole" || resp.Streamed || resp.Usage.TotalTokens != 5 || srv.Count() != 1 {
			t.Errorf("resp %+v err %v", resp, err)
		}
	})
	t.Run("rejects stream", func(t *testing.T) {
		srv := llmtest.NewServer(t)
		srv.SetRejectStream(true)
		c := newClient(t, fastConfig(srv.BaseURL()))
		resp, err := c.Complete(context.Background(), ask("x"))
		reqs := srv.Requests()
		if err != nil || resp.Text != "ok" || resp.Streamed || len(reqs) != 2 || !reqs[0].Stream || reqs[1].Stream {
			t.Fatalf("resp %+v err %v, %d requests", resp, err, len(reqs))
		}
		// Remembered: the next call does not try to stream.
		if _, err := c.Complete(context.Background(), ask("y")); err != nil || srv.Count() != 3 || srv.LastRequest(t).Stream {
			t.Errorf("second call: err %v, %d requests", err, srv.Count())
		}
	})
	t.Run("NoStream config", func(t *testing.T) {
		srv := llmtest.NewServer(t)
		cfg := fastConfig(srv.BaseURL())
		cfg.NoStream = true
		c := newClient(t, cfg)
		if resp, err := c.Complete(context.Background(), ask("x")); err != nil || resp.Streamed || srv.LastRequest(t).Stream {
			t.Errorf("resp %+v err %v", resp, err)
		}
	})
}

// Retry-After still applies before a streamed attempt, and the text of a
// stream that ended in an error status is not mixed into the reply.
func TestStreamAfterRateLimit(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.RateLimited(150*time.Millisecond), llmtest.Reply{Chunks: []string{"4"}})
	c := newClient(t, fastConfig(srv.BaseURL()))
	ev := &events{}
	start := time.Now()
	resp, err := c.Complete(llm.WithNotifier(context.Background(), ev), ask("x"))
	if err != nil || resp.Text != "4" || resp.Attempts != 2 || !resp.Streamed {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	if took := time.Since(start); took < 150*time.Millisecond {
		t.Errorf("retried after %v, before the Retry-After of 150ms", took)
	}
	if len(ev.retries) != 1 || !strings.HasPrefix(ev.retries[0], "429 from ") || ev.text() != "4" {
		t.Errorf("retries %q, text %q", ev.retries, ev.text())
	}
}

func TestStreamCancelled(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Text: "a b c d e f", ChunkDelay: time.Hour})
	c := newClient(t, fastConfig(srv.BaseURL()))
	ctx, cancel := context.WithCancel(context.Background())
	ev := &events{}
	go func() {
		for srv.Count() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Complete(llm.WithNotifier(ctx, ev), ask("x"))
	if !errors.Is(err, context.Canceled) || srv.Count() != 1 {
		t.Errorf("err %v, %d requests", err, srv.Count())
	}
}

func TestStreamRecordAndReplay(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Chunks: []string{"re", "corded"}})
	file := t.TempDir() + "/rec.jsonl"
	cfg := fastConfig(srv.BaseURL())
	cfg.Mode = "record:" + file
	rec := newClient(t, cfg)
	if resp, err := rec.Complete(context.Background(), ask("x")); err != nil || resp.Text != "recorded" || !resp.Streamed {
		t.Fatalf("record: %+v %v", resp, err)
	}
	cfg.Mode = "replay:" + file
	rep := newClient(t, cfg)
	if resp, err := rep.Complete(context.Background(), ask("x")); err != nil || resp.Text != "recorded" || !resp.Replayed {
		t.Errorf("replay: %+v %v", resp, err)
	}
}

// The per-attempt timeout bounds the silences of a stream, not its length:
// a reply that streams steadily for longer than the timeout arrives whole.
func TestStreamLongerThanTheTimeout(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Text: "one two three four five six seven eight nine ten eleven twelve", ChunkDelay: 200 * time.Millisecond})
	cfg := fastConfig(srv.BaseURL())
	cfg.Timeout = 1500 * time.Millisecond
	c := newClient(t, cfg)
	start := time.Now()
	resp, err := c.Complete(context.Background(), ask("x"))
	if err != nil || !strings.HasSuffix(resp.Text, "twelve") || resp.Attempts != 1 {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	if took := time.Since(start); took < cfg.Timeout {
		t.Errorf("the stream took %v, not longer than the %v timeout: the test proves nothing", took, cfg.Timeout)
	}
}

// A stream that goes silent for the timeout is a failed attempt, retried.
func TestStreamStalls(t *testing.T) {
	srv := llmtest.NewServer(t)
	never := make(chan struct{})
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply {
		return llmtest.Reply{Chunks: []string{"a ", "b ", "c"}, Hold: never}
	})
	cfg := fastConfig(srv.BaseURL())
	cfg.Timeout = 300 * time.Millisecond
	cfg.MaxAttempts = 2
	c := newClient(t, cfg)
	ev := &events{}
	_, err := c.Complete(llm.WithNotifier(context.Background(), ev), ask("x"))
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Attempts != 2 || !strings.Contains(err.Error(), "the reply stream stalled: nothing for 300ms after 2 chunks") {
		t.Errorf("err %v", err)
	}
	if got := ev.text(); got != "a b |restart|a b " {
		t.Errorf("streamed %q", got)
	}
}
