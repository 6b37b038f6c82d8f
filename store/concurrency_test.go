package store

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// TestConcurrentUse hammers one handle from several goroutines while the
// database is closed and reopened by a short idle period, then checks that
// the in-memory index agrees with the stored learnings.
func TestConcurrentUse(t *testing.T) {
	s := openTest(t, Options{IdleClose: 2e6}) // 2 ms
	var seed []string
	for i := 0; i < 20; i++ {
		seed = append(seed, addLearning(t, s, "f", "dom", fmt.Sprintf("seed learning %d about dates", i), 0.5).ID)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				var err error
				switch (g + i) % 5 {
				case 0:
					_, err = s.Retrieve(Owner{Function: "f", Domain: "dom"}, "dates learning", 5)
				case 1:
					err = s.AddLearning(&Learning{Function: "f", Domain: "dom", Text: fmt.Sprintf("g%d i%d dates", g, i)})
				case 2:
					e := &Execution{Function: "f", Domain: "dom", Kind: KindPoet, LearningsApplied: seed[:3]}
					if err = s.PutExecution(e); err == nil {
						score := []float64{1, -1}[i%2]
						_, err = s.Feedback(e.ID, FeedbackInput{Score: &score, Note: "concurrent note"})
					}
				case 3:
					_, err = s.ListLearnings(LearningFilter{Function: "f"})
				case 4:
					_, err = s.Retrieve(Owner{Function: "", Domain: "dom"}, "concurrent note", 3)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	stored, err := s.ListLearnings(LearningFilter{Function: "f"})
	if err != nil {
		t.Fatal(err)
	}
	for _, scope := range []struct{ fn, dom string }{{"f", ""}, {"", "dom"}} {
		got, err := s.Retrieve(Owner{Function: scope.fn, Domain: scope.dom}, "", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		ids := func(ls []*Learning) []string {
			var out []string
			for _, l := range ls {
				out = append(out, l.ID+fmt.Sprintf("@%.3f", l.Confidence))
			}
			slices.Sort(out)
			return out
		}
		live := slices.DeleteFunc(slices.Clone(stored), func(l *Learning) bool { return l.Confidence < PruneBelow })
		if a, b := ids(got), ids(live); !slices.Equal(a, b) {
			t.Errorf("index of %+v disagrees with the store:\nindex %v\nstore %v", scope, a, b)
		}
	}
}
