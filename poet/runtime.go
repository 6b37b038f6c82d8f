package poet

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/storeopen"
)

// dataKey is the interp.Interpreter.SetData key of the Runtime.
const dataKey = "poet.runtime"

// System variables owned by POET (SPEC §3.1, §10.4).
const (
	// LastExecutionVar holds the id of the latest finished execution
	// (read-only to scripts).
	LastExecutionVar = "__last_execution_id"
	// ProfileVar holds the default profile name (settable by scripts).
	ProfileVar = "__poet_profile"
)

// DefaultRetrieveK is how many learnings Perceive applies at most.
const DefaultRetrieveK = store.DefaultRetrieveK

// Config configures the POET runtime of one interpreter. The zero value
// uses $DANA_HOME/store.
type Config struct {
	// StoreDir is the learning store directory; "" means
	// store.DefaultDir(Getenv), i.e. $DANA_HOME/store.
	StoreDir string
	// Store, when non-nil, is used instead of opening StoreDir; the
	// Runtime does not close it.
	Store store.Backend
	// StoreOptions are passed to store.Lazy when the Runtime opens the
	// store itself (OnWait defaults to a message on Stderr).
	StoreOptions store.Options
	// Getenv reads DANA_HOME and HOME (default os.Getenv).
	Getenv func(string) string
	// Stderr receives warnings (a store that cannot be used) and lock-wait
	// messages (default: the interpreter's Stderr).
	Stderr io.Writer
	// NoStore disables the learning store: no retrieval, no records, and
	// feedback() fails. Executions still get ids.
	NoStore bool
	// NoRecord disables writing execution records (retrieval still works).
	// Benchmarks use it to measure POET without store writes.
	NoRecord bool
	// RetrieveK is the most learnings applied per call (default
	// DefaultRetrieveK).
	RetrieveK int
	// Clock returns the current time (default time.Now).
	Clock func() time.Time
	// Analyzer is the CodeContextAnalyzer whose call sites give a POET
	// function without expected_output_type and return hint its expected
	// type (SPEC §10.3); nil means that of the reason() service installed
	// in the interpreter, if any (without one, such results are left as
	// they are).
	Analyzer *codecontext.Analyzer
	// Sandbox limits the code synthesize() runs (zero fields: defaults).
	Sandbox SandboxLimits
	// PreferenceStrikes is how many similar corrections of one function
	// promote a standing preference (0: store.DefaultPreferenceStrikes);
	// system:__poet_settings_override["preference_strikes"] overrides it.
	PreferenceStrikes int
	// Person answers for the human operator (@poet(operator="human"),
	// ask_human()); nil: no person is attached, and asking one raises
	// OperatorError.
	Person Person
}

// Runtime is the POET state of one interpreter: active executions, the
// last finished record and the learning store. Create it with Install.
//
// The stack of active executions is per interpreter thread (see stackOf),
// so parallel() workers each have their own; the rest is touched only under
// the interpreter lock, and the store and the record writer are safe for
// concurrent use.
type Runtime struct {
	// askMu lets one question at a time reach the person (parallel()
	// workers may ask at once).
	askMu  sync.Mutex
	in     *interp.Interpreter
	cfg    Config
	ids    *store.IDSource
	stderr io.Writer

	// stack holds the active executions, innermost last.
	stack []*execution
	// last is the record of the latest finished execution.
	last *store.Execution

	storeOnce sync.Once
	st        store.Backend
	stErr     error
	ownStore  bool

	rec *recorder
	// skipRetrieveUntil pauses retrieval after a lock timeout.
	skipRetrieveUntil time.Time

	warnMu          sync.Mutex
	warned          map[string]bool
	pendingWarnings []string

	status *statusProxy
}

