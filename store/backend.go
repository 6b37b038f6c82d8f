package store

import (
	"io"
	"time"
)

// Backend is everything the rest of mini-Dana (POET, reason(), the CLI,
// the REPL) asks of a learning store. *Store, the embedded Badger store,
// implements it; a shared server (PostgreSQL, issue 17) implements the
// same interface, so nothing above this package knows which one it talks
// to. Its contract, whatever the implementation:
//
//   - every write (PutExecution(s), Feedback, AddLearning, ForgetLearning,
//     Decay, Import, PutTool, ForgetTool) is durable when it returns, and
//     all-or-nothing per call (per batch for Import and Decay);
//   - executions are immutable once written except through PutExecution
//     with the same id; feedback is appended as records of its own;
//   - learnings belong to an Owner (module + function, and a domain);
//     Retrieve never returns another module's learnings except through a
//     shared domain;
//   - a damaged store is an error matching ErrDamaged, a full disk one
//     matching ErrDiskFull, a store held too long by someone else one
//     matching ErrLocked; unknown ids match ErrNotFound;
//   - Backup writes a stream Restore (of the same implementation) reads.
type Backend interface {
	// Dir names the store for messages: a directory, or a server URL.
	Dir() string
	// NewID returns a new time-ordered id (a ULID).
	NewID() string
	// Close releases the store; it waits for operations in flight.
	Close() error

	// Executions.
	PutExecution(e *Execution) error
	PutExecutions(es []*Execution) error
	GetExecution(id string) (*Execution, error)
	ListExecutions(f ExecutionFilter) ([]*Execution, error)

	// Training: feedback on an execution, idle decay.
	Feedback(execID string, fb FeedbackInput) (*TrainResult, error)
	Decay(now time.Time) (*DecayResult, error)

	// Learnings and retrieval.
	AddLearning(l *Learning) error
	GetLearning(id string) (*Learning, error)
	ListLearnings(f LearningFilter) ([]*Learning, error)
	ForgetLearning(id string) error
	Retrieve(o Owner, input string, k int) ([]*Learning, error)
	Preferences(o Owner) ([]*Learning, error)
	Stats() (*Stats, error)
	Export(w io.Writer) error
	Import(r io.Reader) (added, skipped int, err error)

	// Tools written by synthesize().
	PutTool(t *Tool) error
	GetTool(module, name string) (*Tool, error)
	FindTool(ref string) ([]*Tool, error)
	ListTools() ([]*Tool, error)
	ForgetTool(module, name string) error

	// Backup writes every record to w.
	Backup(w io.Writer) error
}

var _ Backend = (*Store)(nil)
