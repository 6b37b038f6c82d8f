package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/shared"
)

// OpenAI is the client for any OpenAI-compatible chat-completions endpoint.
// It uses openai-go for the protocol but does its own retries: openai-go's are
// disabled so that attempts, timeouts and backoff follow SPEC §9.6.
type OpenAI struct {
	cfg      Config
	endpoint string
	client   openai.Client
	stats    statsRecorder

	mu sync.Mutex
	// noResponseFormat remembers the (endpoint, model) pairs whose server
	// rejected response_format, so it is not sent to them again.
	noResponseFormat map[string]bool
	// noStream remembers the (endpoint, model) pairs whose server rejected
	// stream=true, so they are asked without streaming from then on.
	noStream map[string]bool
}

// NewOpenAI returns a client for the endpoint cfg.BaseURL (OpenAI's own when
// only an API key is set). Zero tunables in cfg take their defaults.
func NewOpenAI(cfg Config) (*OpenAI, error) {
	cfg = cfg.withDefaults()
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("invalid LLM base URL %q: want something like http://localhost:11434/v1", cfg.BaseURL)
	}
	key := cfg.APIKey
	if key == "" {
		key = placeholderAPIKey
	}
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL + "/"),
		option.WithAPIKey(key),
		option.WithMaxRetries(0),
	}
	opts = append(opts, option.WithHTTPClient(httpClient(cfg)))
	return &OpenAI{
		cfg:              cfg,
		endpoint:         cfg.BaseURL + "/chat/completions",
		client:           openai.NewClient(opts...),
		noResponseFormat: map[string]bool{},
		noStream:         map[string]bool{},
	}, nil
}

// Describe names the model and endpoint.
func (c *OpenAI) Describe() string {
	return fmt.Sprintf("%s at %s", c.cfg.Model, c.cfg.BaseURL)
}

// Stats returns the cumulative counters.
func (c *OpenAI) Stats() Stats { return c.stats.snapshot() }

// Endpoint returns the chat-completions URL this client posts to.
func (c *OpenAI) Endpoint() string { return c.endpoint }

