// Package record defines the one execution record of mini-Dana: what a
// reason() call or a POET execution leaves behind (SPEC §9.1, §10.4). The
// reason() builtin fills it in, package poet completes and saves it,
// package store persists it, and the CLI (`dana executions show`) and the
// REPL (`:last`) render it with the same functions (Text, JSON).
//
// The package depends on nothing but the standard library, so that
// reason, poet, store and the front ends can all share it.
package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// Execution kinds.
const (
	// KindReason marks an execution of the reason() builtin.
	KindReason = "reason"
	// KindPoet marks an execution of a @poet-decorated function.
	KindPoet = "poet"
)

// Execution statuses.
const (
	// StatusOK marks an execution whose output passed validation.
	StatusOK = "ok"
	// StatusFailed marks an execution whose every attempt failed, or that
	// an error ended.
	StatusFailed = "failed"
)

// Usage counts the tokens an LLM call (or a whole execution) consumed.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// Add returns the element-wise sum of u and o.
func (u Usage) Add(o Usage) Usage {
	return Usage{
		PromptTokens:     u.PromptTokens + o.PromptTokens,
		CompletionTokens: u.CompletionTokens + o.CompletionTokens,
		TotalTokens:      u.TotalTokens + o.TotalTokens,
	}
}

// Attempt is one try of an execution: for reason(), one request to the
// model; for a POET function, one run of Operate and Encode.
type Attempt struct {
	// N is the 1-based attempt number.
	N int `json:"n"`
	// Prompt is the user message sent to the model in this attempt (for a
	// POET attempt: that of the last reason() call its body made). The
	// conversation of attempt N is the record's System message, then for
	// every earlier attempt its Prompt and Reply, then this Prompt.
	Prompt string `json:"prompt,omitempty"`
	// Reply is the model's raw reply, exactly as received.
	Reply string `json:"reply,omitempty"`
	// Output is the (possibly invalid) value this attempt produced, as
	// plain JSON-able data.
	Output any `json:"output,omitempty"`
	// Failure is why the attempt was rejected ("" when it passed).
	Failure string `json:"failure,omitempty"`
	// Usage is the token usage of this attempt.
	Usage Usage `json:"usage"`
	// Duration is the wall-clock duration of this attempt.
	Duration time.Duration `json:"duration_ns"`
}

// Params are the request parameters of a reason() execution.
type Params struct {
	// Model is the model the call asked for ("" means the configured one;
	// the record's Model says which model answered).
	Model string `json:"model,omitempty"`
	// Temperature is the sampling temperature sent, nil for the server's
	// default.
	Temperature *float64 `json:"temperature,omitempty"`
	// MaxRetries is the validation retry budget after the first attempt.
	MaxRetries int `json:"max_retries"`
	// ResponseFormat names the JSON schema sent as response_format ("" when
	// none was sent).
	ResponseFormat string `json:"response_format,omitempty"`
}

// FeedbackEntry is one piece of feedback given on an execution. The store
// keeps each as its own small record next to the execution.
type FeedbackEntry struct {
	// At is when the feedback was given.
	At time.Time `json:"at"`
	// Score is the score in [-1, 1], nil when none was given.
	Score *float64 `json:"score,omitempty"`
	// Correction is the corrected output the user supplied, if any.
	Correction string `json:"correction,omitempty"`
	// Note is a free-form note, if any.
	Note string `json:"note,omitempty"`
	// LearningsCreated lists the ids of the learnings this feedback created.
	LearningsCreated []string `json:"learnings_created,omitempty"`
}

// Omission says that a text of the record was too large to keep in full:
// the text is replaced by a marker, and its size and hash are kept here.
type Omission struct {
	// Field names the text, e.g. "prompt" or "attempts[2].reply".
	Field string `json:"field"`
	// Size is the text's size in bytes.
	Size int `json:"size"`
	// SHA256 is the hex SHA-256 of the text.
	SHA256 string `json:"sha256"`
}

