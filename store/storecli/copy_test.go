package storecli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/pgstore/pgtest"
	"github.com/minidana/dana/store/storeopen"
)

var server pgtest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	server.Stop()
	os.Exit(code)
}

// runStore runs `dana store ARGS...` against target.
func runStore(t *testing.T, target string, args ...string) (string, error) {
	t.Helper()
	open := func(readOnly bool) (store.Backend, error) {
		return storeopen.Open(target, store.Options{ReadOnly: readOnly}, false)
	}
	cmd := StoreCommand(func() (string, error) { return target, nil }, open)
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}

// dana store copy: Badger → PostgreSQL → Badger, migrate, and the
// Badger-only commands refused clearly on a server.
func TestStoreCopyAndMigrateCommands(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	e := newEnv(t)
	e.seed()
	out, err := runStore(t, url, "migrate")
	if want := fmt.Sprintf("migrated schema version 0 → %d", pgstore.SchemaVersion()); err != nil || !strings.Contains(out, want) {
		t.Fatalf("migrate: %q %v, want %q", out, err, want)
	}
	out, err = runStore(t, url, "migrate")
	if want := fmt.Sprintf("schema version %d, up to date", pgstore.SchemaVersion()); err != nil || !strings.Contains(out, want) {
		t.Fatalf("migrate again: %q %v, want %q", out, err, want)
	}
	out, err = runStore(t, url, "copy", e.dir, url)
	if err != nil || !strings.Contains(out, "1 executions (0 feedback entries), 1 learnings") {
		t.Fatalf("copy to PostgreSQL: %q %v", out, err)
	}
	if _, err := runStore(t, url, "copy", e.dir, url); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("copy into a non-empty store: %v", err)
	}
	back := filepath.Join(t.TempDir(), "back")
	out, err = runStore(t, url, "copy", url, back)
	if err != nil || !strings.Contains(out, "1 executions (0 feedback entries), 1 learnings") {
		t.Fatalf("copy back: %q %v", out, err)
	}
	s, err := store.Open(back, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ls, _ := s.ListLearnings(store.LearningFilter{})
	s.Close()
	if len(ls) != 1 {
		t.Fatalf("learnings after the round trip: %d", len(ls))
	}
	for _, verb := range []string{"check", "repair"} {
		_, err := runStore(t, url, verb)
		if err == nil || !strings.Contains(err.Error(), "pg_dump") || strings.Contains(err.Error(), "password") {
			t.Fatalf("store %s on PostgreSQL: %v", verb, err)
		}
	}
	// backup, then restore into an empty database.
	file := filepath.Join(t.TempDir(), "pg.jsonl")
	if out, err := runStore(t, url, "backup", file); err != nil {
		t.Fatalf("backup: %q %v", out, err)
	}
	empty := server.Get(t).NewDatabase(t)
	out, err = runStore(t, empty, "restore", file)
	if err != nil || !strings.Contains(out, "records") {
		t.Fatalf("restore: %q %v", out, err)
	}
	if _, err := runStore(t, empty, "restore", file); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore into a non-empty store: %v", err)
	}
}
