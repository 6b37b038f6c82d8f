package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestPutGetExecution(t *testing.T) {
	clk := newFakeClock()
	s := openTest(t, Options{Clock: clk.Now})
	started := clk.Now()
	tests := []struct {
		name string
		in   *Execution
		// check compares selected fields of the stored record.
		check func(t *testing.T, got *Execution)
	}{
		{
			name: "full record",
			in: &Execution{
				Function: "classify", Domain: "support", Profile: "strict", Kind: KindPoet,
				ParentID:       "01PARENT",
				Inputs:         map[string]any{"text": "my card was charged twice", "n": 3},
				PerceivedInput: "my card was charged twice",
				Attempts: []Attempt{
					{N: 1, Output: "bilin", Failure: "not a valid label", Prompt: "p1", Reply: "bilin",
						Usage: Usage{PromptTokens: 10, CompletionTokens: 2, TotalTokens: 12}, Duration: 3 * time.Millisecond},
					{N: 2, Output: "billing", Prompt: "p2", Reply: "billing",
						Usage: Usage{PromptTokens: 11, CompletionTokens: 1, TotalTokens: 12}, Duration: 2 * time.Millisecond},
				},
				Output: "billing", Status: StatusOK,
				CodeContext: map[string]any{"file": "t.na", "line": 3},
				Model:       "mock", Mock: true,
				Usage:   Usage{PromptTokens: 21, CompletionTokens: 3, TotalTokens: 24},
				Started: started, Finished: started.Add(5 * time.Millisecond),
				LearningsApplied: []string{"L1", "L2"},
			},
			check: func(t *testing.T, got *Execution) {
				if got.Function != "classify" || got.Domain != "support" || got.Profile != "strict" ||
					got.Kind != KindPoet || got.ParentID != "01PARENT" || got.Status != StatusOK ||
					got.Model != "mock" || !got.Mock {
					t.Errorf("scalar fields differ: %+v", got)
				}
				if got.Inputs.(map[string]any)["n"] != json.Number("3") {
					t.Errorf("inputs = %#v, want n=3 as json.Number", got.Inputs)
				}
				if len(got.Attempts) != 2 || got.Attempts[0].Failure != "not a valid label" ||
					got.Attempts[1].Usage.TotalTokens != 12 || got.Attempts[0].Duration != 3*time.Millisecond {
					t.Errorf("attempts = %+v", got.Attempts)
				}
				if !got.Started.Equal(started) || got.Finished.Sub(got.Started) != 5*time.Millisecond {
					t.Errorf("times = %v %v", got.Started, got.Finished)
				}
				if got.Usage.TotalTokens != 24 || !slices.Equal(got.LearningsApplied, []string{"L1", "L2"}) {
					t.Errorf("usage/applied = %+v %v", got.Usage, got.LearningsApplied)
				}
			},
		},
		{
			name: "raw JSON inputs and false output",
			in: &Execution{Function: "is_spam", Kind: KindReason, Inputs: json.RawMessage(`{"prompt":"buy now"}`),
				Output: false, Status: StatusOK},
			check: func(t *testing.T, got *Execution) {
				if got.Inputs.(map[string]any)["prompt"] != "buy now" {
					t.Errorf("inputs = %#v", got.Inputs)
				}
				if got.Output != false {
					t.Errorf("output = %#v, want false", got.Output)
				}
			},
		},
		{
			name: "values JSON cannot encode",
			in: &Execution{Function: "ratio", Kind: KindPoet, Status: StatusOK,
				Inputs: map[string]any{"x": math.NaN(), "xs": []any{math.Inf(1), 2.5}}, Output: math.Inf(-1),
				Attempts: []Attempt{{N: 1, Output: make(chan int)}}},
			check: func(t *testing.T, got *Execution) {
				in := got.Inputs.(map[string]any)
				if in["x"] != "NaN" || in["xs"].([]any)[0] != "+Inf" || in["xs"].([]any)[1] != json.Number("2.5") ||
					got.Output != "-Inf" || !strings.HasPrefix(got.Attempts[0].Output.(string), "0x") {
					t.Errorf("got inputs %#v output %#v attempt %#v", got.Inputs, got.Output, got.Attempts[0].Output)
				}
			},
		},
		{
			name: "failed execution",
			in:   &Execution{Function: "area", Kind: KindPoet, Status: StatusFailed, Error: "ValidationError: no number"},
			check: func(t *testing.T, got *Execution) {
				if got.Status != StatusFailed || got.Error != "ValidationError: no number" || got.Output != nil {
					t.Errorf("got %+v", got)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.PutExecution(tc.in); err != nil {
				t.Fatal(err)
			}
			if len(tc.in.ID) != 26 {
				t.Fatalf("PutExecution did not assign a ULID: %q", tc.in.ID)
			}
			got, err := s.GetExecution(tc.in.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != tc.in.ID {
				t.Errorf("id = %s, want %s", got.ID, tc.in.ID)
			}
			tc.check(t, got)
		})
	}
}

func TestPutExecutionKeepsFeedback(t *testing.T) {
	s := openTest(t, Options{})
	e := putExec(t, s, "f", "", map[string]any{"x": 1})
	if _, err := s.Feedback(e.ID, FeedbackInput{Score: ptr(0.0)}); err != nil {
		t.Fatal(err)
	}
	e.Status = StatusFailed
	e.Function = "g"
	if err := s.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != StatusFailed || len(got.Feedback) != 1 {
		t.Errorf("rewritten record: status %s, %d feedback entries", got.Status, len(got.Feedback))
	}
	for fn, want := range map[string]int{"f": 0, "g": 1} {
		if l, _ := s.ListExecutions(ExecutionFilter{Function: fn}); len(l) != want {
			t.Errorf("executions of %s = %d, want %d", fn, len(l), want)
		}
	}
}

func TestUnknownIDs(t *testing.T) {
	s := openTest(t, Options{})
	const id = "01NOSUCHID0000000000000000"
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"GetExecution", func() error { _, err := s.GetExecution(id); return err }, "no execution with id " + id},
		{"GetLearning", func() error { _, err := s.GetLearning(id); return err }, "no learning with id " + id},
		{"ForgetLearning", func() error { return s.ForgetLearning(id) }, "no learning with id " + id},
		{"Feedback", func() error {
			_, err := s.Feedback(id, FeedbackInput{Score: ptr(1.0)})
			return err
		}, "no execution with id " + id},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestListExecutions(t *testing.T) {
	clk := newFakeClock()
	s := openTest(t, Options{Clock: clk.Now})
	var ids []string
	for i := 0; i < 6; i++ {
		fn := "a"
		if i%2 == 1 {
			fn = "b"
		}
		ids = append(ids, putExec(t, s, fn, "", nil).ID)
		clk.Advance(time.Minute)
	}
	rev := slices.Clone(ids)
	slices.Reverse(rev)
	idsOf := func(es []*Execution) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.ID)
		}
		return out
	}
	tests := []struct {
		name string
		f    ExecutionFilter
		want []string
	}{
		{"all newest first", ExecutionFilter{}, rev},
		{"limit", ExecutionFilter{Limit: 2}, rev[:2]},
		{"function", ExecutionFilter{Function: "a"}, []string{ids[4], ids[2], ids[0]}},
		{"function and limit", ExecutionFilter{Function: "b", Limit: 1}, []string{ids[5]}},
		{"since", ExecutionFilter{Since: clk.Now().Add(-3 * time.Minute)}, rev[:3]},
		{"unknown function", ExecutionFilter{Function: "zzz"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.ListExecutions(tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(idsOf(got), tc.want) {
				t.Errorf("got %v, want %v", idsOf(got), tc.want)
			}
		})
	}
}

