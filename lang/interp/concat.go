package interp

import "unsafe"

// In-place string appends: `s += t` in a loop is linear, as in CPython.
//
// A str is an immutable Go string, so s + t copies s: a loop growing a
// string by += is quadratic (CPython resizes the string in place when
// nothing else refers to it). Instead, a thread remembers the byte buffers
// of its last few concatenation results. When the left operand of a + is
// exactly such a result (its data pointer is the buffer's start and its
// length the buffer's length), t is appended to the buffer: the bytes
// written lie past the end of every string already made from the buffer,
// so none of them changes (the buffer grows with spare capacity the second
// time, so a chain of appends is amortised O(len(t))). Any other
// concatenation allocates exactly its result in one block, as before.

const (
	concatMin  = 64 // bytes: shorter results are plain concatenations
	concatBufs = 4
)

// concatBufs are a thread's buffers of its last concatenation results.
type concatState struct {
	bufs [concatBufs][]byte
	next int
}

// concat returns a + b (len(a)+len(b) >= concatMin, neither empty).
func (th *Thread) concat(a, b string) Value {
	n := len(a) + len(b)
	cs := th.cat
	if cs == nil {
		cs = new(concatState)
		th.cat = cs
	}
	p := unsafe.StringData(a)
	for k := range cs.bufs {
		buf := cs.bufs[k]
		if len(buf) != len(a) || unsafe.SliceData(buf) != p {
			continue
		}
		if cap(buf)-len(buf) < len(b) {
			// Grow: a chain of appends gets spare room.
			c := 2 * n
			if n > 1<<24 {
				c = n + n/4
			}
			th.Alloc(int64(c))
			nb := make([]byte, len(a), c)
			copy(nb, a)
			buf = nb
		}
		buf = append(buf, b...)
		cs.bufs[k] = buf
		return Str(unsafe.String(unsafe.SliceData(buf), n))
	}
	// Not an append to a result of this thread: exactly the result, in one
	// block (strbox.go), remembered in case it is appended to next.
	v, buf := newStrValue(n)
	copy(buf[copy(buf, a):], b)
	cs.bufs[cs.next] = buf[:n:n]
	cs.next = (cs.next + 1) % concatBufs
	return v
}
