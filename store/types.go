package store

import (
	"errors"
	"fmt"
	"time"

	"github.com/minidana/dana/store/record"
)

// Execution kinds and statuses (see package record).
const (
	KindReason   = record.KindReason
	KindPoet     = record.KindPoet
	StatusOK     = record.StatusOK
	StatusFailed = record.StatusFailed
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

// The execution record is defined once, in package record; these aliases
// keep the store's API self-contained.
type (
	// Execution is the record of one reason() call or POET execution.
	Execution = record.Execution
	// Attempt is one try of an execution.
	Attempt = record.Attempt
	// Usage counts tokens.
	Usage = record.Usage
	// FeedbackEntry is one piece of feedback recorded on an execution.
	FeedbackEntry = record.FeedbackEntry
)

// Learning is a piece of guidance attached to a function (and domain) that
// is fed back into later prompts.
type Learning struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Function string `json:"function,omitempty"`
	// Module is the path of the file defining Function: a learning belongs
	// to that function of that module (and to its domain). "" marks a
	// learning from a store made before learnings were scoped, whose
	// module could not be determined: it is listed but never applied.
	Module          string    `json:"module,omitempty"`
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

// Owner identifies whose learnings a call gets: those of one function of
// one module, plus those of its domain (shared by every function of the
// domain, in any project). A plain reason() call's function is the one it
// is in ("reason" at module level).
type Owner struct {
	Module, Function, Domain string
}

// OwnerOf returns the owner of the learnings made from feedback on e.
func OwnerOf(e *Execution) Owner {
	fn := e.Function
	if e.Kind == KindReason && e.ParentID == "" && e.Enclosing != "" {
		fn = e.Enclosing
	}
	return Owner{Module: e.Module, Function: fn, Domain: e.Domain}
}

// key is the owner's function scope in keys and indexes.
func (o Owner) key() string { return ownerKey(o.Module, o.Function) }

// ownerKey joins a module and a function name (a name never holds \x01).
func ownerKey(module, function string) string {
	if module == "" {
		return function
	}
	return module + "\x01" + function
}

// lkey is the scope key of a learning's function.
func lkey(l *Learning) string { return ownerKey(l.Module, l.Function) }

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
