package pgstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/storetest"
)

// dump returns every record of s as sorted JSON lines.
func dump(t *testing.T, s store.Backend) []string {
	t.Helper()
	var out []string
	err := s.(store.Copier).Dump(func(r *store.Record) error {
		b, err := json.Marshal(r)
		out = append(out, string(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// seed fills s with one of everything: executions with feedback,
// corrections and notes (learnings), a standing preference, reinforced and
// weakened learnings, a tool and cached replies.
func seed(t *testing.T, s store.Backend, c *storetest.Clock) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	l := &store.Learning{Text: "round totals to cents", Module: "/p/main.na", Function: "total", Domain: "finance", Confidence: 0.7}
	must(s.AddLearning(l))
	minus, plus := -1.0, 1.0
	for i := range 4 {
		c.Advance(time.Minute)
		e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: "total", Module: "/p/main.na", Domain: "finance",
			Started: c.Now(), Status: store.StatusOK, Inputs: map[string]any{"text": "invoice", "n": float64(i)},
			Output: "42", LearningsApplied: []string{l.ID}}
		must(s.PutExecution(e))
		_, err := s.Feedback(e.ID, store.FeedbackInput{Score: &minus, Correction: "Use euros"})
		must(err)
		if i == 3 {
			// A later instant: Badger lists two feedbacks given at one
			// instant of the test clock in either order (seen 1 run in 4:
			// their ids were not monotonic within that millisecond).
			c.Advance(time.Second)
			_, err = s.Feedback(e.ID, store.FeedbackInput{Score: &plus, Note: "good rounding"})
			must(err)
			must(s.PutTool(&store.Tool{Name: "to_euros", Module: "/p/main.na", Source: "def to_euros(x):\n    return x\n",
				SourceExecution: e.ID}))
		}
	}
	rc := s.(store.ResponseCache)
	must(rc.PutCachedReply(&store.CachedReply{Key: "abc", Model: "m", Text: "hi", PromptTokens: 3}))
	must(rc.PutCachedReply(&store.CachedReply{Key: "def", Model: "n", Text: "there", UsedResponseFormat: true}))
}

// Badger → PostgreSQL → Badger keeps every record, equal; a non-empty
// target is refused; a PostgreSQL backup restores into an empty database.
func TestCopyRoundTrip(t *testing.T) {
	c := storetest.NewClock()
	bg1, err := store.Open(t.TempDir(), store.Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer bg1.Close()
	seed(t, bg1, c)
	prefs, err := bg1.Preferences(store.Owner{Module: "/p/main.na", Function: "total"})
	if err != nil || len(prefs) != 1 {
		t.Fatalf("seed: preferences %v %v", prefs, err)
	}
	want := dump(t, bg1)
	counts := map[string]int{}
	for _, line := range want {
		counts[line[2:strings.Index(line, `":`)]]++
	}
	if counts["execution"] != 4 || counts["learning"] != 6 || counts["strikes"] != 1 || counts["tool"] != 1 || counts["reply"] != 2 {
		t.Fatalf("seed records: %v", counts)
	}

	pg := open(t, c.Now)
	res, err := store.Copy(bg1, pg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Executions != 4 || res.Feedback != 5 || res.Learnings != 6 || res.Strikes != 1 || res.Tools != 1 || res.Replies != 2 {
		t.Fatalf("copied %+v", res)
	}
	if got := dump(t, pg); !slices.Equal(got, want) {
		t.Fatalf("PostgreSQL after copy differs:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	// The copy behaves as the original: the preference is one.
	pp, err := pg.Preferences(store.Owner{Module: "/p/main.na", Function: "total"})
	if err != nil || len(pp) != 1 || pp[0].ID != prefs[0].ID {
		t.Fatalf("preferences on PostgreSQL: %v %v", pp, err)
	}
	if _, err := store.Copy(bg1, pg); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("copy into a non-empty store: %v", err)
	}

	bg2, err := store.Open(t.TempDir(), store.Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer bg2.Close()
	if _, err := store.Copy(pg, bg2); err != nil {
		t.Fatal(err)
	}
	if got := dump(t, bg2); !slices.Equal(got, want) {
		t.Fatalf("Badger after the round trip differs:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	for _, s := range []store.Backend{bg1, bg2} {
		e, err := s.ListExecutions(store.ExecutionFilter{Limit: 1})
		if err != nil || len(e) != 1 || len(e[0].Feedback) != 2 || e[0].Feedback[1].Note != "good rounding" {
			b, _ := json.Marshal(e)
			t.Fatalf("%s: newest execution's feedback: %s %v", s.Dir(), b, err)
		}
	}

	// Backup of the PostgreSQL store restores into an empty database.
	var buf bytes.Buffer
	if err := pg.Backup(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := pg.Restore(bytes.NewReader(buf.Bytes())); err == nil {
		t.Fatal("restore into a non-empty store accepted")
	}
	pg2, err := pgstore.Open(context.Background(), server.Get(t).NewDatabase(t), pgstore.Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer pg2.Close()
	n, err := pg2.Restore(&buf)
	if err != nil || n != len(want) {
		t.Fatalf("restore: %d records, %v", n, err)
	}
	if got := dump(t, pg2); !slices.Equal(got, want) {
		t.Fatalf("restored PostgreSQL store differs")
	}
}
