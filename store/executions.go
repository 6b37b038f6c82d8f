package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dgraph-io/badger/v4"

	"github.com/minidana/dana/store/record"
)

// PutExecution stores (or replaces) an execution record; it is durable when
// PutExecution returns. An empty ID is filled in with NewID. Feedback is
// kept in records of its own (see Feedback) and never in the execution
// record, so replacing a record keeps the feedback given on it. Texts over
// Options.MaxTextBytes are replaced by a marker with their size and hash
// (record.Cap).
func (s *Store) PutExecution(e *Execution) error {
	if e == nil {
		return errors.New("storing execution: nil execution")
	}
	return s.PutExecutions([]*Execution{e})
}

// putExecutionTxn writes e (capped, without its feedback) and its
// function index entry, moving the index entry when the function changed.
func (s *Store) putExecutionTxn(txn *badger.Txn, e *Execution) error {
	if old, err := getValue(txn, execKey(e.ID)); err == nil {
		if prev, err := decodeExecution(old); err == nil && prev.Function != e.Function {
			if err := txn.Delete(execFnKey(prev.Function, prev.ID)); err != nil {
				return fmt.Errorf("moving execution index: %w", err)
			}
		}
	} else if !isNotFound(err) {
		return fmt.Errorf("reading execution %s: %w", e.ID, err)
	}
	val, err := s.encodeExecution(e)
	if err != nil {
		return err
	}
	if err := txn.Set(execKey(e.ID), val); err != nil {
		return fmt.Errorf("writing execution: %w", err)
	}
	if err := txn.Set(execFnKey(e.Function, e.ID), nil); err != nil {
		return fmt.Errorf("writing execution index: %w", err)
	}
	return nil
}

// encodeExecution returns the stored form of e: JSON, with texts over the
// cap replaced by markers, and every value JSON cannot represent (NaN, a
// channel, ...) replaced by a readable stand-in rather than losing the
// record. A record still over MaxRecordBytes keeps only the first
// recordFallbackText bytes' worth of each text.
func (s *Store) encodeExecution(e *Execution) ([]byte, error) {
	c := *e
	c.Feedback = nil
	record.Cap(&c, s.opts.MaxTextBytes)
	val, err := json.Marshal(&c)
	if err != nil {
		c.Inputs, c.PerceivedInput = jsonSafe(c.Inputs), jsonSafe(c.PerceivedInput)
		c.Output, c.CodeContext = jsonSafe(c.Output), jsonSafe(c.CodeContext)
		c.Attempts = slices.Clone(c.Attempts)
		for i := range c.Attempts {
			c.Attempts[i].Output = jsonSafe(c.Attempts[i].Output)
		}
		if val, err = json.Marshal(&c); err != nil {
			return nil, fmt.Errorf("encoding execution: %w", err)
		}
	}
	if len(val) > s.opts.MaxRecordBytes {
		record.Cap(&c, recordFallbackText)
		if val, err = json.Marshal(&c); err != nil {
			return nil, fmt.Errorf("encoding execution: %w", err)
		}
		if len(val) > s.opts.MaxRecordBytes {
			return nil, fmt.Errorf("execution %s is %d bytes even with its texts cut to %d bytes (the cap is %d)",
				e.ID, len(val), recordFallbackText, s.opts.MaxRecordBytes)
		}
	}
	return val, nil
}

// recordFallbackText is the text cap applied to a record that is still
// over MaxRecordBytes after the normal cap (many large attempts).
const recordFallbackText = 4 << 10

func getExecutionTxn(txn *badger.Txn, id string) (*Execution, error) {
	val, err := getValue(txn, execKey(id))
	if isNotFound(err) {
		return nil, &NotFoundError{What: "execution", ID: id}
	}
	if err != nil {
		return nil, fmt.Errorf("reading execution %s: %w", id, err)
	}
	e, err := decodeExecution(val)
	if err != nil {
		return nil, fmt.Errorf("execution %s: %w", id, err)
	}
	fb, err := feedbackTxn(txn, id)
	if err != nil {
		return nil, err
	}
	e.Feedback = append(e.Feedback, fb...)
	return e, nil
}

