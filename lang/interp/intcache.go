package interp

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Boxed integers without allocation.
//
// An Int in a Value is an interface pointing at an 8-byte heap copy, so
// every loop counter, index and sum past the small-int table (smallInts)
// would cost an allocation. Integers in [0, intCacheSize) instead point
// into intCache, a zero-initialised global array filled a chunk at a time
// on first use: untouched chunks cost no memory (they are never paged in),
// and a boxed Int from the cache is an interface whose data pointer is
// outside the heap, which the GC ignores (the Go runtime boxes small
// integers the same way).

const (
	intCacheSize  = 1 << 20
	intChunkShift = 9 // a chunk is one 4 KiB page
)

var (
	intCache      [intCacheSize]int64
	intChunkReady [intCacheSize >> intChunkShift]atomic.Bool
	intChunkMu    sync.Mutex
)

// intTab is the interface table of Int as a Value.
var intTab = func() unsafe.Pointer {
	var v Value = Int(1 << 40)
	return (*iface)(unsafe.Pointer(&v)).tab
}()

// makeInt boxes n, from intCache when it is in range.
func makeInt(n int64) Value {
	if uint64(n) >= intCacheSize {
		return Int(n)
	}
	c := n >> intChunkShift
	if !intChunkReady[c].Load() {
		fillIntChunk(c)
	}
	var v Value
	p := (*iface)(unsafe.Pointer(&v))
	p.tab, p.data = intTab, unsafe.Pointer(&intCache[n])
	return v
}

// fillIntChunk writes the values of one chunk of intCache.
func fillIntChunk(c int64) {
	intChunkMu.Lock()
	defer intChunkMu.Unlock()
	if intChunkReady[c].Load() {
		return
	}
	lo := c << intChunkShift
	for i := lo; i < lo+1<<intChunkShift; i++ {
		intCache[i] = i
	}
	intChunkReady[c].Store(true)
}
