package builtins

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/minidana/dana/lang/interp"
)

// ---------------------------------------------------------------------------
// list

func installListMethods(in *interp.Interpreter) {
	list := func(v value) *interp.List { return v.(*interp.List) }
	register(in, "list", map[string]methodSpec{
		"append": {params: []string{"object"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			l := list(v)
			l.Elems = append(l.Elems, a[0])
			return interp.None, nil
		}},
		"extend": {params: []string{"iterable"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			xs, err := iterate(th, a[0])
			if err != nil {
				return nil, err
			}
			l := list(v)
			l.Elems = append(l.Elems, xs...)
			return interp.None, nil
		}},
		"insert": {params: []string{"index", "object"}, nreq: 2, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			i, err := toIndex(a[0], "")
			if err != nil {
				return nil, err
			}
			l := list(v)
			n := int64(len(l.Elems))
			if i < 0 {
				i = max(i+n, 0)
			}
			i = min(i, n)
			l.Elems = append(l.Elems, nil)
			copy(l.Elems[i+1:], l.Elems[i:])
			l.Elems[i] = a[1]
			return interp.None, nil
		}},
		"pop": {params: []string{"index"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			l := list(v)
			n := int64(len(l.Elems))
			if n == 0 {
				return nil, interp.Errorf("IndexError", "pop from empty list")
			}
			i := n - 1
			if a[0] != nil {
				var err error
				if i, err = toIndex(a[0], ""); err != nil {
					return nil, err
				}
				if i < 0 {
					i += n
				}
				if i < 0 || i >= n {
					return nil, interp.Errorf("IndexError", "pop index out of range")
				}
			}
			x := l.Elems[i]
			copy(l.Elems[i:], l.Elems[i+1:])
			l.Elems[n-1] = nil
			l.Elems = l.Elems[:n-1]
			return x, nil
		}},
		"remove": {params: []string{"value"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			l := list(v)
			for i, e := range l.Elems {
				if th.Equal(e, a[0]) {
					l.Elems = append(l.Elems[:i], l.Elems[i+1:]...)
					return interp.None, nil
				}
			}
			return nil, interp.Errorf("ValueError", "list.remove(x): x not in list")
		}},
		"index": {params: []string{"value", "start", "stop"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return seqIndex(th, "list", list(v).Elems, a)
		}},
		"count": {params: []string{"value"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return seqCount(th, list(v).Elems, a[0]), nil
		}},
		"sort": {kwOnly: []string{"key", "reverse"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			l := list(v)
			out, err := sortValues(th, l.Elems, a[0], a[1] != nil && interp.Truth(a[1]))
			if err != nil {
				return nil, err
			}
			l.Elems = out
			return interp.None, nil
		}},
		"reverse": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			e := list(v).Elems
			for i, j := 0, len(e)-1; i < j; i, j = i+1, j-1 {
				e[i], e[j] = e[j], e[i]
			}
			return interp.None, nil
		}},
		"copy": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return interp.NewList(append([]value{}, list(v).Elems...)), nil
		}},
		"clear": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			list(v).Elems = []value{}
			return interp.None, nil
		}},
	})
}

// seqIndex implements list.index and tuple.index.
func seqIndex(th *interp.Thread, typ string, xs []value, a []value) (value, error) {
	lo, hi, err := span(a[1], a[2], len(xs))
	if err != nil {
		return nil, err
	}
	for i := lo; i < hi; i++ {
		if th.Equal(xs[i], a[0]) {
			return interp.MakeInt(int64(i)), nil
		}
	}
	if typ == "tuple" {
		return nil, interp.Errorf("ValueError", "tuple.index(x): x not in tuple")
	}
	return nil, interp.Errorf("ValueError", "%s is not in list", interp.Repr(a[0]))
}

func seqCount(th *interp.Thread, xs []value, x value) value {
	n := 0
	for _, e := range xs {
		if th.Equal(e, x) {
			n++
		}
	}
	return interp.MakeInt(int64(n))
}

// ---------------------------------------------------------------------------
// tuple

func installTupleMethods(in *interp.Interpreter) {
	register(in, "tuple", map[string]methodSpec{
		"index": {params: []string{"value", "start", "stop"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return seqIndex(th, "tuple", v.(interp.Tuple), a)
		}},
		"count": {params: []string{"value"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return seqCount(th, v.(interp.Tuple), a[0]), nil
		}},
	})
}

// ---------------------------------------------------------------------------
// range

