package pgstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
)

var benchWords = strings.Fields(`ticket refund invoice billing account password reset login error crash slow
payment card declined shipping delivery late damaged order cancel subscription upgrade downgrade plan price
discount coupon email notification spam address phone number verify identity security breach data export
report dashboard chart api key token limit quota timeout server outage region mobile app android ios browser`)

func sentence(r *rand.Rand, lo, hi int) string {
	n := lo + r.IntN(hi-lo+1)
	w := make([]string, n)
	for i := range w {
		w[i] = benchWords[r.IntN(len(benchWords))]
	}
	return strings.Join(w, " ")
}

// BenchmarkRetrieve100k: Retrieve among 100,000 learnings of one function
// (the Badger store's BenchmarkRetrieve100k on PostgreSQL; target ≤ 2 ms).
func BenchmarkRetrieve100k(b *testing.B) {
	const n = 100_000
	url := server.Get(b).NewDatabase(b)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{MaxLearningsPerFunction: n})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r := rand.New(rand.NewPCG(1, 2))
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	now := time.Now().UTC()
	for range n {
		enc.Encode(&store.Learning{ID: s.NewID(), Text: sentence(r, 6, 16), Function: "classify_ticket", Module: "/m",
			Domain: "support", Confidence: 0.1 + 0.9*r.Float64(), Created: now, Kind: store.LearningNote})
	}
	start := time.Now()
	if added, _, err := s.Import(&buf); err != nil || added != n {
		b.Fatalf("Import: added %d, %v", added, err)
	}
	b.Logf("import of %d learnings: %v", n, time.Since(start))
	queries := make([]string, 256)
	for i := range queries {
		queries[i] = sentence(r, 4, 12)
	}
	start = time.Now()
	if _, err := s.Retrieve(store.Owner{Module: "/m", Function: "classify_ticket"}, queries[0], 5); err != nil {
		b.Fatal(err)
	}
	b.Logf("first Retrieve (loads the index): %v", time.Since(start))
	b.ResetTimer()
	cpu0 := cpuTime()
	n0 := 0
	for i := 0; b.Loop(); i++ {
		ls, err := s.Retrieve(store.Owner{Module: "/m", Function: "classify_ticket"}, queries[i%len(queries)], 5)
		if err != nil || len(ls) != 5 {
			b.Fatalf("Retrieve: %d results, %v", len(ls), err)
		}
		n0++
	}
	// On a loaded machine wall time says little: report this process's
	// CPU per Retrieve too (the server's share is in docs/store.md).
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(n0), "client-cpu-ns/op")
}

// BenchmarkFeedback: one positive feedback reinforcing two applied
// learnings, durable on return (target ≤ 5 ms).
func BenchmarkFeedback(b *testing.B) {
	url := server.Get(b).NewDatabase(b)
	s, err := pgstore.Open(context.Background(), url, pgstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var applied []string
	for _, t := range []string{"use euros", "round to cents"} {
		l := &store.Learning{Text: t, Function: "total", Module: "/m", Confidence: 0.5}
		if err := s.AddLearning(l); err != nil {
			b.Fatal(err)
		}
		applied = append(applied, l.ID)
	}
	e := &store.Execution{ID: s.NewID(), Kind: store.KindPoet, Function: "total", Module: "/m", Started: time.Now(), LearningsApplied: applied}
	if err := s.PutExecution(e); err != nil {
		b.Fatal(err)
	}
	one := 1.0
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Feedback(e.ID, store.FeedbackInput{Score: &one}); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the CPU time (user + system) this process used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
