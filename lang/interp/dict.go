package interp

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// hkey is the normalised hash key of a value: values that are equal in
// Python (1 == 1.0 == True) share a key.
type hkey struct {
	k uint8
	i int64
	s string
}

// maxTupleKey bounds the size of a tuple's key (the encoding of its items)
// and so the time and memory hashing it takes.
const maxTupleKey = 16 << 20

// HashKey returns the normalised key of a hashable value, or a TypeError for
// unhashable values (lists, dicts, sets, structs with __eq__ but no
// __hash__).
func hashKey(v Value) (hkey, error) { return hashKeyDepth(v, 0) }

func hashKeyDepth(v Value, depth int) (hkey, error) {
	switch x := v.(type) {
	case Int:
		return hkey{k: 1, i: int64(x)}, nil
	case Bool:
		if x {
			return hkey{k: 1, i: 1}, nil
		}
		return hkey{k: 1}, nil
	case Str:
		return hkey{k: 4, s: string(x)}, nil
	case Float:
		f := float64(x)
		if f == math.Trunc(f) && math.Abs(f) < 9.2e18 {
			return hkey{k: 1, i: int64(f)}, nil
		}
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			b, _ := bigFromFloat(f)
			return hkey{k: 3, s: bigKey(b)}, nil
		}
		return hkey{k: 2, i: int64(math.Float64bits(f))}, nil
	case *BigInt:
		return hkey{k: 3, s: bigKey(x.V)}, nil
	case NoneType:
		return hkey{k: 5}, nil
	case Tuple:
		if depth > MaxWalkDepth {
			return hkey{}, recursionError("while hashing")
		}
		var b strings.Builder
		for _, e := range x {
			ek, err := hashKeyDepth(e, depth+1)
			if err != nil {
				return hkey{}, err
			}
			b.WriteByte(ek.k)
			b.WriteString(strconv.FormatInt(ek.i, 36))
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(len(ek.s)))
			b.WriteByte(':')
			b.WriteString(ek.s)
			if b.Len() > maxTupleKey {
				// A tuple whose items share sub-tuples has a key exponential
				// in its depth: refuse it before it eats the memory.
				return hkey{}, Errorf("MemoryError", "tuple too large to hash (more than %d MiB of items)", maxTupleKey>>20)
			}
		}
		return hkey{k: 6, s: b.String()}, nil
	case *Set:
		if !x.Frozen {
			return hkey{}, Errorf("TypeError", "unhashable type: 'set'")
		}
		if depth > MaxWalkDepth {
			return hkey{}, recursionError("while hashing")
		}
		// Equal frozensets hash alike whatever their order: the sorted
		// encodings of their elements' keys.
		parts := make([]string, 0, x.Len())
		for _, e := range x.Elems() {
			ek, err := hashKeyDepth(e, depth+1)
			if err != nil {
				return hkey{}, err
			}
			parts = append(parts, string(rune('a'+ek.k))+strconv.FormatInt(ek.i, 36)+":"+strconv.Itoa(len(ek.s))+":"+ek.s)
		}
		sort.Strings(parts)
		return hkey{k: 8, s: strings.Join(parts, "")}, nil
	case *StructVal:
		return structKey(x, depth)
	case *Range:
		c := x.Canonical()
		return hkey{k: 11, i: c[0], s: strconv.FormatInt(c[1], 10) + ":" + strconv.FormatInt(c[2], 10)}, nil
	case *List, *Dict:
		return hkey{}, Errorf("TypeError", "unhashable type: '%s'", v.TypeName())
	}
	return hkey{k: 7, s: fmt.Sprintf("%p", v)}, nil
}

// bigKey encodes a big integer for hkey in linear time (its sign and
// magnitude bytes; decimal text would cost quadratic time for huge ones).
func bigKey(b *big.Int) string {
	if b.Sign() < 0 {
		return "-" + string(b.Bytes())
	}
	return "+" + string(b.Bytes())
}

// Dict is an insertion-ordered dictionary shared by reference.
type Dict struct {
	keys  []Value
	vals  []Value
	index hindex
	// holes counts deleted entries still present as nil in keys/vals;
	// they are squeezed out lazily (see compact), so deleting is O(1)
	// amortised and iteration still sees insertion order.
	holes int
	// keysVersion changes whenever a key is added or removed, so that a
	// loop over the dict notices keys that changed while its size did not.
	keysVersion uint64
}

