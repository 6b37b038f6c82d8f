package store

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Retrieve returns the learnings most relevant to input for a call of
// o's function (in o's domain, which may be ""), at most k
// (DefaultRetrieveK when k <= 0), best first.
//
// Every learning attached to the function of the module, and every
// learning attached to the domain when it is not "", is a candidate: a
// function of the same name in another module (another project) shares
// nothing unless both are in one domain. Candidates are ranked by
// keyword overlap with input (distinct lower-cased words, minus stop
// words), then by confidence after idle decay, then newest first;
// candidates whose decayed confidence is below PruneBelow are left out.
//
// The returned learnings are marked used: pending decay is applied and
// LastUsed set to now. That update is visible at once through this handle
// and is written to disk in the background within about 100 ms, and in any
// case before the database is closed (idle close or Close); a process
// killed in that window loses only the LastUsed update. Read-only handles
// do not record use.
func (s *Store) Retrieve(o Owner, input string, k int) ([]*Learning, error) {
	if k <= 0 {
		k = DefaultRetrieveK
	}
	function, domain := "", o.Domain
	if o.Function != "" {
		function = o.key()
	}
	if function == "" && domain == "" {
		return nil, nil
	}
	db, err := s.acquire()
	if err != nil {
		return nil, fmt.Errorf("retrieving learnings for %s: %w", function, err)
	}
	defer s.release()

	now := s.now()
	nowNs := now.UnixNano()
	var qbuf [32]string
	qtok := tokenize(input, qbuf[:0])
	var ixs []*index
	if function != "" {
		ix, err := s.getIndex(db, funcScope(function))
		if err != nil {
			return nil, fmt.Errorf("retrieving learnings for %s: %w", function, err)
		}
		ixs = append(ixs, ix)
	}
	if domain != "" {
		ix, err := s.getIndex(db, domainScope(domain))
		if err != nil {
			return nil, fmt.Errorf("retrieving learnings for domain %s: %w", domain, err)
		}
		ixs = append(ixs, ix)
	}
	hits := searchIndexes(ixs, qtok, nowNs, k)

	out := make([]*Learning, 0, len(hits))
	for _, h := range hits {
		var updated *Learning
		if !s.opts.ReadOnly && db != nil {
			for _, ix := range ixs {
				if u := ix.touch(h.l.ID, now); u != nil && updated == nil {
					updated = u
				}
			}
		}
		if updated == nil {
			c := *h.l
			applyDecay(&c, now)
			updated = &c
		}
		cp := *updated
		out = append(out, &cp)
	}
	if !s.opts.ReadOnly && db != nil && len(out) > 0 {
		s.queueTouches(out, now)
	}
	return out, nil
}

// queueTouches records LastUsed updates to be written in the background.
func (s *Store) queueTouches(ls []*Learning, now time.Time) {
	s.touchMu.Lock()
	defer s.touchMu.Unlock()
	for _, l := range ls {
		if t, ok := s.touches[l.ID]; !ok || now.After(t) {
			s.touches[l.ID] = now
		}
	}
	if s.touchTimer == nil {
		s.touchTimer = time.AfterFunc(touchFlushDelay, s.flushTouches)
	}
}

// takeTouches empties and returns the pending LastUsed updates.
func (s *Store) takeTouches() map[string]time.Time {
	s.touchMu.Lock()
	defer s.touchMu.Unlock()
	if len(s.touches) == 0 {
		return nil
	}
	t := s.touches
	s.touches = map[string]time.Time{}
	return t
}

// flushTouches writes pending LastUsed updates (timer callback).
func (s *Store) flushTouches() {
	s.touchMu.Lock()
	s.touchTimer = nil
	pending := len(s.touches)
	s.touchMu.Unlock()
	if pending == 0 {
		return
	}
	db, err := s.acquire()
	if err != nil {
		return // closed: Close already wrote them
	}
	defer s.release()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	_ = s.writePendingTouches(db)
}

// hasTouches reports whether LastUsed updates are waiting to be written.
func (s *Store) hasTouches() bool {
	s.touchMu.Lock()
	defer s.touchMu.Unlock()
	return len(s.touches) > 0
}

// writePendingTouches writes the waiting LastUsed updates. writeMu is held.
func (s *Store) writePendingTouches(db *badger.DB) error {
	touches := s.takeTouches()
	if len(touches) == 0 {
		return nil
	}
	return s.writeTouches(db, touches)
}

// writeTouches persists LastUsed updates, re-reading each record so a
// concurrent change is never overwritten. Decay is a function of the stored
// record and the time, so applying it here gives the same result as the
// in-memory update did. writeMu is held. Touches do not change generation
// tokens: other processes' indexes may keep a stale LastUsed, which only
// affects their decay estimates until they next reload.
func (s *Store) writeTouches(db *badger.DB, touches map[string]time.Time) error {
	ids := slices.Sorted(maps.Keys(touches))
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 500)]
		ids = ids[len(batch):]
		err := db.Update(func(txn *badger.Txn) error {
			w := &wtx{s: s, txn: txn}
			for _, id := range batch {
				l, err := w.getLearning(id)
				if err != nil {
					continue // forgotten meanwhile
				}
				at := touches[id]
				applyDecay(l, at)
				if !at.After(l.LastUsed) {
					continue
				}
				l.LastUsed = at.UTC()
				normalizeLearning(l)
				val, err := marshalLearning(l)
				if err != nil {
					return err
				}
				if err := txn.Set(learnKey(lkey(l), l.ID), val); err != nil {
					return fmt.Errorf("recording use of learning %s: %w", id, err)
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("recording learning use: %w", err)
		}
	}
	return nil
}
