package interp

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// String positions: the one owner of code point index <-> byte offset.
//
// A str is a Go string (UTF-8 bytes); Python indexes it by code point. An
// ASCII string's code points are its bytes, so s[i], s[a:b] and len(s) are
// O(1) once the string is known to be ASCII; any other string needs its
// code point count and the byte offset of a code point. Finding either by
// scanning from the start makes every s[i], len(s) or s.startswith(p, i)
// O(len(s)), and a loop walking a string by index quadratic (a tokenizer
// over 340 kB took minutes).
//
// Text is the code point view of one string. Strings shorter than
// strCacheMin bytes are scanned (cheaper than a look-up). Longer ones get
// their facts from the thread's strCache, computed once per string: the
// code point count, and for a string that is not ASCII a sparse index of
// the byte offset of every markEvery-th code point plus a cursor at the
// last position found. Offset is then O(1) for ASCII, and for other text
// at most markEvery/2 code points of walking from a mark (or a few from the
// cursor, when a loop walks the string), as CPython's fixed-width strings
// are O(1).
//
// The cache is keyed by the string's data pointer and length (a string
// whose bytes lie inside a cached ASCII string is ASCII) and holds the
// string itself, so its bytes are not reused while the entry lives (Go
// strings are immutable: two live strings with one data pointer and length
// are equal). It has strCacheWays entries per thread, evicted least
// recently used; Alloc drops it before deciding that the heap is full.

const (
	strCacheMin  = 64 // bytes: shorter strings are scanned
	strCacheWays = 4
	markShift    = 6 // a mark every 64 code points
	markEvery    = 1 << markShift
)

// strFacts are the facts of one long string.
type strFacts struct {
	s     string
	n     int   // code points
	marks []int // byte offset of code point k<<markShift, k <= n>>markShift; nil for ASCII
	// cursor: the byte offset curB of code point curR, the last found.
	curR, curB int
	used       uint64 // recency, for eviction
}

// strCache is a thread's cache of strFacts.
type strCache struct {
	e    [strCacheWays]*strFacts
	last int // the entry that hit last, tried first
	tick uint64
}

// Text is a string seen as a sequence of code points. Make one with
// Thread.Text (cached facts for long strings) or TextOf (a scan).
type Text struct {
	s string
	n int       // code points; n == len(s) iff s is ASCII
	f *strFacts // the sparse index of a long non-ASCII string, or nil
}

// TextOf returns the code point view of s computed by a scan, without a
// thread's cache.
func TextOf(s string) Text {
	i := asciiPrefix(s)
	if i == len(s) {
		return Text{s: s, n: len(s)}
	}
	return Text{s: s, n: i + utf8.RuneCountInString(s[i:])}
}

// Text returns the code point view of s; for a long string its facts come
// from the thread's cache. th may be nil.
func (th *Thread) Text(s string) Text {
	if len(s) < strCacheMin || th == nil {
		return TextOf(s)
	}
	f := th.strFacts(s)
	if f == nil || f.marks == nil {
		return Text{s: s, n: len(s)}
	}
	return Text{s: s, n: f.n, f: f}
}

// StrLen is len(s): the number of code points of s.
func (th *Thread) StrLen(s string) int {
	if len(s) < strCacheMin || th == nil {
		return TextOf(s).n
	}
	if f := th.strFacts(s); f != nil {
		return f.n
	}
	return len(s)
}

// IsASCII reports whether every byte of s is below 0x80.
func IsASCII(s string) bool { return asciiPrefix(s) == len(s) }

