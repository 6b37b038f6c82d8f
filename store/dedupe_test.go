package store

import "testing"

// The same note given twice reinforces one learning instead of storing a
// duplicate; a different note is a new learning.
func TestFeedbackSameTextReinforces(t *testing.T) {
	s := openTest(t, Options{})
	e1 := putExec(t, s, "label", "demo", "a")
	e2 := putExec(t, s, "label", "demo", "b")
	if _, err := s.Feedback(e1.ID, FeedbackInput{Note: "Labels are single words"}); err != nil {
		t.Fatal(err)
	}
	res, err := s.Feedback(e2.ID, FeedbackInput{Note: "  labels are   single words "})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Created) != 0 || len(res.Reinforced) != 1 || res.Reinforced[0].TimesReinforced != 1 {
		t.Fatalf("want one reinforced learning, got created %d reinforced %d", len(res.Created), len(res.Reinforced))
	}
	if _, err := s.Feedback(e2.ID, FeedbackInput{Note: "labels are lowercase"}); err != nil {
		t.Fatal(err)
	}
	ls, err := s.ListLearnings(LearningFilter{Function: "label"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 {
		t.Fatalf("want 2 learnings, got %d", len(ls))
	}
}
