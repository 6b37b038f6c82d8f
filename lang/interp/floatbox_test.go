package interp

import "testing"

// Floats boxed from slabs are ordinary Floats: the type switch, equality,
// hashing and formatting see the value, and a slab handed out whole leaves
// every earlier value intact.
func TestBoxFloat(t *testing.T) {
	th := &Thread{}
	var vs []Value
	for i := 0; i < 5*floatSlabLen+3; i++ {
		vs = append(vs, th.boxFloat(float64(i)+0.5))
	}
	for i, v := range vs {
		f, ok := v.(Float)
		if !ok || float64(f) != float64(i)+0.5 {
			t.Fatalf("value %d = %#v, want Float(%v)", i, v, float64(i)+0.5)
		}
		if v != Value(Float(float64(i)+0.5)) {
			t.Fatalf("value %d != the plainly boxed Float", i)
		}
	}
	d := NewDict(0)
	if err := d.Set(vs[3], Str("x")); err != nil {
		t.Fatal(err)
	}
	if got, ok, _ := d.Get(Float(3.5)); !ok || got != Str("x") {
		t.Fatalf("dict lookup by an equal plain Float: %v %v", got, ok)
	}
	if s := Repr(vs[1]); s != "1.5" {
		t.Fatalf("Repr = %q", s)
	}
}
