package repl

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
)

// newTestSession returns a session over an interpreter with the few builtins
// the transcripts use (the real ones live in package builtins, which the
// end-to-end test of cmd/dana exercises). print writes to the returned
// buffer.
func newTestSession(t *testing.T, opts Options) (*Session, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out, Stderr: &out})
	in.RegisterBuiltin("print", func(th *interp.Thread, args []interp.Value, _ []interp.KwArg) (interp.Value, error) {
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = interp.ToStr(a)
		}
		out.WriteString(strings.Join(parts, " ") + "\n")
		return interp.None, nil
	})
	in.RegisterBuiltin("len", func(th *interp.Thread, args []interp.Value, _ []interp.KwArg) (interp.Value, error) {
		if l, ok := args[0].(*interp.List); ok {
			return interp.MakeInt(int64(len(l.Elems))), nil
		}
		return nil, interp.Errorf("TypeError", "object of type '%s' has no len()", args[0].TypeName())
	})
	for _, m := range []string{"append", "pop", "sort"} {
		in.RegisterMethod("list", m, func(*interp.Thread, []interp.Value, []interp.KwArg) (interp.Value, error) {
			return interp.None, nil
		})
	}
	in.SetBuiltin("str", &interp.TypeObj{Name: "str"})
	in.RegisterMethod("str", "upper", func(_ *interp.Thread, args []interp.Value, _ []interp.KwArg) (interp.Value, error) {
		return interp.Str(strings.ToUpper(string(args[0].(interp.Str)))), nil
	})
	return New(in, opts), &out
}

// feed feeds one line and returns what the program wrote (echoed values
// included) followed by what Feed returned.
func feed(s *Session, out *bytes.Buffer, line string) string {
	res, _ := s.Feed(line)
	got := out.String() + res
	out.Reset()
	return got
}

// transcript replays the input lines of want (those after a ">>> " or
// "... " prompt) through a session and returns the transcript the session
// produces: each prompt the session asked with, the line, then what the
// program printed and what Feed returned.
func transcript(s *Session, out *bytes.Buffer, want string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		var line string
		switch {
		case strings.HasPrefix(l, ">>>"), strings.HasPrefix(l, "..."):
			line = strings.TrimPrefix(l[3:], " ")
		default:
			continue // expected output
		}
		b.WriteString(strings.TrimRight(s.Prompt()+line, " ") + "\n")
		res, _ := s.Feed(line)
		b.WriteString(out.String())
		out.Reset()
		b.WriteString(res)
		if s.Done() {
			b.WriteString("(quit)\n")
		}
	}
	return strings.TrimSpace(b.String())
}

