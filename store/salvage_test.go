package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestScanBlocksGarbage: scanning bytes that are no table finds nothing
// and does not panic.
func TestScanBlocksGarbage(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 100, 4096, 1 << 16} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		ents, blocks, skipped := scanBlocks(b, func([]byte, byte, []byte) {
			t.Fatalf("an entry found in %d random bytes", n)
		})
		if ents != 0 || blocks != 0 || skipped != n {
			t.Errorf("%d random bytes: %d entries, %d blocks, %d skipped", n, ents, blocks, skipped)
		}
	}
}

// logEntryBytes encodes one entry in Badger's log format.
func logEntryBytes(meta byte, key, value string) []byte {
	b := []byte{meta, 0}
	b = binary.AppendUvarint(b, uint64(len(key)+8))
	b = binary.AppendUvarint(b, uint64(len(value)))
	b = binary.AppendUvarint(b, 0)
	b = append(b, key...)
	b = binary.BigEndian.AppendUint64(b, 1)
	b = append(b, value...)
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// TestVerifyLogTornWrites: what a kill leaves at the end of a log (an
// entry partly copied, its first bytes still zero) is a torn tail; a
// byte flipped well past the end, or damage with entries after it, is
// not.
func TestVerifyLogTornWrites(t *testing.T) {
	var log []byte
	log = append(log, make([]byte, logHeaderSize)...)
	for i := range 5 {
		log = append(log, logEntryBytes(0, fmt.Sprintf("key%d", i), strings.Repeat("v", 300))...)
	}
	end := len(log)
	big := logEntryBytes(0, "big", strings.Repeat("w", 5000))
	withZeros := func(b []byte) []byte { return append(b, make([]byte, 20000)...) }
	cases := []struct {
		name    string
		data    []byte
		problem bool
	}{
		{"clean end", withZeros(bytes.Clone(log)), false},
		{"torn: head not written", func() []byte {
			b := withZeros(bytes.Clone(log))
			copy(b[end+17:], big[17:3000]) // body copied up to a fault, head and tail not
			return b
		}(), false},
		{"torn: prefix written", func() []byte {
			b := withZeros(bytes.Clone(log))
			copy(b[end:], big[:3000])
			return b
		}(), false},
		{"a byte flipped far past the end", func() []byte {
			b := withZeros(bytes.Clone(log))
			b[end+1000] = 7
			return b
		}(), true},
		{"a damaged entry with entries after it", func() []byte {
			b := bytes.Clone(log[:end])
			b = append(b, big...)
			b[end+40] ^= 0xff
			b = append(b, logEntryBytes(0, "after", "x")...)
			return withZeros(b)
		}(), true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := verifyLog(tc.data, false)
			if (c.problem != "") != tc.problem {
				t.Fatalf("problem %q, want one: %v", c.problem, tc.problem)
			}
			if !tc.problem && c.validEnd != end {
				t.Errorf("valid end %d, want %d", c.validEnd, end)
			}
		})
	}
}
