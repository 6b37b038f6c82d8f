package store

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// wtx is one read-write transaction plus the bookkeeping needed to keep
// learning counts, generation tokens and in-memory indexes consistent.
type wtx struct {
	s      *Store
	txn    *badger.Txn
	counts map[string]int // function → learnings, as of this transaction
	dirty  map[string]bool
	// changes are applied to the in-memory indexes after commit, in order.
	changes []indexChange
}

// indexChange is one learning written or deleted.
type indexChange struct {
	l       *Learning // the new record (or the deleted one)
	deleted bool
}

// view runs fn in a read-only transaction; fn gets a nil txn when the store
// does not exist yet (read-only handles only).
func (s *Store) view(fn func(txn *badger.Txn) error) (err error) {
	defer s.guard(&err)
	db, err := s.acquire()
	if err != nil {
		return err
	}
	defer s.release()
	if db == nil {
		return fn(nil)
	}
	// Make LastUsed updates from Retrieve visible to what is read.
	if s.hasTouches() {
		s.writeMu.Lock()
		err := s.writePendingTouches(db)
		s.writeMu.Unlock()
		if err != nil {
			return err
		}
	}
	return s.readErr(db.View(fn))
}

// guard turns a panic inside Badger (some damaged files make it panic
// instead of returning an error) into a *DamageError.
func (s *Store) guard(err *error) {
	if r := recover(); r != nil {
		*err = damaged(s.dir, fmt.Sprintf("reading it failed: %v", r))
	}
}

// readErr turns the checksum errors Badger reports while reading into a
// *DamageError that says what to do.
func (s *Store) readErr(err error) error {
	if err == nil {
		return nil
	}
	msg := strings.ToLower(err.Error())
	if strings.Contains(msg, "checksum") || strings.Contains(msg, "corrupt") {
		return damaged(s.dir, "a record cannot be read: "+oneLine(err.Error()))
	}
	return err
}

// update runs fn in a read-write transaction and commits it durably
// (SyncWrites), then brings the in-memory indexes up to date. Writes from
// one handle are serialised.
func (s *Store) update(fn func(w *wtx) error) (err error) {
	if s.opts.ReadOnly {
		return ErrReadOnly
	}
	defer s.guard(&err)
	if err := s.checkSpace(); err != nil {
		return err
	}
	db, err := s.acquire()
	if err != nil {
		return err
	}
	defer s.release()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.writePendingTouches(db); err != nil {
		return err
	}
	txn := db.NewTransaction(true)
	defer txn.Discard()
	w := &wtx{s: s, txn: txn, counts: map[string]int{}, dirty: map[string]bool{}}
	if err := fn(w); err != nil {
		return s.readErr(err)
	}
	gens := make(map[string]string, len(w.dirty))
	for scope := range w.dirty {
		gen := s.ids.New(time.Now())
		if err := txn.Set(genKey(scope), []byte(gen)); err != nil {
			return fmt.Errorf("updating generation: %w", err)
		}
		gens[scope] = gen
	}
	for fn, n := range w.counts {
		if err := txn.Set(countKey(fn), []byte(strconv.Itoa(n))); err != nil {
			return fmt.Errorf("updating learning count: %w", err)
		}
	}
	next := s.seq + 1
	if err := txn.Set(seqKey, encodeSeq(next)); err != nil {
		return fmt.Errorf("numbering the commit: %w", err)
	}
	if err := txn.Commit(); err != nil {
		if errors.Is(err, syscall.ENOSPC) {
			return fmt.Errorf("the disk holding the learning store at %s is full; nothing of this write was stored: %w", s.dir, ErrDiskFull)
		}
		return fmt.Errorf("committing to the learning store at %s: %w", s.dir, err)
	}
	s.seq = next
	s.jrnl.record(next)
	s.applyChanges(w.changes, gens)
	return nil
}

// count returns the number of learnings of fn as of this transaction.
func (w *wtx) count(fn string) (int, error) {
	if n, ok := w.counts[fn]; ok {
		return n, nil
	}
	val, err := getValue(w.txn, countKey(fn))
	if err != nil && !isNotFound(err) {
		return 0, fmt.Errorf("reading learning count: %w", err)
	}
	n := parseCount(val)
	w.counts[fn] = n
	return n, nil
}