// compact removes the holes left by deletions.
func (d *Dict) compact() {
	if d.holes == 0 {
		return
	}
	j := 0
	for i, k := range d.keys {
		if k == nil {
			continue
		}
		if i != j {
			d.keys[j], d.vals[j] = k, d.vals[i]
			hk, _ := hashKey(k)
			if hk.k == kHashed {
				hk = d.slotOf(hk, i)
			}
			d.index.set(hk, j)
		}
		j++
	}
	clear(d.keys[j:])
	clear(d.vals[j:])
	d.keys, d.vals = d.keys[:j], d.vals[:j]
	d.holes = 0
}

// NewDict returns an empty dict with room for n entries.
func NewDict(n int) *Dict {
	if n <= 0 {
		return &Dict{}
	}
	return &Dict{keys: make([]Value, 0, n), vals: make([]Value, 0, n)}
}

// Len returns the number of entries.
func (d *Dict) Len() int { return len(d.keys) - d.holes }

// Get returns the value stored under k.
func (d *Dict) Get(k Value) (Value, bool, error) {
	hk, err := hashKey(k)
	if err != nil {
		return nil, false, err
	}
	i, ok := d.index.get(hk)
	if hk.k == kHashed {
		_, i, ok = d.chain(hk, k)
	}
	if !ok {
		return nil, false, nil
	}
	return d.vals[i], true, nil
}

// GetStr returns the value stored under the string key k.
func (d *Dict) GetStr(k string) (Value, bool) {
	i, ok := d.index.strs[k]
	if !ok {
		return nil, false
	}
	return d.vals[i], true
}

// Set stores v under k, keeping the position of an existing key.
func (d *Dict) Set(k, v Value) error {
	hk, err := hashKey(k)
	if err != nil {
		return err
	}
	i, ok := d.index.get(hk)
	if hk.k == kHashed {
		hk, i, ok = d.chain(hk, k)
	}
	if ok {
		d.vals[i] = v
		return nil
	}
	d.index.set(hk, len(d.keys))
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	d.keysVersion++
	return nil
}

// SetStr stores v under the string key k.
func (d *Dict) SetStr(k string, v Value) { _ = d.Set(Str(k), v) }

// Delete removes k and reports whether it was present.
func (d *Dict) Delete(k Value) (Value, bool, error) {
	hk, err := hashKey(k)
	if err != nil {
		return nil, false, err
	}
	i, ok := d.index.get(hk)
	if hk.k == kHashed {
		hk, i, ok = d.chain(hk, k)
	}
	if !ok {
		return nil, false, nil
	}
	v := d.vals[i]
	d.keysVersion++
	if hk.k == kHashed {
		d.unchain(hk)
	} else {
		d.index.del(hk)
	}
	d.keys[i], d.vals[i] = nil, nil
	d.holes++
	// Trailing holes are dropped at once; others are squeezed out when
	// they outnumber the live entries or when the entries are read in order.
	for n := len(d.keys); n > 0 && d.keys[n-1] == nil; n-- {
		d.keys, d.vals = d.keys[:n-1], d.vals[:n-1]
		d.holes--
	}
	if d.holes > 16 && d.holes*2 > len(d.keys) {
		d.compact()
	}
	return v, true, nil
}

// Keys returns the keys in insertion order (the slice must not be modified).
func (d *Dict) Keys() []Value {
	d.compact()
	return d.keys
}

// Values returns the values in insertion order (the slice must not be
// modified).
func (d *Dict) Values() []Value {
	d.compact()
	return d.vals
}

// Clear removes every entry.
func (d *Dict) Clear() {
	d.keysVersion++
	d.keys, d.vals = nil, nil
	d.holes = 0
	d.index = hindex{}
}

// Copy returns a shallow copy.
func (d *Dict) Copy() *Dict {
	d.compact()
	return &Dict{keys: append([]Value(nil), d.keys...), vals: append([]Value(nil), d.vals...), index: d.index.clone()}
}

// Set is a set of hashable values (insertion-ordered for stable printing):
// a mutable set, or a frozenset when Frozen (immutable and hashable).
type Set struct {
	d *Dict
	// Frozen marks a frozenset: its methods do not mutate and it hashes.
	Frozen bool
}

