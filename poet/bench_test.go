package poet_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/store"
)

// benchInterp returns an interpreter with builtins and POET installed
// with cfg (the store in a temporary directory unless cfg says otherwise).
func benchInterp(b *testing.B, cfg poet.Config) (*interp.Interpreter, *poet.Runtime) {
	b.Helper()
	in := interp.New(interp.Options{Stdout: io.Discard, Stderr: io.Discard})
	builtins.Install(in)
	if cfg.StoreDir == "" && cfg.Store == nil {
		cfg.StoreDir = b.TempDir()
	}
	rt := poet.Install(in, cfg)
	b.Cleanup(func() { _ = rt.Close() })
	return in, rt
}

// benchLoop defines the functions in defs, warms up, then times a loop of
// b.N calls of call (which may use i).
func benchLoop(b *testing.B, in *interp.Interpreter, defs, call string) {
	b.Helper()
	if err := in.Exec("bench.na", defs); err != nil {
		b.Fatal(err)
	}
	if err := in.Exec("warm.na", fmt.Sprintf("for i in range(10):\n    %s\n", call)); err != nil {
		b.Fatal(err)
	}
	src := fmt.Sprintf("for i in range(%d):\n    %s\n", b.N, call)
	b.ReportAllocs()
	b.ResetTimer()
	if err := in.Exec("loop.na", src); err != nil {
		b.Fatal(err)
	}
}

const benchDefs = `
def plain(x):
    return x

@poet()
def trivial(x):
    return x

def ok(x):
    return True

@poet(validate=ok)
def typed(x) -> int:
    return x
`

// BenchmarkPlainCall is the baseline: a plain mini-Dana function call.
func BenchmarkPlainCall(b *testing.B) {
	in, _ := benchInterp(b, poet.Config{NoRecord: true})
	benchLoop(b, in, benchDefs, "plain(i)")
}

// BenchmarkPOETCall is a POET call with a trivial body, learnings
// retrieved from an (empty) store, execution records not written.
func BenchmarkPOETCall(b *testing.B) {
	in, _ := benchInterp(b, poet.Config{NoRecord: true})
	benchLoop(b, in, benchDefs, "trivial(i)")
}

// BenchmarkPOETCallValidated adds coercion to a return hint and a
// mini-Dana validate function.
func BenchmarkPOETCallValidated(b *testing.B) {
	in, _ := benchInterp(b, poet.Config{NoRecord: true})
	benchLoop(b, in, benchDefs, "typed(i)")
}

// BenchmarkPOETCallNoStore is a POET call with the store disabled (no
// retrieval either).
func BenchmarkPOETCallNoStore(b *testing.B) {
	in, _ := benchInterp(b, poet.Config{NoStore: true})
	benchLoop(b, in, benchDefs, "trivial(i)")
}

// BenchmarkPOETCallRecorded is a POET call whose record is written
// durably before the call returns (one fsynced commit per call when calls
// are sequential). Compare with BenchmarkPOETCall for the cost of
// durability.
func BenchmarkPOETCallRecorded(b *testing.B) {
	in, _ := benchInterp(b, poet.Config{})
	benchLoop(b, in, benchDefs, "trivial(i)")
}

// BenchmarkPOETRetrieve100k is a POET call of a function with 100,000
// learnings: Perceive ranks them all by relevance to the input and applies
// the top 5.
func BenchmarkPOETRetrieve100k(b *testing.B) {
	const n = 100_000
	dir := b.TempDir()
	st, err := store.Open(dir, store.Options{MaxLearningsPerFunction: n, IdleClose: -1})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("invoice refund order shipping delay customer payment card bank account " +
		"address email phone password login error crash slow screen export report chart total tax " +
		"discount coupon price plan upgrade cancel subscription trial team member admin role access")
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	now := time.Now().UTC()
	for i := 0; i < n; i++ {
		k := 6 + r.IntN(10)
		ws := make([]string, k)
		for j := range ws {
			ws[j] = words[r.IntN(len(words))]
		}
		l := &store.Learning{ID: st.NewID(), Text: strings.Join(ws, " "), Function: "triage",
			Confidence: 0.1 + 0.9*r.Float64(), Created: now, Kind: store.LearningNote}
		if err := enc.Encode(l); err != nil {
			b.Fatal(err)
		}
	}
	if added, _, err := st.Import(&buf); err != nil || added != n {
		b.Fatalf("import: %d, %v", added, err)
	}
	in, _ := benchInterp(b, poet.Config{Store: st, NoRecord: true})
	b.Cleanup(func() { _ = st.Close() })
	defs := `
@poet()
def triage(ticket):
    return len(poet_status.learnings_applied)

tickets = ["refund for a late order", "cannot login after password reset", "invoice total is wrong",
    "upgrade my plan and add a team member", "export report crashes"]
`
	benchLoop(b, in, defs, "triage(tickets[i % 5])")
}
