package interp

import (
	"runtime"
	"strings"
	"testing"
)

// Strings built in one block are ordinary Strs, and stay intact across
// collections whether the value or only the string taken out of it is kept.
func TestStrBlocks(t *testing.T) {
	var vals []Value
	var strs []string
	for i := 0; i < 2000; i++ {
		a := strings.Repeat("ab", i%7)
		b := strings.Repeat("é", i%5)
		vals = append(vals, concatValue(a, b))
		s := joinValue([]string{a, "-", b, "|"}, len(a)+len(b)+2).(Str)
		strs = append(strs, string(s))
	}
	runtime.GC()
	runtime.GC()
	for i := range vals {
		a := strings.Repeat("ab", i%7)
		b := strings.Repeat("é", i%5)
		if got := vals[i].(Str); string(got) != a+b {
			t.Fatalf("concat %d = %q, want %q", i, got, a+b)
		}
		if vals[i] != Value(Str(a+b)) {
			t.Fatalf("concat %d is not == to the plain Str", i)
		}
		if strs[i] != a+"-"+b+"|" {
			t.Fatalf("join %d = %q", i, strs[i])
		}
	}
	if v := concatValue("", ""); v != Value(Str("")) {
		t.Fatalf("empty concat = %#v", v)
	}
	for c := 0; c < 128; c++ {
		if v := charValue(byte(c)); v != Value(Str(string(rune(c)))) {
			t.Fatalf("charValue(%d) = %#v", c, v)
		}
	}
	d := NewDict(0)
	if err := d.Set(concatValue("ke", "y"), Int(1)); err != nil {
		t.Fatal(err)
	}
	if got, ok := d.GetStr("key"); !ok || got != Int(1) {
		t.Fatalf("dict key built by concat: %v %v", got, ok)
	}
}
