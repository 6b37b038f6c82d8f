// Package reason implements the reason() builtin of SPEC §9: an LLM call
// whose result is shaped by its call site (see package codecontext), run as
// a POET execution with validation, retries and an execution record.
package reason

import (
	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/store/record"
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
	// Learnings are the learnings the enclosing execution's Perceive stage
	// retrieved; reason() adds their texts to its prompt as clearly
	// delimited notes from past feedback (data, not instructions), and
	// their ids to its record.
	Learnings []Learning
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

// The record of a reason() execution is the one execution record of
// package record; these aliases name it here.
type (
	// Record is the complete record of one reason() execution, handed to
	// Hooks.Record when the call finishes (successfully or not).
	Record = record.Execution
	// Attempt is one try of a reason() execution.
	Attempt = record.Attempt
	// Usage counts tokens.
	Usage = record.Usage
)

// Learning is a learning handed to reason() for its prompt: its id (kept
// in the record) and its text (put in the prompt).
type Learning struct {
	ID, Text string
}

// Hooks connect reason() to POET and the learning store. Every field is
// optional.
type Hooks struct {
	// CurrentScope returns the innermost enclosing POET execution of the
	// running thread, or nil outside any.
	CurrentScope func(th *interp.Thread) *Scope
	// NewID returns a fresh time-ordered execution id.
	NewID func() string
	// Record receives every finished reason() execution and saves it; the
	// record is on disk when it returns. An error (the store cannot be
	// written) is raised by reason() instead of its result.
	Record func(th *interp.Thread, rec *Record) error
	// Learnings returns the learnings for a plain reason() call (no POET
	// scope active), most relevant to the prompt first (may be nil). rec
	// holds the prompt and the call's module and enclosing function, which
	// scope the learnings.
	Learnings func(th *interp.Thread, rec *Record) []Learning
}