// NewFrozenSet returns an empty frozenset (fill it with Add before sharing).
func NewFrozenSet() *Set { return &Set{d: NewDict(0), Frozen: true} }

// NewSet returns an empty set.
func NewSet() *Set { return &Set{d: NewDict(0)} }

// Len returns the number of elements.
func (s *Set) Len() int { return s.d.Len() }

// Add inserts v.
func (s *Set) Add(v Value) error { return s.d.Set(v, None) }

// Has reports membership.
func (s *Set) Has(v Value) (bool, error) {
	_, ok, err := s.d.Get(v)
	return ok, err
}

// Remove deletes v and reports whether it was present.
func (s *Set) Remove(v Value) (bool, error) {
	_, ok, err := s.d.Delete(v)
	return ok, err
}

// Elems returns the elements in insertion order (must not be modified).
func (s *Set) Elems() []Value { return s.d.Keys() }

// Copy returns a shallow copy (of the same kind).
func (s *Set) Copy() *Set { return &Set{d: s.d.Copy(), Frozen: s.Frozen} }

// ViewKind says which part of a dict a DictView shows.
type ViewKind uint8

// The views of dict.keys(), dict.values() and dict.items().
const (
	KeysView ViewKind = iota
	ValuesView
	ItemsView
)

// DictView is the live view dict.keys(), dict.values() or dict.items()
// returns (SPEC §4.8): it reads the dict each time it is used, so it sees
// later changes. Keys and items views are set-like (`&`, `|`, `-`, `^`,
// comparison with sets).
type DictView struct {
	D    *Dict
	Kind ViewKind
}

// TypeName returns dict_keys, dict_values or dict_items.
func (v *DictView) TypeName() string {
	switch v.Kind {
	case KeysView:
		return "dict_keys"
	case ValuesView:
		return "dict_values"
	}
	return "dict_items"
}

// Len returns the dict's length.
func (v *DictView) Len() int { return v.D.Len() }

// Elements returns a snapshot of the view's elements (for items, (key,
// value) tuples).
func (v *DictView) Elements() ([]Value, error) {
	switch v.Kind {
	case KeysView:
		return append([]Value(nil), v.D.Keys()...), nil
	case ValuesView:
		return append([]Value(nil), v.D.Values()...), nil
	}
	return Pairs(v.D.Keys(), v.D.Values()), nil
}

// Has implements `x in view`.
func (v *DictView) Has(x Value) (bool, error) { return v.has(x, nil) }

// has is Has, charging th (when not nil) for the values it compares.
func (v *DictView) has(x Value, th *Thread) (bool, error) {
	switch v.Kind {
	case KeysView:
		_, ok, err := v.D.Get(x)
		return ok, err
	case ItemsView:
		t, ok := x.(Tuple)
		if !ok || len(t) != 2 {
			return false, nil
		}
		val, ok, err := v.D.Get(t[0])
		if err != nil || !ok {
			return false, nil
		}
		return identical(val, t[1]) || equal(val, t[1], 0, th), nil
	}
	charge(th, v.D.Len())
	for _, e := range v.D.Values() {
		if identical(e, x) || equal(e, x, 0, th) {
			return true, nil
		}
	}
	return false, nil
}

// asSet returns a set-like value (a set, or a keys or items view) as a
// set; ok is false for anything else.
func asSet(v Value) (s *Set, ok bool, err error) {
	switch x := v.(type) {
	case *Set:
		return x, true, nil
	case *DictView:
		if x.Kind == ValuesView {
			return nil, false, nil
		}
		elems, _ := x.Elements()
		s, err := setOf(elems)
		return s, err == nil, err
	}
	return nil, false, nil
}