// Complete sends req, retrying transport faults (timeouts, connection errors,
// 408, 429, 5xx, a reply stream cut mid-way) with exponential backoff up to
// MaxAttempts, and once more without response_format if the server rejects
// it.
//
// The reply is streamed (stream=true, server-sent events, usage asked in the
// last chunk with stream_options.include_usage) unless Config.NoStream is
// set: the Notifier of ctx sees the text as it arrives (Notifier.Stream).
// A server that answers a plain JSON completion instead is read as such; one
// that rejects streaming is asked again without it, and remembered. Every HTTP request draws
// on the call's Budget (the one ctx carries, else one made from Config): at
// most MaxRequests requests and Deadline of wall-clock time in all. A
// Retry-After is obeyed, or the call fails at once when the wait would pass
// the deadline. 4xx answers other than 408 and 429 are never retried.
func (c *OpenAI) Complete(ctx context.Context, req *Request) (*Response, error) {
	start := time.Now()
	if req == nil {
		c.stats.fail(0)
		return nil, &LLMError{Endpoint: c.endpoint, Msg: "nil request"}
	}
	b := BudgetFrom(ctx)
	if b == nil {
		b = &Budget{}
	}
	b.init(c.cfg)
	model := req.Model
	if model == "" {
		model = c.cfg.Model
	}
	rfKey := c.endpoint + "\x00" + model
	useRF := req.ResponseFormat != nil && !c.remembered(c.noResponseFormat, rfKey)
	params := buildParams(req, model, useRF)
	stream := !c.cfg.NoStream && !c.remembered(c.noStream, rfKey)
	note := NotifierFrom(ctx)

	attempts := 0    // HTTP requests made
	transport := 0   // attempts counted against MaxAttempts
	restart := false // the failed attempt streamed text: void it before the next
	fail := func(f *failure, msg string) (*Response, error) {
		c.stats.fail(attempts)
		if msg == "" {
			msg = f.msg
		}
		return nil, &LLMError{Endpoint: c.endpoint, Status: f.status, Attempts: attempts, Msg: msg, Err: f.err}
	}
	for {
		if err := ctx.Err(); err != nil {
			c.stats.fail(attempts)
			return nil, cancelled(c.endpoint, attempts, err)
		}
		if b.remaining() <= 0 {
			return fail(&failure{err: ErrDeadline}, fmt.Sprintf("no reply within the call's %s deadline", b.timeout))
		}
		if !b.take() {
			return fail(&failure{err: ErrBudget}, fmt.Sprintf("the call's budget of %d HTTP requests is used up", b.limit))
		}
		if restart && note != nil {
			note.Stream(StreamEvent{Restart: true})
		}
		restart = false
		attempts++
		transport++
		res, f := c.once(ctx, params, b, stream, note)
		if f == nil {
			resp := &Response{
				Text:               res.text,
				FinishReason:       res.Choices[0].FinishReason,
				Refusal:            res.Choices[0].Message.Refusal,
				Model:              res.Model,
				Usage:              Usage{PromptTokens: res.Usage.PromptTokens, CompletionTokens: res.Usage.CompletionTokens, TotalTokens: res.Usage.TotalTokens},
				Attempts:           attempts,
				Latency:            time.Since(start),
				Endpoint:           c.endpoint,
				UsedResponseFormat: useRF,
				Streamed:           res.streamed,
			}
			if resp.Model == "" {
				resp.Model = model
			}
			if resp.Usage.TotalTokens == 0 {
				resp.Usage.TotalTokens = resp.Usage.PromptTokens + resp.Usage.CompletionTokens
			}
			c.stats.ok(resp)
			return resp, nil
		}
		if err := ctx.Err(); err != nil {
			c.stats.fail(attempts)
			return nil, cancelled(c.endpoint, attempts, err)
		}
		restart = f.chunks > 0 // told before the next attempt, if one is made
		if stream && rejectsStreaming(f.status, f.body) {
			c.remember(c.noStream, rfKey)
			stream = false
			transport-- // the fallback does not use up a transport retry
			if b.left() {
				continue
			}
		}
		if useRF && rejectsResponseFormat(f.status, f.body) {
			c.remember(c.noResponseFormat, rfKey)
			useRF = false
			params = buildParams(req, model, false)
			transport-- // the fallback does not use up a transport retry
			if b.left() {
				continue
			}
		}
		if !f.retryable || transport >= c.cfg.MaxAttempts || !b.left() {
			return fail(f, "")
		}
		wait := c.backoff(transport)
		if f.retryAfter > 0 {
			if f.retryAfter > c.cfg.MaxRetryAfter || f.retryAfter >= b.remaining() {
				return fail(f, fmt.Sprintf("%s, and asked to retry after %s, past the call's %s deadline",
					f.msg, f.retryAfter.Round(time.Millisecond), b.timeout))
			}
			wait = f.retryAfter
		}
		if wait >= b.remaining() {
			return fail(f, "")
		}
		if note != nil {
			note.Retry(RetryNotice{Endpoint: c.endpoint, Status: f.status, Cut: f.cut, Attempt: attempts + 1, MaxAttempts: min(c.cfg.MaxAttempts, b.limit), Wait: wait})
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			c.stats.fail(attempts)
			return nil, cancelled(c.endpoint, attempts, ctx.Err())
		case <-t.C:
		}
	}
}

// ErrDeadline is wrapped by the *LLMError of a call that ran out of time
// (its Budget's Deadline).
var ErrDeadline = errors.New("LLM call deadline exceeded")

// ErrBudget is wrapped by the *LLMError of a call that used up its HTTP
// request budget.
var ErrBudget = errors.New("LLM call request budget used up")

// ErrReplyTooLarge is wrapped by the *LLMError of a call whose reply body
// passed Config.MaxReplyBytes.
var ErrReplyTooLarge = errors.New("LLM reply too large")

// failure describes one failed HTTP attempt.
type failure struct {
	status     int
	body       string
	msg        string
	err        error
	retryable  bool
	retryAfter time.Duration
	// chunks is the number of content chunks streamed before the failure;
	// cut tells that the reply stream broke off before its end.
	chunks int
	cut    bool
}

// completion is the reply of one successful attempt.
type completion struct {
	*openai.ChatCompletion
	text     string // messageText
	streamed bool   // read from a stream of server-sent events
}

