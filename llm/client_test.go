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

// fastConfig is a config for srv with tiny backoff and timeout.
func fastConfig(baseURL string) llm.Config {
	return llm.Config{BaseURL: baseURL, Model: "test-model", Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond, Timeout: 2 * time.Second}
}

func newClient(t *testing.T, cfg llm.Config) llm.Client {
	t.Helper()
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func ask(prompt string) *llm.Request {
	return &llm.Request{Messages: []llm.Message{llm.System("be brief"), llm.User(prompt)}}
}

func TestCompleteSuccessAndUsage(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Text: "Paris", PromptTokens: 12, CompletionTokens: 3, Model: "served-model"})
	c := newClient(t, fastConfig(srv.BaseURL()))
	temp := 0.25
	req := ask("capital of France?")
	req.Temperature = &temp
	req.MaxTokens = 50
	resp, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if resp.Text != "Paris" || resp.Model != "served-model" || resp.Attempts != 1 || resp.Mock {
		t.Errorf("resp = %+v", resp)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 12, CompletionTokens: 3, TotalTokens: 15}) {
		t.Errorf("usage = %+v", resp.Usage)
	}
	if !strings.HasSuffix(resp.Endpoint, "/v1/chat/completions") {
		t.Errorf("endpoint = %q", resp.Endpoint)
	}
	got := srv.LastRequest(t)
	if got.Model != "test-model" || len(got.Messages) != 2 || got.Messages[0].Role != "system" ||
		got.Messages[1].Content != "capital of France?" || got.Temperature == nil || *got.Temperature != 0.25 ||
		got.MaxTokens == nil || *got.MaxTokens != 50 || got.HasResponseFormat() {
		t.Errorf("server saw %+v", got)
	}
	if auth := got.Header.Get("Authorization"); auth != "Bearer not-needed" {
		t.Errorf("Authorization = %q, want the placeholder key", auth)
	}
	st := c.Stats()
	if st.Calls != 1 || st.Failures != 0 || st.Attempts != 1 || st.TotalTokens != 15 || st.PromptTokens != 12 {
		t.Errorf("stats = %+v", st)
	}
}

func TestModelOverrideAndAPIKey(t *testing.T) {
	srv := llmtest.NewServer(t)
	cfg := fastConfig(srv.BaseURL())
	cfg.APIKey = "sk-test"
	c := newClient(t, cfg)
	req := ask("hi")
	req.Model = "other-model"
	if _, err := c.Complete(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	got := srv.LastRequest(t)
	if got.Model != "other-model" || got.Header.Get("Authorization") != "Bearer sk-test" {
		t.Errorf("model %q auth %q", got.Model, got.Header.Get("Authorization"))
	}
}

func TestRetryThenSuccess(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first llmtest.Reply
	}{
		{"500", llmtest.Status(500, "boom")},
		{"503", llmtest.Status(503, "overloaded")},
		{"429", llmtest.RateLimited(5 * time.Millisecond)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t)
			srv.Enqueue(tc.first, tc.first, llmtest.Text("42"))
			c := newClient(t, fastConfig(srv.BaseURL()))
			resp, err := c.Complete(context.Background(), ask("n?"))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if resp.Text != "42" || resp.Attempts != 3 || srv.Count() != 3 {
				t.Errorf("text %q attempts %d server count %d", resp.Text, resp.Attempts, srv.Count())
			}
			if st := c.Stats(); st.Attempts != 3 || st.Calls != 1 || st.Failures != 0 {
				t.Errorf("stats = %+v", st)
			}
		})
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.RateLimited(150*time.Millisecond), llmtest.Text("ok"))
	c := newClient(t, fastConfig(srv.BaseURL()))
	start := time.Now()
	if _, err := c.Complete(context.Background(), ask("x")); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 140*time.Millisecond {
		t.Errorf("retried after %v, want >= the 150ms Retry-After", d)
	}
}

func TestAlways500GivesLLMError(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Status(500, "database on fire") })
	cfg := fastConfig(srv.BaseURL())
	cfg.MaxAttempts = 3
	c := newClient(t, cfg)
	_, err := c.Complete(context.Background(), ask("x"))
	var le *llm.LLMError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v (%T), want *LLMError", err, err)
	}
	if le.Status != 500 || le.Attempts != 3 || srv.Count() != 3 {
		t.Errorf("status %d attempts %d server count %d", le.Status, le.Attempts, srv.Count())
	}
	msg := err.Error()
	for _, want := range []string{srv.BaseURL() + "/chat/completions", "3 attempts", "500", "database on fire"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
	if st := c.Stats(); st.Calls != 1 || st.Failures != 1 || st.Attempts != 3 {
		t.Errorf("stats = %+v", st)
	}
}