// asciiPrefix returns the length of the longest ASCII prefix of s, eight
// bytes at a time.
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if x&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s) && s[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// strFacts returns the cached facts of s (len(s) >= strCacheMin), or nil
// when s is known to be ASCII without an entry of its own (its bytes lie
// inside a cached ASCII string).
func (th *Thread) strFacts(s string) *strFacts {
	c := th.strs
	if c == nil {
		c = new(strCache)
		th.strs = c
	}
	p := unsafe.StringData(s)
	c.tick++
	if f := c.e[c.last]; f != nil && unsafe.StringData(f.s) == p && len(f.s) == len(s) {
		f.used = c.tick
		return f
	}
	victim, prefix := 0, -1
	for k, f := range c.e {
		if f == nil {
			victim = k
			break
		}
		fp := unsafe.StringData(f.s)
		if fp == p {
			if len(f.s) == len(s) {
				c.last = k
				f.used = c.tick
				return f
			}
			if len(f.s) < len(s) && (prefix < 0 || len(c.e[prefix].s) < len(f.s)) {
				prefix = k
			}
		}
		if f.marks == nil && uintptr(unsafe.Pointer(p)) >= uintptr(unsafe.Pointer(fp)) &&
			uintptr(unsafe.Pointer(p))+uintptr(len(s)) <= uintptr(unsafe.Pointer(fp))+uintptr(len(f.s)) {
			// Inside a cached ASCII string (a substring of it): ASCII.
			f.used = c.tick
			return nil
		}
		if f.used < c.e[victim].used {
			victim = k
		}
	}
	var f *strFacts
	if prefix >= 0 {
		// A longer string over the same bytes (s += t appends in place,
		// see concat.go): only the new tail is scanned, and the shorter
		// string's entry is replaced.
		f, victim = c.e[prefix].extend(s), prefix
	} else {
		f = (&strFacts{}).extend(s)
	}
	// A fresh entry, not the victim rewritten: a Text made from the
	// victim keeps its own facts.
	f.used = c.tick
	c.e[victim], c.last = f, victim
	return f
}

// extend returns the facts of s, whose first len(f.s) bytes are f.s (f may
// be empty), scanning only the rest.
func (f *strFacts) extend(s string) *strFacts {
	b, k := len(f.s), f.n
	if b > 0 && b < len(s) && !utf8.RuneStart(s[b]) {
		// Invalid UTF-8 at the join: count again from the start.
		f = &strFacts{}
		b, k = 0, 0
	}
	if f.marks == nil {
		// f.s is ASCII.
		i := b + asciiPrefix(s[b:])
		if i == len(s) {
			return &strFacts{s: s, n: len(s)}
		}
		b, k = i, i
	}
	// Code points before b are bytes when f.s is ASCII (the marks there
	// are multiples of markEvery) or already marked.
	var marks []int
	if f.marks != nil {
		// Appended in place when there is room: a slice of the same
		// backing array seen by another entry is a prefix of the same
		// bytes, so what is written past its length is the same marks.
		marks = f.marks
	} else {
		marks = make([]int, 0, (b+utf8.RuneCountInString(s[b:]))>>markShift+1)
		for r := 0; r < b; r += markEvery {
			marks = append(marks, r)
		}
	}
	r := len(marks) << markShift // the next mark
	for b < len(s) {
		if k == r {
			marks = append(marks, b)
			r += markEvery
		}
		if s[b] < utf8.RuneSelf {
			b++
		} else {
			_, w := utf8.DecodeRuneInString(s[b:])
			b += w
		}
		k++
	}
	if k == r {
		marks = append(marks, b)
	}
	return &strFacts{s: s, n: k, marks: marks}
}

// dropStrCache forgets the thread's string facts and concatenation
// buffers (and the strings they hold).
func (th *Thread) dropStrCache() { th.strs, th.cat = nil, nil }

// String returns the string.
func (t Text) String() string { return t.s }

// Len returns the number of code points.
func (t Text) Len() int { return t.n }

// ASCII reports whether the string is ASCII (code points are bytes).
func (t Text) ASCII() bool { return t.n == len(t.s) }

// Offset returns the byte offset of code point i (0 <= i <= Len()).
func (t Text) Offset(i int) int {
	if t.n == len(t.s) {
		return i
	}
	if t.f == nil {
		// A short string: walk from the start.
		b := 0
		for ; i > 0; i-- {
			b += runeWidth(t.s, b)
		}
		return b
	}
	return t.f.offset(i)
}

// offset finds code point i from its mark or from the cursor, whichever is
// closer, and leaves the cursor there.
func (f *strFacts) offset(i int) int {
	s := f.s
	m := i >> markShift
	r, b := m<<markShift, f.marks[m]
	if i-r > markEvery/2 && m+1 < len(f.marks) {
		// Walk back from the next mark.
		r, b = (m+1)<<markShift, f.marks[m+1]
	}
	if d := i - f.curR; d >= 0 && d < abs(i-r) || d < 0 && -d < abs(i-r) {
		r, b = f.curR, f.curB
	}
	for ; r < i; r++ {
		b += runeWidth(s, b)
	}
	for ; r > i; r-- {
		b--
		for !utf8.RuneStart(s[b]) {
			b--
		}
	}
	f.curR, f.curB = i, b
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runeWidth is the byte length of the code point at byte b of s.
func runeWidth(s string, b int) int {
	if s[b] < utf8.RuneSelf {
		return 1
	}
	_, w := utf8.DecodeRuneInString(s[b:])
	return w
}

// Index returns the code point index of byte offset b (the start of a code
// point, or len(s)).
func (t Text) Index(b int) int {
	if t.n == len(t.s) {
		return b
	}
	if t.f == nil {
		return utf8.RuneCountInString(t.s[:b])
	}
	f := t.f
	// The last mark at or before b.
	lo, hi := 0, len(f.marks)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if f.marks[mid] <= b {
			lo = mid
		} else {
			hi = mid
		}
	}
	r, from := lo<<markShift, f.marks[lo]
	if f.curB <= b && f.curB > from {
		r, from = f.curR, f.curB
	}
	r += utf8.RuneCountInString(f.s[from:b])
	f.curR, f.curB = r, b
	return r
}

// Sub returns the code points [lo, hi) (0 <= lo <= hi <= Len()).
func (t Text) Sub(lo, hi int) string {
	if t.n == len(t.s) {
		return t.s[lo:hi]
	}
	b := t.Offset(lo)
	if hi-lo <= 16 {
		// Walk from lo rather than searching again.
		e := b
		for k := lo; k < hi; k++ {
			e += runeWidth(t.s, e)
		}
		return t.s[b:e]
	}
	return t.s[b:t.Offset(hi)]
}

// At returns code point i (0 <= i < Len()) as a str value; one-byte
// strings are not allocated.
func (t Text) At(i int) Value {
	if t.n == len(t.s) {
		return charValue(t.s[i])
	}
	b := t.Offset(i)
	w := runeWidth(t.s, b)
	if w == 1 {
		return charValue(t.s[b])
	}
	return Str(t.s[b : b+w])
}

// Char returns the str value of the code point at the start of s (s is
// not empty).
func Char(s string) Value {
	if s[0] < utf8.RuneSelf {
		return charValue(s[0])
	}
	return Str(s[:runeWidth(s, 0)])
}

// substrValue boxes a part of a string, without allocating for one-byte
// strings.
func substrValue(s string) Value {
	if len(s) == 1 && s[0] < utf8.RuneSelf {
		return charValue(s[0])
	}
	return Str(s)
}

// indexStr implements s[i] (th may be nil).
func indexStr(th *Thread, s string, i Value) (Value, error) {
	n, ok := asIndex(i)
	if !ok {
		return nil, indexTypeErr("string", i)
	}
	t := th.Text(s)
	k, ok := normIndex(int64(n), int64(t.Len()))
	if !ok {
		return nil, Errorf("IndexError", "string index out of range")
	}
	return t.At(int(k)), nil
}

// sliceStr implements s[lo:hi:step] (th may be nil).
func sliceStr(th *Thread, s string, lo, hi, step Value) (Value, error) {
	t := th.Text(s)
	start, stop, st, err := sliceBounds(lo, hi, step, int64(t.Len()))
	if err != nil {
		return nil, err
	}
	if st == 1 {
		if stop <= start {
			return Str(""), nil
		}
		return substrValue(t.Sub(int(start), int(stop))), nil
	}
	n := sliceLen(start, stop, st)
	if n == 0 {
		return Str(""), nil
	}
	var b strings.Builder
	if t.ASCII() {
		b.Grow(n)
		for k, i := 0, start; k < n; k, i = k+1, i+st {
			b.WriteByte(s[i])
		}
		return substrValue(b.String()), nil
	}
	// The code points the slice covers, decoded once.
	first, last := start, start+int64(n-1)*st
	if st < 0 {
		first, last = last, first
	}
	rs := []rune(t.Sub(int(first), int(last)+1))
	for k, i := 0, start-first; k < n; k, i = k+1, i+st {
		b.WriteRune(rs[i])
	}
	return substrValue(b.String()), nil
}