// installRangeMethods adds range.index and range.count, computed from the
// range's bounds (no walk over its elements).
func installRangeMethods(in *interp.Interpreter) {
	register(in, "range", map[string]methodSpec{
		"index": {params: []string{"value"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			r := v.(*interp.Range)
			if in, _ := interp.Contains(r, a[0]); in {
				i, err := toIndex(a[0], "")
				if err != nil { // a float equal to an element: 2.0
					f, _ := a[0].(interp.Float)
					i = int64(f)
				}
				return interp.MakeInt((i - r.Start) / r.Step), nil
			}
			return nil, interp.Errorf("ValueError", "%s is not in range", interp.Repr(a[0]))
		}},
		"count": {params: []string{"value"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			if in, _ := interp.Contains(v, a[0]); in {
				return interp.MakeInt(1), nil
			}
			return interp.MakeInt(0), nil
		}},
	})
}

// ---------------------------------------------------------------------------
// dict

func keyError(k value) error { return interp.KeyErrorOf(k) }

func installDictMethods(in *interp.Interpreter) {
	dict := func(v value) *interp.Dict { return v.(*interp.Dict) }
	register(in, "dict", map[string]methodSpec{
		"get": {params: []string{"key", "default"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			x, ok, err := dict(v).Get(a[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return x, nil
			}
			if a[1] == nil {
				return interp.None, nil
			}
			return a[1], nil
		}},
		"keys": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return &interp.DictView{D: dict(v), Kind: interp.KeysView}, nil
		}},
		"values": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return &interp.DictView{D: dict(v), Kind: interp.ValuesView}, nil
		}},
		"items": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return &interp.DictView{D: dict(v), Kind: interp.ItemsView}, nil
		}},
		"pop": {params: []string{"key", "default"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			x, ok, err := dict(v).Delete(a[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return x, nil
			}
			if a[1] != nil {
				return a[1], nil
			}
			return nil, keyError(a[0])
		}},
		"popitem": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			d := dict(v)
			if d.Len() == 0 {
				return nil, interp.Errorf("KeyError", "'popitem(): dictionary is empty'")
			}
			k := d.Keys()[d.Len()-1]
			x, _, err := d.Delete(k)
			if err != nil {
				return nil, err
			}
			return interp.Pair(k, x), nil
		}},
		"setdefault": {params: []string{"key", "default"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			d := dict(v)
			x, ok, err := d.Get(a[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return x, nil
			}
			def := a[1]
			if def == nil {
				def = interp.None
			}
			if err := d.Set(a[0], def); err != nil {
				return nil, err
			}
			return def, nil
		}},
		"copy": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return dict(v).Copy(), nil
		}},
		"clear": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			dict(v).Clear()
			return interp.None, nil
		}},
	})
	registerRaw(in, "dict", map[string]func(th *interp.Thread, self value, args []value, kw kwargs) (value, error){
		"update": func(th *interp.Thread, v value, args []value, kw kwargs) (value, error) {
			if len(args) > 1 {
				return nil, interp.Errorf("TypeError", "update expected at most 1 argument, got %d", len(args))
			}
			d := dict(v)
			if len(args) == 1 {
				if err := dictUpdate(th, d, args[0]); err != nil {
					return nil, err
				}
			}
			for _, k := range kw {
				d.SetStr(k.Name, k.Value)
			}
			return interp.None, nil
		},
	})
}

// ---------------------------------------------------------------------------
// set

