package interp

import (
	"unicode/utf8"
	"unsafe"
)

// What a thread knows about the strings it indexes.
//
// A Str is a Go string: its length in code points and whether it is ASCII
// are not stored, so s[i], s[a:b] and len(s) would scan the whole string
// each time, and a loop walking a string by index (a tokenizer) is
// quadratic. CPython keeps both facts in every string object. Here a thread
// keeps them for the last few long strings it looked at, keyed by the
// string's address and length. An entry holds the string itself, so its
// memory cannot be reused for another string while the entry exists; a
// substring of a cached ASCII string (an address inside it) is ASCII too.
// Short strings are scanned every time.

const (
	strFactsLen = 8  // entries per thread
	strFactsMin = 64 // shorter strings are scanned
)

type strFact struct {
	s     string
	ascii bool
	runes int
}

type strFacts struct {
	e    [strFactsLen]strFact
	next int
}

// StrInfo reports whether s is ASCII and its length in code points, in
// constant time for a string the thread looked at recently.
func (th *Thread) StrInfo(s string) (ascii bool, runes int) {
	if len(s) < strFactsMin || th == nil {
		if isASCII(s) {
			return true, len(s)
		}
		return false, utf8.RuneCountInString(s)
	}
	f := &th.strFacts
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for i := range f.e {
		e := &f.e[i]
		ep := uintptr(unsafe.Pointer(unsafe.StringData(e.s)))
		if ep == p && len(e.s) == len(s) {
			return e.ascii, e.runes
		}
		if e.ascii && p >= ep && p+uintptr(len(s)) <= ep+uintptr(len(e.s)) {
			return true, len(s)
		}
	}
	ascii, runes = true, len(s)
	if !isASCII(s) {
		ascii, runes = false, utf8.RuneCountInString(s)
	}
	f.e[f.next] = strFact{s: s, ascii: ascii, runes: runes}
	f.next = (f.next + 1) % strFactsLen
	return ascii, runes
}

// strIndex implements s[i] for a str.
func (th *Thread) strIndex(s string, i Value) (Value, error) {
	n, ok := asIndex(i)
	if !ok {
		return nil, indexTypeErr("string", i)
	}
	ascii, runes := th.StrInfo(s)
	k, ok := normIndex(int64(n), int64(runes))
	if !ok {
		return nil, Errorf("IndexError", "string index out of range")
	}
	if ascii {
		return charValue(s[k]), nil
	}
	// Walk to code point k (no []rune copy of the whole string).
	for j, r := range s {
		if k == 0 {
			if r < utf8.RuneSelf {
				return charValue(s[j]), nil
			}
			return Str(string(r)), nil
		}
		k--
	}
	return nil, Errorf("IndexError", "string index out of range")
}

// strSlice implements s[lo:hi] (step 1 or None) for an ASCII str; ok is
// false for anything else (Slice handles it).
func (th *Thread) strSlice(s string, lo, hi, step Value) (Value, bool, error) {
	if step != nil && step != None {
		if n, isInt := step.(Int); !isInt || n != 1 {
			return nil, false, nil
		}
	}
	ascii, _ := th.StrInfo(s)
	if !ascii {
		return nil, false, nil
	}
	start, stop, _, err := sliceBounds(lo, hi, step, int64(len(s)))
	if err != nil {
		return nil, true, err
	}
	if stop < start {
		stop = start
	}
	if stop-start == 1 {
		return charValue(s[start]), true, nil
	}
	return Str(s[start:stop]), true, nil
}