// once makes one HTTP attempt under its own timeout (the per-attempt
// Timeout, or what is left of the call's deadline when that is shorter),
// streamed or not.
//
// A streamed attempt is not cut after Timeout as long as data keeps coming:
// Timeout bounds the wait for the first bytes and every silence between
// two chunks, and only the call's deadline bounds the whole stream, so a
// long reply that streams steadily is not lost.
func (c *OpenAI) once(ctx context.Context, params openai.ChatCompletionNewParams, b *Budget, stream bool, note Notifier) (*completion, *failure) {
	if stream {
		dctx, cancel := context.WithTimeout(ctx, b.remaining())
		defer cancel()
		actx, stall := context.WithCancelCause(dctx)
		defer stall(nil)
		idle := time.AfterFunc(c.cfg.Timeout, func() { stall(errStalled) })
		defer idle.Stop()
		at := &attempt{c: c, ctx: ctx, actx: actx, byDeadline: true, b: b, idle: idle}
		return at.stream(params, note)
	}
	timeout := c.cfg.Timeout
	byDeadline := false
	if r := b.remaining(); r < timeout {
		timeout, byDeadline = r, true
	}
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	at := &attempt{c: c, ctx: ctx, actx: actx, byDeadline: byDeadline, b: b}
	res, err := c.client.Chat.Completions.New(actx, params, option.WithResponseInto(&at.resp))
	if err != nil {
		return nil, at.failed(err)
	}
	return plainCompletion(res)
}

// plainCompletion checks a non-streamed reply.
func plainCompletion(res *openai.ChatCompletion) (*completion, *failure) {
	if len(res.Choices) == 0 {
		return nil, &failure{status: http.StatusOK, msg: "the server's reply has no choices"}
	}
	return &completion{ChatCompletion: res, text: messageText(res, "")}, nil
}

// attempt is one HTTP request in progress.
type attempt struct {
	c          *OpenAI
	ctx, actx  context.Context // the call's, and this attempt's (with its timeout)
	byDeadline bool            // the attempt's timeout is what is left of the call's deadline
	b          *Budget
	resp       *http.Response
	// idle, for a stream, fires errStalled after Timeout without data; it
	// is reset at each chunk. chunks counts the content chunks so far.
	idle   *time.Timer
	chunks int
}

// errStalled is the cause of a streamed attempt cancelled because no data
// came for the per-attempt Timeout.
var errStalled = errors.New("the stream stalled")

// stream makes the attempt with stream=true and reads the server-sent
// events as they come, telling note about each piece of content. A reply
// that is not an event stream (a server that ignores stream=true) is read
// as a plain completion.
func (at *attempt) stream(params openai.ChatCompletionNewParams, note Notifier) (*completion, *failure) {
	params.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	st := at.c.client.Chat.Completions.NewStreaming(at.actx, params, option.WithResponseInto(&at.resp))
	defer st.Close()
	if err := st.Err(); err != nil {
		return nil, at.failed(err)
	}
	at.idle.Reset(at.c.cfg.Timeout)
	if at.resp != nil && !strings.Contains(strings.ToLower(at.resp.Header.Get("Content-Type")), "text/event-stream") {
		body, err := io.ReadAll(at.resp.Body)
		if err != nil {
			return nil, at.failed(err)
		}
		var res openai.ChatCompletion
		if err := json.Unmarshal(body, &res); err != nil {
			return nil, at.failed(fmt.Errorf("decoding the reply: %w", err))
		}
		return plainCompletion(&res)
	}
	var acc openai.ChatCompletionAccumulator
	var reasoning strings.Builder
	chunks, finished := 0, false
	for st.Next() {
		at.idle.Reset(at.c.cfg.Timeout)
		ch := st.Current()
		acc.AddChunk(ch)
		if len(ch.Choices) == 0 {
			continue
		}
		choice := ch.Choices[0]
		if d := choice.Delta.Content; d != "" {
			chunks++
			at.chunks = chunks
			if note != nil {
				note.Stream(StreamEvent{Text: d, Chunks: chunks})
			}
		}
		for _, k := range []string{"reasoning_content", "reasoning"} {
			if f, ok := choice.Delta.JSON.ExtraFields[k]; ok {
				var s string
				if json.Unmarshal([]byte(f.Raw()), &s) == nil {
					reasoning.WriteString(s)
				}
			}
		}
		if choice.FinishReason != "" {
			finished = true
		}
	}
	if err := st.Err(); err != nil {
		if at.ctx.Err() == nil && at.actx.Err() == nil && !errors.Is(err, ErrReplyTooLarge) {
			return nil, &failure{chunks: chunks, cut: true, retryable: true, err: err,
				msg: fmt.Sprintf("the reply stream broke off after %d chunks: %s", chunks, streamCause(err))}
		}
		f := at.failed(err)
		f.chunks = chunks
		return nil, f
	}
	if !finished {
		return nil, &failure{status: http.StatusOK, chunks: chunks, cut: true, retryable: true,
			msg: fmt.Sprintf("the reply stream ended after %d chunks without a finish_reason (cut off)", chunks)}
	}
	res := &acc.ChatCompletion
	if len(res.Choices) == 0 {
		return nil, &failure{status: http.StatusOK, msg: "the server's reply stream has no choices"}
	}
	if res.Usage.CompletionTokens == 0 && res.Usage.PromptTokens == 0 {
		// No usage chunk (a server without stream_options): count the
		// chunks, about one token each.
		res.Usage.CompletionTokens = int64(chunks)
	}
	return &completion{ChatCompletion: res, text: messageText(res, reasoning.String()), streamed: true}, nil
}