func TestTranscripts(t *testing.T) {
	tests := []struct {
		name string
		want string
	}{
		{"echo and underscore", `
>>> 1 + 2
3
>>> _ * 10
30
>>> _
30
>>> x = 5
>>> x
5
>>> "abc"
'abc'
>>> _
'abc'
>>> None
>>> print("hi")
hi
>>> _
'abc'
>>> [1, "a", None]
[1, 'a', None]
>>> 1; 2
1
2
>>> for i in [0, 1]: i
...
0
1
>>> "text"
'text'
`},
		{"multi-line function", `
>>> def f(a, b):
...     c = a + b
...     return c * 2
...
>>> f(1, 2)
6
>>> def g():
...     for i in [1, 2]:
...         print(i)
...     return "done"
...
>>> g()
1
2
'done'
`},
		{"one-line compound statements wait for a blank line", `
>>> if True: print("yes")
...
yes
>>> for i in [1, 2]: print(i)
...
1
2
>>> def h(x): return x + 1
...
>>> h(1)
2
`},
		{"brackets, continuation and strings", `
>>> xs = [1,
...       2,
...
...       3]
>>> xs
[1, 2, 3]
>>> y = 1 + \
...     2
>>> y
3
>>> d = {"a": 1,
...      "b": (2,
...            3)}
>>> d
{'a': 1, 'b': (2, 3)}
>>> s = """one
...
... two:"""
>>> s
'one\n\ntwo:'
`},
		{"structs and decorators", `
>>> struct Point:
...     x: int
...     y: int = 0
...
>>> p = Point(x=1)
>>> p
Point(x=1, y=0)
>>> p.x + 1
2
>>> def twice(fn):
...     return lambda a :: fn(fn(a))
...
>>> @twice
... def inc(a):
...     return a + 1
...
>>> inc(0)
2
`},
		{"blank lines and comments", `
>>>
>>> # nothing to run
>>> x = 1  # a comment
>>> x
1
`},
		{"errors never end the session", `
>>> a = 1
>>> 1 / 0
<input-2>:1:3: ZeroDivisionError: division by zero
    1 / 0
      ^
Call stack (most recent call last):
  <input-2>:1:3 in <module>
>>> a
1
>>> totl = 3
>>> total
<input-5>:1:1: NameError: name 'total' is not defined; did you mean 'totl'?
    total
    ^
Call stack (most recent call last):
  <input-5>:1:1 in <module>
>>> x = (1 +
...      )
<input-6>:2:6: SyntaxError: invalid syntax: unexpected ')'
         )
         ^
>>> a + 1
2
`},
		{"errors in functions of earlier inputs quote their own lines", `
>>> def div(a, b):
...     return a / b
...
>>> div(1, 0)
<input-1>:2:14: ZeroDivisionError: division by zero
        return a / b
                 ^
Call stack (most recent call last):
  <input-2>:1:1 in <module>
  <input-1>:2:14 in div
>>> div(4, 2)
2.0
`},
		{"an error stops the input where it happens", `
>>> first = 1; second = 1 / 0; third = 3
<input-1>:1:23: ZeroDivisionError: division by zero
    first = 1; second = 1 / 0; third = 3
                          ^
Call stack (most recent call last):
  <input-1>:1:23 in <module>
>>> first
1
>>> third
<input-3>:1:1: NameError: name 'third' is not defined
    third
    ^
Call stack (most recent call last):
  <input-3>:1:1 in <module>
>>> def blank():
...     a = 1
...
>>>     return a
<input-5>:1:5: IndentationError: unexpected indent
        return a
        ^
`},
		{"meta commands", `
>>> x = 1
>>> private:count = 2
>>> :vars
local:
  x  int  1
private:
  count  int  2
>>> :vars private
private:
  count  int  2
>>> :vars public
public: (no variables)
>>> :vars system:
system: (no variables)
>>> :vars galaxy
unknown scope 'galaxy' (want local, private, public or system)
>>> :type x
int
>>> :type [x, 2]
list
>>> :type x / 2
float
>>> :type y = 1
:type takes an expression, not a statement
>>> :type
usage: :type EXPR (e.g. :type x + 1)
>>> :type nope
<input-6>:1:1: NameError: name 'nope' is not defined
    nope
    ^
Call stack (most recent call last):
  <input-6>:1:1 in <module>
>>> :v local
local:
  x  int  1
>>> :frobnicate
unknown command ':frobnicate'; type :help for the list
>>> :l
ambiguous command ':l' (:learnings, :last); type :help for the list
>>> :learnings
no learning store (it records what @poet functions learn; see :help)
>>> :last
no POET execution yet
>>> :reset
all variables, functions, structs and imported modules are forgotten
>>> :vars
no variables yet
>>> x
<input-7>:1:1: NameError: name 'x' is not defined
    x
    ^
Call stack (most recent call last):
  <input-7>:1:1 in <module>
>>> :quit
(quit)
`},
		{"exit words", `
>>> exit
(quit)
`},
		{"exit words are names when bound", `
>>> quit = 3
>>> quit
3
>>> quit()
<input-3>:1:1: TypeError: 'int' object is not callable
    quit()
    ^
Call stack (most recent call last):
  <input-3>:1:1 in <module>
`},
		{"help word", `
>>> help()
Type mini-Dana code to run it. A block (def, if, for, struct, ...) ends with a
blank line; open brackets, a trailing ':' or '\' continue the input. The value
of an expression is printed, unless it is None, and kept in _.

Commands:
  :help            show this help
  :vars [scope]    list variables (all but system:, or those of one scope)
  :type EXPR       evaluate EXPR and show the name of its type
  :reset           forget all variables, functions, structs and imported modules
  :learnings       summarize what the learning store has learned
  :last            show the record of the last POET execution
  :quit            leave the REPL (also Ctrl-D, exit or quit)

Keys:
  Tab              complete names, keywords, scopes (private:), attributes (p.)
  Up, Down         walk the history (kept in $DANA_HOME/history)
  Ctrl-R           search the history
  Ctrl-C           clear the input, or stop the running code
  Ctrl-D           leave (on an empty line)
>>> help = 1
>>> help
1
`},
		{"q alias", `
>>> :q
(quit)
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out := newTestSession(t, Options{})
			want := strings.TrimSpace(tt.want)
			if got := transcript(s, out, want); got != want {
				t.Errorf("transcript differs\n--- got\n%s\n--- want\n%s", got, want)
			}
		})
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	s, _ := newTestSession(t, Options{})
	help, more := s.Feed(":help")
	if more {
		t.Fatal(":help asked for more input")
	}
	for _, c := range MetaCommandNames() {
		if !strings.Contains(help, c) {
			t.Errorf(":help does not mention %s:\n%s", c, help)
		}
	}
	for _, w := range []string{"Ctrl-C", "Ctrl-D", "Ctrl-R", "Tab", "_"} {
		if !strings.Contains(help, w) {
			t.Errorf(":help does not mention %s", w)
		}
	}
	if h2, _ := s.Feed(":?"); h2 != help {
		t.Errorf(":? differs from :help")
	}
}

func TestLearningsAndLastHooks(t *testing.T) {
	tests := []struct {
		name      string
		learnings func() (string, error)
		last      func() (string, error)
		want      string
	}{
		{"nil hooks", nil, nil, `
>>> :learnings
no learning store (it records what @poet functions learn; see :help)
>>> :last
no POET execution yet
`},
		{"empty", func() (string, error) { return "", nil }, func() (string, error) { return " \n", nil }, `
>>> :learnings
no learnings yet
>>> :last
no POET execution yet
`},
		{"content", func() (string, error) { return "2 learnings\n- be brief", nil }, func() (string, error) { return "execution 01J: summarize ok", nil }, `
>>> :learnings
2 learnings
- be brief
>>> :last
execution 01J: summarize ok
`},
		{"errors", func() (string, error) { return "", errors.New("store locked") }, func() (string, error) { return "", errors.New("no store") }, `
>>> :learnings
cannot read the learning store: store locked
>>> :last
cannot read the last POET execution: no store
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out := newTestSession(t, Options{Learnings: tt.learnings, LastExecution: tt.last})
			want := strings.TrimSpace(tt.want)
			if got := transcript(s, out, want); got != want {
				t.Errorf("transcript differs\n--- got\n%s\n--- want\n%s", got, want)
			}
		})
	}
}