// setOf builds a set from elements (TypeError for an unhashable one).
func setOf(elems []Value) (*Set, error) {
	s := NewSet()
	for _, e := range elems {
		if err := s.Add(e); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Keys of struct values. A struct that defines __hash__ hashes with it and
// compares with __eq__, as a Python object does: its key is kHashed with
// the hash, and equal hashes of unequal values are told apart by a chain of
// slots in the dict's index (s = "", "1", "2", ...), each checked with
// Equal. A struct that defines neither hashes by its fields when they all
// hold immutable values (a coordinate, as a frozen dataclass: an equal
// instance finds it), else by identity, as an object of a plain Python
// class (a graph node with a list of edges in a visited set); one that
// defines __eq__ alone is unhashable, as in Python. (A value-like struct
// changed after it became a key is not found again: the price of not
// knowing whether the Python original was a frozen dataclass or a class.)
const (
	kHashed   = 9
	kIdentity = 10
	kFields   = 12
)

// structKey is the hkey of a struct value.
func structKey(v *StructVal, depth int) (hkey, error) {
	if r, ok, err := callDunder(nil, v, "__hash__"); ok {
		if err != nil {
			return hkey{}, err
		}
		h, err := dunderHash(r)
		if err != nil {
			return hkey{}, err
		}
		return hkey{k: kHashed, i: h}, nil
	}
	if _, ok := v.Type.Methods["__eq__"]; ok {
		return hkey{}, Errorf("TypeError", "unhashable type: '%s'", v.TypeName())
	}
	if immutableFields(v, 0) {
		fk, err := hashKeyDepth(Tuple(v.Fields), depth+1)
		if err != nil {
			return hkey{}, err
		}
		return hkey{k: kFields, s: v.Type.Name + "\x00" + fk.s, i: int64(len(v.Type.Name))}, nil
	}
	return hkey{k: kIdentity, i: int64(uintptr(unsafe.Pointer(v)))}, nil
}

// HashesByFields reports whether the struct value is a dict key by its
// fields (see structKey): no __hash__ or __eq__, immutable field values.
func (v *StructVal) HashesByFields() bool {
	_, h := v.Type.Methods["__hash__"]
	_, e := v.Type.Methods["__eq__"]
	return !h && !e && immutableFields(v, 0)
}

// immutableFields reports whether every field of v holds an immutable
// value (numbers, strings, None, tuples and frozensets of such, enum
// members, structs of such): a value object such as a coordinate.
func immutableFields(v *StructVal, depth int) bool {
	if depth > 8 {
		return false
	}
	var imm func(x Value) bool
	imm = func(x Value) bool {
		switch y := x.(type) {
		case Int, *BigInt, Float, Bool, Str, NoneType, *EnumMember:
			return true
		case Tuple:
			for _, e := range y {
				if !imm(e) {
					return false
				}
			}
			return true
		case *Set:
			return y.Frozen
		case *StructVal:
			_, h := y.Type.Methods["__hash__"]
			_, e := y.Type.Methods["__eq__"]
			return h || (!e && immutableFields(y, depth+1))
		}
		return false
	}
	for _, f := range v.Fields {
		if !imm(f) {
			return false
		}
	}
	return true
}

// dunderHash checks what __hash__ returned (an int) and reduces it to 64
// bits.
func dunderHash(r Value) (int64, error) {
	switch h := r.(type) {
	case Int:
		return int64(h), nil
	case Bool:
		if h {
			return 1, nil
		}
		return 0, nil
	case *BigInt:
		return new(big.Int).Mod(h.V, big.NewInt(math.MaxInt64)).Int64(), nil
	}
	return 0, Errorf("TypeError", "__hash__ method should return an integer")
}

// chain finds the slot of key k (whose hkey hk is kHashed) in the index:
// the slot holding an equal key (ok), else the first free slot of the chain.
func (d *Dict) chain(hk hkey, k Value) (slot hkey, i int, ok bool) {
	for n := 0; ; n++ {
		hk.s = chainSlot(n)
		i, ok := d.index.get(hk)
		if !ok {
			return hk, 0, false
		}
		if d.keys[i] == k || Equal(d.keys[i], k) {
			return hk, i, true
		}
	}
}

// unchain removes slot hk from its chain, moving the chain's last entry into
// it so that the chain has no gap.
func (d *Dict) unchain(hk hkey) {
	last := hk
	for n := 0; ; n++ {
		s := hkey{k: hk.k, i: hk.i, s: chainSlot(n)}
		if _, ok := d.index.get(s); !ok {
			break
		}
		last = s
	}
	if last != hk {
		i, _ := d.index.get(last)
		d.index.set(hk, i)
	}
	d.index.del(last)
}

// slotOf returns the slot of hk's chain that points at position i.
func (d *Dict) slotOf(hk hkey, i int) hkey {
	for n := 0; ; n++ {
		hk.s = chainSlot(n)
		j, ok := d.index.get(hk)
		if !ok || j == i {
			return hk
		}
	}
}

func chainSlot(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
