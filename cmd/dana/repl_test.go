package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestREPLBinary builds the dana command once and runs it the ways a user
// starts the REPL.
func TestREPLBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	bin := buildDana(t)
	t.Run("terminal", func(t *testing.T) { testREPLOnATerminal(t, bin) })
	t.Run("history recall", func(t *testing.T) { testREPLRecallsABlockFromHistory(t, bin) })
	t.Run("ctrl-c during an LLM call", func(t *testing.T) { testInterruptLLMCall(t, bin) })
	t.Run("stdin program", func(t *testing.T) { testStdinProgram(t, bin) })
	t.Run("streaming reason()", func(t *testing.T) { testREPLStreaming(t, bin) })
}

// buildDana builds the dana command into a temporary directory.
func buildDana(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "dana")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// term is a program running on a pseudo-terminal, with what it wrote so far.
type term struct {
	t    *testing.T
	ptmx *os.File
	cmd  *exec.Cmd

	mu   sync.Mutex
	out  bytes.Buffer
	pos  int           // offset in the visible text up to which expect has matched
	read chan struct{} // signalled after each read
	eof  chan struct{} // closed when the terminal has no more output
}

// ansi matches the terminal control sequences readline writes.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\r`)

// startCmdTerm starts cmd on a pseudo-terminal.
func startCmdTerm(t *testing.T, cmd *exec.Cmd) *term {
	t.Helper()
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatalf("starting dana on a pty: %v", err)
	}
	tm := &term{t: t, ptmx: ptmx, cmd: cmd, read: make(chan struct{}, 1), eof: make(chan struct{})}
	go func() {
		defer close(tm.eof)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			select {
			case tm.read <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = ptmx.Close()
		_ = cmd.Wait()
	})
	return tm
}

// startTerm starts the REPL (the binary without arguments) on a
// pseudo-terminal, with env added to this process's environment.
func startTerm(t *testing.T, bin string, env ...string) *term {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	return startCmdTerm(t, cmd)
}

// exits waits for dana to end after what (":quit", "Ctrl-D") and fails
// the test if it does not within a minute or ends with an error.
func (tm *term) exits(what string) {
	tm.t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			tm.t.Fatalf("after %s dana exited with %v; the terminal shows:\n%s", what, err, tm.visible())
		}
	case <-time.After(time.Minute):
		tm.t.Fatalf("%s did not end dana; the terminal shows:\n%s", what, tm.visible())
	}
}

// visible returns the output without control sequences.
func (tm *term) visible() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.ReplaceAllString(tm.out.String(), "")
}

// send types s.
func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := tm.ptmx.Write([]byte(s)); err != nil {
		tm.t.Fatalf("writing %q to the terminal: %v", s, err)
	}
}

// waitFor waits until want appears in the output after what earlier calls
// matched, and moves past it. It reports whether it appeared in time.
func (tm *term) waitFor(want string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		v := tm.visible()
		if i := strings.Index(v[tm.pos:], want); i >= 0 {
			tm.pos += i + len(want)
			return true
		}
		select {
		case <-tm.read:
		case <-tm.eof:
			v := tm.visible()
			if i := strings.Index(v[tm.pos:], want); i >= 0 {
				tm.pos += i + len(want)
				return true
			}
			return false
		case <-deadline:
			return false
		}
	}
}

// expect is waitFor that fails the test, showing the session so far.
func (tm *term) expect(want string) {
	tm.t.Helper()
	if !tm.waitFor(want, 15*time.Second) {
		tm.t.Fatalf("never saw %q; the terminal shows:\n%s", want, tm.visible())
	}
}

