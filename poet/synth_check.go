package poet

import (
	"fmt"
	"math"
	"strings"

	"github.com/minidana/dana/lang/interp"
)

// example is one (input, expected) pair given to synthesize().
type example struct {
	n        int // 1-based position in the caller's list
	args     []interp.Value
	expected interp.Value
}

// exampleResult is how one proposal did on one example.
type exampleResult struct {
	ex       *example
	got      interp.Value // nil when it raised
	err      string       // the error with its line, "" when it returned
	passed   bool
	accuracy float64 // 0..1, partial credit for collections
	diff     string  // what differs, for the model ("" when passed)
}

// checkResult compares got with the example's expected value.
func checkResult(ex *example, got interp.Value) exampleResult {
	r := exampleResult{ex: ex, got: got}
	if same(ex.expected, got) {
		r.passed, r.accuracy = true, 1
		return r
	}
	r.accuracy = accuracy(ex.expected, got)
	r.diff = difference(ex.expected, got)
	return r
}

// same is equality for example checking: Dana's ==, with the same kind of
// collection on both sides (a tuple is not a list) and floats equal within
// a relative 1e-9.
func same(want, got interp.Value) bool {
	if kind(want) != kind(got) {
		return false
	}
	switch w := want.(type) {
	case interp.Float:
		g, err := interp.ToFloat(got)
		if err != nil {
			return false
		}
		return closeFloat(float64(w), g)
	case *interp.List:
		g := got.(*interp.List)
		return sameSeq(w.Elems, g.Elems)
	case interp.Tuple:
		return sameSeq(w, got.(interp.Tuple))
	case *interp.Dict:
		g := got.(*interp.Dict)
		if w.Len() != g.Len() {
			return false
		}
		vals := w.Values()
		for i, k := range w.Keys() {
			gv, ok, err := g.Get(k)
			if err != nil || !ok || !same(vals[i], gv) {
				return false
			}
		}
		return true
	}
	return interp.Equal(want, got)
}

func sameSeq(a, b []interp.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !same(a[i], b[i]) {
			return false
		}
	}
	return true
}

