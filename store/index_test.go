package store

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// naiveTop ranks ls for a query the slow, obvious way.
func naiveTop(ls map[string]*Learning, input string, k int, now time.Time) []string {
	q := tokenize(input, nil)
	var hits []hit
	for _, l := range ls {
		c := decayedConfidence(l.Confidence, decayBase(l).UnixNano(), now.UnixNano())
		if c < PruneBelow {
			continue
		}
		overlap := 0
		for _, w := range tokenize(l.Text, nil) {
			if slices.Contains(q, w) {
				overlap++
			}
		}
		hits = append(hits, hit{l: l, overlap: overlap, conf: c})
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.better(b) {
			return -1
		}
		return 1
	})
	var ids []string
	for _, h := range hits[:min(k, len(hits))] {
		ids = append(ids, h.l.ID)
	}
	return ids
}

// TestIndexMatchesNaiveRanking checks the bit-sliced search against a
// brute-force ranking through adds, confidence changes, removals (and the
// compaction they trigger) and idle decay.
func TestIndexMatchesNaiveRanking(t *testing.T) {
	g := newTextGen(7)
	ix := newIndex("f:f")
	live := map[string]*Learning{}
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	ids := NewIDSource(nil)
	newL := func(i int) *Learning {
		return &Learning{
			ID: ids.New(base.Add(time.Duration(i) * time.Millisecond)), Function: "f",
			Text:       g.sentence(3, 12),
			Confidence: roundConf(0.05 + 0.95*g.r.Float64()),
			Created:    base.Add(time.Duration(g.r.IntN(10*7*24)) * time.Hour),
		}
	}
	check := func(stage string) {
		t.Helper()
		now := base.Add(time.Duration(g.r.IntN(20*7*24)) * time.Hour)
		for q := 0; q < 40; q++ {
			input := g.sentence(0, 10)
			k := 1 + g.r.IntN(12)
			tk := &topK{k: k}
			ix.search(tokenize(input, nil), now.UnixNano(), tk)
			var got []string
			for _, h := range tk.hits {
				got = append(got, h.l.ID)
			}
			if want := naiveTop(live, input, k, now); !slices.Equal(got, want) {
				t.Fatalf("%s: query %q k=%d:\n got %v\nwant %v", stage, input, k, got, want)
			}
		}
	}
	ix.mu.Lock()
	for i := 0; i < 3000; i++ {
		l := newL(i)
		ix.add(l)
		live[l.ID] = l
	}
	ix.mu.Unlock()
	check("after adds")

	ix.mu.Lock()
	n := 0
	for id, l := range live {
		if n++; n%3 == 0 {
			c := *l
			c.Confidence = roundConf(g.r.Float64())
			ix.upsert(&c)
			live[id] = &c
		}
	}
	ix.mu.Unlock()
	check("after confidence changes")

	ix.mu.Lock()
	n = 0
	for id := range live {
		if n++; n <= 2500 {
			ix.remove(id)
			delete(live, id)
		}
	}
	compacted := len(ix.entries) < 3000
	ix.mu.Unlock()
	if !compacted {
		t.Error("removing most entries did not compact the index")
	}
	check("after removals")

	ix.mu.Lock()
	for i := 0; i < 200; i++ {
		l := newL(5000 + i)
		ix.add(l)
		live[l.ID] = l
	}
	ix.mu.Unlock()
	check("after more adds")
	if got := ix.len(); got != len(live) {
		t.Errorf("index has %d learnings, want %d", got, len(live))
	}
}

func TestApplyDecayIdempotent(t *testing.T) {
	created := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, weeks := range []float64{0, 0.5, 1, 1.5, 2.99, 10, 100} {
		l := &Learning{ID: fmt.Sprint(weeks), Confidence: 1, Created: created}
		now := created.Add(time.Duration(weeks * float64(DecayPeriod)))
		applyDecay(l, now)
		once := *l
		if applyDecay(l, now) || *l != once {
			t.Errorf("%v weeks: second application changed %+v to %+v", weeks, once, *l)
		}
		want := decayedConfidence(1, created.UnixNano(), now.UnixNano())
		if roundConf(want) != l.Confidence {
			t.Errorf("%v weeks: stored %v, lazily computed %v", weeks, l.Confidence, want)
		}
	}
}
