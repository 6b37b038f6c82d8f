package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// CheckReport is what Check found.
type CheckReport struct {
	Dir string `json:"dir"`
	// OK is true when no problem was found.
	OK bool `json:"ok"`
	// Problems lists what is wrong, one item per problem.
	Problems   []string `json:"problems"`
	Executions int      `json:"executions"`
	Learnings  int      `json:"learnings"`
	Feedback   int      `json:"feedback"`
	// Other counts the keys of other kinds (tools, preferences, ...).
	Other     int   `json:"other"`
	SizeBytes int64 `json:"size_bytes"`
}

// Check verifies the store in dir without writing to it: the files (see
// inspect: logs, MANIFEST, every block of every table), then every record,
// which is read (checking value-log checksums) and decoded, and the
// store's own bookkeeping (every index entry points to a record, the
// learning counts match). A store that does not exist is reported as
// such, not created.
func Check(dir string) (*CheckReport, error) {
	rep := &CheckReport{Dir: dir, Problems: []string{}}
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("checking the learning store: %w", err)
	}
	rep.SizeBytes = dirSize(dir)
	s := Lazy(dir, Options{ReadOnly: true})
	defer s.Close()
	err := s.view(func(txn *badger.Txn) error {
		return checkRecords(txn, rep)
	})
	var de *DamageError
	switch {
	case errors.As(err, &de):
		rep.Problems = append(rep.Problems, de.Problems...)
	case err != nil:
		return nil, err
	}
	rep.OK = len(rep.Problems) == 0
	return rep, nil
}

// checkRecords reads and decodes every key of the store.
func checkRecords(txn *badger.Txn, rep *CheckReport) error {
	if txn == nil {
		return nil
	}
	execs := map[string]bool{}
	learnFn := map[string]string{} // id → function key
	perFn := map[string]int{}
	var fnIndex, idIndex [][2]string
	counts := map[string]int{}
	problem := func(format string, args ...any) {
		if len(rep.Problems) < 100 {
			rep.Problems = append(rep.Problems, fmt.Sprintf(format, args...))
		}
	}
	it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: false})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		key := string(item.KeyCopy(nil))
		val, err := item.ValueCopy(nil)
		if err != nil {
			problem("record %q cannot be read: %s", key, oneLine(err.Error()))
			continue
		}
		switch {
		case strings.HasPrefix(key, pExecFn):
			fn, id, _ := strings.Cut(key[len(pExecFn):], sep)
			fnIndex = append(fnIndex, [2]string{fn, id})
		case strings.HasPrefix(key, pFeedback):
			var f FeedbackEntry
			if err := json.Unmarshal(val, &f); err != nil {
				problem("feedback %q cannot be decoded: %v", key, err)
			}
			rep.Feedback++
		case strings.HasPrefix(key, pExec):
			if _, err := decodeExecution(val); err != nil {
				problem("execution %s cannot be decoded: %v", key[len(pExec):], err)
			}
			execs[key[len(pExec):]] = true
			rep.Executions++
		case strings.HasPrefix(key, pLearnID):
			idIndex = append(idIndex, [2]string{key[len(pLearnID):], string(val)})
		case strings.HasPrefix(key, pLearnDom), strings.HasPrefix(key, pGen), strings.HasPrefix(key, pMeta):
		case strings.HasPrefix(key, pCount):
			n := 0
			fmt.Sscan(string(val), &n)
			counts[key[len(pCount):]] = n
		case strings.HasPrefix(key, pLearn):
			l, err := decodeLearning(val)
			if err != nil {
				problem("learning %q cannot be decoded: %v", key, err)
				continue
			}
			learnFn[l.ID] = lkey(l)
			perFn[lkey(l)]++
			rep.Learnings++
		default:
			rep.Other++
		}
	}
	for _, e := range fnIndex {
		if !execs[e[1]] {
			problem("the index of %s lists execution %s, which is missing", e[0], e[1])
		}
	}
	for _, e := range idIndex {
		if learnFn[e[0]] != e[1] {
			problem("learning %s is indexed but missing", e[0])
		}
	}
	for fn, n := range perFn {
		if counts[fn] != n {
			problem("function %s has %d learnings, but its count says %d", fn, n, counts[fn])
		}
	}
	return nil
}