// Install creates the POET runtime for in and registers the poet and
// feedback builtins, the poet_status view and the system variables
// __poet_profile (default "default", settable) and __last_execution_id
// (None until an execution finishes; read-only to scripts).
func Install(in *interp.Interpreter, cfg Config) *Runtime {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.RetrieveK <= 0 {
		cfg.RetrieveK = DefaultRetrieveK
	}
	rt := &Runtime{
		in:     in,
		cfg:    cfg,
		ids:    store.NewIDSource(nil),
		stderr: cfg.Stderr,
		warned: map[string]bool{},
	}
	if rt.stderr == nil {
		rt.stderr = in.Stderr()
	}
	rt.rec = newRecorder(rt.openStore)
	rt.status = &statusProxy{rt: rt}
	in.SetData(dataKey, rt)
	in.RegisterBuiltin("poet", rt.poetBuiltin)
	in.RegisterBuiltin("feedback", rt.feedbackBuiltin)
	in.RegisterBuiltin("synthesize", rt.synthesizeBuiltin)
	in.RegisterBuiltin("ask_human", rt.askHumanBuiltin)
	in.SetBuiltin("poet_status", rt.status)
	_ = in.Set("system", ProfileVar, interp.Str(ProfileDefault))
	_ = in.Set("system", LastExecutionVar, interp.None)
	in.DeclareReadOnly(LastExecutionVar)
	rt.installAmbient()
	return rt
}

// RuntimeOf returns the POET runtime installed on in, or nil.
func RuntimeOf(in *interp.Interpreter) *Runtime {
	if in == nil {
		return nil
	}
	rt, _ := in.Data(dataKey).(*Runtime)
	return rt
}

// NewID returns a fresh time-ordered execution id (a ULID).
func (rt *Runtime) NewID() string { return rt.ids.New(rt.cfg.Clock()) }

// StoreDir returns the learning store directory ("" when it cannot be
// determined or the store is disabled).
func (rt *Runtime) StoreDir() string {
	if rt.cfg.NoStore {
		return ""
	}
	if rt.cfg.Store != nil {
		return rt.cfg.Store.Dir()
	}
	if rt.cfg.StoreDir != "" {
		return rt.cfg.StoreDir
	}
	dir, err := store.DefaultDir(rt.cfg.Getenv)
	if err != nil {
		return ""
	}
	return dir
}

// Store returns the learning store handle, creating it (without touching
// the disk: the database opens on first use) on the first call.
func (rt *Runtime) Store() (store.Backend, error) { return rt.openStore() }

func (rt *Runtime) openStore() (store.Backend, error) {
	rt.storeOnce.Do(func() {
		switch {
		case rt.cfg.NoStore:
			rt.stErr = fmt.Errorf("the learning store is disabled")
		case rt.cfg.Store != nil:
			rt.st = rt.cfg.Store
		default:
			dir, err := storeopen.Target(rt.cfg.StoreDir, rt.cfg.Getenv)
			if err != nil {
				rt.stErr = err
				return
			}
			opts := rt.cfg.StoreOptions
			if opts.OnWait == nil {
				w := rt.stderr
				opts.OnWait = func(msg string) { fmt.Fprintf(w, "dana: %s\n", msg) }
			}
			if opts.Clock == nil {
				opts.Clock = rt.cfg.Clock
			}
			if rt.st, rt.stErr = storeopen.Open(dir, opts, true); rt.stErr == nil {
				rt.ownStore = true
			}
		}
	})
	return rt.st, rt.stErr
}

// Flush prints pending warnings. Execution records need no flushing: each
// is on disk when its call returns.
func (rt *Runtime) Flush() {
	rt.printWarnings()
}

// Close writes pending execution records and closes the store if the
// Runtime opened it. The interpreter must not run POET code afterwards.
func (rt *Runtime) Close() error {
	rt.printWarnings()
	if rt.ownStore && rt.st != nil {
		if err := rt.st.Close(); err != nil {
			return fmt.Errorf("closing the learning store: %w", err)
		}
	}
	return nil
}

