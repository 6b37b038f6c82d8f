package interp

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
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

// TestTextPrefixes checks the facts of strings that share their bytes with
// a cached shorter one (s += t appends in place; s[:k] shares s's bytes):
// the cache extends the shorter string's facts over the new tail.
func TestTextPrefixes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, alpha := range []string{"a", "aé", "中😀a"} {
		ar := []rune(alpha)
		rs := make([]rune, 2000)
		for i := range rs {
			rs[i] = ar[rng.IntN(len(ar))]
		}
		full := string(rs)
		th := &Thread{}
		for _, grow := range []bool{true, false} {
			k := 64
			if !grow {
				k = len(rs)
			}
			for k > 0 && k <= len(rs) {
				s := full[:len(string(rs[:k]))]
				txt := th.Text(s)
				if txt.Len() != k {
					t.Fatalf("%q, %d runes: Len %d", alpha, k, txt.Len())
				}
				for _, i := range []int{0, k - 1, rng.IntN(k), k / 2} {
					if got, want := txt.Offset(i), len(string(rs[:i])); got != want {
						t.Fatalf("%q, %d runes: Offset(%d) = %d, want %d", alpha, k, i, got, want)
					}
				}
				if grow {
					k += rng.IntN(150)
				} else {
					k -= rng.IntN(150)
				}
			}
		}
	}
}

// TestStrFacts: the facts of short and long strings, cached ones,
// substrings of cached ones, strings of the same length at other addresses
// and after eviction are those of a scan.
func TestStrFacts(t *testing.T) {
	th := &Thread{}
	long := strings.Repeat("abcdefgh", 40)
	uni := strings.Repeat("héllo wörld ", 40)
	check := func(s string) {
		t.Helper()
		txt := th.Text(s)
		want := utf8.RuneCountInString(s)
		if txt.Len() != want || th.StrLen(s) != want || txt.ASCII() != (want == len(s)) {
			t.Fatalf("Text(%.20q... %d bytes): Len %d, StrLen %d, ASCII %v; want %d", s, len(s), txt.Len(), th.StrLen(s), txt.ASCII(), want)
		}
	}
	for round := 0; round < 3; round++ {
		check("")
		check("short é")
		check(long)
		check(uni)
		check(long[3:200])
		check(uni[1:100])
		check(long + uni) // a fresh string
		// Same length as long, other content, other address.
		check(strings.Repeat("é", len(long)/2))
		for i := 0; i < 2*strCacheWays; i++ { // evict everything
			check(strings.Repeat("x", 64+i))
		}
	}
	var nilTh *Thread
	if n := nilTh.StrLen(uni); n != utf8.RuneCountInString(uni) {
		t.Fatalf("nil thread: %d", n)
	}
}