func TestNoRetryOn4xx(t *testing.T) {
	for _, code := range []int{400, 401, 404, 422} {
		srv := llmtest.NewServer(t)
		srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Status(code, "bad model name") })
		c := newClient(t, fastConfig(srv.BaseURL()))
		_, err := c.Complete(context.Background(), ask("x"))
		var le *llm.LLMError
		if !errors.As(err, &le) || le.Status != code || le.Attempts != 1 || srv.Count() != 1 {
			t.Errorf("%d: err %v, server count %d", code, err, srv.Count())
		}
	}
}

func TestNonJSONErrorBody(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Status: 502, Body: "<html>Bad Gateway</html>"}, llmtest.Text("fine"))
	c := newClient(t, fastConfig(srv.BaseURL()))
	resp, err := c.Complete(context.Background(), ask("x"))
	if err != nil || resp.Text != "fine" || resp.Attempts != 2 {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	srv.Enqueue(llmtest.Reply{Status: 400, Body: "plain text: unknown field"})
	_, err = c.Complete(context.Background(), ask("y"))
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Status != 400 || !strings.Contains(err.Error(), "plain text: unknown field") {
		t.Errorf("err = %v", err)
	}
}

func TestTimeoutNeverAnswers(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHang(true)
	cfg := fastConfig(srv.BaseURL())
	cfg.Timeout = 50 * time.Millisecond
	cfg.MaxAttempts = 2
	c := newClient(t, cfg)
	start := time.Now()
	_, err := c.Complete(context.Background(), ask("x"))
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	var le *llm.LLMError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want *LLMError", err)
	}
	if le.Attempts != 2 || le.Status != 0 || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timeout") {
		t.Errorf("err = %v (attempts %d)", err, le.Attempts)
	}
}

func TestConnectionRefused(t *testing.T) {
	cfg := fastConfig(llmtest.RefusedURL(t))
	cfg.MaxAttempts = 2
	c := newClient(t, cfg)
	_, err := c.Complete(context.Background(), ask("x"))
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Attempts != 2 || le.Status != 0 {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "could not reach") {
		t.Errorf("err = %v", err)
	}
}

func TestCancelMidCall(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHang(true)
	cfg := fastConfig(srv.BaseURL())
	cfg.Timeout = 10 * time.Second
	c := newClient(t, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for srv.Count() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	start := time.Now()
	_, err := c.Complete(ctx, ask("x"))
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancel took %v to take effect", d)
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if srv.Count() != 1 {
		t.Errorf("server count %d: a cancelled call must not retry", srv.Count())
	}
}

func TestCancelDuringBackoff(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Status(503, "busy") })
	cfg := fastConfig(srv.BaseURL())
	cfg.Backoff, cfg.MaxBackoff = 10*time.Second, 10*time.Second
	c := newClient(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Complete(ctx, ask("x"))
	if d := time.Since(start); d > time.Second || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("after %v err = %v", d, err)
	}
}

func schemaReq() *llm.Request {
	req := ask("list three fruits")
	req.ResponseFormat = &llm.JSONSchema{Name: "list[str]", Schema: map[string]any{
		"type": "object", "properties": map[string]any{"value": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}},
		"required": []any{"value"},
	}}
	return req
}

