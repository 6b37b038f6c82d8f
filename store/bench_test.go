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