// streamCause says why a stream broke off.
func streamCause(err error) string {
	var se *ssestream.StreamError
	if errors.As(err, &se) {
		return se.Message
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return "the server closed the connection"
	}
	return causeText(err)
}

// failed describes the failure of the attempt from the error openai-go
// returned and the HTTP response, if any.
func (at *attempt) failed(err error) *failure {
	ctx, actx, httpResp, c, b := at.ctx, at.actx, at.resp, at.c, at.b
	byDeadline := at.byDeadline
	if ctx.Err() != nil {
		return &failure{err: ctx.Err()}
	}
	if errors.Is(err, ErrReplyTooLarge) {
		status := 0
		if httpResp != nil {
			status = httpResp.StatusCode
		}
		return &failure{status: status, err: ErrReplyTooLarge,
			msg: fmt.Sprintf("the reply passed the %s cap on reply size (DANA_LLM_MAX_REPLY) and was cut there", formatBytes(c.cfg.MaxReplyBytes))}
	}
	if context.Cause(actx) == errStalled {
		msg := fmt.Sprintf("no reply within the %s timeout", c.cfg.Timeout)
		if at.chunks > 0 {
			msg = fmt.Sprintf("the reply stream stalled: nothing for %s after %d chunks (timeout)", c.cfg.Timeout, at.chunks)
		}
		return &failure{msg: msg, err: context.DeadlineExceeded, retryable: true}
	}
	if errors.Is(actx.Err(), context.DeadlineExceeded) {
		if byDeadline {
			return &failure{msg: fmt.Sprintf("no reply within the call's %s deadline", b.timeout), err: ErrDeadline}
		}
		return &failure{
			msg:       fmt.Sprintf("no reply within the %s timeout", c.cfg.Timeout),
			err:       context.DeadlineExceeded,
			retryable: true,
		}
	}
	if httpResp == nil {
		// No response at all: connection refused, reset, DNS, ...
		return &failure{msg: "could not reach the server: " + causeText(err), err: err, retryable: true}
	}
	status := httpResp.StatusCode
	if status >= 300 && status < 400 {
		return &failure{status: status, msg: redirectMessage(httpResp)}
	}
	if status < 400 {
		return &failure{status: status, msg: "could not decode the server's reply: " + decodeText(httpResp, err)}
	}
	body := readBody(httpResp)
	f := &failure{
		status:     status,
		body:       body,
		msg:        errorMessage(status, body),
		retryable:  status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500,
		retryAfter: retryAfter(httpResp.Header),
	}
	return f
}

// backoff returns the wait after the given transport attempt (1-based):
// Backoff doubled per attempt, capped at MaxBackoff, with jitter in [½, 1].
func (c *OpenAI) backoff(attempt int) time.Duration {
	d := c.cfg.Backoff
	for i := 1; i < attempt && d < c.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, c.cfg.MaxBackoff)
	half := d / 2
	if half <= 0 {
		return d
	}
	return half + rand.N(half+1)
}

// remembered reports whether key is in m (noResponseFormat, noStream).
func (c *OpenAI) remembered(m map[string]bool, key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return m[key]
}

// remember adds key to m.
func (c *OpenAI) remember(m map[string]bool, key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m[key] = true
}

