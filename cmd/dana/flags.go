package main

import (
	"context"
	"fmt"
	"github.com/chzyer/readline"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	xterm "golang.org/x/term"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/progress"
	"github.com/minidana/dana/lang/interp"
)

// options are the flags every command accepts (persistent flags of the
// root command), and the engine they configure.
//
// Adding a flag that configures runs is a change to this file only: a
// field here, one line in register, and its use in newEngine.
type options struct {
	timeout   time.Duration
	maxSteps  int64
	maxMemory byteSize
	baseURL   string
	model     string
	store     string
	allowEnv  []string
	deadline  time.Duration
	maxConc   int
	cache     bool
	stats     bool
	quiet     bool
}

// register adds the options' flags to fs.
func (o *options) register(fs *pflag.FlagSet) {
	fs.Var((*secondsOrDuration)(&o.timeout), "timeout", "stop a run after this wall-clock time (5s, 2m, or seconds: 2.5)")
	fs.Int64Var(&o.maxSteps, "max-steps", 0, "stop a run after N interpreter steps (0: no limit)")
	fs.Var(&o.maxMemory, "max-memory", "bound the memory a run may allocate: 512M, 2G, 1.5GiB (default 2G; 0 or none: no bound)")
	fs.StringVar(&o.baseURL, "llm-base-url", "", "OpenAI-compatible endpoint (default $OPENAI_BASE_URL)")
	fs.StringVar(&o.model, "model", "", "LLM model name (default $DANA_LLM_MODEL)")
	fs.StringVar(&o.store, "store", "", "learning store: a directory (Badger) or a postgres:// URL (default $DANA_STORE_URL, else $DANA_HOME/store)")
	fs.StringSliceVar(&o.allowEnv, "allow-env", nil, "let getenv() read these variables too (DANA_* always; API keys and other secrets never)")
	fs.BoolVar(&o.cache, "cache", false, "answer identical LLM requests from the response cache in the store (also $DANA_LLM_CACHE=1)")
	fs.BoolVar(&o.stats, "stats", false, "print the run's LLM usage (calls, tokens, cache hits, time, cost with $DANA_PRICES) on stderr at exit")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress display or retry notices on stderr")
	fs.IntVar(&o.maxConc, "max-concurrency", 0, "most LLM calls in flight at once in this process, across parallel() workers (default 8; not shared with other processes)")
	fs.Var((*secondsOrDuration)(&o.deadline), "llm-deadline", "total time one reason() call may take, retries included (default 120s; $DANA_LLM_DEADLINE)")
}

// validate checks the values pflag cannot.
func (o *options) validate() error {
	if o.maxConc < 0 {
		return fmt.Errorf("--max-concurrency: %d is negative", o.maxConc)
	}
	if o.maxSteps < 0 {
		return fmt.Errorf("--max-steps: %d is negative", o.maxSteps)
	}
	return nil
}

// progressDisplay returns the live progress display for stderr: only when
// it is a terminal and --quiet is not given (nil otherwise).
func (o *options) progressDisplay(stderr io.Writer) *progress.Display {
	f, ok := stderr.(*os.File)
	if o.quiet || !ok || !xterm.IsTerminal(int(f.Fd())) {
		return nil
	}
	width, _, err := xterm.GetSize(int(f.Fd()))
	if err != nil {
		width = 80
	}
	return progress.New(f, width)
}

// newEngine builds an engine for the options.
func (o *options) newEngine(ctx context.Context, stdout, stderr io.Writer) *engine.Engine {
	return o.newEngineWith(ctx, stdout, stderr, nil)
}

// newEngineWith builds an engine for the options showing progress on disp
// (nil: none).
//
// Without a display, retry notices of LLM calls are printed on stderr as
// lines, unless --quiet.
func (o *options) newEngineWith(ctx context.Context, stdout, stderr io.Writer, disp *progress.Display) *engine.Engine {
	var notices io.Writer
	if disp == nil && !o.quiet {
		notices = stderr
	}
	return engine.New(engine.Config{
		Progress:       disp,
		Notices:        notices,
		Stdout:         stdout,
		Stderr:         stderr,
		Stdin:          os.Stdin,
		MaxSteps:       o.maxSteps,
		Timeout:        o.timeout,
		MaxMemory:      o.maxMemory.engineValue(),
		Context:        ctx,
		LLMBaseURL:     o.baseURL,
		Model:          o.model,
		StoreDir:       o.store,
		AllowEnv:       o.allowEnv,
		LLMDeadline:    o.deadline,
		MaxConcurrency: o.maxConc,
		// A person at the terminal answers ask_human().
		Interactive: readline.IsTerminal(int(os.Stdin.Fd())),
		Cache:       o.cache,
	})
}

// secondsOrDuration is a duration flag that also takes a plain number of
// seconds ("2.5").
type secondsOrDuration time.Duration

func (d *secondsOrDuration) String() string {
	if *d == 0 {
		return ""
	}
	return time.Duration(*d).String()
}

func (d *secondsOrDuration) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		n, err2 := strconv.ParseFloat(s, 64)
		if err2 != nil {
			return fmt.Errorf("%q is not a duration (try 5s or 2m)", s)
		}
		v = time.Duration(n * float64(time.Second))
	}
	if v < 0 {
		return fmt.Errorf("%q is negative", s)
	}
	*d = secondsOrDuration(v)
	return nil
}

func (d *secondsOrDuration) Type() string { return "duration" }

// byteSize is a memory size flag: a number of bytes with an optional unit
// (K, M, G, T, with or without "B"/"iB", powers of 1024); 0 or "none" means
// no bound. Unset, the interpreter's default bound applies.
type byteSize int64

// byteSizeNone is the value of --max-memory 0 (no bound).
const byteSizeNone byteSize = -1

func (b *byteSize) String() string {
	switch {
	case *b == 0:
		return ""
	case *b < 0:
		return "none"
	}
	return interp.FormatBytes(int64(*b))
}

func (b *byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "NONE" || t == "0" {
		*b = byteSizeNone
		return nil
	}
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := 1.0
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || f < 0 || f*mult >= 1<<62 {
		return fmt.Errorf("%q is not a size (try 512M or 2G)", s)
	}
	*b = byteSize(f * mult)
	if *b == 0 {
		*b = byteSizeNone
	}
	return nil
}

func (b *byteSize) Type() string { return "size" }

// engineValue is the Config.MaxMemory of the flag; a bound also becomes
// the Go runtime's soft memory limit, so that the collector works harder
// before the bound is reached.
func (b byteSize) engineValue() int64 {
	lim := int64(b)
	switch {
	case b < 0:
		return -1
	case b == 0:
		lim = interp.DefaultMaxMemory
	}
	debug.SetMemoryLimit(lim + lim/4)
	return int64(b)
}
