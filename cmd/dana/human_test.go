package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHumanOperatorOnATerminal runs ask_human() the ways a person meets
// it: `dana run` on a terminal (the question on the terminal, the typed
// answer read against the expected type), the REPL (through the line
// editor), and a run without a terminal (a clear OperatorError).
func TestHumanOperatorOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	bin := buildDana(t)
	dir := t.TempDir()
	// Each run has a DANA_HOME of its own.
	env := func() []string {
		home := t.TempDir()
		return []string{"DANA_HOME=" + home, "DANA_LLM=mock", "HOME=" + home, "DANA_HUMAN="}
	}
	script := filepath.Join(dir, "seats.na")
	src := "n: int = ask_human(\"How many seats?\")\nprint(\"seats:\", n + 1)\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}

	t.Run("dana run", func(t *testing.T) {
		cmd := exec.Command(bin, "run", script)
		cmd.Env = append(os.Environ(), env()...)
		tm := startCmdTerm(t, cmd)
		tm.expect("[ask_human] How many seats?")
		tm.expect("Answer with a whole number (attempt 1 of 3):")
		tm.expect("answer> ")
		tm.send("a few\n")
		tm.expect("The previous answer (a few) was not accepted")
		tm.expect("answer> ")
		tm.send("four\n")
		tm.expect("seats: 5")
		select { // let it finish writing its records
		case <-tm.eof:
		case <-time.After(60 * time.Second):
			t.Fatal("dana run did not exit")
		}
	})

	t.Run("repl", func(t *testing.T) {
		tm := startTerm(t, bin, env()...)
		tm.expect(">>> ")
		tm.send("x: int = ask_human(\"Seats?\")\r")
		tm.expect("answer> ")
		tm.send("3\r")
		tm.expect(">>> ")
		tm.send("print(x * 2)\r")
		tm.expect("6")
		// Ctrl-D only once the line editor waits again: typed while the
		// terminal is between two reads it can be taken for cooked-mode EOF.
		tm.expect(">>> ")
		tm.send("\x04") // Ctrl-D: leave cleanly
		tm.exits("Ctrl-D")
	})

	t.Run("no terminal", func(t *testing.T) {
		cmd := exec.Command(bin, "run", script)
		cmd.Env = append(os.Environ(), env()...)
		cmd.Stdin = strings.NewReader("4\n")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("exit: %v\n%s", err, stderr.String())
		}
		if !strings.Contains(stderr.String(), "seats.na:1:10: OperatorError: ask_human() needs a person to answer, and none is attached: this run has no terminal") {
			t.Errorf("stderr:\n%s", stderr.String())
		}
	})
}