// toSet returns the elements of an iterable argument of a set method as a
// set (the value itself when it is one).
func toSet(th *interp.Thread, v value) (*interp.Set, error) {
	if s, ok := v.(*interp.Set); ok {
		return s, nil
	}
	xs, err := iterate(th, v)
	if err != nil {
		return nil, err
	}
	s := interp.NewSet()
	for _, x := range xs {
		if err := s.Add(x); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func has(s *interp.Set, x value) bool {
	ok, _ := s.Has(x)
	return ok
}

// clearSet removes every element, last first (each removal is then O(1)).
func clearSet(s *interp.Set) {
	for s.Len() > 0 {
		e := s.Elems()
		_, _ = s.Remove(e[len(e)-1])
	}
}

// replaceSet makes s hold exactly the elements of src.
func replaceSet(s *interp.Set, src []value) {
	keep := append([]value(nil), src...)
	clearSet(s)
	for _, x := range keep {
		_ = s.Add(x)
	}
}

func installSetMethods(in *interp.Interpreter) {
	set := func(v value) *interp.Set { return v.(*interp.Set) }
	setMethods := map[string]methodSpec{
		"add": {params: []string{"elem"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return interp.None, set(v).Add(a[0])
		}},
		"remove": {params: []string{"elem"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			ok, err := set(v).Remove(a[0])
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, keyError(a[0])
			}
			return interp.None, nil
		}},
		"discard": {params: []string{"elem"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			_, err := set(v).Remove(a[0])
			return interp.None, err
		}},
		"pop": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			s := set(v)
			if s.Len() == 0 {
				return nil, interp.Errorf("KeyError", "'pop from an empty set'")
			}
			x := s.Elems()[0]
			_, _ = s.Remove(x)
			return x, nil
		}},
		"clear": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			clearSet(set(v))
			return interp.None, nil
		}},
		"copy": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return set(v).Copy(), nil
		}},
		"symmetric_difference": {params: []string{"other"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			o, err := toSet(th, a[0])
			if err != nil {
				return nil, err
			}
			return interp.Binary("^", set(v), o)
		}},
		"symmetric_difference_update": {params: []string{"other"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			o, err := toSet(th, a[0])
			if err != nil {
				return nil, err
			}
			r, err := interp.Binary("^", set(v), o)
			if err != nil {
				return nil, err
			}
			replaceSet(set(v), r.(*interp.Set).Elems())
			return interp.None, nil
		}},
		"issubset": {params: []string{"other"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			o, err := toSet(th, a[0])
			if err != nil {
				return nil, err
			}
			for _, x := range set(v).Elems() {
				if !has(o, x) {
					return boolv(false), nil
				}
			}
			return boolv(true), nil
		}},
		"issuperset": {params: []string{"other"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			o, err := toSet(th, a[0])
			if err != nil {
				return nil, err
			}
			for _, x := range o.Elems() {
				if !has(set(v), x) {
					return boolv(false), nil
				}
			}
			return boolv(true), nil
		}},
		"isdisjoint": {params: []string{"other"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			o, err := toSet(th, a[0])
			if err != nil {
				return nil, err
			}
			for _, x := range set(v).Elems() {
				if has(o, x) {
					return boolv(false), nil
				}
			}
			return boolv(true), nil
		}},
	}
	register(in, "set", setMethods)
	// A frozenset has the methods that do not mutate (Python).
	frozen := map[string]methodSpec{}
	for _, name := range []string{"copy", "symmetric_difference", "issubset", "issuperset", "isdisjoint"} {
		frozen[name] = setMethods[name]
	}
	register(in, "frozenset", frozen)
	// Methods taking any number of iterables.
	multi := func(name string, op string, update bool) func(th *interp.Thread, v value, args []value, kw kwargs) (value, error) {
		return func(th *interp.Thread, v value, args []value, kw kwargs) (value, error) {
			if err := noKwargs("set."+name, kw); err != nil {
				return nil, err
			}
			var acc value = set(v).Copy()
			for _, a := range args {
				o, err := toSet(th, a)
				if err != nil {
					return nil, err
				}
				if acc, err = interp.Binary(op, acc, o); err != nil {
					return nil, err
				}
			}
			if update {
				replaceSet(set(v), acc.(*interp.Set).Elems())
				return interp.None, nil
			}
			return acc, nil
		}
	}
	registerRaw(in, "frozenset", map[string]func(th *interp.Thread, self value, args []value, kw kwargs) (value, error){
		"union":        multi("union", "|", false),
		"intersection": multi("intersection", "&", false),
		"difference":   multi("difference", "-", false),
	})
	registerRaw(in, "set", map[string]func(th *interp.Thread, self value, args []value, kw kwargs) (value, error){
		"union":               multi("union", "|", false),
		"intersection":        multi("intersection", "&", false),
		"difference":          multi("difference", "-", false),
		"update":              multi("update", "|", true),
		"intersection_update": multi("intersection_update", "&", true),
		"difference_update":   multi("difference_update", "-", true),
	})
}

// ---------------------------------------------------------------------------
// int and float

func installNumberMethods(in *interp.Interpreter) {
	register(in, "int", map[string]methodSpec{
		"bit_length": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return interp.MakeInt(int64(new(big.Int).Abs(bigOfInt(v)).BitLen())), nil
		}},
		"bit_count": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			n := 0
			for _, w := range new(big.Int).Abs(bigOfInt(v)).Bits() {
				n += bits.OnesCount(uint(w))
			}
			return interp.MakeInt(int64(n)), nil
		}},
		"as_integer_ratio": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return interp.Tuple{v, interp.MakeInt(1)}, nil
		}},
		"conjugate": {fn: func(th *interp.Thread, v value, a []value) (value, error) { return v, nil }},
	})
	register(in, "float", map[string]methodSpec{
		"as_integer_ratio": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			f := float64(v.(interp.Float))
			if math.IsInf(f, 0) {
				return nil, interp.Errorf("OverflowError", "cannot convert Infinity to integer ratio")
			}
			if math.IsNaN(f) {
				return nil, interp.Errorf("ValueError", "cannot convert NaN to integer ratio")
			}
			r := new(big.Rat).SetFloat64(f) // exact: a float is a binary fraction
			return interp.Tuple{interp.MakeBig(new(big.Int).Set(r.Num())), interp.MakeBig(new(big.Int).Set(r.Denom()))}, nil
		}},
		"conjugate": {fn: func(th *interp.Thread, v value, a []value) (value, error) { return v, nil }},
		"is_integer": {fn: func(th *interp.Thread, v value, a []value) (value, error) {
			f := float64(v.(interp.Float))
			return boolv(!math.IsInf(f, 0) && f == math.Trunc(f)), nil
		}},
	})
}