// getLearning returns the learning with id, or a *NotFoundError.
func (w *wtx) getLearning(id string) (*Learning, error) {
	return getLearningTxn(w.txn, id)
}

func getLearningTxn(txn *badger.Txn, id string) (*Learning, error) {
	fn, err := getValue(txn, learnIDKey(id))
	if isNotFound(err) {
		return nil, &NotFoundError{What: "learning", ID: id}
	}
	if err != nil {
		return nil, fmt.Errorf("looking up learning %s: %w", id, err)
	}
	val, err := getValue(txn, learnKey(string(fn), id))
	if isNotFound(err) {
		return nil, &NotFoundError{What: "learning", ID: id}
	}
	if err != nil {
		return nil, fmt.Errorf("reading learning %s: %w", id, err)
	}
	return decodeLearning(val)
}

// putLearning writes l. old is the stored record with the same id, or nil
// for a new learning (which counts against the cap).
func (w *wtx) putLearning(l, old *Learning) error {
	normalizeLearning(l)
	if old == nil || lkey(old) != lkey(l) {
		n, err := w.count(lkey(l))
		if err != nil {
			return err
		}
		if n >= w.s.opts.MaxLearningsPerFunction {
			return &TooManyLearningsError{Function: l.Function, Cap: w.s.opts.MaxLearningsPerFunction}
		}
		w.counts[lkey(l)] = n + 1
	}
	if old != nil {
		if lkey(old) != lkey(l) {
			if err := w.deleteKeys(old); err != nil {
				return err
			}
		} else if old.Domain != l.Domain && old.Domain != "" {
			if err := w.txn.Delete(learnDomKey(old.Domain, old.ID)); err != nil {
				return fmt.Errorf("deleting learning %s: %w", old.ID, err)
			}
			w.dirty[domainScope(old.Domain)] = true
		}
	}
	val, err := marshalLearning(l)
	if err != nil {
		return err
	}
	set := func(k, v []byte) error {
		if err := w.txn.Set(k, v); err != nil {
			return fmt.Errorf("writing learning %s: %w", l.ID, err)
		}
		return nil
	}
	if err := set(learnKey(lkey(l), l.ID), val); err != nil {
		return err
	}
	if err := set(learnIDKey(l.ID), []byte(lkey(l))); err != nil {
		return err
	}
	if l.Domain != "" {
		if err := set(learnDomKey(l.Domain, l.ID), []byte(lkey(l))); err != nil {
			return err
		}
		w.dirty[domainScope(l.Domain)] = true
	}
	w.dirty[funcScope(lkey(l))] = true
	w.changes = append(w.changes, indexChange{l: l})
	return nil
}

// deleteLearning removes l (as stored).
func (w *wtx) deleteLearning(l *Learning) error {
	if err := w.deleteKeys(l); err != nil {
		return err
	}
	if err := w.txn.Delete(learnIDKey(l.ID)); err != nil {
		return fmt.Errorf("deleting learning %s: %w", l.ID, err)
	}
	w.changes = append(w.changes, indexChange{l: l, deleted: true})
	return nil
}

// deleteKeys removes the function- and domain-keyed records of l and
// decrements its function's count.
func (w *wtx) deleteKeys(l *Learning) error {
	n, err := w.count(lkey(l))
	if err != nil {
		return err
	}
	w.counts[lkey(l)] = max(n-1, 0)
	if err := w.txn.Delete(learnKey(lkey(l), l.ID)); err != nil {
		return fmt.Errorf("deleting learning %s: %w", l.ID, err)
	}
	w.dirty[funcScope(lkey(l))] = true
	if l.Domain != "" {
		if err := w.txn.Delete(learnDomKey(l.Domain, l.ID)); err != nil {
			return fmt.Errorf("deleting learning %s: %w", l.ID, err)
		}
		w.dirty[domainScope(l.Domain)] = true
	}
	return nil
}

// normalizeLearning stores times in UTC and rounds the confidence so that
// records compare and print cleanly.
func normalizeLearning(l *Learning) {
	l.Created = l.Created.UTC()
	l.LastUsed = l.LastUsed.UTC()
	l.DecayedThrough = l.DecayedThrough.UTC()
	l.Confidence = roundConf(l.Confidence)
}

func roundConf(c float64) float64 { return math.Round(c*1e9) / 1e9 }