// feedbackTxn reads the feedback records of execution id, oldest first.
func feedbackTxn(txn *badger.Txn, id string) ([]FeedbackEntry, error) {
	var out []FeedbackEntry
	err := scan(txn, pFeedback+id+sep, scanOpts{}, func(_, val []byte) (bool, error) {
		var f FeedbackEntry
		if err := json.Unmarshal(val, &f); err != nil {
			return false, fmt.Errorf("decoding feedback on %s: %w", id, err)
		}
		out = append(out, f)
		return true, nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading feedback on %s: %w", id, err)
	}
	return out, nil
}

// GetExecution returns the execution record with id; an unknown id gives a
// *NotFoundError (matching ErrNotFound) whose message names the id.
func (s *Store) GetExecution(id string) (*Execution, error) {
	var e *Execution
	err := s.view(func(txn *badger.Txn) error {
		var err error
		e, err = getExecutionTxn(txn, id)
		return err
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return nil, err
		}
		return nil, fmt.Errorf("getting execution %s: %w", id, err)
	}
	return e, nil
}

// ListExecutions returns the executions matching f, newest first (by id,
// which is time-ordered).
func (s *Store) ListExecutions(f ExecutionFilter) ([]*Execution, error) {
	var out []*Execution
	// done reports whether id is older than f.Since (ids are time-ordered,
	// so the newest-first scan can stop there).
	done := func(id string) bool {
		if f.Since.IsZero() {
			return false
		}
		t, ok := idTime(id)
		return ok && t.Before(f.Since.Truncate(1e6))
	}
	keep := func(e *Execution) bool {
		if !f.Since.IsZero() && !e.Started.IsZero() && e.Started.Before(f.Since) {
			return true
		}
		out = append(out, e)
		return f.Limit <= 0 || len(out) < f.Limit
	}
	err := s.view(func(txn *badger.Txn) error {
		if f.Function == "" {
			return scan(txn, pExec, scanOpts{reverse: true}, func(key, val []byte) (bool, error) {
				if done(string(key[len(pExec):])) {
					return false, nil
				}
				e, err := decodeExecution(val)
				if err != nil {
					return false, fmt.Errorf("execution %s: %w", key[len(pExec):], err)
				}
				if e.Feedback, err = feedbackTxn(txn, e.ID); err != nil {
					return false, err
				}
				return keep(e), nil
			})
		}
		return scan(txn, pExecFn+f.Function+sep, scanOpts{reverse: true, keysOnly: true},
			func(key, _ []byte) (bool, error) {
				id := idFromKey(key)
				if done(id) {
					return false, nil
				}
				e, err := getExecutionTxn(txn, id)
				if errors.Is(err, ErrNotFound) {
					return true, nil
				}
				if err != nil {
					return false, err
				}
				return keep(e), nil
			})
	})
	if err != nil {
		return nil, fmt.Errorf("listing executions: %w", err)
	}
	return out, nil
}

// jsonSafe returns v with every part JSON cannot encode replaced by its
// string form: NaN and infinities become "NaN", "+Inf", "-Inf"; other
// unencodable values their fmt rendering.
func jsonSafe(v any) any {
	switch x := v.(type) {
	case nil, string, bool, json.Number, json.RawMessage:
		if raw, ok := x.(json.RawMessage); ok && !json.Valid(raw) {
			return string(raw)
		}
		return v
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		return v
	case float32:
		return jsonSafe(float64(x))
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = jsonSafe(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = jsonSafe(e)
		}
		return l
	}
	if _, err := json.Marshal(v); err != nil {
		return fmt.Sprint(v)
	}
	return v
}