// buildParams converts req to openai-go parameters.
func buildParams(req *Request, model string, withResponseFormat bool) openai.ChatCompletionNewParams {
	p := openai.ChatCompletionNewParams{Model: shared.ChatModel(model)}
	for _, m := range req.Messages {
		switch m.Role {
		case RoleSystem:
			p.Messages = append(p.Messages, openai.SystemMessage(m.Content))
		case RoleAssistant:
			p.Messages = append(p.Messages, openai.AssistantMessage(m.Content))
		default:
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		}
	}
	if req.Temperature != nil {
		p.Temperature = openai.Float(*req.Temperature)
	}
	if req.MaxTokens > 0 {
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if withResponseFormat && req.ResponseFormat != nil {
		js := shared.ResponseFormatJSONSchemaJSONSchemaParam{
			Name:   schemaName(req.ResponseFormat.Name),
			Schema: req.ResponseFormat.Schema,
		}
		if req.ResponseFormat.Strict {
			js.Strict = openai.Bool(true)
		}
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: js},
		}
	}
	return p
}

// schemaName makes name acceptable as a response_format name.
func schemaName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r == '-' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 64 {
			break
		}
	}
	if b.Len() == 0 {
		return "reply"
	}
	return b.String()
}

// messageText is the first choice's content; when it is empty, the
// reasoning text some servers (Ollama, vLLM) return beside it (streamed
// replies pass what their deltas carried as reasoning).
func messageText(res *openai.ChatCompletion, reasoning string) string {
	msg := res.Choices[0].Message
	if msg.Content != "" {
		return msg.Content
	}
	if reasoning != "" {
		return reasoning
	}
	for _, k := range []string{"reasoning_content", "reasoning"} {
		if f, ok := msg.JSON.ExtraFields[k]; ok {
			var s string
			if json.Unmarshal([]byte(f.Raw()), &s) == nil && s != "" {
				return s
			}
		}
	}
	return msg.Refusal
}

// readBody reads (at most 8 KiB of) an error response's body.
func readBody(r *http.Response) string {
	if r.Body == nil {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(r.Body, 8<<10))
	return string(b)
}

// errorMessage extracts a readable message from an error response body:
// OpenAI's {"error": {"message": ...}}, {"error": "..."}, or the raw text.
func errorMessage(status int, body string) string {
	text := strings.TrimSpace(body)
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  string          `json:"detail"`
	}
	if json.Unmarshal([]byte(text), &v) == nil {
		var inner struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(v.Error, &inner) == nil && inner.Message != "":
			text = inner.Message
		case json.Unmarshal(v.Error, &s) == nil && s != "":
			text = s
		case v.Message != "":
			text = v.Message
		case v.Detail != "":
			text = v.Detail
		}
	}
	if len(text) > 300 {
		text = text[:300] + "..."
	}
	prefix := http.StatusText(status)
	if prefix == "" {
		prefix = "HTTP error"
	}
	msg := "the server answered " + prefix
	if text != "" {
		msg += ": " + text
	}
	if status == http.StatusNotFound {
		msg += " (check the base URL and the model name: OpenAI-compatible servers usually serve the API under /v1, e.g. http://localhost:11434/v1)"
	}
	return msg
}

// rejectsStreaming reports whether an error response says the server does
// not support stream=true.
func rejectsStreaming(status int, body string) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusNotImplemented:
	default:
		return false
	}
	b := strings.ToLower(body)
	return strings.Contains(b, "stream") && !strings.Contains(b, "response_format")
}

// rejectsResponseFormat reports whether an error response says the server
// does not support response_format / JSON schemas.
func rejectsResponseFormat(status int, body string) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusInternalServerError, http.StatusNotImplemented:
	default:
		return false
	}
	b := strings.ToLower(body)
	for _, w := range []string{"response_format", "response format", "json_schema", "json schema", "structured output"} {
		if strings.Contains(b, w) {
			return true
		}
	}
	return false
}

// retryAfter parses Retry-After-Ms / Retry-After (seconds or HTTP date).
func retryAfter(h http.Header) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// cancelled is the error of a call aborted by its context.
func cancelled(endpoint string, attempts int, err error) *LLMError {
	msg := "the call was cancelled"
	if errors.Is(err, context.DeadlineExceeded) {
		msg = "the caller's deadline expired"
	}
	return &LLMError{Endpoint: endpoint, Attempts: attempts, Msg: msg, Err: err}
}
