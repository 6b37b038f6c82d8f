// Package engine wires a mini-Dana interpreter together with its builtins
// and runtime services. The command-line tool, the REPL and embedders that
// want "everything" use it; package interp stays usable on its own.
package engine

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/internal/progress"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/reason"
)

// Version is the mini-Dana version printed by `dana version`.
const Version = "0.1.0"

// Config configures an Engine.
type Config struct {
	Stdout, Stderr io.Writer
	// Stdin is what input() reads (nil: nothing, input() raises EOFError).
	Stdin io.Reader
	// Path is the module search path (DANAPATH entries).
	Path     []string
	MaxSteps int64
	Timeout  time.Duration
	// MaxMemory bounds the heap a run may use, in bytes (0: the default,
	// interp.DefaultMaxMemory; negative: no bound).
	MaxMemory int64
	Context   context.Context
	Getenv    func(string) string
	// LLMBaseURL and Model override OPENAI_BASE_URL and DANA_LLM_MODEL.
	LLMBaseURL string
	Model      string
	// StoreDir overrides $DANA_HOME/store.
	StoreDir string
	// AllowEnv names variables getenv() may read besides DANA_* (the
	// --allow-env flag); secrets are never readable.
	AllowEnv []string
	// LLMDeadline overrides DANA_LLM_DEADLINE: the total time of one
	// reason() call, retries included (default 120s).
	LLMDeadline time.Duration
	// MaxConcurrency caps the LLM calls in flight at once, whatever the
	// parallel() workers (--max-concurrency; default 8).
	MaxConcurrency int
	// Interactive tells that a person is at the terminal: the human
	// operator (ask_human(), @poet(operator="human")) asks on Stderr and
	// reads the answer from Stdin. Without it (and without a Person or a
	// DANA_HUMAN replay file) asking a person raises OperatorError.
	Interactive bool
	// Person, when set, answers for the human operator instead (the REPL
	// passes one reading through its line editor; see AttachPerson).
	Person poet.Person
	// Cache turns the response cache on (--cache; also DANA_LLM_CACHE=1,
	// or system:__llm_cache = True in a script).
	Cache bool
	// Progress, when set, shows the LLM calls in flight and parallel()
	// bars (the command line sets it when stderr is a terminal).
	Progress *progress.Display
	// Notices, when set and Progress is not, receives a line for each
	// retry of an LLM call ("dana: 429 from api.example.com: retry 2/4 in
	// 3s"): the command line sets it to stderr when that is not a terminal,
	// unless --quiet.
	Notices io.Writer
}

// Engine is an interpreter with builtins and runtime services installed.
type Engine struct {
	*interp.Interpreter
	Config Config
	// closers run on Close, in reverse order.
	closers []func() error
	// reason and poet are the runtime services (see Reason and POET).
	reason   *reason.Service
	poet     *poet.Runtime
	setupErr error
	// meter counts the run's LLM usage (usage(), --stats).
	meter  *meter
	warnMu sync.Mutex
	warned map[string]bool
}

// New returns a ready engine.
func New(cfg Config) *Engine {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Path == nil {
		if p := cfg.Getenv("DANAPATH"); p != "" {
			cfg.Path = filepath.SplitList(p)
		}
	}
	in := interp.New(interp.Options{
		Stdout:    cfg.Stdout,
		Stderr:    cfg.Stderr,
		Stdin:     cfg.Stdin,
		Path:      cfg.Path,
		MaxSteps:  cfg.MaxSteps,
		Timeout:   cfg.Timeout,
		MaxMemory: cfg.MaxMemory,
		Context:   cfg.Context,
		Getenv:    cfg.Getenv,
		AllowEnv:  cfg.AllowEnv,
	})
	builtins.Install(in)
	if cfg.Progress != nil {
		builtins.SetParallelObserver(in, cfg.Progress)
	}
	e := &Engine{Interpreter: in, Config: cfg}
	if err := installReason(e); err != nil {
		e.setupErr = err
	}
	if err := installPOET(e); err != nil && e.setupErr == nil {
		e.setupErr = err
	}
	return e
}

// SetupError reports a problem found while installing runtime services (a
// bad LLM configuration, say). The engine still runs plain code.
func (e *Engine) SetupError() error { return e.setupErr }

// OnClose registers a function run by Close.
func (e *Engine) OnClose(f func() error) { e.closers = append(e.closers, f) }

// Close releases the engine's resources (open stores, clients).
func (e *Engine) Close() error {
	var first error
	for i := len(e.closers) - 1; i >= 0; i-- {
		if err := e.closers[i](); err != nil && first == nil {
			first = err
		}
	}
	e.closers = nil
	return first
}
