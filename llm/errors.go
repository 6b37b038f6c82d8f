package llm

import (
	"errors"
	"fmt"
	"strings"
)

// LLMError is the error every Client returns when a call fails: a transport
// fault after the last retry, a rejected request, a cancelled call, a missing
// configuration or an unrecorded replay. mini-Dana raises it as LLMError.
type LLMError struct {
	// Endpoint is the URL (or "mock", "replay:FILE") the call went to; empty
	// when no endpoint is configured.
	Endpoint string
	// Status is the HTTP status of the last attempt, 0 when none was
	// received (timeout, connection refused, cancellation, ...).
	Status int
	// Attempts is the number of HTTP requests made.
	Attempts int
	// Msg says what went wrong, in words.
	Msg string
	// Err is the underlying error, if any (context.Canceled,
	// ErrNotConfigured, a *net.OpError, ...).
	Err error
}

// Error is one sentence naming the endpoint, the attempt count, the status
// and what went wrong (Msg; the wrapped Err is not dumped). An error about a
// missing configuration is the one explanatory paragraph alone.
func (e *LLMError) Error() string {
	if errors.Is(e.Err, ErrNotConfigured) {
		return e.Msg
	}
	var b strings.Builder
	b.WriteString("LLM call")
	if e.Endpoint != "" {
		fmt.Fprintf(&b, " to %s", e.Endpoint)
	}
	b.WriteString(" failed")
	if e.Attempts > 0 {
		if e.Attempts == 1 {
			b.WriteString(" after 1 attempt")
		} else {
			fmt.Fprintf(&b, " after %d attempts", e.Attempts)
		}
	}
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP status %d)", e.Status)
	} else if e.Attempts > 0 {
		b.WriteString(" (no HTTP status)")
	}
	if e.Msg != "" {
		b.WriteString(": ")
		b.WriteString(e.Msg)
	}
	if e.Msg == "" && e.Err != nil {
		b.WriteString(": ")
		b.WriteString(causeText(e.Err))
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *LLMError) Unwrap() error { return e.Err }

// ErrNotConfigured is wrapped by the *LLMError a client returns when no LLM
// endpoint is configured; test for it with errors.Is.
var ErrNotConfigured = errors.New("no LLM endpoint configured")

// notConfiguredMsg is the one paragraph shown when reason() is called with no
// endpoint configured (SPEC §9.5).
const notConfiguredMsg = "No LLM is configured, so reason() cannot ask a model. " +
	"Point mini-Dana at any OpenAI-compatible endpoint by setting OPENAI_BASE_URL " +
	"(for example http://localhost:11434/v1 for a local Ollama, http://localhost:8080/v1 " +
	"for llama.cpp, or https://api.openai.com/v1), OPENAI_API_KEY if the server needs a key, " +
	"and DANA_LLM_MODEL to choose the model (for example llama3.2 or gpt-4o-mini); " +
	"the CLI flags --llm-base-url and --model do the same. " +
	"To run without any model, set DANA_LLM=mock to use the offline, deterministic mock model."

// notConfiguredError returns the error of an unconfigured client.
func notConfiguredError() *LLMError {
	return &LLMError{Msg: notConfiguredMsg, Err: ErrNotConfigured}
}
