package pgstore_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/pgstore/pgtest"
	"github.com/minidana/dana/store/storetest"
)

var server pgtest.Shared

func TestMain(m *testing.M) {
	if os.Getenv(childURL) != "" {
		os.Exit(feedbackChild())
	}
	code := m.Run()
	server.Stop()
	os.Exit(code)
}

func open(t testing.TB, clock func() time.Time) *pgstore.Store {
	url := server.Get(t).NewDatabase(t)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestBehaviour runs the shared behaviour table against PostgreSQL.
func TestBehaviour(t *testing.T) {
	storetest.Run(t, func(t *testing.T, clock func() time.Time) store.Backend { return open(t, clock) })
}
