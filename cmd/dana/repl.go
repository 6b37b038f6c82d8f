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

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/poet"
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
func interactive(o options, stdin *os.File, stdout, stderr io.Writer) int {
	out := &trackingWriter{w: stdout, atStart: true}
	e := o.newEngine(context.Background(), out, stderr)
	defer e.Close()
	if err := e.SetupError(); err != nil {
		fmt.Fprintf(stderr, "dana: warning: %v\n", err)
	}
	sess := repl.New(e.Interpreter, replOptions(e))

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
	if err := e.AttachPerson(&poet.TerminalPerson{Out: stderr, ReadLine: func(prompt string) (string, error) {
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
		res, more := sess.Feed(line)
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
