// Package llmtest is a scriptable OpenAI-compatible chat-completions server on
// loopback (net/http/httptest), for tests that must exercise the real client
// code path without any network. It records every request it receives and
// answers each from a queue of scripted Replies, a handler function, or a
// default text; it can inject error statuses, reject response_format the way
// servers without structured outputs do, and never answer at all.
//
// A request with "stream": true is answered the way OpenAI streams: server-
// sent events, one "data: {chunk}" per piece of content (a word by default;
// Reply.Chunks and ChunkDelay script them), a chunk with the finish_reason,
// the usage in a last chunk when stream_options.include_usage asks for it,
// then "data: [DONE]". A stream can be cut mid-way (CutAfter), end without
// finishing (Unfinished), never end (Endless), be held before its last
// chunk (Hold), or not happen: NoStream answers plain JSON and
// SetRejectStream a 400, as servers without streaming do.
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
	"sync/atomic"
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
	// Stream is the "stream" field: the client asked for server-sent
	// events; IncludeUsage is stream_options.include_usage.
	Stream, IncludeUsage bool
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
	// completion whose content grows until the client hangs up (a stream
	// of content chunks when streaming is asked).
	Endless bool

	// The fields below apply when the client asks for a stream.

	// Chunks are the content pieces streamed, in order; by default Text is
	// cut after each run of spaces (about a word, the way models stream
	// tokens).
	Chunks []string
	// ChunkDelay is waited before each content chunk.
	ChunkDelay time.Duration
	// CutAfter, when positive, breaks the connection after that many
	// content chunks, without finishing the stream (a stream cut mid-way).
	CutAfter int
	// NoStream answers with a plain JSON completion even when a stream is
	// asked, as servers without streaming support do.
	NoStream bool
	// Unfinished ends the stream cleanly after the content, but without a
	// finish_reason, usage or [DONE]: a reply cut short by a proxy.
	Unfinished bool
	// Hold, when not nil, is waited on before the last content chunk is
	// sent: a test can check what the client did with the first ones.
	Hold <-chan struct{}
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
	rejectSSE   bool
	hang        bool
	requests    []Request
	closeOnce   sync.Once
	conns       atomic.Int64
}

// NewServer starts a server on loopback and closes it when the test ends.
// With nothing scripted it answers "ok" to every request.
func NewServer(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{done: make(chan struct{}), defaultText: "ok"}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.srv.Start()
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

// SetRejectStream makes every request that asks for a stream get a 400
// saying streaming is not supported (without consuming the queue), as some
// OpenAI-compatible servers answer.
func (s *Server) SetRejectStream(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rejectSSE = on
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

// Connections is the number of TCP connections clients opened so far.
func (s *Server) Connections() int { return int(s.conns.Load()) }

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
	case s.rejectSSE && req.Stream:
		reply = Status(http.StatusBadRequest, "stream is not supported by this server")
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
	stream := req.Stream && !reply.NoStream && reply.Body == "" && (reply.Status == 0 || reply.Status == http.StatusOK)
	if reply.Endless && stream {
		s.streamEndless(w, r)
		return
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
	usage := map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct}
	if stream {
		s.stream(w, r, req, reply, n, model, finish, usage)
		return
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
		"usage": usage,
	})
}

// stream answers with server-sent events the way OpenAI streams a chat
// completion: a chunk per content piece (the first carrying the role), a
// chunk with the finish_reason, a chunk with the usage when
// stream_options.include_usage asked for it, then "data: [DONE]".
func (s *Server) stream(w http.ResponseWriter, r *http.Request, req Request, reply Reply, n int, model, finish string, usage map[string]any) {
	id := fmt.Sprintf("chatcmpl-llmtest-%d", n)
	created := time.Now().Unix()
	chunk := func(choices []any, usage any) map[string]any {
		return map[string]any{"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": choices, "usage": usage}
	}
	choice := func(delta map[string]any, finish any) []any {
		return []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if !writeEvent(w, chunk(choice(map[string]any{"role": "assistant", "content": ""}, nil), nil)) {
		return
	}
	pieces := reply.Chunks
	if pieces == nil {
		pieces = words(reply.Text)
	}
	for i, p := range pieces {
		if reply.CutAfter > 0 && i == reply.CutAfter {
			panic(http.ErrAbortHandler) // breaks the connection mid-stream
		}
		if reply.ChunkDelay > 0 && !s.wait(r, reply.ChunkDelay) {
			return
		}
		if reply.Hold != nil && i == len(pieces)-1 {
			select {
			case <-reply.Hold:
			case <-r.Context().Done():
				return
			case <-s.done:
				return
			}
		}
		if !writeEvent(w, chunk(choice(map[string]any{"content": p}, nil), nil)) {
			return
		}
	}
	if reply.CutAfter > 0 && reply.CutAfter >= len(pieces) {
		panic(http.ErrAbortHandler)
	}
	if reply.Unfinished {
		return
	}
	if reply.Refusal != "" && !writeEvent(w, chunk(choice(map[string]any{"refusal": reply.Refusal}, nil), nil)) {
		return
	}
	if !writeEvent(w, chunk(choice(map[string]any{}, finish), nil)) {
		return
	}
	if req.IncludeUsage && !writeEvent(w, chunk([]any{}, usage)) {
		return
	}
	io.WriteString(w, "data: [DONE]\n\n")
}

// streamEndless streams content chunks until the client hangs up.
func (s *Server) streamEndless(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	piece := strings.Repeat("a", 32<<10)
	for {
		ev := map[string]any{"id": "chatcmpl-endless", "object": "chat.completion.chunk", "created": 1, "model": "m",
			"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": piece}, "finish_reason": nil}}}
		if !writeEvent(w, ev) {
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

// wait pauses for d; false when the client left or the server closed.
func (s *Server) wait(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	case <-s.done:
		return false
	}
}

// writeEvent sends v as one server-sent event and flushes it; false when
// the client is gone.
func writeEvent(w http.ResponseWriter, v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
		return false
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return true
}

// words cuts s after each run of spaces: "a b  c" is "a ", "b  ", "c".
func words(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\n' {
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\n') {
				j++
			}
			out = append(out, s[start:j])
			start, i = j, j-1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
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
		Stream              bool           `json:"stream"`
		StreamOptions       struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return Request{}, fmt.Errorf("request body is not JSON: %w", err)
	}
	req := Request{Model: raw.Model, Temperature: raw.Temperature, MaxTokens: raw.MaxTokens,
		ResponseFormat: raw.ResponseFormat, Body: body, Stream: raw.Stream, IncludeUsage: raw.StreamOptions.IncludeUsage}
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
