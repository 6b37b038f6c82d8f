package interp

import "unsafe"

// Small tuples in one allocation.
//
// Tuple is a slice type, so turning one into a Value (an interface) copies
// its slice header to the heap: a plain `Value(Tuple{a, b})` is two
// allocations, the elements and the header. Tuples are built in hot loops
// (tuple literals, dict.items(), enumerate, sort keys), so the small ones
// are allocated as one object holding both, and the interface points at the
// header inside it. The header is never written after construction, as Go
// assumes of an interface's data.

type tupleBox1 struct {
	t Tuple
	d [1]Value
}

type tupleBox2 struct {
	t Tuple
	d [2]Value
}

type tupleBox3 struct {
	t Tuple
	d [3]Value
}

type tupleBox4 struct {
	t Tuple
	d [4]Value
}

// iface is the layout of a non-empty interface value.
type iface struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

// tupleTab is the interface table of Tuple as a Value.
var tupleTab = func() unsafe.Pointer {
	var v Value = Tuple{}
	return (*iface)(unsafe.Pointer(&v)).tab
}()

// tupleValue returns the Value of the tuple whose header is *hdr.
func tupleValue(hdr *Tuple) Value {
	var v Value
	p := (*iface)(unsafe.Pointer(&v))
	p.tab, p.data = tupleTab, unsafe.Pointer(hdr)
	return v
}

// newTuple returns a fresh tuple of n elements as a Value and the
// elements, to be filled in before the value is used.
func newTuple(n int) (Value, Tuple) {
	switch n {
	case 1:
		b := &tupleBox1{}
		b.t = b.d[:]
		return tupleValue(&b.t), b.t
	case 2:
		b := &tupleBox2{}
		b.t = b.d[:]
		return tupleValue(&b.t), b.t
	case 3:
		b := &tupleBox3{}
		b.t = b.d[:]
		return tupleValue(&b.t), b.t
	case 4:
		b := &tupleBox4{}
		b.t = b.d[:]
		return tupleValue(&b.t), b.t
	}
	t := make(Tuple, n)
	return t, t
}

// Pair returns the tuple (a, b) as a Value, in one allocation.
func Pair(a, b Value) Value {
	bx := &tupleBox2{d: [2]Value{a, b}}
	bx.t = bx.d[:]
	return tupleValue(&bx.t)
}

// TupleOf returns a tuple holding a copy of elems as a Value (one
// allocation for up to four elements).
func TupleOf(elems ...Value) Value {
	v, t := newTuple(len(elems))
	copy(t, elems)
	return v
}

// Pairs returns the tuples (keys[i], vals[i]) as Values, all in one
// allocation (dict.items()).
func Pairs(keys, vals []Value) []Value {
	boxes := make([]tupleBox2, len(keys))
	out := make([]Value, len(keys))
	for i, k := range keys {
		b := &boxes[i]
		b.d = [2]Value{k, vals[i]}
		b.t = b.d[:]
		out[i] = tupleValue(&b.t)
	}
	return out
}
