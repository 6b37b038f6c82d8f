// Package reason implements the reason() builtin of SPEC §9: an LLM call
// whose result is shaped by its call site (see package codecontext), run as
// a POET execution with validation, retries and an execution record.
package reason

import (
	"time"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
)

// Scope is what an enclosing POET execution contributes to every reason()
// call made during its Operate stage (SPEC §10). Package poet provides it
// through Hooks.CurrentScope; reason() never imports poet.
type Scope struct {
	// ExecutionID is the enclosing execution's id: the parent of the
	// reason() execution.
	ExecutionID string
	Function    string
	Domain      string
	// Profile is "default", "strict", "creative" or "fault_tolerant"
	// (SPEC §10.6).
	Profile string
	// Learnings are the texts of the learnings the enclosing execution's
	// Perceive stage retrieved; reason() adds them to its prompt as clearly
	// delimited notes from past feedback (data, not instructions).
	Learnings []string
	// LastFailure is why the enclosing function's previous attempt failed
	// validation ("" on the first attempt); reason() quotes it, with
	// LastOutput, so the retry refines rather than repeats.
	LastFailure string
	LastOutput  string
	// ExpectedType, when set, is the type of the function's result that
	// overrides the call-site analysis for reason() calls whose value is the
	// function's result: an explicit expected_output_type, or the type the
	// function's own call site expects when it has no return hint.
	ExpectedType *interp.TypeHint
	// ExpectedTypeSource and ExpectedTypeReason say where ExpectedType
	// comes from and why, for records and prompts; the zero values mean an
	// explicit expected_output_type (codecontext.SourceExplicit).
	ExpectedTypeSource codecontext.Source
	ExpectedTypeReason string
	// Budget is the execution's pool of HTTP requests (see llm.Budget.Pool):
	// every reason() call of the execution, and of the POET executions
	// nested in it, draws on it. Nil outside POET.
	Budget *llm.Budget
}

// Attempt is one try of a reason() execution.
type Attempt struct {
	N        int
	Prompt   string // the user message sent
	Reply    string // the raw reply text
	Output   any    // the parsed and coerced value as plain Go data (nil on failure)
	Failure  string // why the reply was rejected ("" when accepted)
	Usage    Usage
	Duration time.Duration
}

// Usage counts tokens.
type Usage struct {
	PromptTokens, CompletionTokens, TotalTokens int
}

// Record is the complete record of one reason() execution, handed to
// Hooks.Record when the call finishes (successfully or not) so package poet
// can persist it.
type Record struct {
	ID       string
	ParentID string
	Function string // "reason", or the enclosing POET function's name
	Domain   string
	Profile  string
	Prompt   string // the user's prompt argument
	// ContextArg is the `context` argument as sent to the model ("" when
	// None).
	ContextArg   string
	ExpectedType string // e.g. "float", "list[str]", "Person"
	// TypeSource says where ExpectedType comes from: "explicit",
	// "assignment", "return", "parameter", "condition", ... (see package
	// codecontext).
	TypeSource string
	// System is the system message sent with every attempt.
	System string
	// CodeContext is the call site's context as plain Go data (JSON-able).
	// It is shared by the records of one call site: treat it as read-only.
	CodeContext      any
	LearningsApplied []string
	Attempts         []Attempt
	Output           any    // final value as plain Go data
	Status           string // "ok" or "failed"
	Error            string
	Model            string
	Endpoint         string
	Mock             bool
	// Replayed is true when the replies came from a replay file.
	Replayed bool
	Usage    Usage
	Started  time.Time
	Finished time.Time
}

// Hooks connect reason() to POET and the learning store. Every field is
// optional.
type Hooks struct {
	// CurrentScope returns the innermost enclosing POET execution of the
	// running thread, or nil outside any.
	CurrentScope func(th *interp.Thread) *Scope
	// NewID returns a fresh time-ordered execution id.
	NewID func() string
	// Record receives every finished reason() execution.
	Record func(th *interp.Thread, rec *Record)
	// Learnings returns learnings (texts) attached to plain reason() calls
	// for this prompt when no POET scope is active (may be nil).
	Learnings func(th *interp.Thread, prompt string) []string
}
