package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/dgraph-io/badger/v4/options"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"
	"google.golang.org/protobuf/proto"
)

// Damage detection (see docs/store.md).
//
// Badger checks some things itself, once asked to: with
// ChecksumVerificationMode OnTableAndBlockRead every table is verified
// when the database opens and every block when it is read, and with
// VerifyValueChecksum every value read from the value log is checked. Two
// kinds of damage it does not report: a write-ahead log (.mem) or value
// log (.vlog) damaged in the middle, which Badger's replay treats as the
// end of the log and truncates (losing every later record), and files
// that are missing or empty (a deleted MANIFEST makes Badger start an
// empty database and delete the old tables). inspect checks for those
// before Badger sees the directory.

// ErrDamaged matches a *DamageError.
var ErrDamaged = errors.New("learning store damaged")

// DamageError reports a damaged store: nothing was written to it.
type DamageError struct {
	// Dir is the store directory.
	Dir string
	// Problems says what is wrong, one item per problem.
	Problems []string
}

// Error implements error: it names the directory, what is wrong and what
// to do.
func (e *DamageError) Error() string {
	return fmt.Sprintf("the learning store at %s is damaged (%s); nothing was written to it. "+
		"Run `dana store check` for details, then `dana store repair` to copy every readable record "+
		"into a fresh store (the damaged one is kept aside), or `dana store restore FILE` from a backup",
		e.Dir, strings.Join(e.Problems, "; "))
}

// Is makes errors.Is(err, ErrDamaged) true.
func (e *DamageError) Is(target error) bool { return target == ErrDamaged }

func damaged(dir string, problems ...string) *DamageError {
	return &DamageError{Dir: dir, Problems: problems}
}

