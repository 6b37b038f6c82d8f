package builtins

import (
	"github.com/minidana/dana/lang/interp"
)

// The lazy builtins of SPEC §4.8: enumerate, zip, map, filter and reversed
// return iterators that take their inputs' elements on demand; any and all
// stop at the first deciding element; iter and next drive iterators by hand.

var enumerateSig = signature{name: "enumerate", params: []string{"iterable", "start"}, nreq: 1}

// builtinEnumerate is enumerate(iterable, start=0), lazily.
func builtinEnumerate(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := enumerateSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	it, err := th.Iter(b[0])
	if err != nil {
		return nil, err
	}
	start := int64(0)
	if b[1] != nil {
		if start, err = toIndex(b[1], ""); err != nil {
			return nil, err
		}
	}
	i := start
	return th.Interp().NewTupleIterator("enumerate", 2, func(th *interp.Thread, dst []value) bool {
		x, ok := it.Next(th)
		if !ok {
			return false
		}
		i++
		dst[0], dst[1] = interp.MakeInt(i-1), x
		return true
	}), nil
}

var zipSig = signature{name: "zip", kwOnly: []string{"strict"}}

// builtinZip is zip(*iterables, strict=False), lazily: it stops with the
// shortest input (strict=True requires equal lengths).
func builtinZip(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := zipSig.bind(nil, kw)
	if err != nil {
		return nil, err
	}
	strict := b[0] != nil && interp.Truth(b[0])
	its := make([]*interp.Iterator, len(args))
	for i, a := range args {
		if its[i], err = th.Iter(a); err != nil {
			return nil, err
		}
	}
	if len(its) == 0 {
		return th.Interp().NewIterator("zip", func(th *interp.Thread) (value, bool) { return nil, false }), nil
	}
	return th.Interp().NewTupleIterator("zip", len(its), func(th *interp.Thread, t []value) bool {
		for i, it := range its {
			x, ok := it.Next(th)
			if !ok {
				if strict {
					if i > 0 {
						panic(interp.Errorf("ValueError", "zip() argument %d is shorter than argument%s%s", i+1, plural(i), argList(i)))
					}
					for j := 1; j < len(its); j++ {
						if _, more := its[j].Next(th); more {
							panic(interp.Errorf("ValueError", "zip() argument %d is longer than argument%s%s", j+1, plural(j), argList(j)))
						}
					}
				}
				return false
			}
			t[i] = x
		}
		return true
	}), nil
}

func argList(n int) string {
	if n == 1 {
		return " 1"
	}
	s := "s 1"
	for i := 2; i <= n; i++ {
		if i == n {
			s += "-" + itoa(i)
		}
	}
	return s
}

func itoa(n int) string { return interp.Repr(interp.MakeInt(int64(n))) }

// builtinMap is map(f, *iterables), lazily.
func builtinMap(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if len(kw) > 0 {
		return nil, interp.Errorf("TypeError", "map() takes no keyword arguments")
	}
	if len(args) < 2 {
		return nil, interp.Errorf("TypeError", "map() must have at least two arguments.")
	}
	fn := args[0]
	if !interp.IsCallable(fn) {
		return nil, interp.Errorf("TypeError", "'%s' object is not callable", typeName(fn))
	}
	its := make([]*interp.Iterator, len(args)-1)
	for i, a := range args[1:] {
		var err error
		if its[i], err = th.Iter(a); err != nil {
			return nil, err
		}
	}
	return th.Interp().NewIterator("map", func(th *interp.Thread) (value, bool) {
		if len(its) == 1 {
			x, ok := its[0].Next(th)
			if !ok {
				return nil, false
			}
			v, err := th.Call1(fn, x)
			if err != nil {
				panic(err)
			}
			return v, true
		}
		cargs := make([]value, len(its))
		for i, it := range its {
			x, ok := it.Next(th)
			if !ok {
				return nil, false
			}
			cargs[i] = x
		}
		v, err := th.Call(fn, cargs, nil)
		if err != nil {
			panic(err)
		}
		return v, true
	}), nil
}

