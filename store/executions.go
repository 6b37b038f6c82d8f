package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dgraph-io/badger/v4"
)

// PutExecution stores (or replaces) an execution record; it is durable when
// PutExecution returns. An empty ID is filled in with NewID. Replacing a
// record that has feedback with one that has none keeps the stored
// feedback, so an engine that rewrites its record at the end of an
// execution cannot erase feedback given in the meantime.
func (s *Store) PutExecution(e *Execution) error {
	if e == nil {
		return errors.New("storing execution: nil execution")
	}
	if err := checkName("function", e.Function); err != nil {
		return fmt.Errorf("storing execution: %w", err)
	}
	if err := checkName("id", e.ID); err != nil {
		return fmt.Errorf("storing execution: %w", err)
	}
	if e.ID == "" {
		e.ID = s.NewID()
	}
	err := s.update(func(w *wtx) error {
		rec := *e
		old, err := getExecutionTxn(w.txn, e.ID)
		switch {
		case err == nil:
			if old.Function != e.Function {
				if err := w.txn.Delete(execFnKey(old.Function, old.ID)); err != nil {
					return err
				}
			}
			if len(rec.Feedback) == 0 {
				rec.Feedback = old.Feedback
			}
		case !errors.Is(err, ErrNotFound):
			return err
		}
		return putExecutionTxn(w.txn, &rec)
	})
	if err != nil {
		return fmt.Errorf("storing execution %s: %w", e.ID, err)
	}
	return nil
}

func putExecutionTxn(txn *badger.Txn, e *Execution) error {
	val, err := json.Marshal(e)
	if err != nil {
		// A value JSON cannot represent (NaN, a channel, ...): record a
		// readable stand-in rather than losing the whole record.
		c := *e
		c.Inputs, c.PerceivedInput = jsonSafe(c.Inputs), jsonSafe(c.PerceivedInput)
		c.Output, c.CodeContext = jsonSafe(c.Output), jsonSafe(c.CodeContext)
		c.Attempts = slices.Clone(c.Attempts)
		for i := range c.Attempts {
			c.Attempts[i].Output = jsonSafe(c.Attempts[i].Output)
		}
		if val, err = json.Marshal(&c); err != nil {
			return fmt.Errorf("encoding execution: %w", err)
		}
	}
	if err := txn.Set(execKey(e.ID), val); err != nil {
		return fmt.Errorf("writing execution: %w", err)
	}
	if err := txn.Set(execFnKey(e.Function, e.ID), nil); err != nil {
		return fmt.Errorf("writing execution index: %w", err)
	}
	return nil
}

func getExecutionTxn(txn *badger.Txn, id string) (*Execution, error) {
	val, err := getValue(txn, execKey(id))
	if isNotFound(err) {
		return nil, &NotFoundError{What: "execution", ID: id}
	}
	if err != nil {
		return nil, fmt.Errorf("reading execution %s: %w", id, err)
	}
	return decodeExecution(val)
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
