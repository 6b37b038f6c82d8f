package interp

// hindex maps the normalised keys of a dict to their positions. Integer
// keys (and the bools and integral floats equal to them) and string keys,
// the common ones, get maps of their own: Go hashes an int64 or a string
// key on its fast paths, where a whole hkey costs three hash calls. Each
// map is made on first use.
type hindex struct {
	ints  map[int64]int
	strs  map[string]int
	other map[hkey]int
}

func (x *hindex) get(k hkey) (int, bool) {
	switch k.k {
	case 1:
		i, ok := x.ints[k.i]
		return i, ok
	case 4:
		i, ok := x.strs[k.s]
		return i, ok
	}
	i, ok := x.other[k]
	return i, ok
}

func (x *hindex) set(k hkey, i int) {
	switch k.k {
	case 1:
		if x.ints == nil {
			x.ints = make(map[int64]int)
		}
		x.ints[k.i] = i
	case 4:
		if x.strs == nil {
			x.strs = make(map[string]int)
		}
		x.strs[k.s] = i
	default:
		if x.other == nil {
			x.other = make(map[hkey]int)
		}
		x.other[k] = i
	}
}

func (x *hindex) del(k hkey) {
	switch k.k {
	case 1:
		delete(x.ints, k.i)
	case 4:
		delete(x.strs, k.s)
	default:
		delete(x.other, k)
	}
}

// clone returns a copy of the index.
func (x *hindex) clone() hindex {
	var n hindex
	if len(x.ints) > 0 {
		n.ints = make(map[int64]int, len(x.ints))
		for k, i := range x.ints {
			n.ints[k] = i
		}
	}
	if len(x.strs) > 0 {
		n.strs = make(map[string]int, len(x.strs))
		for k, i := range x.strs {
			n.strs[k] = i
		}
	}
	if len(x.other) > 0 {
		n.other = make(map[hkey]int, len(x.other))
		for k, i := range x.other {
			n.other[k] = i
		}
	}
	return n
}