// Execution is the record of one reason() call or POET execution.
//
// The fields typed any hold JSON-encodable values (maps, slices, strings,
// numbers, booleans, nil, or json.RawMessage). Records read back from the
// store decode them into map[string]any / []any / string / json.Number /
// bool / nil.
type Execution struct {
	// ID is the execution id, a ULID.
	ID string `json:"id"`
	// Kind is KindReason or KindPoet.
	Kind string `json:"kind"`
	// ParentID is the id of the enclosing execution ("" at top level).
	ParentID string `json:"parent_id,omitempty"`
	// Function is the POET function's name; for a reason() call, the
	// enclosing POET function's, else "reason".
	Function string `json:"function"`
	// Module is the path of the file that defines Function (for a plain
	// reason() call: the file it is in). Learnings are scoped by it.
	Module string `json:"module,omitempty"`
	// Enclosing is the name of the function a plain reason() call is in
	// ("" at module level).
	Enclosing string `json:"enclosing,omitempty"`
	Domain    string `json:"domain,omitempty"`
	Profile   string `json:"profile,omitempty"`
	Status    string `json:"status"`
	// Error is the error that ended the execution ("Type: message").
	Error string `json:"error,omitempty"`

	// Prompt is reason()'s prompt argument.
	Prompt string `json:"prompt,omitempty"`
	// ContextArg is reason()'s context= argument as sent to the model.
	ContextArg string `json:"context_arg,omitempty"`
	// ExpectedType is the type the result is shaped to ("float", "Order").
	ExpectedType string `json:"expected_type,omitempty"`
	// TypeSource says where ExpectedType comes from ("explicit",
	// "assignment", "return", "caller", ...).
	TypeSource string `json:"type_source,omitempty"`
	// System is the system message sent with every attempt.
	System string `json:"system,omitempty"`
	// Params are the request parameters.
	Params *Params `json:"params,omitempty"`

	// Inputs are a POET function's arguments by parameter name.
	Inputs any `json:"inputs,omitempty"`
	// PerceivedInput is the input after Perceive.
	PerceivedInput any `json:"perceived_input,omitempty"`
	// CodeContext is the call site's context (file, line, enclosing
	// function, comments, ...). Records of one call site may share it:
	// treat it as read-only.
	CodeContext any `json:"code_context,omitempty"`

	Attempts []Attempt `json:"attempts,omitempty"`
	// Output is the final value (the last output when every attempt
	// failed).
	Output any `json:"output,omitempty"`

	// Model and Endpoint say who answered.
	Model    string `json:"model,omitempty"`
	Endpoint string `json:"endpoint,omitempty"`
	// Mock, Replayed and Cached flag replies that did not come from a live
	// model: the offline mock, a replay file, the response cache.
	Mock     bool `json:"mock,omitempty"`
	Replayed bool `json:"replayed,omitempty"`
	Cached   bool `json:"cached,omitempty"`

	Usage    Usage     `json:"usage"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`

	// LearningsApplied lists the ids of the learnings put in the prompt.
	LearningsApplied []string `json:"learnings_applied,omitempty"`
	// Feedback is the feedback given on the execution so far (stored as
	// separate records and attached when the record is read).
	Feedback []FeedbackEntry `json:"feedback,omitempty"`
	// Omitted lists the texts that were over the store's size cap.
	Omitted []Omission `json:"omitted,omitempty"`
}

// Duration returns how long the execution took (0 when unknown).
func (e *Execution) Duration() time.Duration {
	if e.Started.IsZero() || e.Finished.IsZero() {
		return 0
	}
	return e.Finished.Sub(e.Started)
}

// JSON renders the record as indented JSON: every field, as stored.
func JSON(e *Execution) ([]byte, error) {
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding execution %s: %w", e.ID, err)
	}
	return b, nil
}

// Marker is the text that replaces an omitted text in a record.
func Marker(field string, size int, sum string) string {
	return fmt.Sprintf("[dana: %s omitted: %d bytes, over the store's size cap; sha256 %s]", field, size, sum)
}

// Cap replaces every text of e longer than max bytes (the prompt, context
// argument, system message, error, attempts' prompts, replies and
// failures) and every value whose JSON is longer (outputs, inputs, the
// code context) with a Marker, and lists it in Omitted. It changes e in place and reports whether
// anything was omitted. max <= 0 means no cap.
func Cap(e *Execution, max int) bool {
	if max <= 0 {
		return false
	}
	changed := false
	do := func(field string, s *string) {
		if len(*s) <= max {
			return
		}
		h := sha256.Sum256([]byte(*s))
		sum := hex.EncodeToString(h[:])
		e.Omitted = append(e.Omitted, Omission{Field: field, Size: len(*s), SHA256: sum})
		*s = Marker(field, len(*s), sum)
		changed = true
	}
	// Values (outputs, inputs) are measured by their JSON encoding.
	doValue := func(field string, v *any) {
		if *v == nil {
			return
		}
		if s, ok := (*v).(string); ok && len(s) <= max {
			return
		}
		b, err := json.Marshal(*v)
		if err != nil || len(b) <= max {
			return
		}
		h := sha256.Sum256(b)
		sum := hex.EncodeToString(h[:])
		e.Omitted = append(e.Omitted, Omission{Field: field, Size: len(b), SHA256: sum})
		*v = Marker(field, len(b), sum)
		changed = true
	}
	do("prompt", &e.Prompt)
	do("context_arg", &e.ContextArg)
	do("system", &e.System)
	do("error", &e.Error)
	doValue("output", &e.Output)
	doValue("inputs", &e.Inputs)
	doValue("perceived_input", &e.PerceivedInput)
	doValue("code_context", &e.CodeContext)
	if len(e.Attempts) > 0 {
		e.Attempts = append([]Attempt(nil), e.Attempts...)
		for i := range e.Attempts {
			a := &e.Attempts[i]
			do(fmt.Sprintf("attempts[%d].prompt", i), &a.Prompt)
			do(fmt.Sprintf("attempts[%d].reply", i), &a.Reply)
			do(fmt.Sprintf("attempts[%d].failure", i), &a.Failure)
			doValue(fmt.Sprintf("attempts[%d].output", i), &a.Output)
		}
	}
	return changed
}
