package store

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is an adjustable clock for tests.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// openTest opens a store in a fresh temporary directory.
func openTest(t testing.TB, opts Options) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// putExec stores a minimal execution and returns it.
func putExec(t testing.TB, s *Store, fn, domain string, inputs any, applied ...string) *Execution {
	t.Helper()
	e := &Execution{
		Function:         fn,
		Domain:           domain,
		Kind:             KindPoet,
		Inputs:           inputs,
		Output:           "out",
		Status:           StatusOK,
		Started:          s.now(),
		Finished:         s.now(),
		LearningsApplied: applied,
	}
	if err := s.PutExecution(e); err != nil {
		t.Fatalf("PutExecution: %v", err)
	}
	return e
}

// addLearning stores a learning with the given text and confidence.
func addLearning(t testing.TB, s *Store, fn, domain, text string, conf float64) *Learning {
	t.Helper()
	l := &Learning{Function: fn, Domain: domain, Text: text, Confidence: conf}
	if err := s.AddLearning(l); err != nil {
		t.Fatalf("AddLearning: %v", err)
	}
	return l
}

func ptr[T any](v T) *T { return &v }

// textGen makes realistic short learning texts: sentences of common
// domain words (Zipf-distributed) plus a long tail of rarer terms.
type textGen struct {
	r    *rand.Rand
	zipf *rand.Zipf
	voc  []string
}

var baseWords = strings.Fields(`invoice customer refund date format currency amount total tax
address email phone name country city postal code order shipping delivery status
payment card account balance due overdue discount price quantity product item sku
category brand color size weight height width length number percent decimal integer
string list dict json field value key missing empty null zero negative positive
round truncate convert parse extract summarize translate classify sentiment review
rating score label spam urgent priority ticket support issue bug feature request
answer question context prompt example always never prefer avoid use return output
input should must include exclude english french german spanish date iso month
year day hour minute second timezone utc local morning evening weekend holiday
report monthly weekly daily quarterly annual revenue cost profit margin growth
user admin role permission login password token session error warning message`)

func newTextGen(seed uint64) *textGen {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	voc := append([]string(nil), baseWords...)
	for i := 0; len(voc) < 5000; i++ {
		voc = append(voc, fmt.Sprintf("term%d", i))
	}
	return &textGen{r: r, zipf: rand.NewZipf(r, 1.1, 2, uint64(len(voc)-1)), voc: voc}
}

func (g *textGen) sentence(min, max int) string {
	n := min + g.r.IntN(max-min+1)
	words := make([]string, n)
	for i := range words {
		words[i] = g.voc[g.zipf.Uint64()]
	}
	return strings.Join(words, " ")
}
