package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/dgraph-io/badger/v4"
)

// Record is one record of a store in a portable form (exactly one field
// set), as `dana store copy` moves them between backends.
type Record struct {
	// Execution comes with its feedback entries, oldest first.
	Execution *Execution `json:"execution,omitempty"`
	Learning  *Learning  `json:"learning,omitempty"`
	// Strikes is a count of similar corrections; Scope its function's
	// OwnerKey (module and function).
	Strikes *Strikes     `json:"strikes,omitempty"`
	Scope   string       `json:"scope,omitempty"`
	Tool    *Tool        `json:"tool,omitempty"`
	Reply   *CachedReply `json:"reply,omitempty"`
}

// Copier is a Backend whose every record can be read out and written back
// as it is (the Badger store and store/pgstore implement it).
type Copier interface {
	Backend
	// Dump calls fn with every record: executions (with feedback), then
	// learnings, preference counts, tools and cached replies.
	Dump(fn func(*Record) error) error
	// Load writes records as they are: ids, times, confidence and feedback
	// entries kept, no training applied. Meant for an empty store (see
	// Copy): feedback is appended, not merged.
	Load(rs []*Record) error
}

var _ Copier = (*Store)(nil)

// CopyResult counts what Copy moved.
type CopyResult struct {
	Executions int `json:"executions"`
	Feedback   int `json:"feedback"`
	Learnings  int `json:"learnings"`
	Strikes    int `json:"preference_counts"`
	Tools      int `json:"tools"`
	Replies    int `json:"cached_replies"`
}

// copyBatch is how many records Copy writes per Load.
const copyBatch = 500

// Copy moves every record of from into to, which must be empty (no
// executions, learnings, tools or cached replies): copying twice would
// append feedback twice, so a non-empty target is refused.
func Copy(from, to Backend) (*CopyResult, error) {
	src, ok := from.(Copier)
	if !ok {
		return nil, fmt.Errorf("the store at %s cannot be copied from", from.Dir())
	}
	dst, ok := to.(Copier)
	if !ok {
		return nil, fmt.Errorf("the store at %s cannot be copied to", to.Dir())
	}
	if err := CheckEmpty(to); err != nil {
		return nil, err
	}
	res := &CopyResult{}
	var batch []*Record
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := dst.Load(batch)
		batch = batch[:0]
		return err
	}
	err := src.Dump(func(r *Record) error {
		switch {
		case r.Execution != nil:
			res.Executions++
			res.Feedback += len(r.Execution.Feedback)
		case r.Learning != nil:
			res.Learnings++
		case r.Strikes != nil:
			res.Strikes++
		case r.Tool != nil:
			res.Tools++
		case r.Reply != nil:
			res.Replies++
		}
		batch = append(batch, r)
		if len(batch) >= copyBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return nil, fmt.Errorf("copying %s to %s: %w", from.Dir(), to.Dir(), err)
	}
	return res, nil
}

// CheckEmpty returns an error unless to holds no execution, learning,
// tool or cached reply.
func CheckEmpty(to Backend) error {
	st, err := to.Stats()
	if err != nil {
		return err
	}
	tools, err := to.ListTools()
	if err != nil {
		return err
	}
	replies := 0
	if rc, ok := to.(ResponseCache); ok {
		cs, err := rc.CacheStats()
		if err != nil {
			return err
		}
		replies = cs.Entries
	}
	if st.Executions+st.Learnings+len(tools)+replies > 0 {
		return fmt.Errorf("the store at %s is not empty (%d executions, %d learnings, %d tools, %d cached replies): "+
			"copy into an empty store", to.Dir(), st.Executions, st.Learnings, len(tools), replies)
	}
	return nil
}

// Dump calls fn with every record of the store.
func (s *Store) Dump(fn func(*Record) error) error {
	es, err := s.ListExecutions(ExecutionFilter{})
	if err != nil {
		return err
	}
	for i := len(es) - 1; i >= 0; i-- { // oldest first
		if err := fn(&Record{Execution: es[i]}); err != nil {
			return err
		}
	}
	ls, err := s.ListLearnings(LearningFilter{})
	if err != nil {
		return err
	}
	for _, l := range ls {
		if err := fn(&Record{Learning: l}); err != nil {
			return err
		}
	}
	var rs []*Record
	err = s.view(func(txn *badger.Txn) error {
		if err := scan(txn, pStrikes, scanOpts{}, func(key, val []byte) (bool, error) {
			st := new(Strikes)
			if err := json.Unmarshal(val, st); err != nil {
				return false, fmt.Errorf("decoding correction counts: %w", err)
			}
			scope, _, _ := strings.Cut(strings.TrimPrefix(string(key), pStrikes), sep)
			rs = append(rs, &Record{Strikes: st, Scope: scope})
			return true, nil
		}); err != nil {
			return err
		}
		return scan(txn, pCache, scanOpts{}, func(_, val []byte) (bool, error) {
			r := new(CachedReply)
			if err := json.Unmarshal(val, r); err != nil {
				return false, fmt.Errorf("decoding a cached reply: %w", err)
			}
			rs = append(rs, &Record{Reply: r})
			return true, nil
		})
	})
	if err != nil {
		return err
	}
	tools, err := s.ListTools()
	if err != nil {
		return err
	}
	for _, t := range tools {
		rs = append(rs, &Record{Tool: t})
	}
	for _, r := range rs {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// Load writes rs as they are, in one transaction.
func (s *Store) Load(rs []*Record) error {
	return s.update(func(w *wtx) error {
		for _, r := range rs {
			var err error
			switch {
			case r.Execution != nil:
				e := r.Execution
				if err = s.putExecutionTxn(w.txn, e); err != nil {
					break
				}
				for _, fb := range e.Feedback {
					val, merr := json.Marshal(fb)
					if merr != nil {
						return merr
					}
					// Feedback ids are time-ordered: the entries keep their order.
					if err = w.txn.Set(feedbackKey(e.ID, s.ids.New(fb.At)), val); err != nil {
						break
					}
				}
			case r.Learning != nil:
				old, gerr := w.getLearning(r.Learning.ID)
				if gerr != nil && !errors.Is(gerr, ErrNotFound) {
					return gerr
				}
				l := *r.Learning
				err = w.putLearning(&l, old)
			case r.Strikes != nil:
				val, merr := json.Marshal(r.Strikes)
				if merr != nil {
					return merr
				}
				err = w.txn.Set(strikesKey(r.Scope, r.Strikes.Topic), val)
			case r.Tool != nil:
				val, merr := json.Marshal(r.Tool)
				if merr != nil {
					return merr
				}
				err = w.txn.Set(toolKey(r.Tool.Module, r.Tool.Name), val)
			case r.Reply != nil:
				val, merr := json.Marshal(r.Reply)
				if merr != nil {
					return merr
				}
				err = w.txn.Set(cacheKey(r.Reply.Key), val)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}
