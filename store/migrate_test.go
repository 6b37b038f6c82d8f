package store

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// TestMigrateScopesLearnings opens a store in the old layout (learnings
// keyed by the bare function name, no version key): the learnings made
// from an execution whose file is known move to that module; one whose
// origin is unknown stays unscoped and is never applied; retrieval for the
// same function name in another module finds nothing.
func TestMigrateScopesLearnings(t *testing.T) {
	dir := t.TempDir()
	db, err := badger.Open(badgerOptions(dir, false))
	if err != nil {
		t.Fatal(err)
	}
	mod := "/projects/mail/summarize.na"
	exec := map[string]any{"id": "01J00000000000000000000001", "function": "summarize", "kind": "poet", "status": "ok",
		"code_context": map[string]any{"definition": map[string]any{"file": mod}}}
	l1 := &Learning{ID: "01J00000000000000000000002", Text: "keep it short", Function: "summarize", Confidence: 1,
		Kind: LearningNote, SourceExecution: "01J00000000000000000000001", Created: time.Now()}
	l2 := &Learning{ID: "01J00000000000000000000003", Text: "orphan note", Function: "summarize", Confidence: 1, Kind: LearningNote, Created: time.Now()}
	err = db.Update(func(txn *badger.Txn) error {
		ej, _ := json.Marshal(exec)
		txn.Set(execKey("01J00000000000000000000001"), ej)
		txn.Set(execFnKey("summarize", "01J00000000000000000000001"), nil)
		for _, l := range []*Learning{l1, l2} {
			lj, _ := json.Marshal(l) // the old JSON form
			txn.Set(learnKey("summarize", l.ID), lj)
			txn.Set(learnIDKey(l.ID), []byte("summarize"))
		}
		return txn.Set(countKey("summarize"), []byte("2"))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Retrieve(Owner{Module: mod, Function: "summarize"}, "short", 5)
	if err != nil || len(got) != 1 || got[0].ID != l1.ID || got[0].Module != mod {
		t.Fatalf("after migration, the module's learnings: %+v, %v", got, err)
	}
	other, err := s.Retrieve(Owner{Module: "/projects/other/summarize.na", Function: "summarize"}, "short note", 5)
	if err != nil || len(other) != 0 {
		t.Fatalf("another project's summarize got %+v, %v", other, err)
	}
	l, err := s.GetLearning(l2.ID)
	if err != nil || l.Module != "" {
		t.Fatalf("the orphan learning: %+v, %v", l, err)
	}
	// Check reads the files: with the store still open, Badger may be
	// replacing a write-ahead log under it.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	rep, err := Check(dir)
	if err == nil && !rep.OK {
		t.Errorf("check after migration: %v", rep.Problems)
	}
}
