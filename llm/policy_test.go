package llm_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
)

// The retry policy of issue 10, point 7, each case counted in requests.

func TestNeverRetryClientErrors(t *testing.T) {
	for _, code := range []int{400, 401, 403, 404, 422} {
		srv := llmtest.NewServer(t)
		srv.SetDefault("unused")
		srv.Enqueue(llmtest.Status(code, "nope"))
		cfg := fastConfig(srv.BaseURL())
		cfg.MaxAttempts = 10
		_, err := newClient(t, cfg).Complete(context.Background(), ask("x"))
		var le *llm.LLMError
		if !errors.As(err, &le) || le.Status != code || srv.Count() != 1 {
			t.Errorf("%d: %d requests, err %v", code, srv.Count(), err)
		}
	}
}

func TestBudgetBoundsRequests(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Status(503, "busy") })
	cfg := fastConfig(srv.BaseURL())
	cfg.MaxAttempts = 100 // the per-call budget still stops it
	c := newClient(t, cfg)
	_, err := c.Complete(context.Background(), ask("x"))
	if srv.Count() != llm.DefaultMaxRequests {
		t.Fatalf("%d requests, want %d (err %v)", srv.Count(), llm.DefaultMaxRequests, err)
	}

	// One budget shared by several Complete calls (a reason() execution
	// with validation retries) bounds them together.
	srv2 := llmtest.NewServer(t)
	srv2.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Status(500, "down") })
	c = newClient(t, fastConfig(srv2.BaseURL()))
	ctx := llm.WithBudget(context.Background(), &llm.Budget{MaxRequests: 5})
	for i := 0; i < 4; i++ {
		_, err = c.Complete(ctx, ask("x"))
	}
	if srv2.Count() != 5 || !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "budget of 5 HTTP requests") {
		t.Errorf("%d requests, last err %v", srv2.Count(), err)
	}
}

func TestDeadlineAcrossAttempts(t *testing.T) {
	// A server slower than the deadline: one request, cut at the deadline,
	// not one per-attempt timeout after another.
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Reply{Text: "late", Delay: 5 * time.Second} })
	cfg := fastConfig(srv.BaseURL())
	cfg.Timeout = 10 * time.Second
	cfg.Deadline = 300 * time.Millisecond
	start := time.Now()
	_, err := newClient(t, cfg).Complete(context.Background(), ask("x"))
	took := time.Since(start)
	if !errors.Is(err, llm.ErrDeadline) || srv.Count() != 1 || !strings.Contains(err.Error(), "300ms deadline") {
		t.Errorf("err %v after %d requests", err, srv.Count())
	}
	if took > 3*time.Second {
		t.Errorf("took %v", took)
	}

	// Per-attempt timeouts shorter than the deadline: retried until the
	// deadline, never past it.
	srv2 := llmtest.NewServer(t)
	srv2.SetHang(true)
	cfg = fastConfig(srv2.BaseURL())
	cfg.Timeout = 100 * time.Millisecond
	cfg.Deadline = 250 * time.Millisecond
	cfg.MaxAttempts = 100
	_, err = newClient(t, cfg).Complete(context.Background(), ask("x"))
	if n := srv2.Count(); n < 2 || n > 3 || err == nil {
		t.Errorf("%d requests, err %v", n, err)
	}
}

func TestRetryAfterPastDeadlineFailsAtOnce(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.RateLimited(300*time.Second), llmtest.Text("never asked"))
	start := time.Now()
	_, err := newClient(t, fastConfig(srv.BaseURL())).Complete(context.Background(), ask("x"))
	var le *llm.LLMError
	if !errors.As(err, &le) || le.Status != 429 || srv.Count() != 1 || time.Since(start) > 2*time.Second ||
		!strings.Contains(err.Error(), "retry after 5m0s") || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("%d requests, err %v", srv.Count(), err)
	}

	// A Retry-After within the deadline is waited, not shortened.
	srv2 := llmtest.NewServer(t)
	srv2.Enqueue(llmtest.Reply{Status: 429, ErrorMessage: "slow down", Header: map[string]string{"Retry-After": "1"}}, llmtest.Text("ok"))
	var notes []string
	ctx := llm.WithNotifier(context.Background(), notifyFunc(func(n llm.RetryNotice) { notes = append(notes, n.String()) }))
	start = time.Now()
	resp, err := newClient(t, fastConfig(srv2.BaseURL())).Complete(ctx, ask("x"))
	if err != nil || resp.Attempts != 2 || time.Since(start) < time.Second {
		t.Errorf("resp %+v err %v after %v", resp, err, time.Since(start))
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "429 from 127.0.0.1:") || !strings.HasSuffix(notes[0], ": retry 2/4 in 1s") {
		t.Errorf("notices %q", notes)
	}
}

