// Package repl is the core of mini-Dana's interactive prompt (SPEC §12.3),
// independent of any terminal.
//
// A Session is fed the user's input one line at a time. It decides whether
// the input so far is complete (open brackets, a trailing ':' or '\', an
// unterminated triple-quoted string, or a block that has not been closed by
// a blank line ask for more), runs complete inputs in an interpreter, and
// returns what the prompt should show: the repr of a bare expression's value
// (bound to `_`), an error report with location and caret (SPEC §12.2), or
// the output of a meta command (`:help`, `:vars`, `:type`, `:reset`,
// `:learnings`, `:last`, `:quit`). Errors never end a session and the
// interpreter's state survives them.
//
// Output written by the running program (print) goes to the interpreter's
// own Stdout while Feed runs; Feed returns only what the prompt adds.
//
// The terminal side (readline, history file, signals) lives in the dana
// command; Session.Do makes a Session usable as readline's AutoCompleter and
// Session.Cancel is what a SIGINT handler calls while code runs.
package repl

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/minidana/dana/lang/interp"
)

// Prompts shown before a new input and before a continuation line.
const (
	PS1 = ">>> "
	PS2 = "... "
)

// Options configure a Session. The zero value is usable.
type Options struct {
	// Context is the parent of the context each evaluation runs with (nil:
	// the interpreter's Options.Context, else context.Background()).
	// Cancelling it stops every evaluation.
	Context context.Context

	// Learnings returns a summary of the learning store for `:learnings`
	// (in the dana command: the POET runtime's summary of the store's
	// learnings). nil means there is no learning store; an empty result
	// means the store holds no learnings yet.
	Learnings func() (string, error)

	// LastExecution returns the record of the last POET execution for
	// `:last`, rendered for people. nil, or an empty result, means no POET
	// function has run yet.
	LastExecution func() (string, error)

	// Reset, when set, is called by `:reset` after the interpreter forgot
	// its state, for runtime services to restore theirs (POET sets its
	// system variables again).
	Reset func()

	// Shown, when set, tells whether a bare expression's value was already
	// shown while it was computed (the reply of an untyped reason() call,
	// printed as it streamed): it is then bound to `_` but not echoed.
	Shown func(v interp.Value) bool
}

// Session is one interactive session over an interpreter. Its methods, except
// Cancel, must be called from one goroutine.
type Session struct {
	in   *interp.Interpreter
	opts Options

	lines  []string // the pending (incomplete) input
	inputs int      // number of inputs run so far; names their pseudo-files
	last   string   // the source of the last complete input, for history
	quit   bool

	mu     sync.Mutex
	cancel context.CancelFunc // cancels the running evaluation; nil when idle
}

// New returns a session that runs its inputs in in, as part of its main
// program.
func New(in *interp.Interpreter, opts Options) *Session {
	if opts.Context == nil {
		opts.Context = in.Options().Context
	}
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	return &Session{in: in, opts: opts}
}

// Interpreter returns the session's interpreter.
func (s *Session) Interpreter() *interp.Interpreter { return s.in }

// Prompt returns the prompt for the next line: PS1 when a new input starts,
// PS2 when the pending input needs more lines.
func (s *Session) Prompt() string {
	if len(s.lines) > 0 {
		return PS2
	}
	return PS1
}

// Pending reports whether an incomplete input is waiting for more lines.
func (s *Session) Pending() bool { return len(s.lines) > 0 }

// Done reports whether the user asked to leave (`:quit`, or `exit`/`quit`
// typed alone as in Python).
func (s *Session) Done() bool { return s.quit }

// LastInput returns the source of the last complete input (its lines joined
// with "\n", without the blank line that closed a block), or "" when that
// input was blank. The dana command saves it as one history entry (see
// HistoryEntry).
func (s *Session) LastInput() string { return s.last }

// Discard drops the pending input, as Ctrl-C at the prompt does.
func (s *Session) Discard() { s.lines = nil }

// Cancel stops the evaluation in progress, if any: the running code raises
// KeyboardInterrupt at its next loop iteration or call, and a blocking
// builtin that honours its context (an LLM call) returns. It is safe to call
// from any goroutine (a SIGINT handler) and does nothing when no code runs.
func (s *Session) Cancel() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
}

// Running reports whether an evaluation is in progress.
func (s *Session) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cancel != nil
}

