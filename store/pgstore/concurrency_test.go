package pgstore_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
)

// Ten clients (each its own connection pool, as separate processes would
// have) give 100 positive feedbacks each on one execution: all 1,000 count.
func TestConcurrentFeedbackNoneLost(t *testing.T) {
	srv := server.Get(t)
	url := srv.NewDatabase(t)
	first, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	l := &store.Learning{Text: "use euros", Function: "total", Module: "/m", Confidence: 0.5}
	if err := first.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	e := &store.Execution{ID: first.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m",
		Started: time.Now(), LearningsApplied: []string{l.ID}}
	if err := first.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	const clients, each = 10, 100
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			one := 1.0
			for range each {
				if _, err := s.Feedback(e.ID, store.FeedbackInput{Score: &one}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got, err := first.GetLearning(l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.TimesReinforced != clients*each {
		t.Errorf("times reinforced %d, want %d", got.TimesReinforced, clients*each)
	}
	ex, err := first.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Feedback) != clients*each {
		t.Errorf("%d feedback entries, want %d", len(ex.Feedback), clients*each)
	}
}

// A server migrated by a newer dana is refused with a clear error.
func TestSchemaNewerThanBinary(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), `UPDATE schema_version SET version = 999`); err != nil {
		t.Fatal(err)
	}
	conn.Close(context.Background())
	_, err = pgstore.Open(context.Background(), url, pgstore.Options{})
	var tooNew *pgstore.SchemaTooNewError
	if !errors.As(err, &tooNew) || !strings.Contains(err.Error(), "schema version 999, newer than this dana") {
		t.Fatalf("got %v", err)
	}
}

// An unreachable server is retried with backoff, then reported by name
// without the password.
func TestUnreachableServerNamesItWithoutPassword(t *testing.T) {
	url := "postgres://dana:s3cret-pw@127.0.0.1:1/nowhere?sslmode=disable&connect_timeout=1"
	start := time.Now()
	_, err := pgstore.Open(context.Background(), url, pgstore.Options{Retries: 2, RetryBase: 10 * time.Millisecond})
	if err == nil {
		t.Fatal("connected to port 1")
	}
	msg := err.Error()
	if strings.Contains(msg, "s3cret-pw") {
		t.Fatalf("password in message: %s", msg)
	}
	if !strings.Contains(msg, "127.0.0.1:1/nowhere") || !strings.Contains(msg, "gave up after 2 retries") {
		t.Fatalf("message does not name the server or the retries: %s", msg)
	}
	if time.Since(start) < 30*time.Millisecond {
		t.Fatalf("no backoff: %v", time.Since(start))
	}
	if got := pgstore.Redact("postgresql://u:pw@h:5/db?password=x&sslmode=disable"); strings.Contains(got, "pw") || strings.Contains(got, "password") {
		t.Fatalf("Redact left credentials: %s", got)
	}
}
