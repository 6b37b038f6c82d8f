package pgstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
)

func ids(ls []*store.Learning) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.ID
	}
	return out
}

// The same learnings ranked by both backends for many random queries give
// the same ids in the same order (the ranking is one code: store.Rank).
func TestRetrieveRanksAsBadger(t *testing.T) {
	clock := func() time.Time { return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) }
	pg := open(t, clock)
	bg, err := store.Open(t.TempDir(), store.Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer bg.Close()
	r := rand.New(rand.NewPCG(3, 4))
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	base := clock().Add(-60 * 24 * time.Hour)
	for i := range 3000 {
		l := &store.Learning{ID: fmt.Sprintf("01J%023d", i), Text: sentence(r, 3, 10), Module: "/m",
			Function: []string{"classify", "route"}[r.IntN(2)], Domain: []string{"", "support"}[r.IntN(2)],
			Confidence: float64(r.IntN(20)+1) / 20, Created: base.Add(time.Duration(r.IntN(60*24)) * time.Hour),
			Kind: store.LearningNote}
		enc.Encode(l)
	}
	data := buf.Bytes()
	for _, s := range []store.Backend{pg, bg} {
		if added, _, err := s.Import(bytes.NewReader(data)); err != nil || added != 3000 {
			t.Fatalf("%s: import: %d, %v", s.Dir(), added, err)
		}
	}
	for i := range 60 {
		q := sentence(r, 1, 8)
		o := store.Owner{Module: "/m", Function: "classify"}
		if i%3 == 1 {
			o.Domain = "support"
		}
		if i%3 == 2 {
			o = store.Owner{Domain: "support"}
		}
		k := 1 + r.IntN(12)
		want, err := bg.Retrieve(o, q, k)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pg.Retrieve(o, q, k)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(got), ids(want)) {
			t.Fatalf("query %q (%+v, k=%d):\n postgres %v\n badger   %v", q, o, k, ids(got), ids(want))
		}
		for j := range got {
			if got[j].Confidence != want[j].Confidence || !got[j].LastUsed.Equal(want[j].LastUsed) {
				t.Fatalf("query %q: learning %s: postgres %v %v, badger %v %v", q, got[j].ID,
					got[j].Confidence, got[j].LastUsed, want[j].Confidence, want[j].LastUsed)
			}
		}
	}
}

