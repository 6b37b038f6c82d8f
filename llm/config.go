package llm

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Defaults applied by New to zero Config fields.
const (
	// DefaultTimeout bounds each HTTP attempt.
	DefaultTimeout = 60 * time.Second
	// DefaultMaxAttempts is the number of HTTP attempts per call.
	DefaultMaxAttempts = 4
	// DefaultBackoff is the wait before the first retry; it doubles after
	// each attempt (with jitter) up to DefaultMaxBackoff.
	DefaultBackoff = 200 * time.Millisecond
	// DefaultMaxBackoff caps the wait between two attempts.
	DefaultMaxBackoff = 5 * time.Second
	// DefaultMaxRequests bounds the HTTP requests of one call (one
	// reason() execution, retries of every kind included; see Budget).
	DefaultMaxRequests = 6
	// DefaultDeadline bounds the total time of one call, across attempts.
	DefaultDeadline = 120 * time.Second
	// DefaultMaxReplyBytes caps the size of a server's reply body; a longer
	// reply is cut there and the call fails with an *LLMError naming the cap.
	DefaultMaxReplyBytes = 10 << 20
	// DefaultModel is used when a base URL is configured but no model.
	DefaultModel = "gpt-4o-mini"
	// OpenAIBaseURL is used when only an API key is configured.
	OpenAIBaseURL = "https://api.openai.com/v1"
	// placeholderAPIKey is sent when no key is set: local servers (Ollama,
	// llama.cpp) ignore it, and openai-go wants one.
	placeholderAPIKey = "not-needed"
)

// Config selects and tunes a Client. The zero value of every duration and
// count means "use the default".
type Config struct {
	// BaseURL is an OpenAI-compatible endpoint, e.g.
	// http://localhost:11434/v1 (OPENAI_BASE_URL).
	BaseURL string
	// APIKey is sent as a bearer token (OPENAI_API_KEY); a placeholder is
	// sent when empty.
	APIKey string
	// Model is the default model name (DANA_LLM_MODEL).
	Model string
	// Mode is DANA_LLM: "" (the real endpoint), "mock", "record:FILE" or
	// "replay:FILE".
	Mode string
	// Timeout bounds each HTTP attempt (default 60s); for a streamed
	// reply, the wait for its first bytes and each silence between two
	// chunks (the call's Deadline bounds the whole stream).
	Timeout time.Duration
	// MaxAttempts is the number of HTTP attempts per call (default 4).
	MaxAttempts int
	// Backoff is the wait before the first retry (default 200ms); it
	// doubles after each attempt, with jitter.
	Backoff time.Duration
	// MaxBackoff caps the wait between attempts (default 5s).
	MaxBackoff time.Duration
	// MaxRetryAfter is the longest Retry-After a server may ask for (default:
	// the call's Deadline). A server asking for a longer wait, or for one
	// that would pass the call's deadline, ends the call with an *LLMError
	// saying so: Retry-After is obeyed or reported, never shortened.
	MaxRetryAfter time.Duration
	// MaxRequests bounds the HTTP requests of one call, across every retry
	// (default 6; DANA_LLM_MAX_REQUESTS). A Budget in the call's context
	// overrides it.
	MaxRequests int
	// Deadline bounds the total time of one call across attempts (default
	// 120s; DANA_LLM_DEADLINE). A Budget in the call's context overrides it.
	Deadline time.Duration
	// MaxReplyBytes caps a reply body (default 10 MB; DANA_LLM_MAX_REPLY).
	MaxReplyBytes int64
	// HTTPClient, when not nil, carries the HTTP requests.
	HTTPClient *http.Client
	// NoStream asks for whole replies instead of streams of server-sent
	// events (DANA_LLM_STREAM=0). Replies are streamed by default, and a
	// server that does not stream is detected and asked without.
	NoStream bool
}

