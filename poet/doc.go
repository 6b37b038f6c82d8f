// Package poet implements POET (Perceive → Operate → Encode → Train, SPEC
// §10): the @poet decorator, the poet_status view of the running
// execution, the feedback() builtin, and the hooks that make every
// reason() call a recorded execution that benefits from past feedback.
//
// # The loop
//
// A call of a function decorated with @poet(...) is one execution with a
// fresh, time-ordered id (a ULID):
//
//   - Perceive runs once: the user's perceive function (if any) may return
//     a new value for the first argument, a dict of keyword arguments, or
//     None to keep the arguments; then the learnings of the function (and
//     its domain) most relevant to the perceived input are retrieved from
//     the learning store (package store) and exposed as
//     poet_status.learnings_applied.
//   - Operate runs the body with poet_status visible. Every reason() call
//     made by the body sees the execution through reason.Hooks.CurrentScope:
//     its learnings are added to the prompt and, on a retry, the previous
//     attempt's validation failure is quoted.
//   - Encode coerces the result to the expected type (the explicit
//     expected_output_type, else the function's return hint) following the
//     profile, then calls the user's validate function, which may return
//     True/False (None counts as True), a string naming the problem, or
//     raise. A failure is recorded in poet_status.last_internal_failure and
//     Operate runs again, up to max_retries times; after the last attempt a
//     ValidationError carries every reason and the last output (e.details).
//   - Train happens later: feedback(execution_id, score=, correction=,
//     note=) correlates feedback with the recorded execution and updates
//     the learnings (store.Store.Feedback).
//
// # Records
//
// Each finished execution (and each reason() call, through
// reason.Hooks.Record) becomes a store.Execution. Records are written by a
// background writer so that a POET call does not wait for an fsync; the
// writer is flushed before feedback() (which is itself durable when it
// returns) and when the Runtime is closed, so feedback on any execution of
// the running program always finds its record. The store is opened lazily:
// a program that makes no POET execution never touches it.
//
// # State
//
// All state is per interpreter: Install attaches a *Runtime to an
// interp.Interpreter (see RuntimeOf), which keeps the stack of active
// executions (nested executions record their parent's id), the last
// finished record (for the REPL's :last), and the store handle.
package poet
