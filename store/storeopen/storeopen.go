// Package storeopen is the one place that chooses and opens the learning
// store: a postgres:// URL (from --store or DANA_STORE_URL) opens the
// shared PostgreSQL store (store/pgstore); anything else is the directory
// of the embedded Badger store, the default ($DANA_HOME/store).
package storeopen

import (
	"context"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
)

// Target returns the store to use: explicit (the --store flag) when set,
// else $DANA_STORE_URL, else the default Badger directory.
func Target(explicit string, getenv func(string) string) (string, error) {
	if explicit != "" {
		return explicit, nil
	}
	if getenv != nil {
		if u := getenv("DANA_STORE_URL"); u != "" {
			return u, nil
		}
	}
	return store.DefaultDir(getenv)
}

// Open opens target. A PostgreSQL URL connects now (and applies schema
// migrations); a Badger directory is opened as store.Open does, or only
// prepared (opened on first use) when lazy is true. LockWait concerns
// Badger only (PostgreSQL serves many readers and writers at once);
// ReadOnly on PostgreSQL only stops Retrieve from recording use.
func Open(target string, opts store.Options, lazy bool) (store.Backend, error) {
	if pgstore.IsURL(target) {
		s, err := pgstore.Open(context.Background(), target, pgstore.Options{
			Clock:                   opts.Clock,
			MaxLearningsPerFunction: opts.MaxLearningsPerFunction,
			ReadOnly:                opts.ReadOnly,
		})
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	if lazy {
		return store.Lazy(target, opts), nil
	}
	s, err := store.Open(target, opts)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return s, nil
}
