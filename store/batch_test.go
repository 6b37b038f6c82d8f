package store

import "testing"

// TestPutExecutions stores more records than one batch holds, replaces
// one that has feedback, and reads them all back.
func TestPutExecutions(t *testing.T) {
	s := openTest(t, Options{})
	first := putExec(t, s, "f", "", map[string]any{"i": -1})
	if _, err := s.Feedback(first.ID, FeedbackInput{Note: "keep me"}); err != nil {
		t.Fatal(err)
	}
	var es []*Execution
	replaced := *first
	replaced.Feedback = nil
	replaced.Output = "new"
	es = append(es, &replaced)
	for i := 0; i < 2*maxBatch+5; i++ {
		fn := "f"
		if i%2 == 1 {
			fn = "g"
		}
		es = append(es, &Execution{Function: fn, Kind: KindPoet, Status: StatusOK, Inputs: map[string]any{"i": i}})
	}
	if err := s.PutExecutions(es); err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.ID == "" {
			t.Fatal("id not filled in")
		}
		got, err := s.GetExecution(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Function != e.Function {
			t.Errorf("%s: function %q, want %q", e.ID, got.Function, e.Function)
		}
	}
	got, _ := s.GetExecution(first.ID)
	if got.Output != "new" || len(got.Feedback) != 1 {
		t.Errorf("replaced record: output %v, feedback %v", got.Output, got.Feedback)
	}
	gs, err := s.ListExecutions(ExecutionFilter{Function: "g"})
	if err != nil || len(gs) != maxBatch+2 {
		t.Errorf("%d executions of g, want %d (%v)", len(gs), maxBatch+2, err)
	}
	if err := s.PutExecutions([]*Execution{{Function: "bad\x00name"}}); err == nil {
		t.Error("a NUL in a function name was accepted")
	}
}