func TestFeedbackCreatesLearnings(t *testing.T) {
	tests := []struct {
		name      string
		fb        FeedbackInput
		wantKinds []string
		wantText  []string
	}{
		{"correction", FeedbackInput{Correction: "billing"}, []string{LearningCorrection},
			[]string{`Correction for input "I was charged twice" (the output was "out"): billing`}},
		{"note", FeedbackInput{Note: "refund questions are billing"}, []string{LearningNote},
			[]string{"refund questions are billing"}},
		{"both with score", FeedbackInput{Score: ptr(-0.5), Correction: "billing", Note: "watch for refunds"},
			[]string{LearningCorrection, LearningNote}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk := newFakeClock()
			s := openTest(t, Options{Clock: clk.Now})
			e := putExec(t, s, "classify", "support", map[string]any{"text": "I was charged twice"})
			res, err := s.Feedback(e.ID, tc.fb)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Created) != len(tc.wantKinds) {
				t.Fatalf("created %d learnings, want %d", len(res.Created), len(tc.wantKinds))
			}
			for i, l := range res.Created {
				got, err := s.GetLearning(l.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.Kind != tc.wantKinds[i] || got.Function != "classify" || got.Domain != "support" ||
					got.Confidence != 1 || got.SourceExecution != e.ID || !got.Created.Equal(clk.Now()) {
					t.Errorf("learning %d = %+v", i, got)
				}
				if tc.wantText != nil && got.Text != tc.wantText[i] {
					t.Errorf("text = %q, want %q", got.Text, tc.wantText[i])
				}
			}
			rec, err := s.GetExecution(e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Feedback) != 1 || len(rec.Feedback[0].LearningsCreated) != len(tc.wantKinds) ||
				rec.Feedback[0].Correction != tc.fb.Correction || rec.Feedback[0].Note != tc.fb.Note {
				t.Errorf("feedback entry = %+v", rec.Feedback)
			}
			if (tc.fb.Score == nil) != (rec.Feedback[0].Score == nil) {
				t.Errorf("score recorded as %v", rec.Feedback[0].Score)
			}
		})
	}
}