func TestPrompts(t *testing.T) {
	s, _ := newTestSession(t, Options{})
	steps := []struct {
		line   string
		more   bool
		prompt string
	}{
		{"def f():", true, PS2},
		{"    return 1", true, PS2},
		{"", false, PS1},
		{"(1,", true, PS2},
		{"2)", false, PS1},
		{"x = 1", false, PS1},
		{"x = 1 + \\", true, PS2},
		{"", false, PS1}, // a blank line after '\' is an error, as in Python
		{"'''", true, PS2},
		{"", true, PS2},
		{"'''", false, PS1},
		{"def inc(x) = f", false, PS1}, // a pipeline definition is one line
		{"g = lambda x :: x + 1", false, PS1},
		{"n: int = 5", false, PS1},
		{"d = {'a': 1}; s = 'abc'[1:]", false, PS1},
		{"private:k = 1", false, PS1},
		{"x = 1  # ends with a colon:", false, PS1},
		{"'''a:", true, PS2},
		{"b'''", false, PS1},
		{"else:", true, PS2}, // an error, reported after the blank line
		{"", false, PS1},
		{"    x = 1", false, PS1}, // an unexpected indent is reported at once
		{"@deco", true, PS2},
	}
	for i, st := range steps {
		_, more := s.Feed(st.line)
		if more != st.more || s.Prompt() != st.prompt || s.Pending() != st.more {
			t.Fatalf("step %d %q: more=%v prompt=%q pending=%v, want more=%v prompt=%q", i, st.line, more, s.Prompt(), s.Pending(), st.more, st.prompt)
		}
	}
}

