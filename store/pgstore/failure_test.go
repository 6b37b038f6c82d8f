package pgstore_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/pgstore/pgtest"
)

// The test binary re-executed with these variables set gives feedbacks as
// a separate process (see TestMain).
const (
	childURL  = "DANA_PGTEST_CHILD_URL"
	childExec = "DANA_PGTEST_CHILD_EXEC"
	childN    = 100
)

// feedbackChild gives childN positive feedbacks on the execution named
// by the environment and returns the exit status.
func feedbackChild() int {
	s, err := pgstore.Open(context.Background(), os.Getenv(childURL), pgstore.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer s.Close()
	one := 1.0
	for range childN {
		if _, err := s.Feedback(os.Getenv(childExec), store.FeedbackInput{Score: &one}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// Ten OS processes give 100 feedbacks each on one execution of one
// PostgreSQL store: 1,000 reinforcements and 1,000 feedback entries.
func TestTenProcessesFeedbackNoneLost(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := &store.Learning{Text: "use euros", Function: "total", Module: "/m", Confidence: 0.5}
	if err := s.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m",
		Started: time.Now(), LearningsApplied: []string{l.ID}}
	if err := s.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	const procs = 10
	var wg sync.WaitGroup
	errs := make([]error, procs)
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childURL+"="+url, childExec+"="+e.ID)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("process %d: %v: %s", i, err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.GetLearning(l.ID)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := s.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.TimesReinforced != procs*childN || len(ex.Feedback) != procs*childN {
		t.Fatalf("reinforced %d times with %d feedback entries, want %d", got.TimesReinforced, len(ex.Feedback), procs*childN)
	}
}

// The server crashes (immediate stop) and restarts, and a backend is
// terminated, while a script gives feedback: each feedback is retried with
// backoff and acknowledged once the server is back; every acknowledged one
// is there once. A server that stays down ends in a *ServerError naming it
// without the password.
func TestConnectionLostMidScript(t *testing.T) {
	if os.Getenv("DANA_SKIP_PG") != "" {
		t.Skip("PostgreSQL tests skipped: DANA_SKIP_PG is set")
	}
	srv, err := pgtest.Start()
	if err != nil {
		t.Skipf("PostgreSQL tests skipped: cannot start a throwaway server: %v", err)
	}
	defer srv.Stop()
	// Synchronous commit: an acknowledged feedback survives the crash.
	url := strings.Replace(srv.NewDatabase(t), "?", "?synchronous_commit=on&", 1)
	url = strings.Replace(url, "dana@", "dana:pw-s3cret@", 1)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{Retries: 9, RetryBase: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := &store.Learning{Text: "use euros", Function: "total", Module: "/m", Confidence: 0.5}
	if err := s.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m",
		Started: time.Now(), LearningsApplied: []string{l.ID}}
	if err := s.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	one := 1.0
	acked := 0
	give := func(n int) {
		t.Helper()
		for range n {
			if _, err := s.Feedback(e.ID, store.FeedbackInput{Score: &one}); err != nil {
				t.Fatalf("feedback %d: %v", acked+1, err)
			}
			acked++
		}
	}
	give(5)
	// A crash and restart while feedback is being given.
	crashed := make(chan error, 1)
	go func() {
		time.Sleep(20 * time.Millisecond)
		if err := srv.Halt(); err != nil {
			crashed <- err
			return
		}
		time.Sleep(300 * time.Millisecond)
		crashed <- srv.Resume()
	}()
	// Feedback goes on until the server is back: the crash happens mid-loop.
	for done := false; !done; {
		select {
		case err := <-crashed:
			if err != nil {
				t.Fatal(err)
			}
			done = true
		default:
			give(1)
		}
	}
	give(5)
	// Another session terminates every connection of the store.
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(),
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	conn.Close(context.Background())
	give(5)
	got, err := s.GetLearning(l.ID)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := s.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.TimesReinforced != acked || len(ex.Feedback) != acked {
		t.Fatalf("%d feedbacks acknowledged; the store has %d reinforcements and %d entries", acked, got.TimesReinforced, len(ex.Feedback))
	}
	// Down for good: retried, then a ServerError naming the server.
	q, err := pgstore.Open(context.Background(), url, pgstore.Options{Retries: 3, RetryBase: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if err := srv.Halt(); err != nil {
		t.Fatal(err)
	}
	_, err = q.Feedback(e.ID, store.FeedbackInput{Score: &one})
	var se *pgstore.ServerError
	if !errors.As(err, &se) || strings.Contains(err.Error(), "pw-s3cret") ||
		!strings.Contains(err.Error(), fmt.Sprintf("127.0.0.1:%d", srv.Port())) || !strings.Contains(err.Error(), "gave up after 3 retries") {
		t.Fatalf("feedback with the server down: %v", err)
	}
}

// The server's error codes match the store's sentinel errors.
func TestServerErrorsMatchSentinels(t *testing.T) {
	for code, want := range map[string]error{"53100": store.ErrDiskFull, "XX001": store.ErrDamaged,
		"XX002": store.ErrDamaged, "55P03": store.ErrLocked, "25006": store.ErrReadOnly} {
		err := fmt.Errorf("feedback on x: %w", &pgstore.ServerError{Server: "postgres://h/db", Op: "feedback",
			Err: &pgconn.PgError{Code: code, Message: "m"}})
		if !errors.Is(err, want) {
			t.Errorf("SQLSTATE %s does not match %v", code, want)
		}
		for _, other := range []error{store.ErrDiskFull, store.ErrDamaged, store.ErrLocked, store.ErrNotFound} {
			if other != want && errors.Is(err, other) {
				t.Errorf("SQLSTATE %s matches %v", code, other)
			}
		}
	}
}
