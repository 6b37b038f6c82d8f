package interp

// Struct instances in one allocation.
//
// A StructVal is a header (type, field slice) and the field values: two
// allocations per instance, three with the argument slice of a positional
// construction. Instances of structs with up to 8 fields are allocated as
// one object holding both; the field slice never grows (a struct's fields
// are fixed), so nothing is wasted.

type structBox1 struct {
	v StructVal
	d [1]Value
}

type structBox2 struct {
	v StructVal
	d [2]Value
}

type structBox3 struct {
	v StructVal
	d [3]Value
}

type structBox4 struct {
	v StructVal
	d [4]Value
}

type structBox5 struct {
	v StructVal
	d [5]Value
}

type structBox6 struct {
	v StructVal
	d [6]Value
}

type structBox7 struct {
	v StructVal
	d [7]Value
}

type structBox8 struct {
	v StructVal
	d [8]Value
}

// newInstance returns an instance of s with every field nil, to be filled
// and checked by finishInstance.
func (s *StructType) newInstance() *StructVal {
	switch len(s.Fields) {
	case 1:
		b := &structBox1{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 2:
		b := &structBox2{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 3:
		b := &structBox3{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 4:
		b := &structBox4{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 5:
		b := &structBox5{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 6:
		b := &structBox6{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 7:
		b := &structBox7{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	case 8:
		b := &structBox8{}
		b.v = StructVal{Type: s, Fields: b.d[:]}
		return &b.v
	}
	return &StructVal{Type: s, Fields: make([]Value, len(s.Fields))}
}
