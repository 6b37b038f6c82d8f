// Package llm is mini-Dana's LLM client layer (SPEC §9.5, §9.6): one Client
// interface with four implementations chosen by Config (and so by the
// environment or CLI flags):
//
//   - an OpenAI-compatible chat-completions client (OpenAI, Ollama, llama.cpp,
//     vLLM, ...) built on openai-go, with its own transport retries, per-attempt
//     timeouts and a remembered fallback when a server rejects response_format;
//   - the offline, deterministic mock model (DANA_LLM=mock);
//   - a recorder (DANA_LLM=record:FILE) that appends every exchange of the real
//     client to a JSON-lines file, and a replayer (DANA_LLM=replay:FILE) that
//     answers from such a file without any network;
//   - a client that is not configured, whose every call fails with an
//     *LLMError explaining how to configure one.
//
// The package knows nothing about the interpreter: callers describe what they
// expect back with Expected (used by the mock) and, optionally, a JSON schema
// sent as response_format. Parsing the reply text is the job of llm/reply.
package llm

import (
	"context"
	"time"
)

// Role is the author of a chat message.
type Role string

// The chat roles of the OpenAI chat-completions protocol.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one chat message.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// System returns a system message.
func System(content string) Message { return Message{Role: RoleSystem, Content: content} }

// User returns a user message.
func User(content string) Message { return Message{Role: RoleUser, Content: content} }

// Assistant returns an assistant message.
func Assistant(content string) Message { return Message{Role: RoleAssistant, Content: content} }

// JSONSchema is a structured-output request, sent to the server as
// response_format: {type: json_schema, json_schema: {name, schema, strict}}.
type JSONSchema struct {
	// Name identifies the schema (a-z, A-Z, 0-9, '_' and '-', at most 64).
	Name string `json:"name"`
	// Schema is the JSON schema of the expected reply.
	Schema map[string]any `json:"schema"`
	// Strict asks the server for strict schema adherence (OpenAI's "strict").
	Strict bool `json:"strict,omitempty"`
}

// Kind is the kind of value a caller expects from the model.
type Kind string

// The kinds of expected values, named as in mini-Dana type hints.
const (
	KindStr    Kind = "str"
	KindInt    Kind = "int"
	KindFloat  Kind = "float"
	KindBool   Kind = "bool"
	KindList   Kind = "list"
	KindDict   Kind = "dict"
	KindStruct Kind = "struct"
	KindAny    Kind = "any"
)

// Expected describes the type a caller expects the reply to have. Real models
// see it only through the prompt and the optional JSON schema; the mock model
// uses it to shape its answer.
type Expected struct {
	// Kind is the kind of value; "" means KindStr.
	Kind Kind `json:"kind"`
	// Name is the type's name as written in the script (e.g. "Person",
	// "list[float]"); informational.
	Name string `json:"name,omitempty"`
	// Elem is the element type of a list, or the value type of a dict.
	Elem *Expected `json:"elem,omitempty"`
	// Fields are a struct's fields, in declaration order.
	Fields []Field `json:"fields,omitempty"`
	// Schema is the JSON schema derived from the type, if any. The mock
	// uses it when Fields/Elem are not given.
	Schema map[string]any `json:"schema,omitempty"`
	// Enum lists the allowed values of an enum or literal type, as text;
	// the mock answers one of them.
	Enum []string `json:"enum,omitempty"`
	// Strict tells that the caller parses the reply strictly (the "strict"
	// POET profile): the mock then answers a bool as true/false, not
	// yes/no.
	Strict bool `json:"strict,omitempty"`
}

// Field is one field of an expected struct.
type Field struct {
	Name string `json:"name"`
	// Type is the field's type; nil means str.
	Type *Expected `json:"type,omitempty"`
}

// Request is one chat-completion request.
type Request struct {
	// Messages is the conversation, in order.
	Messages []Message
	// Model overrides the client's configured model when not empty.
	Model string
	// Temperature, when not nil, is sent as the sampling temperature.
	Temperature *float64
	// MaxTokens, when positive, caps the reply length (sent as max_tokens).
	MaxTokens int
	// ResponseFormat, when not nil, asks for structured output with this
	// JSON schema. Servers that reject it are asked again without it.
	ResponseFormat *JSONSchema
	// Expected describes the expected reply type (used by the mock model).
	Expected *Expected
}

// Usage is the token usage of one call, as reported by the server.
type Usage struct {
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	TotalTokens      int64 `json:"total_tokens"`
}

// Response is the reply to one Request.
type Response struct {
	// Text is the content of the model's reply.
	Text string
	// Model is the model that answered, as reported by the server ("mock"
	// for the mock model).
	Model string
	// Usage is the token usage of this call.
	Usage Usage
	// Attempts is the number of HTTP requests this call made (1 when the
	// first one succeeded; also 1 for the mock and replay).
	Attempts int
	// Latency is the wall-clock time of the whole call, retries included.
	Latency time.Duration
	// Endpoint is the URL that answered ("mock", or "replay:FILE").
	Endpoint string
	// Mock is true when the answer came from the offline mock model.
	Mock bool
	// Replayed is true when the answer came from a replay file.
	Replayed bool
	// Cached is true when the answer came from the response cache (no
	// request was made; Usage is that of the original call).
	Cached bool
	// FinishReason is why the model stopped: "stop", "length" (cut off at
	// the token limit: the text is incomplete), "content_filter", ...; ""
	// when the server did not say.
	FinishReason string
	// Refusal is the model's refusal message when the server reports one
	// separately from the content (OpenAI's message.refusal).
	Refusal string
	// UsedResponseFormat tells whether the successful request carried
	// response_format (false after a fallback, or when none was asked).
	UsedResponseFormat bool
	// Streamed tells that the reply was read as a stream of server-sent
	// events (its text was seen by the call's Notifier as it arrived).
	Streamed bool
}

// Stats are a client's cumulative counters since it was created.
type Stats struct {
	// Calls is the number of Complete calls, successful or not.
	Calls int64
	// Failures is the number of Complete calls that returned an error.
	Failures int64
	// Attempts is the number of HTTP requests made (mock/replay count one
	// per call).
	Attempts         int64
	PromptTokens     int64
	CompletionTokens int64
	TotalTokens      int64
}

// Client completes chat requests. Implementations are safe for concurrent use.
type Client interface {
	// Complete sends one request and returns the model's reply. Failures
	// are *LLMError values; a cancelled ctx aborts the call at once with an
	// error wrapping ctx.Err().
	Complete(ctx context.Context, req *Request) (*Response, error)
	// Stats returns the cumulative counters of this client.
	Stats() Stats
	// Describe names the client for banners and records, e.g.
	// "mock model (offline)" or "gpt-4o-mini at http://localhost:11434/v1".
	Describe() string
}

// firstUserContent is the content of the first user message, else of the
// last message; the mock reads its question from it and replay quotes it.
func firstUserContent(msgs []Message) string {
	for _, m := range msgs {
		if m.Role == RoleUser {
			return m.Content
		}
	}
	if len(msgs) > 0 {
		return msgs[len(msgs)-1].Content
	}
	return ""
}
