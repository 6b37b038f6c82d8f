package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"
)

// CacheEntry is a reply kept by a response cache.
type CacheEntry struct {
	Text               string
	Model              string // the model that answered
	Usage              Usage
	UsedResponseFormat bool
}

// Cache keeps replies by request key (see CacheKey). Implementations are
// safe for concurrent use; package engine keeps them in the learning store.
type Cache interface {
	// Get returns the entry of key; ok is false when there is none.
	Get(key string) (e *CacheEntry, ok bool, err error)
	// Put stores e under key; endpoint and model describe the request.
	Put(key, endpoint, model string, e *CacheEntry) error
}

// CacheKey identifies a request for the response cache: a SHA-256 of the
// endpoint, the model, the messages, the sampling parameters (temperature,
// max_tokens) and the response_format schema. Two requests with the same
// key get the same cached reply.
func CacheKey(endpoint, model string, req *Request) string {
	b, _ := json.Marshal(struct {
		Endpoint       string      `json:"endpoint"`
		Model          string      `json:"model"`
		Messages       []Message   `json:"messages"`
		Temperature    *float64    `json:"temperature"`
		MaxTokens      int         `json:"max_tokens"`
		ResponseFormat *JSONSchema `json:"response_format"`
	}{endpoint, model, req.Messages, req.Temperature, req.MaxTokens, req.ResponseFormat})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

type cacheKeyCtx struct{}

// WithCache returns ctx asking (on) or not for the response cache, whatever
// the client's default (system:__llm_cache sets it per call).
func WithCache(ctx context.Context, on bool) context.Context {
	return context.WithValue(ctx, cacheKeyCtx{}, on)
}

// CacheWanted reports whether ctx asks for the cache, and whether it says.
func CacheWanted(ctx context.Context) (on, said bool) {
	on, said = ctx.Value(cacheKeyCtx{}).(bool)
	return on, said
}

// CachingClient answers from a Cache the requests it has seen, and asks the
// wrapped client (and fills the cache) otherwise. It is on when created on
// (--cache, DANA_LLM_CACHE=1) or when a call's context asks for it
// (WithCache); a failed cache read or write never fails a call.
type CachingClient struct {
	inner        Client
	cache        func() (Cache, error)
	endpoint     string
	defaultModel string
	on           bool
	// Warn, when set, receives a cache failure (once per kind is up to it).
	Warn func(error)
}

// NewCachingClient wraps inner. cache is called on first use; endpoint and
// defaultModel complete the request keys.
func NewCachingClient(inner Client, cache func() (Cache, error), endpoint, defaultModel string, on bool) *CachingClient {
	return &CachingClient{inner: inner, cache: cache, endpoint: endpoint, defaultModel: defaultModel, on: on}
}

// Describe names the wrapped client.
func (c *CachingClient) Describe() string {
	if c.on {
		return c.inner.Describe() + " (response cache on)"
	}
	return c.inner.Describe()
}

// Stats returns the wrapped client's counters.
func (c *CachingClient) Stats() Stats { return c.inner.Stats() }

// Unwrap returns the wrapped client.
func (c *CachingClient) Unwrap() Client { return c.inner }

// Complete answers req from the cache when it is on and holds the request,
// else forwards it and caches a successful reply.
func (c *CachingClient) Complete(ctx context.Context, req *Request) (*Response, error) {
	on := c.on
	if v, said := CacheWanted(ctx); said {
		on = v
	}
	if !on || req == nil {
		return c.inner.Complete(ctx, req)
	}
	start := time.Now()
	model := req.Model
	if model == "" {
		model = c.defaultModel
	}
	key := CacheKey(c.endpoint, model, req)
	cache, err := c.cache()
	if err != nil {
		c.warn(err)
		return c.inner.Complete(ctx, req)
	}
	if e, ok, err := cache.Get(key); err != nil {
		c.warn(err)
	} else if ok {
		return &Response{Text: e.Text, Model: e.Model, Usage: e.Usage, Latency: time.Since(start),
			Endpoint: c.endpoint, Cached: true, UsedResponseFormat: e.UsedResponseFormat}, nil
	}
	resp, err := c.inner.Complete(ctx, req)
	if err != nil || resp.Mock || resp.Replayed {
		return resp, err
	}
	if err := cache.Put(key, c.endpoint, model, &CacheEntry{Text: resp.Text, Model: resp.Model, Usage: resp.Usage,
		UsedResponseFormat: resp.UsedResponseFormat}); err != nil {
		c.warn(err)
	}
	return resp, nil
}

func (c *CachingClient) warn(err error) {
	if c.Warn != nil {
		c.Warn(err)
	}
}