// A process's retrieval index follows what other processes write: new,
// changed, forgotten and bulk-imported learnings.
func TestRetrieveSeesOtherWriters(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	a, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	o := store.Owner{Module: "/m", Function: "total"}
	add := func(text string, conf float64) *store.Learning {
		t.Helper()
		l := &store.Learning{Text: text, Module: "/m", Function: "total", Confidence: conf}
		if err := a.AddLearning(l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	get := func(q string, k int) []string {
		t.Helper()
		ls, err := b.Retrieve(o, q, k)
		if err != nil {
			t.Fatal(err)
		}
		return ids(ls)
	}
	l1 := add("round invoice totals to cents", 0.9)
	if got := get("invoice total", 5); !slices.Equal(got, []string{l1.ID}) {
		t.Fatalf("first retrieve: %v", got)
	}
	l2 := add("invoice totals in euros", 0.5)
	if got := get("invoice total euros", 5); !slices.Equal(got, []string{l2.ID, l1.ID}) {
		t.Fatalf("after another process added one: %v, want %v", got, []string{l2.ID, l1.ID})
	}
	// Weakened by another process (negative feedback) below l1.
	e := &store.Execution{ID: a.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m",
		Started: time.Now(), LearningsApplied: []string{l2.ID}}
	if err := a.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	minus := -1.0
	if _, err := a.Feedback(e.ID, store.FeedbackInput{Score: &minus}); err != nil {
		t.Fatal(err)
	}
	if got := get("invoice", 5); !slices.Equal(got, []string{l1.ID, l2.ID}) {
		t.Fatalf("after another process weakened l2: %v", got)
	}
	if err := a.ForgetLearning(l1.ID); err != nil {
		t.Fatal(err)
	}
	if got := get("invoice", 5); !slices.Equal(got, []string{l2.ID}) {
		t.Fatalf("after another process forgot l1: %v", got)
	}
	// A bulk import (over the trigger's row-by-row limit) reloads.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i := range 1500 {
		enc.Encode(&store.Learning{ID: fmt.Sprintf("01K%023d", i), Text: fmt.Sprintf("shipping note %d", i),
			Module: "/m", Function: "total", Confidence: 0.5, Created: time.Now().UTC(), Kind: store.LearningNote})
	}
	enc.Encode(&store.Learning{ID: "01K99999999999999999999999", Text: "special shipping rule for invoices",
		Module: "/m", Function: "total", Confidence: 1, Created: time.Now().UTC(), Kind: store.LearningNote})
	if added, _, err := a.Import(&buf); err != nil || added != 1501 {
		t.Fatalf("import: %d, %v", added, err)
	}
	if got := get("special shipping invoice", 1); !slices.Equal(got, []string{"01K99999999999999999999999"}) {
		t.Fatalf("after a bulk import elsewhere: %v", got)
	}
	// Retrieve's "marked used" reaches the server (by Close at the latest).
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	l, err := a.GetLearning("01K99999999999999999999999")
	if err != nil {
		t.Fatal(err)
	}
	if l.LastUsed.IsZero() {
		t.Fatal("LastUsed of a retrieved learning was not written")
	}
}

// Retrieval never waits for a writer: with another transaction holding
// row locks on the learnings and on the scope's generation (an
// uncommitted change), Retrieve returns — the snapshot before that change.
func TestRetrieveDoesNotBlockOnWriters(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := &store.Learning{Text: "use euros for invoices", Module: "/m", Function: "total", Confidence: 0.8}
	if err := s.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	o := store.Owner{Module: "/m", Function: "total"}
	if _, err := s.Retrieve(o, "invoice", 3); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE learnings SET confidence = 0.1 WHERE id = $1`, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM learnings FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var got []*store.Learning
	go func() {
		var err error
		got, err = s.Retrieve(o, "invoice", 3)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Retrieve waited for a writer's locks")
	}
	if len(got) != 1 || got[0].Confidence != 0.8 {
		t.Fatalf("Retrieve during an uncommitted change: %+v", got)
	}
	// The writer is still holding its locks.
	var held bool
	if err := tx.QueryRow(ctx, `SELECT txid_current_if_assigned() IS NOT NULL`).Scan(&held); err != nil || !held {
		t.Fatalf("the writer's transaction ended early: %v %v", held, err)
	}
}

// A read-only handle's Retrieve records no use on the server.
func TestReadOnlyRetrieveRecordsNoUse(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	w, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	l := &store.Learning{Text: "use euros for invoices", Module: "/m", Function: "total", Confidence: 0.8}
	if err := w.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	ro, err := pgstore.Open(context.Background(), url, pgstore.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ro.Retrieve(store.Owner{Module: "/m", Function: "total"}, "invoice", 3)
	if err != nil || len(got) != 1 {
		t.Fatalf("retrieve: %v %v", got, err)
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	stored, err := w.GetLearning(l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !stored.LastUsed.IsZero() {
		t.Fatalf("a read-only retrieve recorded use: %v", stored.LastUsed)
	}
}

// A long reading transaction (a snapshot held open, as Dump or a backup
// holds one) does not block feedback.
func TestLongReadDoesNotBlockFeedback(t *testing.T) {
	url := server.Get(t).NewDatabase(t)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := &store.Learning{Text: "use euros", Module: "/m", Function: "total", Confidence: 0.5}
	if err := s.AddLearning(l); err != nil {
		t.Fatal(err)
	}
	e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m",
		Started: time.Now(), LearningsApplied: []string{l.ID}}
	if err := s.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM learnings, executions, scope_gen`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		one := 1.0
		_, err := s.Feedback(e.ID, store.FeedbackInput{Score: &one, Correction: "round to cents"})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("feedback waited for a reader")
	}
	got, err := s.GetLearning(l.ID)
	if err != nil || got.TimesReinforced != 1 {
		t.Fatalf("after feedback: %+v %v", got, err)
	}
}