// Reset restores POET's system variables after the interpreter's Reset
// (the REPL's :reset): system:__poet_profile is "default" again and
// system:__last_execution_id None; the last record is forgotten. The
// learning store is untouched.
func (rt *Runtime) Reset() {
	clear(rt.stack)
	rt.stack = rt.stack[:0]
	rt.last = nil
	_ = rt.in.Set("system", ProfileVar, interp.Str(ProfileDefault))
	_ = rt.in.Set("system", LastExecutionVar, interp.None)
	rt.installAmbient()
}

// warnOnce reports a warning once per distinct key. Warnings raised by
// the background writer are queued and printed by the interpreter's own
// goroutine (at the next POET call, Flush or Close), so they never race
// with the program's output on a shared writer.
func (rt *Runtime) warnOnce(key string, err error) {
	rt.warnMu.Lock()
	defer rt.warnMu.Unlock()
	if rt.warned[key] {
		return
	}
	rt.warned[key] = true
	rt.pendingWarnings = append(rt.pendingWarnings, fmt.Sprintf("dana: warning: %v\n", err))
}

// printWarnings prints the queued warnings; it runs on the interpreter's
// goroutine.
func (rt *Runtime) printWarnings() {
	rt.warnMu.Lock()
	ws := rt.pendingWarnings
	rt.pendingWarnings = nil
	rt.warnMu.Unlock()
	for _, w := range ws {
		fmt.Fprint(rt.stderr, w)
	}
}

// stackKey is the interp.Thread data key of a thread's stack of active
// executions. The stack belongs to the thread that runs them, not to the
// runtime: parallel() workers (each a forked thread) run POET executions
// side by side, each seeing its own innermost execution.
const stackKey = "poet.stack"

// stackOf returns the active executions of the running thread (of the
// runtime's own stack outside any evaluation), innermost last.
func (rt *Runtime) stackOf() []*execution {
	if th := rt.in.CurrentThread(); th != nil {
		s, _ := th.Data(stackKey).([]*execution)
		return s
	}
	return rt.stack
}

// setStack replaces the running thread's stack. A new slice is stored
// whenever it grows, so that a forked thread, which starts with a copy of
// its parent's data, never writes into its parent's array.
func (rt *Runtime) setStack(s []*execution) {
	if th := rt.in.CurrentThread(); th != nil {
		th.SetData(stackKey, s)
		return
	}
	rt.stack = s
}

// top returns the innermost active execution, or nil.
func (rt *Runtime) top() *execution {
	s := rt.stackOf()
	if len(s) == 0 {
		return nil
	}
	return s[len(s)-1]
}

// find returns the active execution with id, or nil.
func (rt *Runtime) find(id string) *execution {
	s := rt.stackOf()
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].id == id {
			return s[i]
		}
	}
	return nil
}

func (rt *Runtime) push(ex *execution) {
	s := rt.stackOf()
	rt.setStack(append(s[:len(s):len(s)], ex))
}

// pop removes ex (and anything above it, should an error have skipped a
// pop) from the stack.
func (rt *Runtime) pop(ex *execution) {
	s := rt.stackOf()
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ex {
			rt.setStack(s[:i:i])
			return
		}
	}
}

// finish makes rec the last execution, publishes its id and writes it to
// the store: the record is on disk when finish returns (SPEC §11.1). A
// record that cannot be saved is a StoreError, so no id is ever handed
// out for a record that is not stored.
func (rt *Runtime) finish(rec *store.Execution) error { return rt.finishOn(nil, rec) }

// finishOn is finish for a call running on th: the write waits with the
// interpreter lock released, so that parallel() workers keep running and
// records finished at the same time share one durable commit.
func (rt *Runtime) finishOn(th *interp.Thread, rec *store.Execution) error {
	rt.printWarnings()
	rt.last = rec
	_ = rt.in.Set("system", LastExecutionVar, interp.Str(rec.ID))
	if rt.cfg.NoStore || rt.cfg.NoRecord {
		return nil
	}
	var err error
	save := func() { err = rt.rec.save(rec) }
	if th != nil {
		th.Unlocked(save)
	} else {
		save()
	}
	if err != nil {
		return interp.Errorf("StoreError", "execution %s: %v", rec.ID, err)
	}
	return nil
}
