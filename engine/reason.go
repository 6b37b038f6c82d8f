package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// installReason wires the LLM client, the CodeContextAnalyzer and the
// reason() builtin into the engine.
//
// The client is configured from the environment (OPENAI_BASE_URL,
// OPENAI_API_KEY, DANA_LLM_MODEL, DANA_LLM=mock|record:FILE|replay:FILE,
// DANA_LLM_TIMEOUT, DANA_LLM_DEADLINE, DANA_LLM_MAX_REQUESTS,
// DANA_LLM_MAX_REPLY) read through Config.Getenv, with Config.LLMBaseURL and
// Config.Model (the --llm-base-url and --model flags) taking precedence. It
// is created on the first reason() call, so a script that never asks a
// model pays nothing for it at start-up; a bad configuration (an unknown
// DANA_LLM mode, an unreadable replay file) is reported as an LLMError at
// that call.
//
// The analyzer runs once per loaded file through the interpreter's OnLoad.
// Engine.Reason returns the *reason.Service (client, analyzer, hooks,
// last record); package poet connects to it with SetReasonHooks.
func installReason(e *Engine) error {
	cfg := LLMConfig(e.Config)
	var client llm.Client = newLazyClient(cfg)
	client = newLimitClient(client, e.Config.MaxConcurrency)
	getenv := e.Config.Getenv
	cacheOn := e.Config.Cache || envTrue(getenv("DANA_LLM_CACHE"))
	cc := llm.NewCachingClient(client, e.responseCache, cacheEndpoint(cfg), cacheModel(cfg), cacheOn)
	cc.Warn = func(err error) { e.warnOnce("cache", "warning: the response cache is not usable: "+err.Error()) }
	e.meter = newMeter(cc)
	e.meter.progress = e.Config.Progress
	if e.Config.Progress == nil && e.Config.Notices != nil {
		e.meter.notices = &lineNotifier{w: e.Config.Notices}
	}
	var setupErr error
	if p := strings.TrimSpace(getenv("DANA_PRICES")); p != "" {
		e.meter.prices, setupErr = LoadPrices(p)
	}
	svc := reason.Install(e.Interpreter, e.meter, codecontext.New(), reason.Hooks{})
	e.reason = svc
	e.RegisterBuiltin("usage", e.usageBuiltin)
	return setupErr
}

// envTrue reads a boolean environment value (1, true, yes, on).
func envTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// cacheEndpoint is the endpoint part of the response cache's keys.
func cacheEndpoint(cfg llm.Config) string {
	mode := strings.TrimSpace(cfg.Mode)
	if mode != "" && !strings.HasPrefix(mode, "record:") {
		return mode
	}
	u := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if u == "" && cfg.APIKey != "" {
		u = llm.OpenAIBaseURL
	}
	return u
}

// cacheModel is the model of requests that name none.
func cacheModel(cfg llm.Config) string {
	if m := strings.TrimSpace(cfg.Model); m != "" {
		return m
	}
	return llm.DefaultModel
}

// responseCache is the response cache kept in the learning store.
func (e *Engine) responseCache() (llm.Cache, error) {
	if e.poet == nil {
		return nil, errors.New("no learning store")
	}
	st, err := e.poet.Store()
	if err != nil {
		return nil, err
	}
	rc, ok := st.(store.ResponseCache)
	if !ok {
		return nil, fmt.Errorf("the store at %s keeps no response cache", st.Dir())
	}
	return storeCache{rc}, nil
}

// storeCache adapts the learning store to llm.Cache.
type storeCache struct{ st store.ResponseCache }

func (c storeCache) Get(key string) (*llm.CacheEntry, bool, error) {
	r, ok, err := c.st.GetCachedReply(key)
	if err != nil || !ok {
		return nil, false, err
	}
	return &llm.CacheEntry{Text: r.Text, Model: r.ResponseModel, UsedResponseFormat: r.UsedResponseFormat,
		Usage: llm.Usage{PromptTokens: r.PromptTokens, CompletionTokens: r.CompletionTokens,
			TotalTokens: r.PromptTokens + r.CompletionTokens}}, true, nil
}

func (c storeCache) Put(key, endpoint, model string, e *llm.CacheEntry) error {
	return c.st.PutCachedReply(&store.CachedReply{Key: key, Endpoint: endpoint, Model: model, Text: e.Text,
		ResponseModel: e.Model, PromptTokens: e.Usage.PromptTokens, CompletionTokens: e.Usage.CompletionTokens,
		UsedResponseFormat: e.UsedResponseFormat})
}

// warnOnce prints msg on stderr the first time key is seen.
func (e *Engine) warnOnce(key, msg string) {
	e.warnMu.Lock()
	defer e.warnMu.Unlock()
	if e.warned == nil {
		e.warned = map[string]bool{}
	}
	if e.warned[key] {
		return
	}
	e.warned[key] = true
	w := e.Config.Stderr
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintln(w, msg)
}