// RepairReport says what Repair did.
type RepairReport struct {
	Dir string `json:"dir"`
	// KeptAside is where the damaged store was moved.
	KeptAside string `json:"kept_aside"`
	// Salvaged counts the records copied into the fresh store.
	Executions int `json:"executions"`
	Learnings  int `json:"learnings"`
	Feedback   int `json:"feedback"`
	Other      int `json:"other"`
	// Unreadable lists the parts that could not be read.
	Unreadable []string `json:"unreadable"`
}

// Repair salvages every readable record of the store in dir into a fresh
// store, then moves the damaged directory aside (DIR.damaged-TIMESTAMP,
// never deleted) and puts the fresh one in its place. It reads Badger's
// files directly, so it works when Badger cannot open the store at all (a
// missing MANIFEST, a truncated table): every table entry up to a damaged
// block, every intact entry of the write-ahead logs (skipping damaged
// ones), and the values they point to in the value logs; of several
// versions of a key the newest readable one wins. The store's own indexes
// and counts are then rebuilt from the salvaged records. The caller must
// make sure no other process uses the store (cmd/dana takes its lock).
func Repair(dir string) (*RepairReport, error) {
	rep := &RepairReport{Dir: dir, Unreadable: []string{}}
	if _, err := os.Stat(filepath.Join(dir)); err != nil {
		return nil, fmt.Errorf("repairing the learning store: %w", err)
	}
	lock, ok, err := tryLock(filepath.Join(dir, lockFileName), false)
	if err != nil {
		return nil, fmt.Errorf("repairing the learning store at %s: %w", dir, err)
	}
	if !ok {
		return nil, fmt.Errorf("the learning store at %s is in use by another process; repair it when that has finished: %w", dir, ErrLocked)
	}
	defer lock.unlock()
	kv, unreadable, err := salvage(dir)
	if err != nil {
		return nil, err
	}
	rep.Unreadable = append(rep.Unreadable, unreadable...)
	fresh := fmt.Sprintf("%s.repair-%s", strings.TrimRight(dir, string(filepath.Separator)), stamp())
	if err := writeFresh(fresh, kv, rep); err != nil {
		os.RemoveAll(fresh)
		return nil, err
	}
	rep.KeptAside = fmt.Sprintf("%s.damaged-%s", strings.TrimRight(dir, string(filepath.Separator)), stamp())
	if err := swapIn(dir, fresh, rep.KeptAside); err != nil {
		return nil, err
	}
	return rep, nil
}

func stamp() string { return time.Now().UTC().Format("20060102T150405.000") }

// swapIn moves dir aside to aside and fresh to dir.
func swapIn(dir, fresh, aside string) error {
	if err := os.Rename(dir, aside); err != nil {
		os.RemoveAll(fresh)
		return fmt.Errorf("moving the old store aside: %w", err)
	}
	if err := os.Rename(fresh, dir); err != nil {
		return fmt.Errorf("the old store is at %s, the new one at %s, but it could not be moved in place: %w", aside, fresh, err)
	}
	return nil
}

// salvaged is one key's newest readable version.
type salvaged struct {
	ts      uint64
	value   []byte
	deleted bool
}