// ConfigFromEnv reads OPENAI_BASE_URL, OPENAI_API_KEY, DANA_LLM_MODEL and
// DANA_LLM through getenv (os.Getenv in production, a map lookup in tests).
// Durations and counts are left zero, i.e. default.
func ConfigFromEnv(getenv func(string) string) Config {
	return Config{
		BaseURL: strings.TrimSpace(getenv("OPENAI_BASE_URL")),
		APIKey:  strings.TrimSpace(getenv("OPENAI_API_KEY")),
		Model:   strings.TrimSpace(getenv("DANA_LLM_MODEL")),
		Mode:    strings.TrimSpace(getenv("DANA_LLM")),
	}
}

// withDefaults returns c with every zero tunable set to its default.
func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.Backoff <= 0 {
		c.Backoff = DefaultBackoff
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxBackoff < c.Backoff {
		c.MaxBackoff = c.Backoff
	}
	if c.MaxRequests <= 0 {
		c.MaxRequests = DefaultMaxRequests
	}
	if c.Deadline <= 0 {
		c.Deadline = DefaultDeadline
	}
	if c.MaxRetryAfter <= 0 {
		c.MaxRetryAfter = c.Deadline
	}
	if c.MaxReplyBytes <= 0 {
		c.MaxReplyBytes = DefaultMaxReplyBytes
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.BaseURL == "" && c.APIKey != "" {
		c.BaseURL = OpenAIBaseURL
	}
	if c.Model == "" {
		c.Model = DefaultModel
	}
	return c
}

// configured reports whether c names a real endpoint.
func (c Config) configured() bool { return c.BaseURL != "" || c.APIKey != "" }

// New returns the client Config selects: the mock for Mode "mock", a recorder
// or replayer for "record:FILE" / "replay:FILE", the OpenAI-compatible client
// when a base URL (or API key) is set, and otherwise a client whose every
// call fails with an *LLMError explaining how to configure one. It fails only
// for an unknown Mode, a bad base URL, or an unreadable replay file.
func New(cfg Config) (Client, error) {
	mode := strings.TrimSpace(cfg.Mode)
	switch {
	case mode == "" || strings.EqualFold(mode, "openai") || strings.EqualFold(mode, "real"):
		return newReal(cfg)
	case strings.EqualFold(mode, "mock"):
		return NewMock(), nil
	case strings.HasPrefix(mode, "record:"):
		file := strings.TrimSpace(strings.TrimPrefix(mode, "record:"))
		if file == "" {
			return nil, fmt.Errorf("DANA_LLM=record:FILE needs a file name")
		}
		inner, err := newReal(cfg)
		if err != nil {
			return nil, err
		}
		return NewRecorder(inner, file, cfg.withDefaults().Model), nil
	case strings.HasPrefix(mode, "replay:"):
		file := strings.TrimSpace(strings.TrimPrefix(mode, "replay:"))
		if file == "" {
			return nil, fmt.Errorf("DANA_LLM=replay:FILE needs a file name")
		}
		return NewReplayer(file, cfg.withDefaults().Model)
	default:
		return nil, fmt.Errorf("unknown DANA_LLM value %q: use mock, record:FILE or replay:FILE, or leave it empty to use OPENAI_BASE_URL", mode)
	}
}

// newReal returns the OpenAI-compatible client, or the unconfigured one.
func newReal(cfg Config) (Client, error) {
	if !cfg.configured() {
		return &unconfigured{}, nil
	}
	return NewOpenAI(cfg)
}

// unconfigured is the client used when no endpoint is configured.
type unconfigured struct{ stats statsRecorder }

// Complete always fails with the not-configured *LLMError.
func (u *unconfigured) Complete(ctx context.Context, req *Request) (*Response, error) {
	u.stats.fail(0)
	return nil, notConfiguredError()
}

// Stats returns the counters (only failures, necessarily).
func (u *unconfigured) Stats() Stats { return u.stats.snapshot() }

// Describe says that no model is configured.
func (u *unconfigured) Describe() string { return "no LLM configured" }
