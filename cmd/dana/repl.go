package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/chzyer/readline"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/internal/progress"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/repl"
)

// historyLimit is the number of entries kept in $DANA_HOME/history.
const historyLimit = 5000

// runREPL starts the interactive REPL when stdin is a terminal; otherwise it
// reads the whole program from stdin and runs it (`echo 'print(1)' | dana`).
func runREPL(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	if f, ok := stdin.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		return interactive(o, f, stdout, stderr)
	}
	src, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "dana: reading stdin: %v\n", err)
		return 1
	}
	ctx, stop := interruptContext()
	defer stop()
	e := o.newEngine(ctx, stdout, stderr)
	defer e.Close()
	err = e.Exec("<stdin>", string(src))
	if err != nil {
		printError(stderr, err)
	}
	return cli.Code(exitStatus(ctx, err))
}

// interactive runs the REPL on a terminal: readline for line editing, Tab
// completion (repl.Session.Do), history in $DANA_HOME/history with a block
// saved as one entry, Ctrl-C to clear the input or stop running code, Ctrl-D
// to leave.
//
// LLM calls show the progress display on stderr while they wait (as `dana
// run` does; not with --quiet), and the reply of an untyped reason() call
// is printed as it streams, instead of its repr once it is complete.
func interactive(o options, stdin *os.File, stdout, stderr io.Writer) int {
	out := &trackingWriter{w: stdout, atStart: true}
	disp := o.progressDisplay(stderr)
	progOut, progErr := io.Writer(out), stderr
	if disp != nil {
		defer disp.Close()
		progOut, progErr = disp.Writer(out), disp.Writer(stderr)
	}
	e := o.newEngineWith(context.Background(), progOut, progErr, disp)
	defer e.Close()
	if err := e.SetupError(); err != nil {
		fmt.Fprintf(stderr, "dana: warning: %v\n", err)
	}
	echoes := &replEchoes{out: out, disp: disp}
	if svc := e.Reason(); svc != nil {
		svc.SetEcho(echoes.forThread)
	}
	opts := replOptions(e)
	opts.Shown = echoes.shown
	sess := repl.New(e.Interpreter, opts)

	hist, err := historyFile()
	if err != nil {
		fmt.Fprintf(stderr, "dana: warning: no history: %v\n", err)
	}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 repl.PS1,
		HistoryFile:            hist,
		HistoryLimit:           historyLimit,
		DisableAutoSaveHistory: true, // a block is saved as one entry, below
		HistorySearchFold:      true,
		AutoComplete:           sess,
		Stdin:                  stdin,
		Stdout:                 stdout,
		Stderr:                 stderr,
	})
	if err != nil {
		fmt.Fprintf(stderr, "dana: starting the line editor: %v\n", err)
		return 1
	}
	defer rl.Close()
	// ask_human() reads its answer through the line editor, which owns
	// the terminal.
	if err := e.AttachPerson(&poet.TerminalPerson{Out: progErr, ReadLine: func(prompt string) (string, error) {
		rl.SetPrompt(prompt)
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			return "", interp.Errorf("KeyboardInterrupt", "interrupted")
		}
		return line, err
	}}); err != nil {
		fmt.Fprintf(stderr, "dana: warning: %v\n", err)
	}

	// While code runs the terminal is not in raw mode, so Ctrl-C arrives as
	// SIGINT: it stops the running evaluation, not the REPL.
	var interrupted atomic.Bool
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	stopSignals := make(chan struct{})
	defer func() {
		signal.Stop(sigs)
		close(stopSignals)
	}()
	go func() {
		for {
			select {
			case <-sigs:
				if sess.Running() {
					interrupted.Store(true)
					sess.Cancel()
				}
			case <-stopSignals:
				return
			}
		}
	}()

	fmt.Fprintf(out, "mini-Dana %s — type :help for help, Ctrl-D to quit\n", engine.Version)
	histWarned := false
	for !sess.Done() {
		if !out.AtLineStart() {
			// The program printed a partial line: keep it visible.
			fmt.Fprintln(out)
		}
		rl.SetPrompt(sess.Prompt())
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			// readline has echoed ^C; drop the line and any pending block.
			sess.Discard()
			fmt.Fprintln(out, "KeyboardInterrupt")
			continue
		case errors.Is(err, io.EOF):
			return 0
		case err != nil:
			fmt.Fprintf(stderr, "dana: reading input: %v\n", err)
			return 1
		}
		// readline keeps pointing at the history entry the user recalled (and
		// would store our entry's text into it); an empty entry moves it back
		// to the end without saving anything.
		_ = rl.SaveHistory("")
		echoes.reset()
		res, more := sess.Feed(line)
		if disp != nil {
			disp.Clear() // before the prompt
		}
		if !more && sess.LastInput() != "" {
			if err := rl.SaveHistory(repl.HistoryEntry(sess.LastInput())); err != nil && hist != "" && !histWarned {
				histWarned = true
				fmt.Fprintf(stderr, "dana: warning: saving history: %v\n", err)
			}
		}
		if interrupted.Swap(false) {
			fmt.Fprintln(out) // after the ^C the terminal echoed
		}
		fmt.Fprint(out, res)
	}
	return 0
}

