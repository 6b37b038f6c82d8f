package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/minidana/dana/internal/cli"
)

// watchdogGrace is how long past --timeout, or past Ctrl-C/SIGTERM, a run
// may take to unwind (finally blocks, closing the store) before the
// watchdog ends the process.
const watchdogGrace = 3 * time.Second

// startWatchdog is the backstop of a run's limits. The interpreter checks
// the deadline and cancellation as it runs (every 1024 steps and inside
// builtins that loop), so a run normally stops by itself with a
// TimeoutError or KeyboardInterrupt. Should a check ever be missing — a
// builtin looping without one — the run would escape --timeout and ignore
// SIGTERM; the watchdog then reports it and calls exit (status 1 past the
// deadline, 130 after a signal) instead of waiting for the script.
// restore is called at the first signal, so that a second Ctrl-C or SIGTERM
// ends the process at once. The returned function stops the watchdog; call
// it when the run has returned.
func startWatchdog(ctx context.Context, restore func(), timeout, grace time.Duration, stderr io.Writer, exit func(int)) (stop func()) {
	done := make(chan struct{})
	go func() {
		var deadline <-chan time.Time
		if timeout > 0 {
			t := time.NewTimer(timeout + grace)
			defer t.Stop()
			deadline = t.C
		}
		select {
		case <-done:
			return
		case <-deadline:
			fmt.Fprintf(stderr, "TimeoutError: the script was still running %s after its --timeout of %s; dana stopped it (a limit check is missing here: please report the script)\n", grace, timeout)
			exit(cli.ExitFailure)
			return
		case <-ctx.Done():
		}
		if restore != nil {
			restore()
		}
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			fmt.Fprintf(stderr, "KeyboardInterrupt: the script did not stop within %s of the signal; dana stopped it\n", grace)
			exit(cli.ExitInterrupted)
		}
	}()
	return func() { close(done) }
}