func closeFloat(a, b float64) bool {
	if a == b || math.IsNaN(a) && math.IsNaN(b) {
		return true
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// kind groups values for comparison: numbers (bool, int, float) together,
// every other type by its name.
func kind(v interp.Value) string {
	switch v.(type) {
	case interp.Int, *interp.BigInt, interp.Float, interp.Bool:
		return "number"
	}
	if v == nil {
		return "NoneType"
	}
	return v.TypeName()
}

// accuracy gives partial credit for collections: the share of positions
// (lists, tuples), keys (dicts) or elements (sets) that are right; other
// values are right or wrong.
func accuracy(want, got interp.Value) float64 {
	if kind(want) != kind(got) {
		return 0
	}
	switch w := want.(type) {
	case *interp.List:
		return seqAccuracy(w.Elems, got.(*interp.List).Elems)
	case interp.Tuple:
		return seqAccuracy(w, got.(interp.Tuple))
	case *interp.Dict:
		g := got.(*interp.Dict)
		union := w.Len()
		right := 0
		vals := w.Values()
		for i, k := range w.Keys() {
			if gv, ok, _ := g.Get(k); ok && same(vals[i], gv) {
				right++
			}
		}
		for _, k := range g.Keys() {
			if _, ok, _ := w.Get(k); !ok {
				union++
			}
		}
		if union == 0 {
			return 1
		}
		return float64(right) / float64(union)
	case *interp.Set:
		g := got.(*interp.Set)
		inter := 0
		for _, e := range w.Elems() {
			if ok, _ := g.Has(e); ok {
				inter++
			}
		}
		union := w.Len() + g.Len() - inter
		if union == 0 {
			return 1
		}
		return float64(inter) / float64(union)
	}
	return 0
}

func seqAccuracy(w, g []interp.Value) float64 {
	n := max(len(w), len(g))
	if n == 0 {
		return 1
	}
	right := 0
	for i := 0; i < min(len(w), len(g)); i++ {
		if same(w[i], g[i]) {
			right++
		}
	}
	return float64(right) / float64(n)
}

// maxDiffItems bounds the differences a diff lists.
const maxDiffItems = 5

// difference describes how got differs from want: positions of lists and
// tuples, keys of dicts, elements of sets, the first differing character
// of strings, or the types.
func difference(want, got interp.Value) string {
	if kind(want) != kind(got) {
		return fmt.Sprintf("expected a %s, got a %s", typeName(want), typeName(got))
	}
	switch w := want.(type) {
	case *interp.List:
		return seqDiff(w.Elems, got.(*interp.List).Elems)
	case interp.Tuple:
		return seqDiff(w, got.(interp.Tuple))
	case interp.Str:
		return strDiff(string(w), string(got.(interp.Str)))
	case *interp.Dict:
		g := got.(*interp.Dict)
		var parts []string
		vals := w.Values()
		for i, k := range w.Keys() {
			gv, ok, _ := g.Get(k)
			switch {
			case !ok:
				parts = append(parts, fmt.Sprintf("key %s is missing (expected %s)", short(k, 40), short(vals[i], 60)))
			case !same(vals[i], gv):
				parts = append(parts, fmt.Sprintf("key %s: expected %s, got %s", short(k, 40), short(vals[i], 60), short(gv, 60)))
			}
		}
		for _, k := range g.Keys() {
			if _, ok, _ := w.Get(k); !ok {
				parts = append(parts, fmt.Sprintf("unexpected key %s", short(k, 40)))
			}
		}
		return joinDiff(parts)
	case *interp.Set:
		g := got.(*interp.Set)
		var parts []string
		for _, e := range w.Elems() {
			if ok, _ := g.Has(e); !ok {
				parts = append(parts, fmt.Sprintf("missing %s", short(e, 40)))
			}
		}
		for _, e := range g.Elems() {
			if ok, _ := w.Has(e); !ok {
				parts = append(parts, fmt.Sprintf("unexpected %s", short(e, 40)))
			}
		}
		return joinDiff(parts)
	}
	return ""
}

func typeName(v interp.Value) string {
	if v == nil {
		return "NoneType"
	}
	return v.TypeName()
}

func joinDiff(parts []string) string {
	if len(parts) > maxDiffItems {
		parts = append(parts[:maxDiffItems:maxDiffItems], fmt.Sprintf("and %d more", len(parts)-maxDiffItems))
	}
	return strings.Join(parts, "; ")
}

// seqDiff lists the differing positions and the length difference.
func seqDiff(w, g []interp.Value) string {
	var parts []string
	if len(w) != len(g) {
		parts = append(parts, fmt.Sprintf("expected %d item%s, got %d", len(w), plural(len(w)), len(g)))
	}
	var pos []string
	for i := 0; i < min(len(w), len(g)); i++ {
		if !same(w[i], g[i]) {
			pos = append(pos, fmt.Sprintf("index %d: expected %s, got %s", i, short(w[i], 40), short(g[i], 40)))
		}
	}
	if len(pos) > maxDiffItems {
		pos = append(pos[:maxDiffItems:maxDiffItems], fmt.Sprintf("%d more positions differ", len(pos)-maxDiffItems))
	}
	parts = append(parts, pos...)
	if len(w) > len(g) {
		parts = append(parts, "missing at the end: "+short(interp.NewList(w[len(g):]), 60))
	} else if len(g) > len(w) {
		parts = append(parts, "extra at the end: "+short(interp.NewList(g[len(w):]), 60))
	}
	return strings.Join(parts, "; ")
}

// strDiff names the first differing character with some context.
func strDiff(w, g string) string {
	wr, gr := []rune(w), []rune(g)
	i := 0
	for i < len(wr) && i < len(gr) && wr[i] == gr[i] {
		i++
	}
	excerpt := func(r []rune) string {
		lo, hi := max(0, i-10), min(len(r), i+20)
		s := string(r[lo:hi])
		if lo > 0 {
			s = "…" + s
		}
		if hi < len(r) {
			s += "…"
		}
		return interp.Repr(interp.Str(s))
	}
	s := fmt.Sprintf("the strings differ from character %d: expected %s, got %s", i, excerpt(wr), excerpt(gr))
	if len(wr) != len(gr) {
		s += fmt.Sprintf(" (lengths %d and %d)", len(wr), len(gr))
	}
	return s
}