// historyFile returns $DANA_HOME/history (DANA_HOME defaults to ~/.dana),
// creating the directory and the file.
func historyFile() (string, error) {
	home := os.Getenv("DANA_HOME")
	if home == "" {
		u, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("DANA_HOME is not set and %w", err)
		}
		home = filepath.Join(u, ".dana")
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		return "", fmt.Errorf("creating %s: %w", home, err)
	}
	// Create it private (what is typed may include secrets); readline would
	// create it world-readable.
	path := filepath.Join(home, "history")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDONLY, 0o600)
	if err != nil {
		return "", fmt.Errorf("opening %s: %w", path, err)
	}
	f.Close()
	return path, nil
}

// replOptions connects the REPL's `:learnings`, `:last` and `:reset` to the
// engine's POET runtime: the summary of the learning store, the human
// rendering of the latest execution record, and the reset of POET's system
// variables. Without a POET runtime the hooks stay nil and the REPL answers
// "no learning store" and "no POET execution yet".
func replOptions(e *engine.Engine) repl.Options {
	rt := e.POET()
	if rt == nil {
		return repl.Options{}
	}
	return repl.Options{
		Learnings: func() (string, error) { return poet.LearningsSummary(e.Interpreter) },
		LastExecution: func() (string, error) {
			txt, _ := poet.LastExecutionText(e.Interpreter)
			return txt, nil
		},
		Reset: rt.Reset,
	}
}

// replEchoes prints the replies of the REPL's untyped reason() calls as
// they stream (reason.Echo), and remembers the last one shown so that the
// REPL does not echo it again (repl.Options.Shown).
type replEchoes struct {
	out  *trackingWriter
	disp *progress.Display // nil: no progress display

	mu   sync.Mutex
	last interp.Value // the value of the last reply shown while streaming
}

// forThread returns the Echo of a call made by th: none for parallel()
// workers, whose replies would interleave.
func (r *replEchoes) forThread(th *interp.Thread) reason.Echo {
	if builtins.InWorker(th) {
		return nil
	}
	return &replEcho{r: r}
}

// reset forgets the last reply shown, before a new input runs.
func (r *replEchoes) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.last = nil
}

// shown reports whether v is the reply just printed as it streamed.
func (r *replEchoes) shown(v interp.Value) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok1 := r.last.(interp.Str)
	b, ok2 := v.(interp.Str)
	r.last = nil
	return ok1 && ok2 && a == b
}

// replEcho prints one call's streamed reply.
type replEcho struct {
	r         *replEchoes
	streaming bool // text of this call is on the screen
}

func (e *replEcho) Retry(llm.RetryNotice) {}

// Stream prints the text as it arrives; the progress display is suspended
// meanwhile. A restart (the stream broke off, or the reply could not be
// used and the model is asked again) is said on a line of its own.
func (e *replEcho) Stream(ev llm.StreamEvent) {
	out := e.r.out
	if ev.Restart {
		if e.streaming {
			if !out.AtLineStart() {
				fmt.Fprintln(out)
			}
			fmt.Fprintln(out, "[asking again]")
		}
		return
	}
	if ev.Text == "" {
		return
	}
	if !e.streaming {
		e.streaming = true
		if e.r.disp != nil {
			e.r.disp.Suspend()
		}
	}
	io.WriteString(out, ev.Text)
}

// Done ends the streamed text with a newline and remembers the value.
func (e *replEcho) Done(v interp.Value) {
	if !e.streaming {
		return
	}
	e.streaming = false
	if !e.r.out.AtLineStart() {
		fmt.Fprintln(e.r.out)
	}
	if e.r.disp != nil {
		e.r.disp.Resume()
	}
	if v != nil {
		e.r.mu.Lock()
		e.r.last = v
		e.r.mu.Unlock()
	}
}

// trackingWriter remembers whether the last byte written ended a line, so
// that the prompt never lands after a partial line of program output.
type trackingWriter struct {
	mu      sync.Mutex
	w       io.Writer
	atStart bool
}

// Write writes p and records whether it ended with a newline.
func (t *trackingWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) > 0 {
		t.atStart = p[len(p)-1] == '\n'
	}
	return t.w.Write(p)
}

// AtLineStart reports whether the output is at the start of a line.
func (t *trackingWriter) AtLineStart() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.atStart
}
