// Package proctest runs a child process that prints execution ids and stops
// it with a signal part-way, for the tests that check that every id a
// process acknowledged survives the signal (SIGKILL, SIGTERM, SIGINT).
package proctest

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SignalAfterIDs starts cmd, reads the lines "id <ID>" it prints on stdout
// and, once it has read after of them, sends sig. It goes on reading until
// the process closes stdout (ids printed between the last read and the
// signal count too), waits up to wait for the process to end, and returns
// every id read. The test fails if the process printed fewer than after ids
// or did not end in time; its stderr is shown then.
func SignalAfterIDs(t testing.TB, cmd *exec.Cmd, after int, sig syscall.Signal, wait time.Duration) []string {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var ids []string
	sc := bufio.NewScanner(stdout)
	read := func(limit int) {
		for (limit < 0 || len(ids) < limit) && sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "id" {
				ids = append(ids, f[1])
			}
		}
	}
	read(after)
	_ = cmd.Process.Signal(sig)
	read(-1)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(wait):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("%v: the process did not end within %v; stderr:\n%s", sig, wait, stderr.String())
	}
	if len(ids) < after {
		t.Fatalf("%v: the process printed %d ids before the signal, want %d; stderr:\n%s", sig, len(ids), after, stderr.String())
	}
	return ids
}
