package store_test

import (
	"testing"
	"time"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/storetest"
)

// TestBehaviour runs the shared behaviour table against the Badger store.
func TestBehaviour(t *testing.T) {
	storetest.Run(t, func(t *testing.T, clock func() time.Time) store.Backend {
		s, err := store.Open(t.TempDir(), store.Options{Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