func TestDiscard(t *testing.T) {
	s, out := newTestSession(t, Options{})
	s.Feed("def f():")
	s.Feed("    return 1")
	s.Discard()
	if s.Pending() || s.Prompt() != PS1 {
		t.Fatal("Discard left input pending")
	}
	want := strings.TrimSpace(`
>>> f
<input-1>:1:1: NameError: name 'f' is not defined
    f
    ^
Call stack (most recent call last):
  <input-1>:1:1 in <module>
>>> 2
2`)
	if got := transcript(s, out, want); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCancelStopsTheRunningEvaluation(t *testing.T) {
	s, out := newTestSession(t, Options{})
	s.Feed("n = 0")
	s.Cancel() // nothing runs: harmless
	done := make(chan string)
	go func() {
		s.Feed("while True:")
		s.Feed("    n += 1")
		res, _ := s.Feed("")
		done <- res
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !s.Running() {
		if time.Now().After(deadline) {
			t.Fatal("the loop never started")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	s.Cancel()
	var res string
	select {
	case res = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Cancel did not stop the loop")
	}
	if !strings.Contains(res, "KeyboardInterrupt") || !strings.Contains(res, "<input-2>:") {
		t.Errorf("want a located KeyboardInterrupt, got\n%s", res)
	}
	if s.Running() {
		t.Error("still running after the evaluation returned")
	}
	// State survives and the next input runs with a fresh context.
	out.Reset()
	if got := feed(s, out, "n > 0"); got != "True\n" {
		t.Errorf("n > 0 = %q after the interrupt", got)
	}
	t.Logf("interrupted:\n%s", res)
}

func TestHistoryEntries(t *testing.T) {
	s, out := newTestSession(t, Options{})
	var entries []string
	for _, l := range []string{"def f(a):", "    return a + 1", "", "f(1)", ":vars", "  ", "(1,", "2)"} {
		if _, more := s.Feed(l); !more && s.LastInput() != "" {
			entries = append(entries, HistoryEntry(s.LastInput()))
		}
	}
	want := []string{"def f(a):" + HistorySep + "    return a + 1", "f(1)", ":vars", "(1," + HistorySep + "2)"}
	if strings.Join(entries, "|") != strings.Join(want, "|") {
		t.Fatalf("entries = %q, want %q", entries, want)
	}
	// A recalled block runs as a whole.
	s2, out2 := newTestSession(t, Options{})
	res, more := s2.Feed(entries[0])
	if res != "" || more {
		t.Fatalf("recalled def: %q more=%v", res, more)
	}
	if got := feed(s2, out2, entries[1]); got != "2\n" {
		t.Errorf("f(1) = %q", got)
	}
	if got := feed(s2, out2, entries[3]); got != "(1, 2)\n" || s2.Pending() {
		t.Errorf("recalled tuple = %q pending=%v", got, s2.Pending())
	}
	if got := SplitHistoryEntry(HistoryEntry("a\nb\n\n")); strings.Join(got, "|") != "a|b" {
		t.Errorf("SplitHistoryEntry(HistoryEntry) = %q", got)
	}
	_, _ = out, out2
}

func TestParentContextStopsEvaluations(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s, out := newTestSession(t, Options{Context: ctx})
	if got := feed(s, out, "1 + 1"); got != "2\n" {
		t.Fatalf("1 + 1 = %q", got)
	}
	cancel()
	s.Feed("while True: pass")
	got, _ := s.Feed("")
	if !strings.Contains(got, "KeyboardInterrupt") {
		t.Errorf("with a cancelled parent context: %q", got)
	}
}

func TestHelpFitsEightyColumns(t *testing.T) {
	s, _ := newTestSession(t, Options{})
	help, _ := s.Feed(":help")
	for _, l := range strings.Split(help, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("%d columns: %q", n, l)
		}
	}
}

func TestResetHook(t *testing.T) {
	resets := 0
	s, _ := newTestSession(t, Options{Reset: func() { resets++ }})
	s.Feed("x = 1")
	s.Feed(":reset")
	if resets != 1 {
		t.Errorf("the Reset hook ran %d times", resets)
	}
	if _, ok := s.Interpreter().Get("local", "x"); ok {
		t.Error("x survived :reset")
	}
}