// LLMConfig is the LLM client configuration an engine with this Config
// uses: the environment (through cfg.Getenv, os.Getenv when nil), then the
// LLMBaseURL, Model and LLMDeadline overrides. DANA_LLM_TIMEOUT (a duration
// such as "90s", or seconds) bounds each HTTP attempt, DANA_LLM_DEADLINE a
// whole call across attempts, DANA_LLM_MAX_REQUESTS its HTTP requests, and
// DANA_LLM_MAX_REPLY (bytes, or with a KB/MB/GB suffix) a reply's size;
// DANA_LLM_STREAM=0 asks for whole replies instead of streams.
func LLMConfig(cfg Config) llm.Config {
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	c := llm.ConfigFromEnv(getenv)
	if u := strings.TrimSpace(cfg.LLMBaseURL); u != "" {
		c.BaseURL = u
	}
	if m := strings.TrimSpace(cfg.Model); m != "" {
		c.Model = m
	}
	c.Timeout = envDuration(getenv("DANA_LLM_TIMEOUT"))
	c.Deadline = envDuration(getenv("DANA_LLM_DEADLINE"))
	if cfg.LLMDeadline > 0 {
		c.Deadline = cfg.LLMDeadline
	}
	if n, err := strconv.Atoi(strings.TrimSpace(getenv("DANA_LLM_MAX_REQUESTS"))); err == nil && n > 0 {
		c.MaxRequests = n
	}
	c.MaxReplyBytes = envSize(getenv("DANA_LLM_MAX_REPLY"))
	if v := strings.TrimSpace(getenv("DANA_LLM_STREAM")); v != "" && !envTrue(v) {
		c.NoStream = true
	}
	return c
}

// envDuration reads a duration ("90s") or a number of seconds; 0 when
// empty or invalid (the default applies).
func envDuration(v string) time.Duration {
	v = strings.TrimSpace(v)
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	return 0
}

// envSize reads a byte count with an optional KB, MB or GB suffix (powers
// of 1024); 0 when empty or invalid.
func envSize(v string) int64 {
	v = strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(v, u.suffix) {
			v, mult = strings.TrimSpace(strings.TrimSuffix(v, u.suffix)), u.m
			break
		}
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return int64(n * float64(mult))
}

// Reason returns the engine's reason() service (nil if not installed).
func (e *Engine) Reason() *reason.Service {
	return e.reason
}

// SetReasonHooks connects reason() to POET and the learning store: every
// later reason() call asks h for the enclosing POET scope, execution ids and
// learnings, and hands its record to h.Record. Package poet's runtime
// provides them (poet.Runtime.Hooks); installPOET calls this.
func (e *Engine) SetReasonHooks(h reason.Hooks) {
	if s := e.Reason(); s != nil {
		s.SetHooks(h)
	}
}

// LastReasonRecord returns the record of the latest reason() execution (nil
// before the first), for the REPL's :last.
func (e *Engine) LastReasonRecord() *reason.Record {
	if s := e.Reason(); s != nil {
		return s.LastRecord()
	}
	return nil
}

// lazyClient creates the configured llm.Client on its first use.
type lazyClient struct {
	cfg    llm.Config
	mu     sync.Mutex
	made   bool
	client llm.Client
	err    error
}

func newLazyClient(cfg llm.Config) *lazyClient { return &lazyClient{cfg: cfg} }

// get creates the client once.
func (l *lazyClient) get() (llm.Client, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.made {
		l.client, l.err = llm.New(l.cfg)
		l.made = true
	}
	return l.client, l.err
}

// Complete creates the client if needed and forwards the request. A
// configuration that cannot make a client fails every call with an
// *llm.LLMError carrying the reason.
func (l *lazyClient) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	c, err := l.get()
	if err != nil {
		return nil, &llm.LLMError{Msg: "the LLM configuration is not usable: " + err.Error(), Err: err}
	}
	return c.Complete(ctx, req)
}

// Stats returns the client's counters (zero before the first call).
func (l *lazyClient) Stats() llm.Stats {
	l.mu.Lock()
	c := l.client
	l.mu.Unlock()
	if c == nil {
		return llm.Stats{}
	}
	return c.Stats()
}

// Describe names the client.
func (l *lazyClient) Describe() string {
	c, err := l.get()
	if err != nil {
		return "unusable LLM configuration: " + err.Error()
	}
	return c.Describe()
}

// DefaultMaxConcurrency is the number of LLM calls an engine lets be in
// flight at once when Config.MaxConcurrency is 0 (--max-concurrency).
const DefaultMaxConcurrency = 8

// limitClient lets at most n calls of the wrapped client be in flight:
// parallel() workers beyond that wait (without the interpreter lock) for a
// slot.
type limitClient struct {
	llm.Client
	slots chan struct{}
}

func newLimitClient(c llm.Client, n int) *limitClient {
	if n <= 0 {
		n = DefaultMaxConcurrency
	}
	return &limitClient{Client: c, slots: make(chan struct{}, n)}
}

// Complete waits for a slot (or for ctx to end) and forwards the call.
func (l *limitClient) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, &llm.LLMError{Msg: "the call was cancelled while waiting for a free slot (--max-concurrency)", Err: ctx.Err()}
	}
	defer func() { <-l.slots }()
	return l.Client.Complete(ctx, req)
}

// Unwrap returns the wrapped client.
func (l *limitClient) Unwrap() llm.Client { return l.Client }
