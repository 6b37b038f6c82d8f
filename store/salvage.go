package store

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/dgraph-io/badger/v4/options"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/badger/v4/y"
	"github.com/dgraph-io/ristretto/v2/z"
	"github.com/klauspost/compress/snappy"
	"google.golang.org/protobuf/proto"
)

// salvageTable calls put for every readable entry of a table; it returns
// what could not be read. An intact table is read through Badger; one
// with a damaged block, a damaged index or footer, or cut short is read
// block by block from its start without the index (see scanBlocks), so
// every intact block's entries are salvaged.
func salvageTable(path string, put func(key []byte, meta byte, value []byte)) (problem string) {
	if n, want, ok := readTable(path, put); ok && n == want {
		return ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return oneLine(err.Error())
	}
	entries, blocks, skipped := scanBlocks(data, put)
	return fmt.Sprintf("read block by block: %d entries in %d intact blocks; %d damaged bytes skipped",
		entries, blocks, skipped)
}

// readTable reads a table through Badger: n entries read of the want its
// index counts; ok is false when the table cannot be opened at all.
func readTable(path string, put func(key []byte, meta byte, value []byte)) (n, want uint32, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	mf, err := z.OpenMmapFile(path, os.O_RDONLY, 0)
	if err != nil {
		return 0, 0, false
	}
	t, err := table.OpenTable(mf, table.Options{ChkMode: options.OnBlockRead, Compression: options.Snappy,
		BlockSize: 4 << 10, BloomFalsePositive: 0.01})
	if err != nil {
		return 0, 0, false
	}
	defer t.MmapFile.Close(-1)
	// Count first: on a damaged block, the entries are salvaged by
	// scanBlocks instead (which reads the others too).
	it := t.NewIterator(0)
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		n++
	}
	if n != t.KeyCount() {
		return n, t.KeyCount(), false
	}
	for it.Rewind(); it.Valid(); it.Next() {
		vs := it.ValueCopy()
		put(it.Key(), vs.Meta, vs.Value)
	}
	return n, n, true
}

// maxBlockSize bounds a table block's decoded size when scanning: blocks
// are about 4 KiB, more when a single entry is large (values up to the
// value threshold, 32 KiB, live in tables).
const maxBlockSize = 4 << 20

// scanBlocks reads a table's data blocks one after another from the start
// of the file, without the index. Badger writes each block as
//
//	snappy(entries, entry offsets (uint32 each), entry count (uint32),
//	       checksum (protobuf), checksum length (uint32))
//
// with nothing between blocks, the index after the last. A block that
// does not decode or whose checksum fails is skipped byte by byte until
// the next block that does: the checksum makes a false match all but
// impossible. It returns the entries read, the intact blocks and the
// bytes skipped (the index and footer count as skipped).
func scanBlocks(data []byte, put func(key []byte, meta byte, value []byte)) (entries, blocks, skipped int) {
	for off := 0; off < len(data); {
		n, ok := snappyExtent(data[off:])
		if ok {
			if ents, ok := parseBlock(data[off:off+n], put); ok {
				entries += ents
				blocks++
				off += n
				continue
			}
		}
		off++
		skipped++
	}
	return entries, blocks, skipped
}

// snappyExtent returns the length of the snappy-compressed block at the
// start of src (which may go on past it), by walking its elements until
// they have produced the decoded length the block announces.
func snappyExtent(src []byte) (int, bool) {
	dLen, s := binary.Uvarint(src)
	if s <= 0 || dLen < 8 || dLen > maxBlockSize {
		return 0, false
	}
	d := uint64(0)
	for d < dLen {
		if s >= len(src) {
			return 0, false
		}
		tag := src[s]
		var length uint64
		switch tag & 3 {
		case 0: // literal
			x := uint64(tag >> 2)
			s++
			if x >= 60 {
				k := int(x - 59) // 1 to 4 more length bytes
				if s+k > len(src) {
					return 0, false
				}
				x = 0
				for i := k - 1; i >= 0; i-- {
					x = x<<8 | uint64(src[s+i])
				}
				s += k
			}
			length = x + 1
			s += int(min(length, uint64(len(src))+1))
		case 1: // copy, 1-byte offset
			length = 4 + uint64(tag>>2)&7
			s += 2
		case 2: // copy, 2-byte offset
			length = 1 + uint64(tag>>2)
			s += 3
		default: // copy, 4-byte offset
			length = 1 + uint64(tag>>2)
			s += 5
		}
		if s > len(src) {
			return 0, false
		}
		d += length
	}
	if d != dLen {
		return 0, false
	}
	return s, true
}

// parseBlock decompresses a block, verifies its checksum and calls put
// for each entry. ok is false, and put is not called, for a block that
// is not intact.
func parseBlock(comp []byte, put func(key []byte, meta byte, value []byte)) (n int, ok bool) {
	defer func() {
		if recover() != nil {
			n, ok = 0, false
		}
	}()
	b, err := snappy.Decode(nil, comp)
	if err != nil || len(b) < 8 {
		return 0, false
	}
	pos := len(b) - 4
	ckLen := int(binary.BigEndian.Uint32(b[pos:]))
	if ckLen > pos-4 {
		return 0, false
	}
	pos -= ckLen
	var cs pb.Checksum
	if proto.Unmarshal(b[pos:pos+ckLen], &cs) != nil {
		return 0, false
	}
	pos -= 4
	count := int(binary.BigEndian.Uint32(b[pos:]))
	if count == 0 || count*4 > pos {
		return 0, false
	}
	if y.VerifyChecksum(b[:pos+4], &cs) != nil {
		return 0, false
	}
	idx := pos - count*4
	offsets := make([]int, count+1)
	for i := range count {
		offsets[i] = int(binary.LittleEndian.Uint32(b[idx+4*i:]))
	}
	offsets[count] = idx
	type kv struct {
		key   []byte
		meta  byte
		value []byte
	}
	var base []byte
	out := make([]kv, 0, count)
	for i := range count {
		start, end := offsets[i], offsets[i+1]
		if start+4 > end || end > idx {
			return 0, false
		}
		overlap := int(binary.LittleEndian.Uint16(b[start:]))
		diff := int(binary.LittleEndian.Uint16(b[start+2:]))
		p := start + 4
		if p+diff+2 > end || overlap > len(base) && i > 0 {
			return 0, false
		}
		var key []byte
		if i == 0 {
			base = b[p : p+diff]
			key = base
		} else {
			key = append(append([]byte(nil), base[:overlap]...), b[p:p+diff]...)
		}
		p += diff
		var vs y.ValueStruct
		vs.Decode(b[p:end])
		out = append(out, kv{key, vs.Meta, vs.Value})
	}
	for _, e := range out {
		put(e.key, e.meta, e.value)
	}
	return count, true
}
