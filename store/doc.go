// Package store is mini-Dana's learning store (SPEC §10.4–10.5, §11): an
// embedded Badger database under $DANA_HOME/store holding execution records
// and learnings.
//
// # Design note: sharing the store between processes
//
// Badger takes an exclusive flock on its directory for as long as a
// database is open (a read-only open takes a shared lock, which still
// conflicts with a writer). Two dana processes using the same store at once
// (a REPL and a script, two scripts) must both work, so a *Store never
// keeps the database open for longer than it needs:
//
//   - A handle opens the database on first use (Lazy creates nothing on
//     disk until then, so scripts that use no POET pay nothing) and closes
//     it after Options.IdleClose (default 200 ms) without operations,
//     letting other processes take their turn.
//   - Opening takes our own flock on DIR/dana.lock (exclusive for writers,
//     shared for read-only handles) before Badger's. When it is busy the
//     handle retries with a short, jittered backoff for up to
//     Options.LockWait (default 10 s). After a moment of waiting it calls
//     Options.OnWait once with "waiting for the learning store at DIR
//     (locked by another dana process)..."; when LockWait runs out it fails
//     with an error matching ErrLocked that says so.
//   - A waiting handle holds a shared flock on DIR/dana.want. A handle that
//     finishes an operation probes that file (rate-limited) and, when
//     somebody waits, closes the database immediately instead of idling;
//     it then stands back briefly before competing again. So even two
//     processes that use the store continuously alternate instead of one
//     starving the other. flock locks vanish with their process, so a
//     killed process never leaves a stale lock or waiter behind.
//   - While a handle has the database open nobody else can write, so the
//     store only has to check for other processes' changes when it
//     (re)opens: see the index below.
//
// # Durability
//
// Badger runs with SyncWrites: every write transaction (PutExecution,
// AddLearning, Feedback, ForgetLearning, each Import/Decay batch) is in the
// fsynced write-ahead log when the call returns, and Badger replays that
// log on the next open, so a process killed with SIGKILL right after a
// call returned loses nothing. Feedback is a single transaction: the
// feedback entry, new learnings and confidence changes land together or
// not at all. The one deliberate exception is the LastUsed update made by
// Retrieve, which is written in the background within ~100 ms (and always
// before the database closes) so that retrieval stays well under a
// millisecond; SIGKILL can lose only that bookkeeping.
//
// # Retrieval index
//
// Retrieve keeps an in-memory index per scope (the learnings of a
// function, and of a domain): an inverted index from word tokens to
// learnings plus the learnings sorted by stored confidence. A query counts
// word overlap through the postings of its tokens (a scratch counter array,
// no per-query maps), keeps the top k by (overlap, decayed confidence,
// newest), and fills up from the confidence-sorted list when fewer than k
// learnings share a word with the input (stored confidence bounds decayed
// confidence, so that scan stops early). Idle decay is applied lazily while
// ranking. An index is loaded on first use, updated in place by every write
// made through the handle, and validated against a per-scope generation
// token (key g/<scope>, replaced by every write to a learning of the scope)
// once after each (re)open; a mismatch means another process changed the
// scope, and the index is rebuilt.
//
// # Learning lifecycle
//
// Feedback turns corrections and notes into learnings with confidence 1.0;
// positive scores reinforce applied learnings (+0.1, capped at 1), negative
// ones weaken them (-0.2, dropped below 0.1). Decay multiplies confidence
// by 0.9 per full week idle (since LastUsed, Created or the last decay,
// whichever is latest) and drops learnings below 0.1; DecayedThrough makes
// it idempotent. AddLearning refuses to grow a function past
// Options.MaxLearningsPerFunction (ErrTooManyLearnings). Export/Import move
// learnings as JSON Lines; importing the same file twice changes nothing.
package store
