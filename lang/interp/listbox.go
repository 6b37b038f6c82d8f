package interp

// Small lists in one allocation.
//
// A List is a header and a backing array: two allocations per list. Lists
// made with a known length (slices, list displays) of up to 16 elements are
// allocated as one object holding the header and an array of 4, 8 or 16
// slots; the list may grow within it, and past it append moves the
// elements out as for any Go slice (the slots left inside stay with the
// header).

type listBox4 struct {
	l List
	d [4]Value
}

type listBox8 struct {
	l List
	d [8]Value
}

type listBox16 struct {
	l List
	d [16]Value
}

// newListLen returns a list of n nil elements, to be filled before use.
// An empty list is a header alone (many stay empty: `[[] for _ in xs]`).
func newListLen(n int) *List {
	switch {
	case n == 0:
		return &List{}
	case n <= 4:
		b := &listBox4{}
		b.l.Elems = b.d[:n]
		return &b.l
	case n <= 8:
		b := &listBox8{}
		b.l.Elems = b.d[:n]
		return &b.l
	case n <= 16:
		b := &listBox16{}
		b.l.Elems = b.d[:n]
		return &b.l
	}
	return &List{Elems: make([]Value, n)}
}
