package main

import (
	"context"
	"fmt"
	"github.com/chzyer/readline"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/minidana/dana/engine"
)

// options are the flags every command accepts (persistent flags of the
// root command), and the engine they configure.
//
// Adding a flag that configures runs is a change to this file only: a
// field here, one line in register, and its use in newEngine.
type options struct {
	timeout  time.Duration
	maxSteps int64
	baseURL  string
	model    string
	store    string
	allowEnv []string
	deadline time.Duration
	maxConc  int
}

// register adds the options' flags to fs.
func (o *options) register(fs *pflag.FlagSet) {
	fs.Var((*secondsOrDuration)(&o.timeout), "timeout", "stop a run after this wall-clock time (5s, 2m, or seconds: 2.5)")
	fs.Int64Var(&o.maxSteps, "max-steps", 0, "stop a run after N interpreter steps (0: no limit)")
	fs.StringVar(&o.baseURL, "llm-base-url", "", "OpenAI-compatible endpoint (default $OPENAI_BASE_URL)")
	fs.StringVar(&o.model, "model", "", "LLM model name (default $DANA_LLM_MODEL)")
	fs.StringVar(&o.store, "store", "", "learning store directory (default $DANA_HOME/store)")
	fs.StringSliceVar(&o.allowEnv, "allow-env", nil, "let getenv() read these variables too (DANA_* always; API keys and other secrets never)")
	fs.IntVar(&o.maxConc, "max-concurrency", 0, "most LLM calls in flight at once, across parallel() workers (default 8)")
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

// newEngine builds an engine for the options.
func (o *options) newEngine(ctx context.Context, stdout, stderr io.Writer) *engine.Engine {
	return engine.New(engine.Config{
		Stdout:         stdout,
		Stderr:         stderr,
		Stdin:          os.Stdin,
		MaxSteps:       o.maxSteps,
		Timeout:        o.timeout,
		Context:        ctx,
		LLMBaseURL:     o.baseURL,
		Model:          o.model,
		StoreDir:       o.store,
		AllowEnv:       o.allowEnv,
		LLMDeadline:    o.deadline,
		MaxConcurrency: o.maxConc,
		// A person at the terminal answers ask_human().
		Interactive: readline.IsTerminal(int(os.Stdin.Fd())),
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
