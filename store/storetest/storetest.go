// Package storetest is the table of behaviour tests every store.Backend
// must pass (the embedded Badger store and store/pgstore run it).
package storetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/minidana/dana/store"
)

// Clock is a settable test clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock at a fixed instant.
func NewClock() *Clock { return &Clock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// Opener returns a new, empty store using clock; it registers its own cleanup.
type Opener func(t *testing.T, clock func() time.Time) store.Backend

// Run runs every behaviour test against the backend open makes.
func Run(t *testing.T, open Opener) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock()
			tc.run(t, open(t, c.Now), c)
		})
	}
}

func score(f float64) *float64 { return &f }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// exec stores an execution of mod's fn applying the learnings given.
func exec(t *testing.T, s store.Backend, c *Clock, fn, domain string, applied ...string) *store.Execution {
	t.Helper()
	e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: fn, Module: "/p/main.na", Domain: domain,
		Started: c.Now(), Status: store.StatusOK, Inputs: map[string]any{"text": "the invoice total"}, Output: "42",
		LearningsApplied: applied}
	must(t, s.PutExecution(e))
	return e
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

var tests = []struct {
	name string
	run  func(t *testing.T, s store.Backend, c *Clock)
}{
	{"ExecutionRoundTrip", func(t *testing.T, s store.Backend, c *Clock) {
		e := exec(t, s, c, "total", "")
		exec(t, s, c, "other", "")
		got, err := s.GetExecution(e.ID)
		must(t, err)
		if got.Function != "total" || got.Module != "/p/main.na" || got.Status != store.StatusOK {
			t.Fatalf("got %+v", got)
		}
		list, err := s.ListExecutions(store.ExecutionFilter{Function: "total"})
		must(t, err)
		if len(list) != 1 || list[0].ID != e.ID {
			t.Fatalf("list by function: %d records", len(list))
		}
		if _, err := s.GetExecution("01NOPE"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown id: %v", err)
		}
	}},
	{"CorrectionBecomesLearningAndRepeatReinforces", func(t *testing.T, s store.Backend, c *Clock) {
		e := exec(t, s, c, "total", "")
		res, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(-1), Correction: "Use euros"})
		must(t, err)
		if len(res.Created) != 1 || res.Created[0].Confidence != 1 || res.Created[0].Kind != store.LearningCorrection {
			t.Fatalf("created %+v", res.Created)
		}
		res2, err := s.Feedback(e.ID, store.FeedbackInput{Note: "be brief"})
		must(t, err)
		res3, err := s.Feedback(e.ID, store.FeedbackInput{Note: "  Be   BRIEF "})
		must(t, err)
		if len(res3.Created) != 0 || len(res3.Reinforced) != 1 || res3.Reinforced[0].ID != res2.Created[0].ID {
			t.Fatalf("the same note again should reinforce, got %+v", res3)
		}
		got, err := s.GetExecution(e.ID)
		must(t, err)
		if len(got.Feedback) != 3 {
			t.Fatalf("%d feedback entries, want 3", len(got.Feedback))
		}
		if _, err := s.Feedback("01NOPE", store.FeedbackInput{Note: "x"}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("feedback on unknown id: %v", err)
		}
		if _, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(2)}); err == nil {
			t.Fatal("score 2 accepted")
		}
	}},
	{"ThreeStrikesMakeAPreference", func(t *testing.T, s store.Backend, c *Clock) {
		owner := store.Owner{Module: "/p/main.na", Function: "total"}
		prefs := func() []*store.Learning {
			t.Helper()
			ps, err := s.Preferences(owner)
			must(t, err)
			return ps
		}
		var es []*store.Execution
		for i, corr := range []string{"Use euros!", "use   EUROS", "Use euros."} {
			if len(prefs()) != 0 {
				t.Fatalf("a preference after %d corrections", i)
			}
			e := exec(t, s, c, "total", "")
			es = append(es, e)
			res, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(-1), Correction: corr})
			must(t, err)
			if i < 2 && len(res.Promoted) != 0 {
				t.Fatalf("promoted after %d corrections", i+1)
			}
			if i == 2 && (len(res.Promoted) != 1 || res.Promoted[0].Kind != store.LearningPreference) {
				t.Fatalf("third similar correction: promoted %+v", res.Promoted)
			}
		}
		ps := prefs()
		if len(ps) != 1 || ps[0].Text != "Standing preference, from 3 corrections: Use euros." {
			t.Fatalf("preferences %+v", ps)
		}
		pref := ps[0]
		// The same execution corrected again counts once.
		res, err := s.Feedback(es[2].ID, store.FeedbackInput{Correction: "use euros"})
		must(t, err)
		if got := prefs(); len(res.Promoted) != 0 || got[0].TimesReinforced != 0 {
			t.Fatalf("a repeated execution counted: %+v", got[0])
		}
		// A fourth execution reinforces the preference.
		e4 := exec(t, s, c, "total", "")
		_, err = s.Feedback(e4.ID, store.FeedbackInput{Correction: "USE EUROS"})
		must(t, err)
		if got := prefs(); len(got) != 1 || got[0].ID != pref.ID || got[0].TimesReinforced != 1 ||
			got[0].Text != "Standing preference, from 4 corrections: USE EUROS" {
			t.Fatalf("after a fourth: %+v", got)
		}
		// Neither negative feedback nor idle time weakens it.
		e5 := exec(t, s, c, "total", "", pref.ID)
		res, err = s.Feedback(e5.ID, store.FeedbackInput{Score: score(-1)})
		must(t, err)
		c.Advance(5 * store.DecayPeriod)
		_, err = s.Decay(time.Time{})
		must(t, err)
		if got := prefs(); len(res.Weakened) != 0 || len(got) != 1 || got[0].Confidence != 1 {
			t.Fatalf("preference weakened: %+v %+v", res.Weakened, got)
		}
		// Corrections of one kind: promoted at the threshold given, then
		// contradicted by positive feedback naming the kind.
		var style *store.Learning
		for i := range 2 {
			e := exec(t, s, c, "total", "")
			res, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(-1), Kind: "Style", Strikes: 2})
			must(t, err)
			if i == 1 {
				if len(res.Promoted) != 1 || res.Promoted[0].Text != "Standing preference (style), from 2 corrections" {
					t.Fatalf("kind strikes: %+v", res.Promoted)
				}
				style = res.Promoted[0]
			}
		}
		if got := prefs(); len(got) != 2 || got[1].ID != style.ID {
			t.Fatalf("preferences %+v", got)
		}
		e := exec(t, s, c, "total", "")
		res, err = s.Feedback(e.ID, store.FeedbackInput{Score: score(1), Kind: "style"})
		must(t, err)
		if len(res.Contradicted) != 1 || res.Contradicted[0].ID != style.ID ||
			res.Contradicted[0].Kind != store.LearningCorrection || !near(res.Contradicted[0].Confidence, 0.8) {
			t.Fatalf("contradicted %+v", res.Contradicted)
		}
		if got := prefs(); len(got) != 1 || got[0].ID != pref.ID {
			t.Fatalf("after the contradiction: %+v", got)
		}
		// Counting starts again: one more style strike does not promote.
		e = exec(t, s, c, "total", "")
		res, err = s.Feedback(e.ID, store.FeedbackInput{Score: score(-1), Kind: "style", Strikes: 2})
		must(t, err)
		if len(res.Promoted) != 0 {
			t.Fatalf("promoted after one strike following a contradiction")
		}
		// The same function name in another module has none.
		other, err := s.Preferences(store.Owner{Module: "/q/other.na", Function: "total"})
		must(t, err)
		if len(other) != 0 {
			t.Fatalf("another module's preferences: %+v", other)
		}
	}},
	{"ResponseCache", func(t *testing.T, s store.Backend, c *Clock) {
		rc, ok := s.(store.ResponseCache)
		if !ok {
			t.Fatalf("%T keeps no response cache", s)
		}
		if _, ok, err := rc.GetCachedReply("k1"); err != nil || ok {
			t.Fatalf("empty cache: %v %v", ok, err)
		}
		st, err := rc.CacheStats()
		must(t, err)
		if st.Entries != 0 || st.Bytes != 0 || len(st.ByModel) != 0 {
			t.Fatalf("empty stats %+v", st)
		}
		r1 := &store.CachedReply{Key: "k1", Endpoint: "http://127.0.0.1:1/v1", Model: "m-small", Text: "42",
			ResponseModel: "m-small-2026", PromptTokens: 10, CompletionTokens: 2, UsedResponseFormat: true}
		must(t, rc.PutCachedReply(r1))
		c.Advance(time.Hour)
		must(t, rc.PutCachedReply(&store.CachedReply{Key: "k2", Model: "m-large", Text: "hello"}))
		got, ok, err := rc.GetCachedReply("k1")
		must(t, err)
		if !ok || *got != *r1 || !got.Created.Equal(c.Now().Add(-time.Hour)) {
			t.Fatalf("got %+v, want %+v", got, r1)
		}
		// Replaced under the same key.
		must(t, rc.PutCachedReply(&store.CachedReply{Key: "k2", Model: "m-large", Text: "hello again"}))
		got, _, err = rc.GetCachedReply("k2")
		must(t, err)
		if got.Text != "hello again" {
			t.Fatalf("replaced reply: %+v", got)
		}
		var size int64
		for _, k := range []string{"k1", "k2"} {
			r, _, err := rc.GetCachedReply(k)
			must(t, err)
			b, _ := json.Marshal(r)
			size += int64(len(b))
		}
		st, err = rc.CacheStats()
		must(t, err)
		if st.Entries != 2 || st.ByModel["m-small"] != 1 || st.ByModel["m-large"] != 1 || st.Bytes != size ||
			!st.Oldest.Equal(r1.Created) || !st.Newest.Equal(c.Now()) {
			t.Fatalf("stats %+v", st)
		}
		if err := rc.PutCachedReply(&store.CachedReply{Text: "no key"}); err == nil {
			t.Fatal("a reply without a key was cached")
		}
		n, err := rc.ClearCache()
		must(t, err)
		if n != 2 {
			t.Fatalf("cleared %d, want 2", n)
		}
		if _, ok, _ := rc.GetCachedReply("k1"); ok {
			t.Fatal("k1 still cached after clear")
		}
	}},
	{"ScoreReinforcesWeakensPrunes", func(t *testing.T, s store.Backend, c *Clock) {
		l := &store.Learning{Text: "round to cents", Function: "total", Module: "/p/main.na", Confidence: 0.5}
		must(t, s.AddLearning(l))
		e := exec(t, s, c, "total", "", l.ID)
		res, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(1)})
		must(t, err)
		if len(res.Reinforced) != 1 || !near(res.Reinforced[0].Confidence, 0.6) || res.Reinforced[0].TimesReinforced != 1 {
			t.Fatalf("reinforced %+v", res.Reinforced)
		}
		for _, want := range []float64{0.4, 0.2} {
			res, err = s.Feedback(e.ID, store.FeedbackInput{Score: score(-1)})
			must(t, err)
			if len(res.Weakened) != 1 || !near(res.Weakened[0].Confidence, want) {
				t.Fatalf("weakened %+v, want %v", res.Weakened, want)
			}
		}
		res, err = s.Feedback(e.ID, store.FeedbackInput{Score: score(-0.5)})
		must(t, err)
		if len(res.Pruned) != 1 {
			t.Fatalf("not pruned: %+v", res)
		}
		if _, err := s.GetLearning(l.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("pruned learning still there: %v", err)
		}
	}},
	{"RetrieveRanksAndScopes", func(t *testing.T, s store.Backend, c *Clock) {
		add := func(text, module, fn, domain string, conf float64) *store.Learning {
			l := &store.Learning{Text: text, Module: module, Function: fn, Domain: domain, Confidence: conf}
			must(t, s.AddLearning(l))
			c.Advance(time.Second)
			return l
		}
		weak := add("invoices use euros", "/p/main.na", "total", "", 0.5)
		strong := add("invoices in euros with VAT", "/p/main.na", "total", "", 0.9)
		unrelated := add("be polite", "/p/main.na", "total", "", 1)
		dom := add("euros everywhere", "/q/other.na", "sum", "finance", 0.7)
		add("euros invoices VAT", "/q/other.na", "total", "", 1) // another module: never returned
		got, err := s.Retrieve(store.Owner{Module: "/p/main.na", Function: "total", Domain: "finance"}, "total of the invoices in euros with VAT", 10)
		must(t, err)
		var ids []string
		for _, l := range got {
			ids = append(ids, l.ID)
		}
		want := []string{strong.ID, weak.ID, dom.ID, unrelated.ID}
		if len(ids) != len(want) {
			t.Fatalf("got %d learnings %v, want %v", len(ids), ids, want)
		}
		for i := range want {
			if ids[i] != want[i] {
				t.Fatalf("order %v, want %v", ids, want)
			}
		}
		got, err = s.Retrieve(store.Owner{Module: "/p/main.na", Function: "total"}, "euros", 1)
		must(t, err)
		if len(got) != 1 {
			t.Fatalf("k=1 gave %d", len(got))
		}
	}},
	{"DecayIsIdempotentAndDrops", func(t *testing.T, s store.Backend, c *Clock) {
		keep := &store.Learning{Text: "a", Function: "f", Module: "/m", Confidence: 1}
		drop := &store.Learning{Text: "b", Function: "f", Module: "/m", Confidence: 0.105}
		must(t, s.AddLearning(keep))
		must(t, s.AddLearning(drop))
		now := c.Now().Add(2*store.DecayPeriod + time.Hour)
		res, err := s.Decay(now)
		must(t, err)
		if res.Examined != 2 || res.Decayed != 1 || res.Dropped != 1 {
			t.Fatalf("decay %+v", res)
		}
		l, err := s.GetLearning(keep.ID)
		must(t, err)
		if !near(l.Confidence, 0.81) {
			t.Fatalf("confidence %v, want 0.81", l.Confidence)
		}
		res, err = s.Decay(now)
		must(t, err)
		if res.Decayed != 0 || res.Dropped != 0 {
			t.Fatalf("second decay changed things: %+v", res)
		}
	}},
	{"ExportImportRoundTrip", func(t *testing.T, s store.Backend, c *Clock) {
		for _, txt := range []string{"one", "two", "three"} {
			must(t, s.AddLearning(&store.Learning{Text: txt, Function: "f", Module: "/m", Domain: "d", Confidence: 0.7}))
		}
		var buf bytes.Buffer
		must(t, s.Export(&buf))
		added, skipped, err := s.Import(bytes.NewReader(buf.Bytes()))
		must(t, err)
		if added != 0 || skipped != 3 {
			t.Fatalf("re-import added %d skipped %d", added, skipped)
		}
		ls, err := s.ListLearnings(store.LearningFilter{})
		must(t, err)
		for _, l := range ls {
			must(t, s.ForgetLearning(l.ID))
		}
		added, _, err = s.Import(bytes.NewReader(buf.Bytes()))
		must(t, err)
		var again bytes.Buffer
		must(t, s.Export(&again))
		if added != 3 || again.String() != buf.String() {
			t.Fatalf("import after forgetting: added %d\n%s\nvs\n%s", added, again.String(), buf.String())
		}
		if _, _, err := s.Import(bytes.NewReader([]byte("{not json\n"))); err == nil {
			t.Fatal("bad line accepted")
		}
	}},
	{"ToolsAndRetirement", func(t *testing.T, s store.Backend, c *Clock) {
		e := exec(t, s, c, "synthesize", "")
		tool := &store.Tool{Module: "/m", Name: "parse_date", Task: "parse", Source: "def parse_date(s): return s",
			Score: 1, SourceExecution: e.ID, Fingerprint: "fp"}
		must(t, s.PutTool(tool))
		got, err := s.GetTool("/m", "parse_date")
		must(t, err)
		if got.Source != tool.Source || got.ID == "" {
			t.Fatalf("got %+v", got)
		}
		found, err := s.FindTool("/m:parse_date")
		must(t, err)
		if len(found) != 1 {
			t.Fatalf("found %d", len(found))
		}
		res, err := s.Feedback(e.ID, store.FeedbackInput{Score: score(-1)})
		must(t, err)
		if len(res.RetiredTools) != 1 || res.RetiredTools[0] != "parse_date" {
			t.Fatalf("retired %v", res.RetiredTools)
		}
		if _, err := s.GetTool("/m", "parse_date"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("retired tool still there: %v", err)
		}
		if err := s.ForgetTool("/m", "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("forget unknown tool: %v", err)
		}
	}},
	{"Stats", func(t *testing.T, s store.Backend, c *Clock) {
		exec(t, s, c, "f", "")
		must(t, s.AddLearning(&store.Learning{Text: "a", Function: "f", Module: "/m", Confidence: 0.5}))
		must(t, s.AddLearning(&store.Learning{Text: "b", Function: "f", Module: "/m", Confidence: 1}))
		st, err := s.Stats()
		must(t, err)
		if st.Executions != 1 || st.Learnings != 2 || !near(st.MeanConfidence, 0.75) {
			t.Fatalf("stats %+v", st)
		}
	}},
}
