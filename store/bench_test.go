package store

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// BenchmarkRetrieve100k measures Retrieve among 100,000 learnings of one
// function with realistic short texts (target: well under 1 ms/op).
func BenchmarkRetrieve100k(b *testing.B) {
	const n = 100_000
	s := openTest(b, Options{MaxLearningsPerFunction: n})
	g := newTextGen(1)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	now := time.Now().UTC()
	for i := 0; i < n; i++ {
		l := &Learning{
			ID:         s.NewID(),
			Text:       g.sentence(6, 16),
			Function:   "classify_ticket",
			Domain:     "support",
			Confidence: 0.1 + 0.9*g.r.Float64(),
			Created:    now,
			Kind:       LearningNote,
		}
		if err := enc.Encode(l); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	if added, _, err := s.Import(&buf); err != nil || added != n {
		b.Fatalf("Import: added %d, %v", added, err)
	}
	b.Logf("import of %d learnings: %v", n, time.Since(start))
	queries := make([]string, 256)
	for i := range queries {
		queries[i] = g.sentence(4, 12)
	}
	start = time.Now()
	if _, err := s.Retrieve(Owner{Function: "classify_ticket", Domain: ""}, queries[0], 5); err != nil {
		b.Fatal(err)
	}
	b.Logf("index load: %v", time.Since(start))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ls, err := s.Retrieve(Owner{Function: "classify_ticket", Domain: ""}, queries[i%len(queries)], 5)
		if err != nil || len(ls) != 5 {
			b.Fatalf("Retrieve: %d results, %v", len(ls), err)
		}
	}
}

// BenchmarkPutExecution measures a durable execution write.
func BenchmarkPutExecution(b *testing.B) {
	s := openTest(b, Options{})
	b.ReportAllocs()
	for b.Loop() {
		e := &Execution{
			Function: "summarize",
			Kind:     KindReason,
			Inputs:   map[string]any{"prompt": "Summarize the quarterly revenue report in one line"},
			Attempts: []Attempt{{N: 1, Output: "Revenue grew 12%.", Prompt: "...", Reply: "Revenue grew 12%.",
				Usage: Usage{PromptTokens: 120, CompletionTokens: 8, TotalTokens: 128}, Duration: time.Second}},
			Output:  "Revenue grew 12%.",
			Status:  StatusOK,
			Model:   "mock",
			Mock:    true,
			Started: time.Now(), Finished: time.Now(),
		}
		if err := s.PutExecution(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFeedback measures a Feedback call on a fresh execution that
// applied 5 learnings: a positive score (5 reinforcements) and a note (a
// new learning), all in one durable transaction.
func BenchmarkFeedback(b *testing.B) {
	s := openTest(b, Options{MaxLearningsPerFunction: 1 << 30})
	var applied []string
	for i := 0; i < 5; i++ {
		applied = append(applied, addLearning(b, s, "summarize", "", "keep it short and numeric", 0.5).ID)
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		e := putExec(b, s, "summarize", "", map[string]any{"prompt": "Summarize the report"}, applied...)
		b.StartTimer()
		if _, err := s.Feedback(e.ID, FeedbackInput{Score: ptr(1.0), Note: "mention the currency"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenVerified measures opening a store of 100,000 learnings and
// 2,000 executions with a fresh handle: the integrity checks (every log
// entry, every table block) plus Badger's own open. A handle verifies each
// table once; reopening after an idle close only checks new tables.
func BenchmarkOpenVerified(b *testing.B) {
	const n = 100_000
	dir := b.TempDir()
	s, err := Open(dir, Options{MaxLearningsPerFunction: n})
	if err != nil {
		b.Fatal(err)
	}
	g := newTextGen(1)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	now := time.Now().UTC()
	for i := 0; i < n; i++ {
		enc.Encode(&Learning{ID: s.NewID(), Text: g.sentence(6, 16), Function: "f", Confidence: 1, Created: now, Kind: LearningNote})
	}
	if _, _, err := s.Import(&buf); err != nil {
		b.Fatal(err)
	}
	var es []*Execution
	for i := 0; i < 2000; i++ {
		es = append(es, &Execution{Function: "f", Kind: KindReason, Status: StatusOK, Prompt: g.sentence(50, 200)})
	}
	if err := s.PutExecutions(es); err != nil {
		b.Fatal(err)
	}
	s.Close()
	b.Logf("store size: %d KB", dirSize(dir)>>10)
	for b.Loop() {
		h := Lazy(dir, Options{ReadOnly: true})
		if _, err := h.acquire(); err != nil {
			b.Fatal(err)
		}
		h.release()
		h.Close()
	}
}
