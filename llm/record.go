package llm

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Exchange is one recorded request and its reply: one JSON line of a
// record/replay file.
type Exchange struct {
	// Key identifies the request: see RequestKey.
	Key      string    `json:"key"`
	Time     time.Time `json:"time"`
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	// Temperature and MaxTokens are informational (not part of the key).
	Temperature    *float64    `json:"temperature,omitempty"`
	MaxTokens      int         `json:"max_tokens,omitempty"`
	ResponseFormat *JSONSchema `json:"response_format,omitempty"`
	// Text is the reply; ResponseModel the model that gave it.
	Text               string `json:"text"`
	ResponseModel      string `json:"response_model,omitempty"`
	Usage              Usage  `json:"usage"`
	UsedResponseFormat bool   `json:"used_response_format"`
	// FinishReason and Refusal are replayed as recorded (see Response).
	FinishReason string `json:"finish_reason,omitempty"`
	Refusal      string `json:"refusal,omitempty"`
}

// ErrNoRecording is wrapped by the *LLMError a Replayer returns for a
// request that was never recorded.
var ErrNoRecording = errors.New("no recorded reply")

// RequestKey is the replay key of a request sent to model: a SHA-256 of the
// model, the messages and the response_format schema (temperature and
// max_tokens are not part of it).
func RequestKey(model string, msgs []Message, rf *JSONSchema) string {
	b, err := json.Marshal(struct {
		Model          string      `json:"model"`
		Messages       []Message   `json:"messages"`
		ResponseFormat *JSONSchema `json:"response_format"`
	}{model, msgs, rf})
	if err != nil { // a schema that cannot be marshalled: key without it
		b, _ = json.Marshal(struct {
			Model    string
			Messages []Message
			RF       string
		}{model, msgs, fmt.Sprint(rf)})
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Recorder wraps a client and appends every successful exchange to a
// JSON-lines file (DANA_LLM=record:FILE).
type Recorder struct {
	inner        Client
	file         string
	defaultModel string
	mu           sync.Mutex
}

// NewRecorder returns a Recorder appending inner's exchanges to file;
// defaultModel is the model used by requests that name none.
func NewRecorder(inner Client, file, defaultModel string) *Recorder {
	return &Recorder{inner: inner, file: file, defaultModel: defaultModel}
}

// Describe names the wrapped client and the file.
func (r *Recorder) Describe() string {
	return fmt.Sprintf("%s (recording to %s)", r.inner.Describe(), r.file)
}

// Stats returns the wrapped client's counters.
func (r *Recorder) Stats() Stats { return r.inner.Stats() }

// Complete forwards req and records the exchange when it succeeds. A reply
// that cannot be recorded is an error: a recording must be complete.
func (r *Recorder) Complete(ctx context.Context, req *Request) (*Response, error) {
	resp, err := r.inner.Complete(ctx, req)
	if err != nil {
		return nil, err
	}
	model := req.Model
	if model == "" {
		model = r.defaultModel
	}
	ex := Exchange{
		Key:                RequestKey(model, req.Messages, req.ResponseFormat),
		Time:               time.Now().UTC(),
		Model:              model,
		Messages:           req.Messages,
		Temperature:        req.Temperature,
		MaxTokens:          req.MaxTokens,
		ResponseFormat:     req.ResponseFormat,
		Text:               resp.Text,
		ResponseModel:      resp.Model,
		Usage:              resp.Usage,
		UsedResponseFormat: resp.UsedResponseFormat,
		FinishReason:       resp.FinishReason,
		Refusal:            resp.Refusal,
	}
	if err := r.append(&ex); err != nil {
		return nil, &LLMError{Endpoint: resp.Endpoint, Status: 200, Attempts: resp.Attempts,
			Msg: "could not record the exchange to " + r.file + ": " + err.Error(), Err: err}
	}
	return resp, nil
}

// append writes ex as one line, creating the file and its directories, and
// syncs it so that a crash loses no recorded exchange.
func (r *Recorder) append(ex *Exchange) error {
	line, err := json.Marshal(ex)
	if err != nil {
		return fmt.Errorf("encoding exchange: %w", err)
	}
	line = append(line, '\n')
	r.mu.Lock()
	defer r.mu.Unlock()
	if dir := filepath.Dir(r.file); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(r.file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Replayer answers requests from a record file, without any network
// (DANA_LLM=replay:FILE). Several recorded replies to the same request are
// returned in order; after the last one it keeps returning the last.
type Replayer struct {
	file         string
	defaultModel string
	total        int
	stats        statsRecorder

	mu      sync.Mutex
	byKey   map[string][]*Exchange
	nextIdx map[string]int
}

// NewReplayer loads file. defaultModel is the model used by requests that
// name none (it must match the one used when recording).
func NewReplayer(file, defaultModel string) (*Replayer, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("DANA_LLM=replay:%s: cannot read the recording: %w", file, err)
	}
	defer f.Close()
	r := &Replayer{file: file, defaultModel: defaultModel, byKey: map[string][]*Exchange{}, nextIdx: map[string]int{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		ex := &Exchange{}
		if err := json.Unmarshal([]byte(text), ex); err != nil {
			return nil, fmt.Errorf("%s:%d: not a recorded exchange: %w", file, line, err)
		}
		if ex.Key == "" {
			ex.Key = RequestKey(ex.Model, ex.Messages, ex.ResponseFormat)
		}
		r.byKey[ex.Key] = append(r.byKey[ex.Key], ex)
		r.total++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	return r, nil
}

// Describe names the file.
func (r *Replayer) Describe() string { return "replay of " + r.file }

// Stats returns the cumulative counters.
func (r *Replayer) Stats() Stats { return r.stats.snapshot() }

// Complete returns the recorded reply to req, or fails loudly.
func (r *Replayer) Complete(ctx context.Context, req *Request) (*Response, error) {
	start := time.Now()
	endpoint := "replay:" + r.file
	if err := ctx.Err(); err != nil {
		r.stats.fail(0)
		return nil, cancelled(endpoint, 0, err)
	}
	if req == nil {
		r.stats.fail(0)
		return nil, &LLMError{Endpoint: endpoint, Msg: "nil request"}
	}
	model := req.Model
	if model == "" {
		model = r.defaultModel
	}
	key := RequestKey(model, req.Messages, req.ResponseFormat)
	r.mu.Lock()
	list := r.byKey[key]
	var ex *Exchange
	if len(list) > 0 {
		i := min(r.nextIdx[key], len(list)-1)
		ex = list[i]
		r.nextIdx[key] = i + 1
	}
	r.mu.Unlock()
	if ex == nil {
		r.stats.fail(0)
		return nil, &LLMError{Endpoint: endpoint, Err: ErrNoRecording, Msg: fmt.Sprintf(
			"no recorded reply for this request in %s (recorded %d exchanges); re-record with DANA_LLM=record:%s; model %q, prompt begins %q",
			r.file, r.total, r.file, model, excerpt(firstUserContent(req.Messages), 100))}
	}
	resp := &Response{
		Text:               ex.Text,
		FinishReason:       ex.FinishReason,
		Refusal:            ex.Refusal,
		Model:              ex.ResponseModel,
		Usage:              ex.Usage,
		Attempts:           1,
		Latency:            time.Since(start),
		Endpoint:           endpoint,
		Replayed:           true,
		UsedResponseFormat: ex.UsedResponseFormat,
	}
	if resp.Model == "" {
		resp.Model = ex.Model
	}
	r.stats.ok(resp)
	return resp, nil
}

// excerpt is s on one line, cut to about n bytes.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