func TestResponseFormatSent(t *testing.T) {
	srv := llmtest.NewServer(t)
	c := newClient(t, fastConfig(srv.BaseURL()))
	resp, err := c.Complete(context.Background(), schemaReq())
	if err != nil || !resp.UsedResponseFormat {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	rf := srv.LastRequest(t).ResponseFormat
	js, _ := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["name"] != "list_str_" || js["schema"] == nil {
		t.Errorf("response_format = %v", rf)
	}
}

func TestResponseFormatFallbackRemembered(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetRejectResponseFormat(true)
	cfg := fastConfig(srv.BaseURL())
	cfg.MaxAttempts = 1 // the fallback must not need a transport retry
	c := newClient(t, cfg)
	resp, err := c.Complete(context.Background(), schemaReq())
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if resp.UsedResponseFormat || resp.Attempts != 2 {
		t.Errorf("UsedResponseFormat %v attempts %d", resp.UsedResponseFormat, resp.Attempts)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || !reqs[0].HasResponseFormat() || reqs[1].HasResponseFormat() {
		t.Fatalf("requests: %d, rf %v", len(reqs), reqs)
	}
	// The second call does not even try response_format.
	resp, err = c.Complete(context.Background(), schemaReq())
	if err != nil || resp.UsedResponseFormat || resp.Attempts != 1 {
		t.Fatalf("second call: %+v %v", resp, err)
	}
	if reqs = srv.Requests(); len(reqs) != 3 || reqs[2].HasResponseFormat() {
		t.Errorf("second call sent response_format again")
	}
	// A fresh client starts afresh (no global state).
	c2 := newClient(t, cfg)
	if _, err := c2.Complete(context.Background(), schemaReq()); err != nil {
		t.Fatal(err)
	}
	if reqs = srv.Requests(); len(reqs) != 5 || !reqs[3].HasResponseFormat() {
		t.Errorf("a new client should try response_format once more")
	}
}

func TestOther400NotFallback(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Status(400, "Unsupported parameter: 'temperature'"))
	c := newClient(t, fastConfig(srv.BaseURL()))
	_, err := c.Complete(context.Background(), schemaReq())
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Status != 400 || srv.Count() != 1 {
		t.Errorf("err %v count %d", err, srv.Count())
	}
}

func TestNotConfigured(t *testing.T) {
	cfg := llm.ConfigFromEnv(func(string) string { return "" })
	c := newClient(t, cfg)
	_, err := c.Complete(context.Background(), ask("x"))
	if !errors.Is(err, llm.ErrNotConfigured) {
		t.Fatalf("err = %v", err)
	}
	var le *llm.LLMError
	if !errors.As(err, &le) {
		t.Fatalf("not an *LLMError: %T", err)
	}
	msg := err.Error()
	for _, want := range []string{"OPENAI_BASE_URL", "http://localhost:11434/v1", "OPENAI_API_KEY", "DANA_LLM_MODEL", "DANA_LLM=mock", "--llm-base-url", "--model"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message does not mention %s:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("message should be one paragraph: %q", msg)
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"OPENAI_BASE_URL": " http://h:1/v1/ ", "OPENAI_API_KEY": "k", "DANA_LLM_MODEL": "m", "DANA_LLM": "mock"}
	cfg := llm.ConfigFromEnv(func(k string) string { return env[k] })
	if cfg.BaseURL != "http://h:1/v1/" || cfg.APIKey != "k" || cfg.Model != "m" || cfg.Mode != "mock" {
		t.Errorf("cfg = %+v", cfg)
	}
	c := newClient(t, cfg)
	if _, ok := c.(*llm.Mock); !ok {
		t.Errorf("DANA_LLM=mock gave %T", c)
	}
	for _, bad := range []string{"bogus", "record:", "replay:"} {
		if _, err := llm.New(llm.Config{Mode: bad}); err == nil {
			t.Errorf("mode %q accepted", bad)
		}
	}
	if _, err := llm.New(llm.Config{BaseURL: "localhost:11434"}); err == nil {
		t.Errorf("a base URL without scheme was accepted")
	}
	if _, err := llm.New(llm.Config{Mode: "replay:" + t.TempDir() + "/missing.jsonl"}); err == nil {
		t.Errorf("a missing replay file was accepted")
	}
}

func TestEmptyContentUsesReasoning(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Body: `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"","reasoning_content":"FINAL_ANSWER: 7"}}],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}`})
	c := newClient(t, fastConfig(srv.BaseURL()))
	resp, err := c.Complete(context.Background(), ask("x"))
	if err != nil || resp.Text != "FINAL_ANSWER: 7" {
		t.Errorf("resp %+v err %v", resp, err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	srv := llmtest.NewServer(t)
	c := newClient(t, fastConfig(srv.BaseURL()))
	errs := make(chan error, 16)
	for range 16 {
		go func() {
			_, err := c.Complete(context.Background(), ask("x"))
			errs <- err
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if st := c.Stats(); st.Calls != 16 || st.Attempts != 16 {
		t.Errorf("stats %+v", st)
	}
}

func TestGarbage200AndNotFoundHint(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Body: "<html>hello</html>"})
	c := newClient(t, fastConfig(srv.BaseURL()))
	_, err := c.Complete(context.Background(), ask("x"))
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Attempts != 1 {
		t.Fatalf("err = %v", err)
	}
	t.Logf("garbage 200: %v", err)

	c = newClient(t, fastConfig(srv.URL())) // forgot /v1
	_, err = c.Complete(context.Background(), ask("x"))
	if !errors.As(err, &le) || le.Status != 404 || !strings.Contains(err.Error(), "/v1") {
		t.Errorf("err = %v", err)
	}
	t.Logf("404: %v", err)
}

// Concurrent calls (parallel() workers) reuse their connections instead of
// opening one per request past the second (http.DefaultTransport keeps only
// two idle connections per host).
func TestConcurrentCallsReuseConnections(t *testing.T) {
	srv := llmtest.NewServer(t)
	c := newClient(t, fastConfig(srv.BaseURL()))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				if _, err := c.Complete(context.Background(), ask("x")); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if n := srv.Connections(); srv.Count() != 80 || n > 16 {
		t.Errorf("%d requests over %d connections; want at most 16", srv.Count(), n)
	}
}