func TestFeedbackAdjustsAppliedLearnings(t *testing.T) {
	tests := []struct {
		name       string
		start      []float64
		score      float64
		want       []float64 // -1: pruned
		reinforced int       // expected TimesReinforced
	}{
		{"positive reinforces", []float64{0.5, 0.95, 1.0}, 1, []float64{0.6, 1.0, 1.0}, 1},
		{"small positive is positive", []float64{0.5}, 0.2, []float64{0.6}, 1},
		{"negative weakens", []float64{1.0, 0.5}, -1, []float64{0.8, 0.3}, 0},
		{"negative prunes below 0.1", []float64{0.25, 0.3, 0.15}, -0.3, []float64{-1, 0.1, -1}, 0},
		{"zero is neutral", []float64{0.5}, 0, []float64{0.5}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openTest(t, Options{})
			var ids []string
			for _, c := range tc.start {
				ids = append(ids, addLearning(t, s, "f", "", "some learning", c).ID)
			}
			e := putExec(t, s, "f", "", nil, append(ids, "01GONE00000000000000000000")...)
			res, err := s.Feedback(e.ID, FeedbackInput{Score: &tc.score})
			if err != nil {
				t.Fatal(err)
			}
			if tc.score != 0 && !slices.Equal(res.Missing, []string{"01GONE00000000000000000000"}) {
				t.Errorf("missing = %v", res.Missing)
			}
			pruned := 0
			for i, id := range ids {
				l, err := s.GetLearning(id)
				if tc.want[i] < 0 {
					pruned++
					if !errors.Is(err, ErrNotFound) {
						t.Errorf("learning %d: err = %v, want pruned", i, err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(l.Confidence-tc.want[i]) > 1e-9 {
					t.Errorf("learning %d: confidence %v, want %v", i, l.Confidence, tc.want[i])
				}
				if l.TimesReinforced != tc.reinforced {
					t.Errorf("learning %d: reinforced %d times, want %d", i, l.TimesReinforced, tc.reinforced)
				}
			}
			if len(res.Pruned) != pruned {
				t.Errorf("pruned = %v, want %d", res.Pruned, pruned)
			}
		})
	}
}

func TestFeedbackValidation(t *testing.T) {
	s := openTest(t, Options{})
	e := putExec(t, s, "f", "", nil)
	for _, fb := range []FeedbackInput{{}, {Score: ptr(1.5)}, {Score: ptr(-2.0)}, {Score: ptr(math.NaN())}, {Note: "   "}} {
		if _, err := s.Feedback(e.ID, fb); err == nil {
			t.Errorf("Feedback(%+v) succeeded, want an error", fb)
		}
	}
	rec, _ := s.GetExecution(e.ID)
	if len(rec.Feedback) != 0 {
		t.Errorf("rejected feedback was recorded: %+v", rec.Feedback)
	}
}

func TestRetrieveRanking(t *testing.T) {
	clk := newFakeClock()
	s := openTest(t, Options{Clock: clk.Now})
	add := func(fn, dom, text string, conf float64) string {
		clk.Advance(time.Second) // distinct, ordered creation times
		return addLearning(t, s, fn, dom, text, conf).ID
	}
	dateTwo := add("parse", "", "dates are written day month year in the invoice", 0.5)
	dateOne := add("parse", "", "the invoice total includes tax", 0.9)
	strong := add("parse", "", "always answer in english", 1.0)
	weak := add("parse", "", "prefer short answers", 0.3)
	dom := add("other", "billing", "billing amounts use euros on the invoice date", 0.4)
	add("elsewhere", "", "invoice date month year day", 1.0) // another function: never a candidate

	tests := []struct {
		name     string
		fn, dom  string
		input    string
		k        int
		wantIDs  []string
		wantSize int
	}{
		{"overlap first then confidence", "parse", "", "Read the invoice date: day, month and year", 3,
			[]string{dateTwo, dateOne, strong}, 3},
		{"k limit", "parse", "", "invoice date", 1, []string{dateTwo}, 1},
		{"no overlap falls back to confidence", "parse", "", "zzz qqq", 2, []string{strong, dateOne}, 2},
		{"default k", "parse", "", "", 0, []string{strong, dateOne, dateTwo, weak}, 4},
		{"domain candidates", "parse", "billing", "invoice date in euros", 2, []string{dom, dateTwo}, 2},
		{"domain only", "", "billing", "anything", 5, []string{dom}, 1},
		{"unknown function", "nope", "", "invoice", 5, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Retrieve(Owner{Function: tc.fn, Domain: tc.dom}, tc.input, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, l := range got {
				ids = append(ids, l.ID)
				if !l.LastUsed.Equal(clk.Now()) {
					t.Errorf("%s: LastUsed = %v, want now", l.ID, l.LastUsed)
				}
			}
			if len(ids) != tc.wantSize || !slices.Equal(ids, tc.wantIDs) {
				t.Errorf("got %v, want %v", ids, tc.wantIDs)
			}
		})
	}
}

func TestRetrieveSkipsDecayedAndPersistsUse(t *testing.T) {
	clk := newFakeClock()
	dir := t.TempDir()
	s, err := Open(dir, Options{Clock: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	old := addLearning(t, s, "f", "", "stale advice about dates", 0.3)
	clk.Advance(11 * DecayPeriod) // 0.3 × 0.9^11 ≈ 0.094 < 0.1
	fresh := addLearning(t, s, "f", "", "fresh advice about dates", 0.5)
	clk.Advance(2 * DecayPeriod) // 0.5 × 0.81 = 0.405
	got, err := s.Retrieve(Owner{Function: "f", Domain: ""}, "dates", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != fresh.ID {
		t.Fatalf("got %d learnings, want only the fresh one", len(got))
	}
	if math.Abs(got[0].Confidence-0.405) > 1e-9 {
		t.Errorf("returned confidence %v, want decayed 0.405", got[0].Confidence)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(dir, Options{Clock: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	l, err := s2.GetLearning(fresh.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !l.LastUsed.Equal(clk.Now()) || math.Abs(l.Confidence-0.405) > 1e-9 {
		t.Errorf("after reopen: LastUsed %v confidence %v; want the use recorded", l.LastUsed, l.Confidence)
	}
	if _, err := s2.GetLearning(old.ID); err != nil {
		t.Errorf("stale learning should only be dropped by Decay: %v", err)
	}
}

func TestDecay(t *testing.T) {
	clk := newFakeClock()
	s := openTest(t, Options{Clock: clk.Now})
	a := addLearning(t, s, "f", "", "a", 1.0)
	b := addLearning(t, s, "f", "", "b", 0.13)
	c := addLearning(t, s, "g", "", "c", 0.5)

	clk.Advance(3*DecayPeriod + 3*24*time.Hour) // 3.4 weeks idle
	if _, err := s.Retrieve(Owner{Function: "g", Domain: ""}, "c", 1); err != nil {
		t.Fatal(err) // c is used now: its idle time restarts (after 3 weeks of decay)
	}
	clk.Advance(DecayPeriod / 2)
	res, err := s.Decay(clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if *res != (DecayResult{Examined: 3, Decayed: 1, Dropped: 1}) {
		t.Errorf("first decay = %+v", *res)
	}
	want := map[string]float64{a.ID: 0.729, c.ID: 0.3645}
	check := func(when string) {
		t.Helper()
		for id, conf := range want {
			l, err := s.GetLearning(id)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(l.Confidence-conf) > 1e-9 {
				t.Errorf("%s: %s confidence %v, want %v", when, id, l.Confidence, conf)
			}
		}
		if _, err := s.GetLearning(b.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: b (0.13 × 0.9³ < 0.1) not dropped: %v", when, err)
		}
	}
	check("after first decay")

	res, err = s.Decay(clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if *res != (DecayResult{Examined: 2}) {
		t.Errorf("second decay changed things: %+v", *res)
	}
	check("after second decay")

	// The fractional week carries over: 0.6 more weeks completes week 4.
	clk.Advance(DecayPeriod * 6 / 10)
	if _, err := s.Decay(time.Time{}); err != nil {
		t.Fatal(err)
	}
	want[a.ID] = 0.6561  // decayed through week 3, now in week 4
	want[c.ID] = 0.32805 // used at 3.4 weeks, idle 1.1 weeks now
	check("a week later")
}

func TestLearningCap(t *testing.T) {
	s := openTest(t, Options{MaxLearningsPerFunction: 3})
	for i := 0; i < 3; i++ {
		addLearning(t, s, "f", "", "x", 1)
	}
	err := s.AddLearning(&Learning{Function: "f", Text: "one too many"})
	if !errors.Is(err, ErrTooManyLearnings) {
		t.Fatalf("err = %v, want ErrTooManyLearnings", err)
	}
	for _, want := range []string{`"f"`, "3", "dana learnings decay", "forget"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
	// Other functions are unaffected; forgetting makes room.
	addLearning(t, s, "g", "", "x", 1)
	ls, _ := s.ListLearnings(LearningFilter{Function: "f"})
	if err := s.ForgetLearning(ls[0].ID); err != nil {
		t.Fatal(err)
	}
	addLearning(t, s, "f", "", "fits again", 1)
	// Feedback respects the cap too.
	e := putExec(t, s, "f", "", nil)
	if _, err := s.Feedback(e.ID, FeedbackInput{Note: "n"}); !errors.Is(err, ErrTooManyLearnings) {
		t.Errorf("feedback past the cap: %v", err)
	}
}

func TestAddLearningValidation(t *testing.T) {
	s := openTest(t, Options{})
	bad := []*Learning{
		nil,
		{Function: "f"},
		{Text: "no function or domain"},
		{Function: "f", Text: "t", Confidence: 1.5},
		{Function: "f", Text: "t", Kind: "rumour"},
		{Function: "a\x00b", Text: "t"},
	}
	for _, l := range bad {
		if err := s.AddLearning(l); err == nil {
			t.Errorf("AddLearning(%+v) succeeded", l)
		}
	}
	l := addLearning(t, s, "f", "", "t", 0)
	if l.Confidence != 1 || l.Kind != LearningNote || l.ID == "" || l.Created.IsZero() {
		t.Errorf("defaults not filled: %+v", l)
	}
	if err := s.AddLearning(&Learning{ID: l.ID, Function: "f", Text: "dup"}); err == nil {
		t.Error("duplicate id accepted")
	}
}

func TestListLearningsAndStats(t *testing.T) {
	clk := newFakeClock()
	s := openTest(t, Options{Clock: clk.Now})
	for _, l := range []struct {
		fn, dom string
		conf    float64
	}{{"a", "d1", 1}, {"a", "", 0.5}, {"b", "d1", 0.2}, {"b", "d2", 0.6}} {
		clk.Advance(time.Second)
		addLearning(t, s, l.fn, l.dom, "text", l.conf)
	}
	putExec(t, s, "a", "", nil)
	tests := []struct {
		f    LearningFilter
		want []float64
	}{
		{LearningFilter{}, []float64{0.6, 0.2, 0.5, 1}},
		{LearningFilter{Function: "a"}, []float64{0.5, 1}},
		{LearningFilter{Domain: "d1"}, []float64{0.2, 1}},
		{LearningFilter{Function: "b", Domain: "d2"}, []float64{0.6}},
		{LearningFilter{MinConfidence: 0.55}, []float64{0.6, 1}},
		{LearningFilter{Limit: 1}, []float64{0.6}},
	}
	for _, tc := range tests {
		ls, err := s.ListLearnings(tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var got []float64
		for _, l := range ls {
			got = append(got, l.Confidence)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%+v: got %v, want %v", tc.f, got, tc.want)
		}
	}
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Learnings != 4 || st.Executions != 1 || math.Abs(st.MeanConfidence-0.575) > 1e-9 || st.SizeBytes <= 0 {
		t.Errorf("stats = %+v", st)
	}
	wantFns := []GroupStats{{"a", 2, 0.75}, {"b", 2, 0.4}}
	wantDoms := []GroupStats{{"d1", 2, 0.6}, {"d2", 1, 0.6}}
	if !reflect.DeepEqual(st.Functions, wantFns) || !reflect.DeepEqual(st.Domains, wantDoms) {
		t.Errorf("groups = %+v / %+v", st.Functions, st.Domains)
	}
}

func TestExportImport(t *testing.T) {
	clk := newFakeClock()
	src := openTest(t, Options{Clock: clk.Now})
	for i, text := range []string{"use ISO dates", "amounts in euros", "answer briefly"} {
		clk.Advance(time.Hour)
		addLearning(t, src, []string{"f", "g", "f"}[i], []string{"", "billing", ""}[i], text, 0.5+0.1*float64(i))
	}
	e := putExec(t, src, "f", "", map[string]any{"q": "when?"})
	if _, err := src.Feedback(e.ID, FeedbackInput{Correction: "2024-01-02"}); err != nil {
		t.Fatal(err)
	}
	var exp bytes.Buffer
	if err := src.Export(&exp); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(exp.String(), "\n"); n != 4 {
		t.Fatalf("export has %d lines, want 4:\n%s", n, exp.String())
	}
	var again bytes.Buffer
	if err := src.Export(&again); err != nil {
		t.Fatal(err)
	}
	if again.String() != exp.String() {
		t.Error("two exports of the same store differ")
	}

	dst := openTest(t, Options{Clock: clk.Now})
	added, skipped, err := dst.Import(bytes.NewReader(exp.Bytes()))
	if err != nil || added != 4 || skipped != 0 {
		t.Fatalf("first import: added %d skipped %d err %v", added, skipped, err)
	}
	var round bytes.Buffer
	if err := dst.Export(&round); err != nil {
		t.Fatal(err)
	}
	if round.String() != exp.String() {
		t.Errorf("re-export differs:\n%s\nwant:\n%s", round.String(), exp.String())
	}
	added, skipped, err = dst.Import(bytes.NewReader(exp.Bytes()))
	if err != nil || added != 0 || skipped != 4 {
		t.Fatalf("second import: added %d skipped %d err %v", added, skipped, err)
	}
	round.Reset()
	_ = dst.Export(&round)
	if round.String() != exp.String() {
		t.Error("second import changed the store")
	}
	// A changed line replaces the stored learning.
	var l Learning
	first, _, _ := strings.Cut(exp.String(), "\n")
	_ = json.Unmarshal([]byte(first), &l)
	l.Confidence = 0.25
	line, _ := json.Marshal(l)
	added, skipped, err = dst.Import(bytes.NewReader(append(line, '\n')))
	if err != nil || added != 1 || skipped != 0 {
		t.Fatalf("changed import: added %d skipped %d err %v", added, skipped, err)
	}
	if got, _ := dst.GetLearning(l.ID); got.Confidence != 0.25 {
		t.Errorf("changed line not applied: %v", got.Confidence)
	}
	// Retrieval sees imported learnings.
	if ls, _ := dst.Retrieve(Owner{Function: "g", Domain: ""}, "euros", 1); len(ls) != 1 || ls[0].Text != "amounts in euros" {
		t.Errorf("retrieve after import = %v", ls)
	}
}

func TestImportRejectsBadInput(t *testing.T) {
	s := openTest(t, Options{})
	good := `{"id":"01J00000000000000000000001","text":"t","function":"f","confidence":1,"kind":"note"}`
	for _, in := range []string{
		good + "\n{not json}\n",
		good + "\n" + `{"text":"no id","function":"f"}` + "\n",
		good + "\n" + `{"id":"X","text":"t","function":"f","confidence":7}` + "\n",
	} {
		if _, _, err := s.Import(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("Import(%q) err = %v, want a line 2 error", in, err)
		}
	}
	if ls, _ := s.ListLearnings(LearningFilter{}); len(ls) != 0 {
		t.Errorf("a rejected file was partly imported: %d learnings", len(ls))
	}
}

func TestLazyOpen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home", "store")
	s := Lazy(dir, Options{})
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Lazy touched the disk: %v", err)
	}
	if s.NewID() == "" {
		t.Fatal("NewID")
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("NewID touched the disk: %v", err)
	}
	// A read-only handle on a missing store reads as empty without creating it.
	ro := Lazy(dir, Options{ReadOnly: true})
	if ls, err := ro.ListLearnings(LearningFilter{}); err != nil || len(ls) != 0 {
		t.Fatalf("read-only list on missing store: %v %v", ls, err)
	}
	if _, err := ro.GetExecution("x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("read-only get on missing store: %v", err)
	}
	if ls, err := ro.Retrieve(Owner{Function: "f", Domain: ""}, "x", 3); err != nil || len(ls) != 0 {
		t.Fatalf("read-only retrieve on missing store: %v %v", ls, err)
	}
	if err := ro.AddLearning(&Learning{Function: "f", Text: "t"}); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("read-only write: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("read-only handle created the store: %v", err)
	}
	addLearning(t, s, "f", "", "first use creates it", 1)
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST")); err != nil {
		t.Fatalf("store not created on first use: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if ls, err := ro.ListLearnings(LearningFilter{}); err != nil || len(ls) != 1 {
		t.Fatalf("read-only list after creation: %d %v", len(ls), err)
	}
	ro.Close()
	if _, err := s.GetLearning("x"); !errors.Is(err, ErrClosed) {
		t.Errorf("use after Close: %v", err)
	}
}

func TestIdleCloseReleasesLock(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Options{IdleClose: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	addLearning(t, a, "f", "", "from a", 1)
	isOpen := func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.db != nil
	}
	if !isOpen() {
		t.Fatal("database closed right after an operation")
	}
	for deadline := time.Now().Add(5 * time.Second); isOpen(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("database still open long after the idle period")
		}
	}
	// Another handle can now open the store without waiting.
	start := time.Now()
	b, err := Open(dir, Options{LockWait: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.GetLearning("x"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	t.Logf("second handle opened in %v", time.Since(start))
}

func TestLockWaitTimeout(t *testing.T) {
	dir := t.TempDir()
	holder, err := Open(dir, Options{IdleClose: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	var msgs []string
	start := time.Now()
	_, err = Open(dir, Options{LockWait: 300 * time.Millisecond, OnWait: func(m string) { msgs = append(msgs, m) }})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("err = %v, want ErrLocked naming the directory", err)
	}
	if d := time.Since(start); d < 300*time.Millisecond || d > 3*time.Second {
		t.Errorf("waited %v, want about LockWait", d)
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "store in use by") || !strings.Contains(msgs[0], dir) {
		t.Errorf("OnWait messages = %q", msgs)
	}
}

func TestHandlesShareDirectory(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Options{IdleClose: -1}) // would hold the lock forever...
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b := Lazy(dir, Options{})
	defer b.Close()
	la := addLearning(t, a, "f", "", "alpha dates", 1)
	if _, err := a.Retrieve(Owner{Function: "f", Domain: ""}, "dates", 5); err != nil { // a's index is now loaded
		t.Fatal(err)
	}
	// ...but yields to a waiting handle at the end of its next operation.
	done := make(chan error, 1)
	var lb *Learning
	go func() {
		lb = &Learning{Function: "f", Text: "beta dates"}
		done <- b.AddLearning(lb)
	}()
	time.Sleep(50 * time.Millisecond)
	if _, err := a.GetLearning(la.ID); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("second handle: %v", err)
	}
	// a sees b's write: its index is refreshed after reopening.
	time.Sleep(50 * time.Millisecond)
	got, err := a.Retrieve(Owner{Function: "f", Domain: ""}, "beta dates", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != lb.ID {
		t.Errorf("a's retrieval after b's write = %v", got)
	}
}

func TestDefaultDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"DANA_HOME": "/opt/dana", "HOME": "/home/u"}, "/opt/dana/store"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.dana/store"},
	}
	for _, tc := range tests {
		got, err := DefaultDir(env(tc.env))
		if err != nil || got != tc.want {
			t.Errorf("DefaultDir(%v) = %q, %v; want %q", tc.env, got, err, tc.want)
		}
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The invoice's DATE is 2024-01-02!", "invoice date 2024 01 02"},
		{"a an the of x 7", "7"},
		{"Überweisung, überweisung; Café", "überweisung café"},
		{"", ""},
	}
	for _, tc := range tests {
		got := strings.Join(tokenize(tc.in, nil), " ")
		if got != tc.want {
			t.Errorf("tokenize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Long texts are deduplicated too.
	long := strings.Repeat("invoice dates and amounts; ", 50) + "currency"
	got := tokenize(long, []string{"kept"})
	slices.Sort(got)
	if want := []string{"amount", "currency", "date", "invoice", "kept"}; !slices.Equal(got, want) {
		t.Errorf("tokenize(long) = %q, want %q", got, want)
	}
}

func TestNewIDMonotonic(t *testing.T) {
	clk := newFakeClock()
	s := Lazy(t.TempDir(), Options{Clock: clk.Now})
	prev := ""
	for i := 0; i < 1000; i++ {
		id := s.NewID()
		if id <= prev {
			t.Fatalf("id %s not after %s", id, prev)
		}
		prev = id
	}
}