// builtinFilter is filter(f, iterable), lazily; f None keeps the truthy
// elements.
func builtinFilter(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("filter", args, kw, 2, 2); err != nil {
		return nil, err
	}
	it, err := th.Iter(args[1])
	if err != nil {
		return nil, err
	}
	fn := args[0]
	return th.Interp().NewIterator("filter", func(th *interp.Thread) (value, bool) {
		for {
			x, ok := it.Next(th)
			if !ok {
				return nil, false
			}
			keep := x
			if !isNone(fn) {
				var err error
				if keep, err = call(th, fn, x); err != nil {
					panic(err)
				}
			}
			if interp.Truth(keep) {
				return x, true
			}
		}
	}), nil
}

// builtinReversed is reversed(sequence): an iterator from the end.
func builtinReversed(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("reversed", args, kw, 1, 1); err != nil {
		return nil, err
	}
	switch args[0].(type) {
	case *interp.Set, *interp.Iterator:
		return nil, interp.Errorf("TypeError", "'%s' object is not reversible", typeName(args[0]))
	}
	if l, ok := args[0].(*interp.List); ok {
		i := len(l.Elems)
		return th.Interp().NewIterator("list_reverseiterator", func(*interp.Thread) (value, bool) {
			if i > len(l.Elems) {
				i = len(l.Elems)
			}
			if i <= 0 {
				return nil, false
			}
			i--
			return l.Elems[i], true
		}), nil
	}
	xs, err := iterate(th, args[0])
	if err != nil {
		return nil, interp.Errorf("TypeError", "'%s' object is not reversible", typeName(args[0]))
	}
	i := len(xs)
	return th.Interp().NewIterator("reversed", func(*interp.Thread) (value, bool) {
		if i == 0 {
			return nil, false
		}
		i--
		return xs[i], true
	}), nil
}

// builtinAny is any(iterable): it stops at the first truthy element.
func builtinAny(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("any", args, kw, 1, 1); err != nil {
		return nil, err
	}
	found := false
	err := th.Each(args[0], func(x value) bool {
		found = interp.Truth(x)
		return !found
	})
	return interp.Bool(found), err
}

// builtinAll is all(iterable): it stops at the first falsy element.
func builtinAll(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("all", args, kw, 1, 1); err != nil {
		return nil, err
	}
	ok := true
	err := th.Each(args[0], func(x value) bool {
		ok = interp.Truth(x)
		return ok
	})
	return interp.Bool(ok), err
}

// builtinIter is iter(iterable), or iter(callable, sentinel): an iterator
// that calls callable with no arguments until it returns sentinel.
func builtinIter(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("iter", args, kw, 1, 2); err != nil {
		return nil, err
	}
	if len(args) == 1 {
		return th.Iter(args[0])
	}
	fn, sentinel := args[0], args[1]
	if !interp.IsCallable(fn) {
		return nil, interp.Errorf("TypeError", "iter(v, w): v must be callable")
	}
	return th.Interp().NewIterator("callable_iterator", func(th *interp.Thread) (value, bool) {
		v, err := th.Call(fn, nil, nil)
		if err != nil {
			if ex, ok := err.(*interp.Exception); ok && ex.Type.Name == "StopIteration" {
				return nil, false
			}
			panic(err)
		}
		if interp.Equal(v, sentinel) {
			return nil, false
		}
		return v, true
	}), nil
}

// builtinNext is next(iterator[, default]): the next element, else the
// default, else StopIteration.
func builtinNext(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("next", args, kw, 1, 2); err != nil {
		return nil, err
	}
	it, ok := args[0].(*interp.Iterator)
	if !ok {
		v, isStruct, err := interp.StructNext(th, args[0])
		if !isStruct {
			return nil, interp.Errorf("TypeError", "'%s' object is not an iterator", typeName(args[0]))
		}
		if ex, isExc := err.(*interp.Exception); isExc && ex.Type.Name == "StopIteration" && len(args) == 2 {
			return args[1], nil
		}
		return v, err
	}
	if v, ok := it.Next(th); ok {
		return v, nil
	}
	if len(args) == 2 {
		return args[1], nil
	}
	return nil, it.StopIteration()
}
