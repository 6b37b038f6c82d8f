package interp

import "testing"

// TestSmallTuples checks that tuples built in one allocation behave as
// Tuple values and cost one allocation.
func TestSmallTuples(t *testing.T) {
	for n := 0; n <= 6; n++ {
		elems := make([]Value, n)
		for i := range elems {
			elems[i] = MakeInt(int64(i * 10))
		}
		v := TupleOf(elems...)
		tp, ok := v.(Tuple)
		if !ok || len(tp) != n {
			t.Fatalf("TupleOf(%d elems) = %#v", n, v)
		}
		for i := range tp {
			if tp[i] != elems[i] {
				t.Errorf("element %d = %v, want %v", i, tp[i], elems[i])
			}
		}
		if n > 0 {
			elems[0] = Str("changed")
			if tp[0] == elems[0] {
				t.Errorf("TupleOf shares its argument's storage")
			}
		}
	}
	p := Pair(Str("a"), MakeInt(1))
	if got := Repr(p); got != "('a', 1)" {
		t.Errorf("Repr(Pair) = %s", got)
	}
	k1, err1 := hashKey(p)
	k2, err2 := hashKey(Tuple{Str("a"), MakeInt(1)})
	if err1 != nil || err2 != nil || k1 != k2 {
		t.Errorf("Pair hashes as %v (%v), a plain tuple as %v (%v)", k1, err1, k2, err2)
	}
	ps := Pairs([]Value{MakeInt(1), MakeInt(2)}, []Value{Str("x"), Str("y")})
	if Repr(NewList(ps)) != "[(1, 'x'), (2, 'y')]" {
		t.Errorf("Pairs = %s", Repr(NewList(ps)))
	}
	a, b := Value(Str("a")), Value(Str("b"))
	if n := testing.AllocsPerRun(100, func() { p = Pair(a, b) }); n != 1 {
		t.Errorf("Pair allocates %v times, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { p = TupleOf(a, b, a) }); n != 1 {
		t.Errorf("TupleOf(3) allocates %v times, want 1", n)
	}
}

// TestIntCache checks that integers boxed from the cache are ordinary Int
// values and cost no allocation.
func TestIntCache(t *testing.T) {
	for _, n := range []int64{-6, -5, 0, 1023, 1024, 4095, 4096, 123456, intCacheSize - 1, intCacheSize, 1 << 40, -1 << 40} {
		v := MakeInt(n)
		if x, ok := v.(Int); !ok || int64(x) != n {
			t.Errorf("MakeInt(%d) = %#v", n, v)
		}
		if v != Value(Int(n)) {
			t.Errorf("MakeInt(%d) != Int(%d)", n, n)
		}
		if k, _ := hashKey(v); k != (hkey{k: 1, i: n}) {
			t.Errorf("hashKey(MakeInt(%d)) = %v", n, k)
		}
	}
	var v Value
	if a := testing.AllocsPerRun(100, func() { v = MakeInt(654321) }); a != 0 {
		t.Errorf("MakeInt(654321) allocates %v times", a)
	}
	_ = v
}
