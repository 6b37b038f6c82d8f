package interp

import "unsafe"

// Strings built in one allocation.
//
// A Str in a Value is an interface pointing at a 16-byte heap copy of the
// string header, and the header points at the bytes: building a string
// (concatenation, an f-string) costs two allocations, and the header's is
// the slow kind (it holds a pointer, so the collector must scan it). Strings
// the interpreter builds itself are instead one pointer-free block holding
// the header followed by the bytes; the interface points at the header at
// the start of the block. The header's pointer is into the same block, so
// the collector does not need to follow it: the interface keeps the block
// alive, and a string taken out of the value (an interior pointer) does too.
//
// One-character ASCII strings (s[i], iterating a string) point into a
// static table: no allocation at all.

// strTab is the interface table of Str as a Value.
var strTab = func() unsafe.Pointer {
	var v Value = Str("x")
	return (*iface)(unsafe.Pointer(&v)).tab
}()

// strValue returns the Value of the string whose header is *hdr.
func strValue(hdr *string) Value {
	var v Value
	p := (*iface)(unsafe.Pointer(&v))
	p.tab, p.data = strTab, unsafe.Pointer(hdr)
	return v
}

// newStrValue returns a Value holding a fresh string of n bytes and the
// bytes, which the caller fills before the value is used.
func newStrValue(n int) (Value, []byte) {
	if n == 0 {
		return Str(""), nil
	}
	const hdrSize = unsafe.Sizeof("")
	blk := make([]byte, int(hdrSize)+n) // no pointers: not scanned
	b := blk[hdrSize:]
	hdr := unsafe.Pointer(unsafe.SliceData(blk))
	// The header's fields are written as integers: the block is not
	// scanned, and the pointer is into the block itself.
	*(*uintptr)(hdr) = uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	*(*int)(unsafe.Add(hdr, unsafe.Sizeof(uintptr(0)))) = n
	return strValue((*string)(hdr)), b
}

// concatValue returns a + b as a Value in one allocation.
func concatValue(a, b string) Value {
	if a == "" {
		return Str(b)
	}
	if b == "" {
		return Str(a)
	}
	v, buf := newStrValue(len(a) + len(b))
	copy(buf[copy(buf, a):], b)
	return v
}

// joinValue returns the concatenation of parts (total bytes long) as a
// Value in one allocation.
func joinValue(parts []string, total int) Value {
	v, buf := newStrValue(total)
	n := 0
	for _, s := range parts {
		n += copy(buf[n:], s)
	}
	return v
}

// asciiChars holds the one-byte strings 0..127.
var asciiChars = func() (t [128]string) {
	const all = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
		"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
		" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"
	for i := range t {
		t[i] = all[i : i+1]
	}
	return t
}()

// charValue returns the one-character string of an ASCII byte c as a
// Value, without allocating.
func charValue(c byte) Value {
	if c >= 128 {
		return Str(string(rune(c)))
	}
	return strValue(&asciiChars[c])
}
