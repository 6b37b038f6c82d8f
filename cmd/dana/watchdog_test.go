package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the watchdog's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWatchdog: a run that does not stop by itself past its deadline, or
// after a signal, is ended by the watchdog with the right status and a
// named error; a run that returns in time is left alone.
func TestWatchdog(t *testing.T) {
	type outcome struct {
		code int
		msg  string
	}
	run := func(t *testing.T, timeout time.Duration, cancelAfter, returnAfter time.Duration) (o outcome, restored bool) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var stderr syncBuffer
		exited := make(chan int, 1)
		var mu sync.Mutex
		stop := startWatchdog(ctx, func() { mu.Lock(); restored = true; mu.Unlock() }, timeout, 50*time.Millisecond, &stderr, func(code int) { exited <- code })
		if cancelAfter > 0 {
			time.AfterFunc(cancelAfter, cancel)
		}
		select {
		case code := <-exited:
			o = outcome{code: code, msg: stderr.String()}
		case <-time.After(returnAfter):
			o = outcome{code: -1}
		}
		stop()
		mu.Lock()
		defer mu.Unlock()
		return o, restored
	}
	t.Run("past the deadline", func(t *testing.T) {
		o, _ := run(t, 20*time.Millisecond, 0, 10*time.Second)
		if o.code != 1 || !strings.HasPrefix(o.msg, "TimeoutError: ") {
			t.Fatalf("exit %d, stderr %q; want 1 and a TimeoutError", o.code, o.msg)
		}
	})
	t.Run("after a signal", func(t *testing.T) {
		o, restored := run(t, 0, 10*time.Millisecond, 10*time.Second)
		if o.code != 130 || !strings.HasPrefix(o.msg, "KeyboardInterrupt: ") {
			t.Fatalf("exit %d, stderr %q; want 130 and a KeyboardInterrupt", o.code, o.msg)
		}
		if !restored {
			t.Error("the first signal did not restore the default handlers (a second Ctrl-C must end the process)")
		}
	})
	t.Run("a run that returns in time", func(t *testing.T) {
		// The "script" returns after 100ms, long before 1h + grace: the
		// watchdog must not fire.
		o, _ := run(t, time.Hour, 0, 100*time.Millisecond)
		if o.code != -1 {
			t.Fatalf("watchdog fired (exit %d, %q) for a run that returned", o.code, o.msg)
		}
	})
}
