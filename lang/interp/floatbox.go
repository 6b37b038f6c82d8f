package interp

import "unsafe"

// Boxed floats in slabs.
//
// A Float in a Value is an interface pointing at an 8-byte heap copy:
// every float result stored in a variable, a field or a list is one small
// allocation (convT64). Float-heavy loops (n-body, spectral norm) allocate
// one per arithmetic statement. The hot paths box through the thread
// instead: a thread hands out the elements of a 16-float slab one by one,
// so sixteen results cost one allocation, and the interface points at its
// element inside the slab. An element is written once, before it is
// handed out, never after (Go assumes an interface's data is immutable).
//
// The cost: a slab stays alive while any of its floats does, so a float
// that outlives the fifteen computed beside it keeps 128 bytes instead of
// 16 (the Go tiny allocator's block). Results kept in bulk (a list filled
// in a loop) are mostly computed one after the other, so they share slabs.

const floatSlabLen = 16

type floatSlab [floatSlabLen]float64

// floatTab is the interface table of Float as a Value.
var floatTab = func() unsafe.Pointer {
	var v Value = Float(1.5)
	return (*iface)(unsafe.Pointer(&v)).tab
}()

// boxFloat returns f as a Value, from the thread's current slab.
func (th *Thread) boxFloat(f float64) Value {
	s, i := th.fslab, th.fnext
	if s == nil || i == floatSlabLen {
		s, i = new(floatSlab), 0
		th.fslab = s
	}
	s[i] = f
	th.fnext = i + 1
	var v Value
	p := (*iface)(unsafe.Pointer(&v))
	p.tab, p.data = floatTab, unsafe.Pointer(&s[i])
	return v
}