// salvage reads every readable entry of the store's files.
func salvage(dir string) (map[string]salvaged, []string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the learning store: %w", err)
	}
	kv := map[string]salvaged{}
	var unreadable []string
	vlogs := map[uint32][]byte{}
	for _, de := range ents {
		var fid uint32
		if _, err := fmt.Sscanf(de.Name(), "%06d.vlog", &fid); err == nil && filepath.Ext(de.Name()) == ".vlog" {
			if b, err := os.ReadFile(filepath.Join(dir, de.Name())); err == nil {
				vlogs[fid] = b
			} else {
				unreadable = append(unreadable, de.Name()+": "+err.Error())
			}
		}
	}
	put := func(ikey []byte, meta byte, value []byte, where string) {
		if len(ikey) < 8 {
			return
		}
		key := string(ikey[:len(ikey)-8])
		if strings.HasPrefix(key, "!badger!") {
			return
		}
		ts := math.MaxUint64 - binary.BigEndian.Uint64(ikey[len(ikey)-8:])
		if old, ok := kv[key]; ok && old.ts >= ts {
			return
		}
		if meta&bitValuePtr != 0 && meta&bitDelete == 0 {
			v, ok := vlogValue(vlogs, value)
			if !ok {
				unreadable = append(unreadable, fmt.Sprintf("%s: the value of %q is not readable in the value log", where, key))
				return
			}
			value = v
		}
		kv[key] = salvaged{ts: ts, value: append([]byte(nil), value...), deleted: meta&bitDelete != 0}
	}
	for _, de := range ents {
		name := de.Name()
		path := filepath.Join(dir, name)
		switch filepath.Ext(name) {
		case ".sst":
			if p := salvageTable(path, func(k []byte, meta byte, v []byte) { put(k, meta, v, name) }); p != "" {
				unreadable = append(unreadable, name+": "+p)
			}
		case ".mem":
			data, err := os.ReadFile(path)
			if err != nil {
				unreadable = append(unreadable, name+": "+err.Error())
				continue
			}
			if p := salvageLog(data, func(k []byte, meta byte, v []byte) { put(k, meta, v, name) }); p != "" {
				unreadable = append(unreadable, name+": "+p)
			}
		}
	}
	return kv, unreadable, nil
}

// vlogValue reads the value a value pointer (fid, len, offset; native
// byte order, as Badger writes it) points to, checking its checksum.
func vlogValue(vlogs map[uint32][]byte, ptr []byte) ([]byte, bool) {
	if len(ptr) < 12 {
		return nil, false
	}
	fid := binary.LittleEndian.Uint32(ptr[0:])
	off := binary.LittleEndian.Uint32(ptr[8:])
	data := vlogs[fid]
	e, _, ok := parseLogEntry(data, int(off))
	if !ok {
		return nil, false
	}
	return e.value, true
}

// salvageLog calls put for every entry of a write-ahead log that belongs
// to a complete transaction, skipping over damaged stretches.
func salvageLog(data []byte, put func(key []byte, meta byte, value []byte)) string {
	if len(data) < logHeaderSize {
		return "shorter than a log header"
	}
	pending := map[string][]logEntry{} // by version, until the commit marker
	skipped := 0
	for off := logHeaderSize; off < len(data); {
		e, _, ok := parseLogEntry(data, off)
		if !ok {
			if allZero(data[off:min(len(data), off+64)]) && allZero(data[off:]) {
				break
			}
			off++
			skipped++
			continue
		}
		off = e.end
		switch {
		case e.meta&bitFinTxn != 0:
			for _, p := range pending[string(e.value)] {
				put(p.key, p.meta&^(bitTxn|bitFinTxn), p.value)
			}
			delete(pending, string(e.value))
		case e.meta&bitTxn != 0:
			ts := fmt.Sprint(math.MaxUint64 - binary.BigEndian.Uint64(keyTs(e.key)))
			pending[ts] = append(pending[ts], e)
		default:
			put(e.key, e.meta, e.value)
		}
	}
	if skipped > 0 {
		return fmt.Sprintf("%d damaged bytes skipped", skipped)
	}
	return ""
}