// testREPLOnATerminal drives the real binary through a pseudo-terminal: a
// multi-line function, an echoed expression, an error survived, Tab
// completion, Ctrl-C clearing a line and stopping `while True: pass`, Ctrl-D
// leaving, and the history file with the block as one entry.
func testREPLOnATerminal(t *testing.T, bin string) {
	home := t.TempDir()
	tm := startTerm(t, bin, "DANA_HOME="+home, "TERM=xterm")

	tm.expect("mini-Dana")
	tm.expect(":help")
	tm.expect(">>> ")

	// A multi-line function: '... ' until the blank line.
	tm.send("def add(a, b):\r")
	tm.expect("... ")
	tm.send("    return a + b\r")
	tm.expect("... ")
	tm.send("\r")
	tm.expect(">>> ")

	// An expression is echoed.
	tm.send("add(2, 3)\r")
	tm.expect("\n5\n")
	tm.expect(">>> ")

	// An error is reported with location and caret, and the session goes on.
	tm.send("1 / 0\r")
	tm.expect(":1:3: ZeroDivisionError: division by zero")
	tm.expect("    1 / 0\n      ^\n")
	tm.expect(">>> ")
	tm.send("add(20, 22)\r")
	tm.expect("\n42\n")
	tm.expect(">>> ")

	// Tab completes a name defined earlier (with its '(').
	tm.send("ad\t")
	tm.expect("add(")
	tm.send("4, 5)\r")
	tm.expect("\n9\n")
	tm.expect(">>> ")

	// Ctrl-C on a half-typed line clears it.
	tm.send("nonsense")
	tm.expect("nonsense")
	tm.send("\x03")
	tm.expect("KeyboardInterrupt")
	tm.expect(">>> ")

	// Ctrl-C stops running code and returns to the prompt. The key must
	// arrive once the loop runs (the terminal has left raw mode), so it is
	// sent again until the interrupt shows.
	tm.send("while True: pass\r")
	tm.expect("... ")
	tm.send("\r")
	time.Sleep(200 * time.Millisecond)
	interrupted := false
	tries := 0
	for ; tries < 15 && !interrupted; tries++ {
		tm.send("\x03")
		interrupted = tm.waitFor("KeyboardInterrupt", time.Second)
	}
	t.Logf("Ctrl-C sent %d times", tries)
	if !interrupted {
		t.Fatalf("Ctrl-C did not stop the loop; the terminal shows:\n%s", tm.visible())
	}
	tm.expect(">>> ")
	tm.send("add(1, 2)\r")
	tm.expect("\n3\n")
	tm.expect(">>> ")

	// Ctrl-D on an empty line leaves.
	tm.send("\x04")
	tm.exits("Ctrl-D")

	hist, err := os.ReadFile(filepath.Join(home, "history"))
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	if st, err := os.Stat(filepath.Join(home, "history")); err != nil {
		t.Error(err)
	} else if st.Mode().Perm() != 0o600 {
		t.Errorf("history file mode %v, want 0600", st.Mode().Perm())
	}
	for _, want := range []string{
		"def add(a, b):\u2424    return a + b\n",
		"add(2, 3)\n",
		"1 / 0\n",
		"while True: pass\n",
	} {
		if !strings.Contains(string(hist), want) {
			t.Errorf("history lacks %q:\n%s", want, hist)
		}
	}
	if strings.Contains(string(hist), "nonsense") {
		t.Errorf("history keeps the line cleared by Ctrl-C:\n%s", hist)
	}
}

// testREPLRecallsABlockFromHistory checks that a block saved in an earlier
// session comes back with Up as one entry and runs as a whole.
func testREPLRecallsABlockFromHistory(t *testing.T, bin string) {
	home := t.TempDir()
	entry := "def twice(x):\u2424    return 2 * x\n"
	if err := os.WriteFile(filepath.Join(home, "history"), []byte(entry), 0o600); err != nil {
		t.Fatal(err)
	}
	tm := startTerm(t, bin, "DANA_HOME="+home, "TERM=xterm")
	tm.expect(">>> ")
	tm.send("\x1b[A") // Up
	tm.expect("return 2 * x")
	tm.send("\r")
	tm.expect(">>> ")
	tm.send("twice(21)\r")
	tm.expect("\n42\n")
	tm.expect(">>> ")
	tm.send(":quit\r")
	tm.exits(":quit")
}

// testInterruptLLMCall checks that Ctrl-C stops a reason() call waiting for
// a model that never answers, and that the session goes on.
func testInterruptLLMCall(t *testing.T, bin string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan struct{}, 1)
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c) // read nothing, answer nothing
			select {
			case accepted <- struct{}{}:
			default:
			}
		}
	}()
	t.Cleanup(func() { ln.Close() })

	tm := startTerm(t, bin, "DANA_HOME="+t.TempDir(), "TERM=xterm", "DANA_LLM=",
		"OPENAI_BASE_URL=http://"+ln.Addr().String()+"/v1", "OPENAI_API_KEY=test", "DANA_LLM_MODEL=test")
	tm.expect(">>> ")
	tm.send("answer = reason(\"what is 2 + 2?\")\r")
	select {
	case <-accepted:
	case <-time.After(15 * time.Second):
		t.Fatalf("reason() never reached the model; the terminal shows:\n%s", tm.visible())
	}
	interrupted := false
	for tries := 0; tries < 15 && !interrupted; tries++ {
		tm.send("\x03")
		interrupted = tm.waitFor("KeyboardInterrupt", time.Second)
	}
	if !interrupted {
		t.Fatalf("Ctrl-C did not stop reason(); the terminal shows:\n%s", tm.visible())
	}
	tm.expect(">>> ")
	tm.send("1 + 1\r")
	tm.expect("\n2\n")
	tm.expect(">>> ") // keys typed while the terminal is not in raw mode may be lost
	tm.send("\x04")
	tm.exits("Ctrl-D")
}

// testStdinProgram checks that without a terminal dana runs stdin as a
// program, without banner or prompts.
func testStdinProgram(t *testing.T, bin string) {
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "DANA_HOME="+t.TempDir())
	cmd.Stdin = strings.NewReader("x = 1\nprint(x + 1)\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("dana < program: %v\n%s", err, stderr.String())
	}
	if stdout.String() != "2\n" {
		t.Errorf("stdout = %q, want %q (stderr %q)", stdout.String(), "2\n", stderr.String())
	}

	cmd = exec.Command(bin)
	cmd.Env = append(os.Environ(), "DANA_HOME="+t.TempDir())
	cmd.Stdin = strings.NewReader("print(1)\n1 / 0\n")
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("a failing program: err = %v, want exit status 1", err)
	}
	if stdout.String() != "1\n" || !strings.Contains(stderr.String(), "<stdin>:2:3: ZeroDivisionError") {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}