type notifyFunc func(llm.RetryNotice)

func (f notifyFunc) Retry(n llm.RetryNotice) { f(n) }

func (f notifyFunc) Stream(llm.StreamEvent) {}

func TestRedirects(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetDefault("followed")
	for _, code := range []int{301, 302, 303} {
		redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, srv.URL()+r.URL.Path, code)
		}))
		before := srv.Count()
		_, err := newClient(t, fastConfig(redir.URL+"/v1")).Complete(context.Background(), ask("x"))
		var le *llm.LLMError
		if !errors.As(err, &le) || le.Status != code || le.Attempts != 1 || srv.Count() != before ||
			!strings.Contains(err.Error(), "redirects") || !strings.Contains(err.Error(), srv.URL()+"/v1/chat/completions") ||
			strings.Contains(err.Error(), "status 404") {
			t.Errorf("%d: err %v", code, err)
		}
		redir.Close()
	}
	// 307 and 308 keep the method and the body: followed on the same
	// host, reported when they lead to another (which would get the key).
	target, _ := url.Parse(srv.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	for _, code := range []int{307, 308} {
		var redir *httptest.Server
		redir = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.HasPrefix(r.URL.Path, "/old/"):
				http.Redirect(w, r, strings.TrimPrefix(r.URL.Path, "/old"), code)
			case strings.HasPrefix(r.URL.Path, "/away/"):
				http.Redirect(w, r, srv.URL()+strings.TrimPrefix(r.URL.Path, "/away"), code)
			default:
				proxy.ServeHTTP(w, r)
			}
		}))
		before := srv.Count()
		resp, err := newClient(t, fastConfig(redir.URL+"/old/v1")).Complete(context.Background(), ask("x"))
		if err != nil || resp.Text != "followed" || srv.Count() != before+1 {
			t.Errorf("%d: resp %+v err %v", code, resp, err)
		}
		if got := srv.LastRequest(t).Prompt(); got != "x" {
			t.Errorf("%d: the redirected request lost its body (prompt %q)", code, got)
		}
		_, err = newClient(t, fastConfig(redir.URL+"/away/v1")).Complete(context.Background(), ask("x"))
		var le *llm.LLMError
		if !errors.As(err, &le) || le.Status != code || srv.Count() != before+1 || !strings.Contains(err.Error(), "another host") {
			t.Errorf("%d to another host: err %v", code, err)
		}
		redir.Close()
	}
}

func TestReplyCap(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Endless: true}, llmtest.Text(strings.Repeat("b", 3<<20)), llmtest.Text(strings.Repeat("c", 100<<10)))
	cfg := fastConfig(srv.BaseURL())
	cfg.MaxReplyBytes = 1 << 20
	c := newClient(t, cfg)
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i, want := range []string{"endless", "3 MB"} {
		_, err := c.Complete(context.Background(), ask("x"))
		if !errors.Is(err, llm.ErrReplyTooLarge) || !strings.Contains(err.Error(), "1 MB cap on reply size") {
			t.Errorf("%s reply: err %v", want, err)
		}
		if srv.Count() != i+1 {
			t.Errorf("%s reply: a cut reply was retried (%d requests)", want, srv.Count())
		}
	}
	resp, err := c.Complete(context.Background(), ask("x"))
	if err != nil || len(resp.Text) != 100<<10 {
		t.Errorf("a reply under the cap: err %v", err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 64<<20 {
		t.Errorf("heap grew by %d bytes", grew)
	}
}

func TestErrorsAreOneSentence(t *testing.T) {
	url := llmtest.RefusedURL(t)
	cfg := fastConfig(url)
	cfg.MaxAttempts = 2
	_, err := newClient(t, cfg).Complete(context.Background(), ask("x"))
	msg := err.Error()
	want := "LLM call to " + url + "/chat/completions failed after 2 attempts (no HTTP status): could not reach the server: connection refused"
	if msg != want {
		t.Errorf("got  %q\nwant %q", msg, want)
	}

	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Reply{Status: 401, Body: `{"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}}`})
	_, err = newClient(t, fastConfig(srv.BaseURL())).Complete(context.Background(), ask("x"))
	want = "LLM call to " + srv.BaseURL() + "/chat/completions failed after 1 attempt (HTTP status 401): the server answered Unauthorized: Incorrect API key provided"
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err.Error(), want)
	}
	for _, bad := range []string{"POST \"", "dial tcp", "openai", "\n"} {
		if strings.Contains(msg+err.Error(), bad) {
			t.Errorf("error text leaks %q", bad)
		}
	}
}
