package store

import (
	"errors"
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
	// StatusFailed marks an execution whose every attempt failed.
	StatusFailed = "failed"
)

// Learning kinds.
const (
	// LearningCorrection is a learning made from a user's correction of an output.
	LearningCorrection = "correction"
	// LearningNote is a free-form note attached to a function or domain.
	LearningNote = "note"
)

// Tuning constants of the Train step (SPEC §10.5).
const (
	// ReinforceStep is added to the confidence of every learning an execution
	// applied when that execution receives positive feedback (capped at 1.0).
	ReinforceStep = 0.1
	// WeakenStep is subtracted from the confidence of every learning an
	// execution applied when that execution receives negative feedback
	// (floored at 0).
	WeakenStep = 0.2
	// PruneBelow is the confidence under which a learning is dropped.
	PruneBelow = 0.1
	// DecayFactor multiplies a learning's confidence once per full week idle.
	DecayFactor = 0.9
	// DecayPeriod is the idle period after which DecayFactor applies once.
	DecayPeriod = 7 * 24 * time.Hour
	// DefaultRetrieveK is the number of learnings Retrieve returns when k <= 0.
	DefaultRetrieveK = 5
	// DefaultMaxLearningsPerFunction is the default runaway-guard cap.
	DefaultMaxLearningsPerFunction = 10000
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

// Attempt is one Operate/Encode round of an execution.
type Attempt struct {
	// N is the 1-based attempt number.
	N int `json:"n"`
	// Output is the (possibly invalid) output this attempt produced; any
	// JSON-encodable value, or a json.RawMessage.
	Output any `json:"output,omitempty"`
	// Failure is the validation or parse failure, "" when the attempt passed.
	Failure string `json:"failure,omitempty"`
	// Prompt is the prompt sent to the model, if any.
	Prompt string `json:"prompt,omitempty"`
	// Reply is the model's raw reply, if any.
	Reply string `json:"reply,omitempty"`
	// Usage is the token usage of this attempt.
	Usage Usage `json:"usage"`
	// Duration is the wall-clock duration of this attempt.
	Duration time.Duration `json:"duration_ns"`
}

// FeedbackEntry is one piece of feedback recorded on an execution.
type FeedbackEntry struct {
	// At is when the feedback was given.
	At time.Time `json:"at"`
	// Score is the score in [-1, 1], nil when none was given.
	Score *float64 `json:"score,omitempty"`
	// Correction is the corrected output the user supplied, if any.
	Correction string `json:"correction,omitempty"`
	// Note is a free-form note, if any.
	Note string `json:"note,omitempty"`
	// LearningsCreated lists the IDs of the learnings this feedback created.
	LearningsCreated []string `json:"learnings_created,omitempty"`
}

// Execution is the record of one reason() call or POET execution.
//
// The fields typed any hold JSON-encodable values (maps, slices, strings,
// numbers, booleans, nil, or json.RawMessage). Records read back from the
// store decode them into map[string]any / []any / string / json.Number /
// bool / nil.
type Execution struct {
	ID               string          `json:"id"`
	Function         string          `json:"function"`
	Domain           string          `json:"domain,omitempty"`
	Profile          string          `json:"profile,omitempty"`
	Kind             string          `json:"kind"`
	ParentID         string          `json:"parent_id,omitempty"`
	Inputs           any             `json:"inputs,omitempty"`
	PerceivedInput   any             `json:"perceived_input,omitempty"`
	Attempts         []Attempt       `json:"attempts,omitempty"`
	Output           any             `json:"output,omitempty"`
	Status           string          `json:"status"`
	Error            string          `json:"error,omitempty"`
	CodeContext      any             `json:"code_context,omitempty"`
	Model            string          `json:"model,omitempty"`
	Mock             bool            `json:"mock,omitempty"`
	Usage            Usage           `json:"usage"`
	Started          time.Time       `json:"started"`
	Finished         time.Time       `json:"finished"`
	LearningsApplied []string        `json:"learnings_applied,omitempty"`
	Feedback         []FeedbackEntry `json:"feedback,omitempty"`
}

// Learning is a piece of guidance attached to a function (and domain) that
// is fed back into later prompts.
type Learning struct {
	ID              string    `json:"id"`
	Text            string    `json:"text"`
	Function        string    `json:"function,omitempty"`
	Domain          string    `json:"domain,omitempty"`
	Confidence      float64   `json:"confidence"`
	TimesReinforced int       `json:"times_reinforced"`
	Created         time.Time `json:"created"`
	// LastUsed is when the learning was last retrieved or reinforced; zero
	// when never used (idle time then counts from Created).
	LastUsed        time.Time `json:"last_used,omitzero"`
	SourceExecution string    `json:"source_execution,omitempty"`
	Kind            string    `json:"kind"`
	// DecayedThrough records the point in time up to which idle decay has
	// already been applied, so applying decay twice changes nothing.
	DecayedThrough time.Time `json:"decayed_through,omitzero"`
}

// ExecutionFilter selects executions for ListExecutions.
type ExecutionFilter struct {
	// Function keeps only executions of this function when non-empty.
	Function string
	// Limit caps the number of results when > 0.
	Limit int
	// Since keeps only executions started at or after this time when non-zero.
	Since time.Time
}

// LearningFilter selects learnings for ListLearnings.
type LearningFilter struct {
	// Function keeps only learnings of this function when non-empty.
	Function string
	// Domain keeps only learnings of this domain when non-empty.
	Domain string
	// Kind keeps only learnings of this kind ("correction", "note",
	// "preference") when non-empty.
	Kind string
	// MinConfidence keeps only learnings at least this confident.
	MinConfidence float64
	// Limit caps the number of results when > 0.
	Limit int
}

// FeedbackInput is the feedback given on one execution (SPEC §10.5).
//
// Score is in [-1.0, 1.0]: > 0 is positive (reinforces the learnings the
// execution applied), < 0 is negative (weakens them), 0 is neutral (only
// recorded). Correction and Note each become a learning.
type FeedbackInput struct {
	Score      *float64
	Correction string
	Note       string
	// Kind classifies a correction ("style", "format", ...): negative
	// feedback of one kind counts toward a standing preference as similar
	// corrections do, and positive feedback naming it contradicts the
	// preference (see LearningPreference).
	Kind string
	// Strikes is how many similar corrections promote a preference (0:
	// DefaultPreferenceStrikes).
	Strikes int
}

// TrainResult reports what a Feedback call changed.
type TrainResult struct {
	// ExecutionID is the execution the feedback was given on.
	ExecutionID string `json:"execution_id"`
	// Created holds the learnings made from the correction and the note.
	Created []*Learning `json:"created,omitempty"`
	// Reinforced holds the applied learnings after positive feedback.
	Reinforced []*Learning `json:"reinforced,omitempty"`
	// Weakened holds the applied learnings after negative feedback that
	// survived pruning.
	Weakened []*Learning `json:"weakened,omitempty"`
	// Pruned lists the IDs of learnings dropped because their confidence
	// fell below PruneBelow.
	Pruned []string `json:"pruned,omitempty"`
	// Missing lists applied learning IDs that no longer exist.
	Missing []string `json:"missing,omitempty"`
	// RetiredTools names the synthesized tools that negative feedback on
	// the execution that wrote them retired.
	RetiredTools []string `json:"retired_tools,omitempty"`
	// Promoted holds the standing preference this feedback promoted (also
	// in Created).
	Promoted []*Learning `json:"promoted,omitempty"`
	// Contradicted holds the preferences positive feedback demoted to
	// ordinary learnings.
	Contradicted []*Learning `json:"contradicted,omitempty"`
}

// DecayResult reports what a Decay call changed.
type DecayResult struct {
	// Examined is the number of learnings looked at.
	Examined int `json:"examined"`
	// Decayed is the number of learnings whose confidence was lowered and
	// that were kept.
	Decayed int `json:"decayed"`
	// Dropped is the number of learnings removed for falling below PruneBelow.
	Dropped int `json:"dropped"`
}

// GroupStats summarises the learnings of one function or domain.
type GroupStats struct {
	Name           string  `json:"name"`
	Learnings      int     `json:"learnings"`
	MeanConfidence float64 `json:"mean_confidence"`
}

// Stats summarises the store's contents.
type Stats struct {
	Executions     int          `json:"executions"`
	Learnings      int          `json:"learnings"`
	MeanConfidence float64      `json:"mean_confidence"`
	Functions      []GroupStats `json:"functions"`
	Domains        []GroupStats `json:"domains"`
	SizeBytes      int64        `json:"size_bytes"`
	Dir            string       `json:"dir"`
}

// Errors reported by the store; test for them with errors.Is.
var (
	// ErrNotFound reports an unknown execution or learning id.
	ErrNotFound = errors.New("not found")
	// ErrTooManyLearnings reports that a function reached its learnings cap.
	ErrTooManyLearnings = errors.New("too many learnings")
	// ErrLocked reports that another process kept the store locked longer
	// than Options.LockWait.
	ErrLocked = errors.New("learning store locked by another process")
	// ErrReadOnly reports a write through a store opened read-only.
	ErrReadOnly = errors.New("learning store opened read-only")
	// ErrClosed reports use of a closed store.
	ErrClosed = errors.New("learning store closed")
)

// NotFoundError is returned for an unknown id; it matches ErrNotFound.
type NotFoundError struct {
	// What is "execution" or "learning".
	What string
	// ID is the id that was looked up.
	ID string
}

// Error implements error.
func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no %s with id %s", e.What, e.ID)
}

// Is makes errors.Is(err, ErrNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

// TooManyLearningsError is returned when AddLearning (or Feedback, Import)
// would exceed Options.MaxLearningsPerFunction; it matches ErrTooManyLearnings.
type TooManyLearningsError struct {
	Function string
	Cap      int
}

// Error implements error.
func (e *TooManyLearningsError) Error() string {
	return fmt.Sprintf("function %q already has %d learnings (the cap); "+
		"run `dana learnings decay` to drop stale ones or `dana learnings forget ID` to remove some",
		e.Function, e.Cap)
}

// Is makes errors.Is(err, ErrTooManyLearnings) true.
func (e *TooManyLearningsError) Is(target error) bool { return target == ErrTooManyLearnings }