// Badger's log format (memtable write-ahead logs and value logs): a
// 20-byte file header, then entries of
//
//	meta byte, user meta byte, uvarint key length, uvarint value length,
//	uvarint expiry, key, value, CRC-32C (big endian) of all before it.
const (
	logHeaderSize = 20
	bitDelete     = 1 << 0
	bitValuePtr   = 1 << 1
	bitTxn        = 1 << 6
	bitFinTxn     = 1 << 7
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// logEntry is one decoded log entry.
type logEntry struct {
	off, end   int
	meta       byte
	key, value []byte
}

// parseLogEntry decodes the entry at off. ok is false when the bytes there
// are not a valid entry; claimed is then the end the header announces
// (-1 when the header itself does not decode).
func parseLogEntry(data []byte, off int) (e logEntry, claimed int, ok bool) {
	if off+2 > len(data) {
		return e, -1, false
	}
	p := off + 2
	var lens [3]uint64
	for i := range lens {
		v, n := binary.Uvarint(data[p:])
		if n <= 0 {
			return e, -1, false
		}
		lens[i] = v
		p += n
	}
	klen, vlen := lens[0], lens[1]
	if klen > 1<<16 || vlen > uint64(len(data)) {
		return e, -1, false
	}
	end := p + int(klen) + int(vlen) + 4
	if end > len(data) {
		return e, end, false
	}
	body := end - 4
	if binary.BigEndian.Uint32(data[body:end]) != crc32.Checksum(data[off:body], castagnoli) {
		return e, end, false
	}
	return logEntry{off: off, end: end, meta: data[off], key: data[p : p+int(klen)], value: data[p+int(klen) : body]}, end, true
}

// logCheck is what verifyLog found in one log file.
type logCheck struct {
	// validEnd is where Badger's replay will stop: the end of the last
	// complete transaction (or plain entry).
	validEnd int
	// problem is "" for a healthy log (possibly with a torn tail left by
	// a killed process, which holds nothing that was acknowledged).
	problem string
	// seqs are the commit sequence numbers (see journal.go) of the
	// complete transactions, ptrs their value pointers.
	seqs []uint64
	ptrs []valuePtr
	// entries maps the offset of every entry to its length (value logs).
	entries map[uint32]uint32
}

// valuePtr is a value pointer: where in which value log a value is.
type valuePtr struct{ fid, len, off uint32 }

// decodePtr decodes a value pointer (fid, len, offset; native byte
// order, as Badger writes it).
func decodePtr(b []byte) (valuePtr, bool) {
	if len(b) < 12 {
		return valuePtr{}, false
	}
	return valuePtr{fid: binary.LittleEndian.Uint32(b), len: binary.LittleEndian.Uint32(b[4:]),
		off: binary.LittleEndian.Uint32(b[8:])}, true
}

// verifyLog checks a write-ahead or value log. Replay stops at the first
// entry that does not decode; that is harmless when it is a torn tail (an
// entry cut off by a kill: its end, checksum included, is still zero, and
// nothing but zeros follows) and damage otherwise (data Badger would
// silently drop follows, or a complete entry has a wrong checksum).
func verifyLog(data []byte, txns bool) logCheck {
	if len(data) < logHeaderSize {
		return logCheck{problem: fmt.Sprintf("%d bytes, shorter than a log header", len(data))}
	}
	off, validEnd := logHeaderSize, logHeaderSize
	var lastCommit []byte
	var c logCheck
	if !txns {
		c.entries = map[uint32]uint32{}
	}
	var pendSeqs []uint64
	var pendPtrs []valuePtr
	note := func(e logEntry) {
		if c.entries != nil {
			c.entries[uint32(e.off)] = uint32(e.end - e.off)
		}
		if e.meta&bitValuePtr != 0 && e.meta&bitDelete == 0 {
			if p, ok := decodePtr(e.value); ok {
				pendPtrs = append(pendPtrs, p)
			}
		}
		if isSeqKey(e.key) {
			pendSeqs = append(pendSeqs, decodeSeq(e.value))
		}
	}
	commit := func() {
		c.seqs = append(c.seqs, pendSeqs...)
		c.ptrs = append(c.ptrs, pendPtrs...)
		pendSeqs, pendPtrs = pendSeqs[:0], pendPtrs[:0]
	}
	for off < len(data) {
		e, claimed, ok := parseLogEntry(data, off)
		if !ok {
			if allZero(data[off:]) {
				break // the unused, zeroed end of the file
			}
			if claimed > 0 && claimed <= len(data) && allZero(data[claimed-4:claimed]) && allZero(data[claimed:]) {
				break // torn tail: the last entry was being written
			}
			if tornWrite(data, off) {
				break // torn tail, its header not written yet
			}
			return logCheck{validEnd: validEnd, problem: fmt.Sprintf("an unreadable entry at byte %d with data after it", off)}
		}
		if len(e.key) == 0 && e.meta == 0 && len(e.value) == 0 {
			break
		}
		switch {
		case txns && e.meta&bitTxn != 0:
			ts := keyTs(e.key)
			if lastCommit == nil {
				lastCommit = ts
			} else if !bytes.Equal(ts, lastCommit) {
				return logCheck{validEnd: validEnd, problem: fmt.Sprintf("a broken transaction at byte %d", off)}
			}
			note(e)
		case txns && e.meta&bitFinTxn != 0:
			lastCommit = nil
			validEnd = e.end
			commit()
		default:
			if txns && lastCommit != nil {
				return logCheck{validEnd: validEnd, problem: fmt.Sprintf("a broken transaction at byte %d", off)}
			}
			validEnd = e.end
			note(e)
			commit()
		}
		off = e.end
	}
	c.validEnd = validEnd
	return c
}

// tornWrite reports whether the unreadable bytes at off are an entry
// whose copy into the file was cut off by a kill (or a SIGBUS on a full
// disk). Go's memmove copies the body of a large entry before its first
// (up to 32) bytes, so what such a kill leaves is: a few zero bytes,
// part of the body, then zeros; no entry can follow, since entries are
// written one after the other. A byte flipped in the zeros past the
// end (too far from it) or damage with intact entries after it is not a
// torn write. Damage to the last entry itself can look like one: the
// commit journal and the value-pointer check (see checkJournal) catch
// that when the entry was acknowledged.
func tornWrite(data []byte, off int) bool {
	first := off
	for first < len(data) && data[first] == 0 {
		first++
	}
	if first-off > 64 {
		return false
	}
	for p := off + 1; p+3 < len(data); p++ {
		// A cheap filter first: known meta bits, a key of 9 to 64 KiB
		// bytes (user key + 8-byte version).
		if data[p+2] == 0 || data[p]&^0xcf != 0 {
			continue
		}
		if e, _, ok := parseLogEntry(data, p); ok && len(e.key) > 8 {
			return false
		}
	}
	return true
}

// keyTs returns the 8-byte version suffix of an internal key.
func keyTs(key []byte) []byte {
	if len(key) < 8 {
		return nil
	}
	return key[len(key)-8:]
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// inspection is what inspect found in a store directory.
type inspection struct {
	// exists is false when the directory holds no database yet.
	exists bool
	// mems are the write-ahead logs to replay, with their valid ends.
	mems map[string]int
	// files are Badger's data files (name → size).
	files map[string]int64
	// orphans are tables the MANIFEST does not list: left by a flush or
	// compaction that a crash interrupted before the MANIFEST named them
	// (their records are still in the write-ahead log or the tables they
	// were to replace). Badger deletes them when it opens the store for
	// writing; they are not damage (checkJournal makes sure their records
	// are elsewhere).
	orphans map[string]bool
	// live are the tables the MANIFEST lists.
	live map[string]bool
	// logs are what verifyLog found in each .mem and .vlog.
	logs map[string]logCheck
	// tables are what verifyTable found in each table.
	tables map[string]tableInfo
}

// inspect checks a store directory before Badger opens it. It never
// writes. A store damaged in a way Badger would not notice (or would
// "repair" by dropping data) gives a *DamageError.
func inspect(dir string, verified map[string]tableInfo) (*inspection, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return &inspection{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the learning store directory: %w", err)
	}
	in := &inspection{mems: map[string]int{}, files: map[string]int64{}, logs: map[string]logCheck{}}
	var problems []string
	hasManifest := false
	for _, de := range ents {
		name := de.Name()
		ext := filepath.Ext(name)
		if name != "MANIFEST" && name != "KEYREGISTRY" && name != "DISCARD" &&
			ext != ".sst" && ext != ".vlog" && ext != ".mem" {
			continue
		}
		info, err := de.Info()
		if err != nil {
			return nil, fmt.Errorf("reading the learning store directory: %w", err)
		}
		if !info.Mode().IsRegular() {
			problems = append(problems, name+" is not a regular file")
			continue
		}
		in.files[name] = info.Size()
		if name == "MANIFEST" {
			hasManifest = true
		}
		// An empty .mem or .vlog is what a kill leaves right after Badger
		// created the file: it holds nothing (checkJournal reports one that
		// should hold something). An empty table is judged below.
		if info.Size() == 0 && ext != ".sst" && ext != ".mem" && ext != ".vlog" {
			problems = append(problems, name+" is empty")
		}
	}
	if len(in.files) == 0 {
		if n, ok := readJournal(dir); ok && n > 0 {
			return nil, damaged(dir, "every data file is missing (dana.seq shows records were stored)")
		}
		return in, nil
	}
	in.exists = true
	if !hasManifest {
		problems = append(problems, "MANIFEST is missing (it lists the tables)")
	} else if in.files["MANIFEST"] > 0 {
		data, err := os.ReadFile(filepath.Join(dir, "MANIFEST"))
		if err != nil {
			return nil, fmt.Errorf("reading MANIFEST in the learning store: %w", err)
		}
		live, p := verifyManifest(data)
		if p != "" {
			problems = append(problems, "MANIFEST: "+p)
		} else {
			in.live = live
			in.orphans = map[string]bool{}
			for name := range in.files {
				if filepath.Ext(name) == ".sst" && !live[name] {
					in.orphans[name] = true
				}
			}
			for _, name := range sortedKeys(live) {
				if _, ok := in.files[name]; !ok {
					problems = append(problems, name+" is missing (the MANIFEST lists it)")
				}
			}
		}
	}
	for name, size := range in.files {
		if filepath.Ext(name) == ".sst" && size == 0 && !in.orphans[name] {
			problems = append(problems, name+" is empty")
		}
	}
	for _, name := range sortedKeys(in.files) {
		ext := filepath.Ext(name)
		if ext != ".mem" && ext != ".vlog" {
			continue
		}
		if in.files[name] == 0 {
			if ext == ".vlog" {
				in.logs[name] = logCheck{entries: map[uint32]uint32{}}
			}
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("reading %s in the learning store: %w", name, err)
		}
		c := verifyLog(data, ext == ".mem")
		if c.problem != "" {
			problems = append(problems, name+": "+c.problem)
			continue
		}
		in.logs[name] = c
		if ext == ".mem" {
			in.mems[name] = c.validEnd
		}
	}
	if len(problems) > 0 {
		return nil, damaged(dir, problems...)
	}
	if problems := verifyTables(dir, in, verified); len(problems) > 0 {
		return nil, damaged(dir, problems...)
	}
	if problems := checkJournal(dir, in); len(problems) > 0 {
		return nil, damaged(dir, problems...)
	}
	return in, nil
}

// checkJournal checks that the store holds every commit it acknowledged
// and every value its records point to (see journal.go).
func checkJournal(dir string, in *inspection) []string {
	var problems []string
	// Value pointers: every one must name an entry of a value log.
	bad := map[string]int{}
	checkPtrs := func(ptrs []valuePtr) {
		for _, p := range ptrs {
			name := fmt.Sprintf("%06d.vlog", p.fid)
			if _, ok := in.files[name]; !ok {
				bad[name+" is missing"]++
			} else if c, ok := in.logs[name]; ok && c.entries[p.off] != p.len {
				bad[name+" is cut short or damaged"]++
			}
		}
	}
	var tableSeq uint64
	for name, t := range in.tables {
		if in.orphans[name] {
			continue
		}
		checkPtrs(t.ptrs)
		tableSeq = max(tableSeq, t.maxSeq)
	}
	var pending []uint64 // commits in write-ahead logs, not yet in a table
	for _, name := range sortedKeys(in.mems) {
		c := in.logs[name]
		checkPtrs(c.ptrs)
		for _, n := range c.seqs {
			if n > tableSeq {
				pending = append(pending, n)
			}
		}
	}
	for _, what := range sortedKeys(bad) {
		problems = append(problems, fmt.Sprintf("%s (%d records point into it)", what, bad[what]))
	}
	// Sequence numbers: the write-ahead logs continue the tables without
	// a gap, up to the last acknowledged commit.
	slices.Sort(pending)
	pending = slices.Compact(pending)
	high := tableSeq
	for _, n := range pending {
		if n != high+1 {
			problems = append(problems, fmt.Sprintf("commits %d to %d are in no file: a write-ahead log (.mem) is missing or cut short", high+1, n-1))
		}
		high = n
	}
	if acked, ok := readJournal(dir); ok && acked > high {
		problems = append(problems, fmt.Sprintf("commits %d to %d were acknowledged but are in no file: "+
			"a write-ahead log (.mem) or a table is missing or cut short", high+1, acked))
	}
	for _, name := range sortedKeys(in.orphans) {
		if t, ok := in.tables[name]; ok && t.maxSeq > high {
			problems = append(problems, fmt.Sprintf("%s is not listed in the MANIFEST but holds commits up to %d, "+
				"which are in no other file", name, t.maxSeq))
		}
	}
	return problems
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// needsView reports whether a read-only open has to go through a view:
// Badger refuses to open read-only a store whose write-ahead log must be
// replayed (after a killed writer), and replaying it would write.
func (in *inspection) needsView() bool {
	if len(in.orphans) > 0 {
		return true // Badger would delete them
	}
	for name, size := range in.files {
		if ext := filepath.Ext(name); size == 0 && (ext == ".mem" || ext == ".vlog") {
			return true // a read-only Badger cannot open them
		}
	}
	for name, end := range in.mems {
		if int64(end) != in.files[name] {
			return true
		}
	}
	return false
}

// removeEmptyLogs deletes the empty write-ahead and value logs a kill
// left right after Badger created them (before a writable open: Badger
// fails on them, "Create a new file"). They hold nothing, and inspect
// has checked that nothing the store acknowledged is missing.
func (in *inspection) removeEmptyLogs(dir string) error {
	for name, size := range in.files {
		if ext := filepath.Ext(name); size == 0 && (ext == ".mem" || ext == ".vlog") {
			if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
			delete(in.files, name)
		}
	}
	return nil
}

// makeView builds, in a fresh temporary directory, a read-only view of
// the store: the tables, value logs and MANIFEST linked (or copied), the
// write-ahead logs copied up to their valid ends. Badger can then open the
// view read-only; the store itself is never written.
func makeView(dir string, in *inspection) (string, error) {
	view, err := os.MkdirTemp("", "dana-store-view-")
	if err != nil {
		return "", fmt.Errorf("making a read-only view of the learning store: %w", err)
	}
	for name, size := range in.files {
		if ext := filepath.Ext(name); in.orphans[name] || size == 0 && (ext == ".mem" || ext == ".vlog") {
			continue
		}
		src, dst := filepath.Join(dir, name), filepath.Join(view, name)
		if end, ok := in.mems[name]; ok {
			err = copyPrefix(src, dst, int64(end))
		} else if err = os.Link(src, dst); err != nil {
			err = copyPrefix(src, dst, -1)
		}
		if err != nil {
			os.RemoveAll(view)
			return "", fmt.Errorf("making a read-only view of the learning store: %w", err)
		}
	}
	return view, nil
}

// copyPrefix copies the first n bytes of src (all when n < 0) to a new
// file dst.
func copyPrefix(src, dst string, n int64) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	var r io.Reader = in
	if n >= 0 {
		r = io.LimitReader(in, n)
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// tableStamp identifies a table file's content cheaply: tables are never
// rewritten, so a table verified once with the same size and time stays
// verified.
type tableStamp struct {
	size  int64
	mtime int64
}

// verifyTable reads every entry of a table, checking every block's
// checksum, and compares the count with the table's index. Badger itself
// ignores a table whose index checksum fails (the records in it silently
// vanish), ends iterations at a damaged block without an error, and
// panics in a goroutine of its own on some damaged tables; verifying here
// first, where a panic can be recovered, turns all of these into a
// problem report.
//
// It also returns the table's highest commit sequence number and its
// value pointers (see checkJournal).
func verifyTable(path string) (info tableInfo, problem string) {
	defer func() {
		if r := recover(); r != nil {
			problem = "unreadable (" + oneLine(fmt.Sprint(r)) + ")"
		}
	}()
	mf, err := z.OpenMmapFile(path, os.O_RDONLY, 0)
	if err != nil {
		return info, oneLine(err.Error())
	}
	t, err := table.OpenTable(mf, table.Options{
		ChkMode:            options.OnBlockRead,
		Compression:        options.Snappy,
		BlockSize:          4 << 10,
		BloomFalsePositive: 0.01,
	})
	if err != nil {
		return info, oneLine(err.Error())
	}
	defer t.MmapFile.Close(-1)
	it := t.NewIterator(0)
	defer it.Close()
	n := uint32(0)
	for it.Rewind(); it.Valid(); it.Next() {
		n++
		v := it.Value()
		if v.Meta&bitValuePtr != 0 && v.Meta&bitDelete == 0 {
			if p, ok := decodePtr(v.Value); ok {
				info.ptrs = append(info.ptrs, p)
			}
		}
		if isSeqKey(it.Key()) {
			info.maxSeq = max(info.maxSeq, decodeSeq(v.Value))
		}
	}
	if want := t.KeyCount(); n != want {
		return info, fmt.Sprintf("only %d of its %d entries are readable", n, want)
	}
	return info, ""
}

// tableInfo is what verifying a table found.
type tableInfo struct {
	stamp tableStamp
	// maxSeq is the highest commit sequence number in the table.
	maxSeq uint64
	// ptrs are the table's value pointers.
	ptrs []valuePtr
}

// verifyTables checks the tables of an inspected store that have not been
// verified yet (verified maps file names to what verifying them found,
// and is updated) and fills in.tables. Orphans are read too (their
// sequence numbers tell whether their records are elsewhere), but their
// damage is not a problem: Badger ignores and deletes them.
func verifyTables(dir string, in *inspection, verified map[string]tableInfo) []string {
	var problems []string
	in.tables = map[string]tableInfo{}
	for name := range in.files {
		if filepath.Ext(name) != ".sst" || in.files[name] == 0 {
			continue
		}
		path := filepath.Join(dir, name)
		info, err := os.Stat(path)
		if err != nil {
			problems = append(problems, name+": "+oneLine(err.Error()))
			continue
		}
		stamp := tableStamp{size: info.Size(), mtime: info.ModTime().UnixNano()}
		if v, ok := verified[name]; ok && v.stamp == stamp {
			in.tables[name] = v
			continue
		}
		ti, p := verifyTable(path)
		if p != "" {
			if !in.orphans[name] {
				problems = append(problems, name+": "+p)
			}
			continue
		}
		ti.stamp = stamp
		verified[name] = ti
		in.tables[name] = ti
	}
	sort.Strings(problems)
	return problems
}

// verifyManifest checks the MANIFEST: an 8-byte header, then change sets
// of [4-byte length][4-byte CRC-32C][length bytes]. It returns the file
// names of the tables the MANIFEST lists once every complete change set
// is applied.
//
// A change set cut off at the end of the file (a process killed while
// writing it) is dropped, as Badger does (a writable open truncates it).
// That is harmless when the files agree with what remains: a flush
// writes its table before the change set that adds it and deletes the
// write-ahead log after, a compaction deletes the tables it replaced
// after. inspect checks that they do: every table still listed must be
// present, and a table no longer listed (an orphan) must not hold
// commits that are in no other file (see checkJournal). A tail cut off
// after the files moved on is then reported, not silently dropped.
func verifyManifest(data []byte) (live map[string]bool, problem string) {
	if len(data) < 8 || string(data[:4]) != "Bdgr" {
		return nil, "not a Badger manifest"
	}
	tables := map[uint64]bool{}
	off := 8
	for off < len(data) {
		if off+8 > len(data) {
			break // torn tail: see below
		}
		n := int(binary.BigEndian.Uint32(data[off:]))
		sum := binary.BigEndian.Uint32(data[off+4:])
		if off+8+n > len(data) {
			break
		}
		body := data[off+8 : off+8+n]
		if crc32.Checksum(body, castagnoli) != sum {
			return nil, fmt.Sprintf("checksum mismatch at byte %d", off)
		}
		var cs pb.ManifestChangeSet
		if err := proto.Unmarshal(body, &cs); err != nil {
			return nil, fmt.Sprintf("unreadable change set at byte %d", off)
		}
		for _, c := range cs.Changes {
			switch c.Op {
			case pb.ManifestChange_CREATE:
				tables[c.Id] = true
			case pb.ManifestChange_DELETE:
				delete(tables, c.Id)
			}
		}
		off += 8 + n
	}
	live = make(map[string]bool, len(tables))
	for id := range tables {
		live[table.IDToFilename(id)] = true
	}
	return live, ""
}
