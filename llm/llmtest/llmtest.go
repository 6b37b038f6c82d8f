// Package llmtest is a scriptable OpenAI-compatible chat-completions server on
// loopback (net/http/httptest), for tests that must exercise the real client
// code path without any network. It records every request it receives and
// answers each from a queue of scripted Replies, a handler function, or a
// default text; it can inject error statuses, reject response_format the way
// servers without structured outputs do, and never answer at all.
//
//	srv := llmtest.NewServer(t)
//	srv.Enqueue(llmtest.Status(500, "overloaded"), llmtest.Text("42"))
//	cfg := llm.Config{BaseURL: srv.BaseURL(), Backoff: time.Millisecond}
//
// The package does not import llm, so llm's own tests can use it.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is a chat message as received.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one request the server received.
type Request struct {
	// Model is the "model" field.
	Model string
	// Messages are the chat messages (text content only).
	Messages []Message
	// Temperature is the "temperature" field, nil when absent.
	Temperature *float64
	// MaxTokens is "max_tokens" (or "max_completion_tokens"), nil when absent.
	MaxTokens *int
	// ResponseFormat is the raw "response_format" object, nil when absent.
	ResponseFormat map[string]any
	// Header holds the request headers (Authorization, ...).
	Header http.Header
	// Body is the raw request body.
	Body []byte
}

// HasResponseFormat reports whether the request carried response_format.
func (r Request) HasResponseFormat() bool { return r.ResponseFormat != nil }

// Prompt is the content of the last user message.
func (r Request) Prompt() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Reply scripts the server's answer to one request.
type Reply struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	// Text is the assistant message content of a 200 reply.
	Text string
	// Body, when not empty, is sent verbatim instead of a generated body
	// (an error JSON for a non-200 Status is generated from ErrorMessage).
	Body string
	// ErrorMessage is the error.message of a generated error body.
	ErrorMessage string
	// Header holds extra response headers (e.g. Retry-After).
	Header map[string]string
	// Model is the "model" of a 200 reply; default: the requested model.
	Model string
	// PromptTokens and CompletionTokens are reported as usage; when both
	// are zero, usage is estimated from the text lengths.
	PromptTokens, CompletionTokens int
	// FinishReason is the choice's finish_reason; default "stop". "length"
	// says the reply was cut off at the token limit.
	FinishReason string
	// Refusal, when set, is sent as message.refusal (OpenAI's way of
	// reporting a refusal beside an empty content).
	Refusal string
	// Delay is waited before answering (cut short if the client leaves).
	Delay time.Duration
	// Hang never answers: the handler waits until the client gives up or
	// the server is closed.
	Hang bool
	// Endless answers 200 with a body that never ends: the start of a
	// completion whose content grows until the client hangs up.
	Endless bool
}

// Text is a 200 reply with content s.
func Text(s string) Reply { return Reply{Text: s} }

// Truncated is a 200 reply with content s cut off at the token limit
// (finish_reason "length").
func Truncated(s string) Reply { return Reply{Text: s, FinishReason: "length"} }

// Refused is a 200 reply whose message carries a refusal and no content.
func Refused(msg string) Reply { return Reply{Refusal: msg} }

// Status is an error reply with an OpenAI-style error body.
func Status(code int, message string) Reply { return Reply{Status: code, ErrorMessage: message} }

// RateLimited is a 429 reply asking to retry after the given delay (sent as
// Retry-After-Ms when under a second, else Retry-After in seconds).
func RateLimited(after time.Duration) Reply {
	r := Reply{Status: http.StatusTooManyRequests, ErrorMessage: "rate limit exceeded", Header: map[string]string{}}
	if after < time.Second {
		r.Header["Retry-After-Ms"] = strconv.FormatInt(after.Milliseconds(), 10)
	} else {
		r.Header["Retry-After"] = strconv.Itoa(int(after / time.Second))
	}
	return r
}

// RejectResponseFormat is the 400 a server without structured outputs sends.
func RejectResponseFormat() Reply {
	return Status(http.StatusBadRequest, "response_format of type json_schema is not supported by this model")
}

// Hang is a reply that never comes.
func Hang() Reply { return Reply{Hang: true} }

// Server is the scriptable chat-completions server. Its methods are safe for
// concurrent use.
type Server struct {
	srv  *httptest.Server
	done chan struct{}

	mu          sync.Mutex
	queue       []Reply
	handler     func(req Request, n int) Reply
	defaultText string
	rejectRF    bool
	hang        bool
	requests    []Request
	closeOnce   sync.Once
}

// NewServer starts a server on loopback and closes it when the test ends.
// With nothing scripted it answers "ok" to every request.
func NewServer(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{done: make(chan struct{}), defaultText: "ok"}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// BaseURL is the OpenAI-style base URL (ending in /v1) to configure clients with.
func (s *Server) BaseURL() string { return s.srv.URL + "/v1" }

// URL is the server's root URL.
func (s *Server) URL() string { return s.srv.URL }

// Close stops the server, releasing requests left hanging. Later requests
// get "connection refused".
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// Enqueue appends replies, used one per request in order before the handler
// or default applies.
func (s *Server) Enqueue(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, replies...)
}

