package store

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/minidana/dana/store/record"
)

// TestFeedbackGrowth gives 2,000 pieces of feedback on one execution with a
// large prompt: each is a small record of its own, so the store stays
// small (the old read-modify-write of the execution record grew it to
// hundreds of megabytes) and every entry is read back in order.
func TestFeedbackGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 durable writes")
	}
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &Execution{Function: "summarize", Kind: KindReason, Status: StatusOK,
		Prompt: strings.Repeat("a long prompt ", 10_000)} // 140 KB
	if err := s.PutExecution(e); err != nil {
		t.Fatal(err)
	}
	const n = 2000
	for i := range n {
		if _, err := s.Feedback(e.ID, FeedbackInput{Score: ptr(0.5), Note: fmt.Sprintf("note %d", i%7)}); err != nil {
			t.Fatalf("feedback %d: %v", i, err)
		}
	}
	got, err := s.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Feedback) != n || got.Feedback[n-1].Note != fmt.Sprintf("note %d", (n-1)%7) || got.Prompt != e.Prompt {
		t.Fatalf("%d feedback entries, last %+v", len(got.Feedback), got.Feedback[len(got.Feedback)-1])
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	size := dirSize(dir)
	t.Logf("store after %d feedbacks: %d KB", n, size>>10)
	if size > 20<<20 {
		t.Fatalf("store grew to %d MB after %d feedbacks", size>>20, n)
	}
}

// TestHugeRecordCapped stores a record with a 20 MB prompt and a 3 MB
// reply: the record is stored (not dropped), the over-cap texts are
// replaced by a marker, and their sizes and hashes are kept.
func TestHugeRecordCapped(t *testing.T) {
	s := openTest(t, Options{})
	prompt := strings.Repeat("p", 20<<20)
	reply := strings.Repeat("r", 3<<20)
	small := "a small reply"
	e := &Execution{Function: "reason", Kind: KindReason, Status: StatusOK, Prompt: prompt,
		Attempts: []Attempt{{N: 1, Prompt: prompt, Reply: reply}, {N: 2, Prompt: "short", Reply: small}}}
	if err := s.PutExecution(e); err != nil {
		t.Fatalf("PutExecution: %v", err)
	}
	if len(e.Prompt) != len(prompt) {
		t.Fatal("PutExecution changed the caller's record")
	}
	got, err := s.GetExecution(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	want := []record.Omission{
		{Field: "prompt", Size: len(prompt), SHA256: sum(prompt)},
		{Field: "attempts[0].prompt", Size: len(prompt), SHA256: sum(prompt)},
		{Field: "attempts[0].reply", Size: len(reply), SHA256: sum(reply)},
	}
	if fmt.Sprint(got.Omitted) != fmt.Sprint(want) {
		t.Fatalf("omitted %+v, want %+v", got.Omitted, want)
	}
	if got.Prompt != record.Marker("prompt", len(prompt), sum(prompt)) || got.Attempts[1].Reply != small {
		t.Fatalf("prompt %q, attempt 2 reply %q", got.Prompt, got.Attempts[1].Reply)
	}
	// Under the cap, texts are kept in full.
	mid := strings.Repeat("m", DefaultMaxTextBytes)
	e2 := &Execution{Function: "reason", Kind: KindReason, Status: StatusOK, Prompt: mid}
	if err := s.PutExecution(e2); err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetExecution(e2.ID); err != nil || got.Prompt != mid || len(got.Omitted) != 0 {
		t.Fatalf("a text at the cap was not kept in full: %v", err)
	}
}