// Feed takes one line of input (without its line terminator). When the input
// so far is incomplete it returns more=true and the caller should prompt with
// PS2; otherwise it runs the input and returns what to show: the repr of the
// value of a bare expression (unless None), an error report, or the output of
// a meta command. A non-empty output always ends with a newline.
//
// As in Python, `exit` and `quit` typed alone leave and `help` shows the
// help, unless the user bound those names. A line holding a whole block
// recalled from history (lines joined by HistorySep) is fed line by line and
// run as a complete input.
func (s *Session) Feed(line string) (output string, more bool) {
	line = strings.TrimRight(line, "\r\n")
	if strings.Contains(line, HistorySep) {
		return s.feedBlock(SplitHistoryEntry(line))
	}
	if len(s.lines) == 0 {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			s.last = ""
			return "", false
		case strings.HasPrefix(trimmed, ":"):
			s.last = trimmed
			return s.meta(trimmed), false
		case s.isBareWord(trimmed, "exit", "quit"):
			s.last = trimmed
			s.quit = true
			return "", false
		case s.isBareWord(trimmed, "help"):
			s.last = trimmed
			return s.cmdHelp(""), false
		}
	}
	s.lines = append(s.lines, line)
	src := strings.Join(s.lines, "\n")
	if needsMore(src, line) {
		return "", true
	}
	s.lines = nil
	s.last = strings.TrimRight(src, " \t\n")
	return s.run(s.last), false
}

// feedBlock feeds the lines of a recalled block, then closes the block if it
// still waits for its closing blank line.
func (s *Session) feedBlock(lines []string) (string, bool) {
	var out strings.Builder
	more := false
	for _, l := range lines {
		var o string
		o, more = s.Feed(l)
		out.WriteString(o)
		if s.quit {
			return out.String(), false
		}
	}
	if more && blockOnly(strings.Join(s.lines, "\n")) {
		o, m := s.Feed("")
		out.WriteString(o)
		more = m
	}
	return out.String(), more
}

// isBareWord reports whether the input is one of words alone (with or
// without `()`) and that name is not bound: `exit`, `quit` and `help` then
// do what they do in Python's REPL.
func (s *Session) isBareWord(src string, words ...string) bool {
	name := strings.TrimSpace(strings.TrimSuffix(src, "()"))
	if !contains(words, name) {
		return false
	}
	if _, ok := s.in.Get("local", name); ok {
		return false
	}
	_, ok := s.in.Builtin(name)
	return !ok
}

// run evaluates a complete input and renders its outcome.
func (s *Session) run(src string) string {
	if _, err := s.evalIn(src, true); err != nil {
		return RenderError(err)
	}
	return ""
}

// echo prints the value of a bare expression statement as it runs (SPEC
// §4.7: `1; 2` echoes both, `for x in xs: x` each x) and binds `_` to it,
// the way Python's REPL does.
func (s *Session) echo(v interp.Value) {
	_ = s.in.Set("local", "_", v)
	if s.opts.Shown != nil && s.opts.Shown(v) {
		return
	}
	io.WriteString(s.in.Stdout(), interp.Repr(v)+"\n")
}

// eval runs src as the next input and returns the value of its last
// statement when that is an expression (for :type).
func (s *Session) eval(src string) (interp.Value, error) { return s.evalIn(src, false) }

// evalIn runs src as the next input, with a context that Cancel cancels;
// interactive inputs echo their bare expressions as they run.
func (s *Session) evalIn(src string, interactive bool) (interp.Value, error) {
	s.inputs++
	// Every input is its own pseudo-file so that an error raised later in a
	// function defined by an earlier input still quotes the right line.
	name := fmt.Sprintf("<input-%d>", s.inputs)
	ctx, cancel := context.WithCancel(s.opts.Context)
	s.mu.Lock()
	s.cancel = cancel
	s.mu.Unlock()
	s.in.SetContext(ctx)
	defer func() {
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		cancel()
		s.in.SetContext(s.opts.Context)
	}()
	if interactive {
		return nil, s.in.EvalInteractive(name, src+"\n", s.echo)
	}
	return s.in.Eval(name, src+"\n")
}

// RenderError renders an error of an evaluation the way SPEC §12.2 asks:
// `file:line:col: Type: message`, the source line with a caret and, for
// runtime errors, the call stack. Other errors are shown as `Error: ...`.
func RenderError(err error) string {
	if text, ok := interp.RenderError(err); ok {
		return text
	}
	return "Error: " + err.Error() + "\n"
}
