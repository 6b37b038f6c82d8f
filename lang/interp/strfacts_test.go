package interp

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// StrInfo answers what a scan would, for short and long strings, cached
// ones, substrings of cached ones and strings of the same length at other
// addresses.
func TestStrInfo(t *testing.T) {
	th := &Thread{}
	long := strings.Repeat("abcdefgh", 40)
	uni := strings.Repeat("héllo wörld ", 40)
	check := func(s string) {
		t.Helper()
		ascii, n := th.StrInfo(s)
		wantASCII := isASCII(s)
		if ascii != wantASCII || n != utf8.RuneCountInString(s) {
			t.Fatalf("StrInfo(%.20q... %d bytes) = %v, %d; want %v, %d", s, len(s), ascii, n, wantASCII, utf8.RuneCountInString(s))
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
		for i := 0; i < 2*strFactsLen; i++ { // evict everything
			check(strings.Repeat("x", 64+i))
		}
	}
	var nilTh *Thread
	if ascii, n := nilTh.StrInfo(long); !ascii || n != len(long) {
		t.Fatalf("nil thread: %v %d", ascii, n)
	}
}