// SetHandler answers requests (once the queue is empty) with f; n is the
// 1-based number of the request.
func (s *Server) SetHandler(f func(req Request, n int) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handler = f
}

// SetDefault sets the text answered when neither queue nor handler applies.
func (s *Server) SetDefault(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.defaultText = text
}

// SetRejectResponseFormat makes every request that carries response_format
// get RejectResponseFormat (without consuming the queue).
func (s *Server) SetRejectResponseFormat(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rejectRF = on
}

// SetHang makes the server never answer any request (or answer again).
func (s *Server) SetHang(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hang = on
}

// Requests returns a copy of the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count is the number of requests received so far.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// LastRequest returns the latest request; it fails the test if none came.
func (s *Server) LastRequest(tb testing.TB) Request {
	tb.Helper()
	reqs := s.Requests()
	if len(reqs) == 0 {
		tb.Fatal("llmtest: the server received no request")
	}
	return reqs[len(reqs)-1]
}

// serve handles one HTTP request.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		writeError(w, http.StatusNotFound, "llmtest: only POST /v1/chat/completions is served, not "+r.Method+" "+r.URL.Path)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: reading body: "+err.Error())
		return
	}
	req, err := decodeRequest(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: "+err.Error())
		return
	}
	req.Header = r.Header.Clone()

	s.mu.Lock()
	s.requests = append(s.requests, req)
	n := len(s.requests)
	var reply Reply
	switch {
	case s.hang:
		reply = Hang()
	case s.rejectRF && req.HasResponseFormat():
		reply = RejectResponseFormat()
	case len(s.queue) > 0:
		reply = s.queue[0]
		s.queue = s.queue[1:]
	case s.handler != nil:
		h := s.handler
		s.mu.Unlock()
		reply = h(req, n)
		s.mu.Lock()
	default:
		reply = Text(s.defaultText)
	}
	s.mu.Unlock()

	if reply.Hang {
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		return
	}
	if reply.Delay > 0 {
		t := time.NewTimer(reply.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		case <-s.done:
			t.Stop()
			return
		}
	}
	for k, v := range reply.Header {
		w.Header().Set(k, v)
	}
	if reply.Endless {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"id":"chatcmpl-endless","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"`)
		chunk := []byte(strings.Repeat("a", 32<<10))
		for {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-s.done:
				return
			default:
			}
		}
	}
	status := reply.Status
	if status == 0 {
		status = http.StatusOK
	}
	if reply.Body != "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, reply.Body)
		return
	}
	if status != http.StatusOK {
		msg := reply.ErrorMessage
		if msg == "" {
			msg = http.StatusText(status)
		}
		writeError(w, status, msg)
		return
	}
	model := reply.Model
	if model == "" {
		model = req.Model
	}
	pt, ct := reply.PromptTokens, reply.CompletionTokens
	if pt == 0 && ct == 0 {
		for _, m := range req.Messages {
			pt += len(m.Content)/4 + 1
		}
		ct = len(reply.Text)/4 + 1
	}
	finish := reply.FinishReason
	if finish == "" {
		finish = "stop"
	}
	message := map[string]any{"role": "assistant", "content": reply.Text}
	if reply.Refusal != "" {
		message["content"] = nil
		message["refusal"] = reply.Refusal
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":      fmt.Sprintf("chatcmpl-llmtest-%d", n),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   model,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       message,
			"finish_reason": finish,
		}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	})
}

// decodeRequest reads the fields tests look at from a request body.
func decodeRequest(body []byte) (Request, error) {
	var raw struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Temperature         *float64       `json:"temperature"`
		MaxTokens           *int           `json:"max_tokens"`
		MaxCompletionTokens *int           `json:"max_completion_tokens"`
		ResponseFormat      map[string]any `json:"response_format"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return Request{}, fmt.Errorf("request body is not JSON: %w", err)
	}
	req := Request{Model: raw.Model, Temperature: raw.Temperature, MaxTokens: raw.MaxTokens,
		ResponseFormat: raw.ResponseFormat, Body: body}
	if req.MaxTokens == nil {
		req.MaxTokens = raw.MaxCompletionTokens
	}
	for _, m := range raw.Messages {
		req.Messages = append(req.Messages, Message{Role: m.Role, Content: contentText(m.Content)})
	}
	return req, nil
}

// contentText flattens a message content: a string, or an array of parts.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return string(raw)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "code": nil, "param": nil}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// RefusedURL returns a base URL on loopback where nothing listens, so that
// connections are refused.
func RefusedURL(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("llmtest: %v", err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/v1"
}
