package interp

import (
	"math/rand/v2"
	"testing"
)

// TestTextPositions checks Text's offsets both ways against a []rune
// conversion, for every position of strings around the cache threshold and
// the sparse index's mark spacing, in random order (the cursor moves both
// ways).
func TestTextPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	th := &Thread{} // only its string cache is used
	for _, alpha := range []string{"a", "é", "a€", "😀a", "a中😀é"} {
		ar := []rune(alpha)
		for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 129, 300, 1000} {
			rs := make([]rune, n)
			for i := range rs {
				rs[i] = ar[rng.IntN(len(ar))]
			}
			s := string(rs)
			for _, txt := range []Text{TextOf(s), th.Text(s)} {
				if txt.Len() != n {
					t.Fatalf("%q: Len %d, want %d", s, txt.Len(), n)
				}
				offs := make([]int, n+1)
				for i := range rs {
					offs[i+1] = offs[i] + len(string(rs[i]))
				}
				for _, i := range rng.Perm(n + 1) {
					if got := txt.Offset(i); got != offs[i] {
						t.Fatalf("%d runes of %q: Offset(%d) = %d, want %d", n, alpha, i, got, offs[i])
					}
					j := rng.IntN(n + 1)
					if got := txt.Index(offs[j]); got != j {
						t.Fatalf("%d runes of %q: Index(%d) = %d, want %d", n, alpha, offs[j], got, j)
					}
					lo, hi := min(i, j), max(i, j)
					if got := txt.Sub(lo, hi); got != string(rs[lo:hi]) {
						t.Fatalf("%d runes of %q: Sub(%d, %d) = %q", n, alpha, lo, hi, got)
					}
				}
			}
		}
	}
}