// secondary reports keys the store derives from its records (rebuilt by
// Repair, not copied).
func secondary(key string) bool {
	for _, p := range []string{pExecFn, pLearnID, pLearnDom, pCount, pGen} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// writeFresh writes the salvaged records into a new store in fresh and
// rebuilds its indexes.
func writeFresh(fresh string, kv map[string]salvaged, rep *RepairReport) error {
	if err := os.MkdirAll(fresh, 0o700); err != nil {
		return fmt.Errorf("creating the repaired store: %w", err)
	}
	db, err := badger.Open(badgerOptions(fresh, false))
	if err != nil {
		return fmt.Errorf("creating the repaired store: %w", err)
	}
	keys := make([]string, 0, len(kv))
	for k, v := range kv {
		if !v.deleted && !secondary(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	wb := db.NewWriteBatch()
	var learnings []*Learning
	for _, k := range keys {
		v := kv[k].value
		switch {
		case strings.HasPrefix(k, pFeedback):
			rep.Feedback++
		case strings.HasPrefix(k, pExec):
			e, err := decodeExecution(v)
			if err != nil {
				rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("execution %s: %v", k[len(pExec):], err))
				continue
			}
			if err := wb.Set(execFnKey(e.Function, e.ID), nil); err != nil {
				return err
			}
			rep.Executions++
		case strings.HasPrefix(k, pLearn):
			l, err := decodeLearning(v)
			if err != nil {
				rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("learning %s: %v", k, err))
				continue
			}
			learnings = append(learnings, l)
			rep.Learnings++
		default:
			rep.Other++
		}
		if err := wb.Set([]byte(k), v); err != nil {
			return err
		}
	}
	counts := map[string]int{}
	for _, l := range learnings {
		counts[lkey(l)]++
		if err := wb.Set(learnIDKey(l.ID), []byte(lkey(l))); err != nil {
			return err
		}
		if l.Domain != "" {
			if err := wb.Set(learnDomKey(l.Domain, l.ID), []byte(lkey(l))); err != nil {
				return err
			}
		}
	}
	for fn, n := range counts {
		if err := wb.Set(countKey(fn), []byte(fmt.Sprint(n))); err != nil {
			return err
		}
	}
	if err := wb.Flush(); err != nil {
		db.Close()
		return fmt.Errorf("writing the repaired store: %w", err)
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("writing the repaired store: %w", err)
	}
	return nil
}

// Backup writes every record of the store to w in Badger's backup format
// (a stream `dana store restore` reads back). It only reads.
func (s *Store) Backup(w io.Writer) (err error) {
	defer s.guard(&err)
	db, err := s.acquire()
	if err != nil {
		return err
	}
	defer s.release()
	if db == nil {
		return fmt.Errorf("the learning store at %s is empty: nothing to back up", s.dir)
	}
	if _, err := db.Backup(w, 0); err != nil {
		return s.readErr(fmt.Errorf("backing up the learning store at %s: %w", s.dir, err))
	}
	return nil
}

// Restore replaces the store in dir with the contents of a backup made by
// Backup: the backup is loaded into a fresh directory first (a bad backup
// changes nothing), then an existing store is moved aside
// (DIR.before-restore-TIMESTAMP, never deleted) and the fresh one takes its
// place. It returns where the old store went ("" when there was none).
func Restore(dir string, r io.Reader) (aside string, err error) {
	base := strings.TrimRight(dir, string(filepath.Separator))
	fresh := fmt.Sprintf("%s.restore-%s", base, stamp())
	if err := os.MkdirAll(fresh, 0o700); err != nil {
		return "", fmt.Errorf("restoring: %w", err)
	}
	err = func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("the backup is not readable: %v", r)
			}
		}()
		db, err := badger.Open(badgerOptions(fresh, false))
		if err != nil {
			return err
		}
		if err := db.Load(r, 64); err != nil {
			db.Close()
			return fmt.Errorf("the backup is not readable: %w", err)
		}
		return db.Close()
	}()
	if err != nil {
		os.RemoveAll(fresh)
		return "", fmt.Errorf("restoring the learning store at %s: %w; the store was not changed", dir, err)
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(fresh, dir); err != nil {
			return "", fmt.Errorf("restoring: %w", err)
		}
		return "", nil
	}
	aside = fmt.Sprintf("%s.before-restore-%s", base, stamp())
	return aside, swapIn(dir, fresh, aside)
}
