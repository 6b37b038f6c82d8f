package store

import (
	"errors"
	"fmt"

	"github.com/dgraph-io/badger/v4"
)

// maxBatch is how many execution records PutExecutions writes per
// transaction.
const maxBatch = 64

// PutExecutions stores (or replaces) several execution records like
// PutExecution, in as few durable transactions as possible (one per 64
// records), so that a program making many executions pays one fsync per
// batch instead of one per record. Each record is durable when
// PutExecutions returns; on an error, the batches before the failing one
// are stored. Empty IDs are filled in with NewID.
func (s *Store) PutExecutions(es []*Execution) error {
	for _, e := range es {
		if e == nil {
			return errors.New("storing executions: nil execution")
		}
		if err := checkName("function", e.Function); err != nil {
			return fmt.Errorf("storing execution: %w", err)
		}
		if err := checkName("id", e.ID); err != nil {
			return fmt.Errorf("storing execution: %w", err)
		}
	}
	for _, e := range es {
		if e.ID == "" {
			e.ID = s.NewID()
		}
	}
	for len(es) > 0 {
		n := min(len(es), maxBatch)
		batch := es[:n]
		err := s.update(func(w *wtx) error {
			for _, e := range batch {
				if err := s.putExecutionTxn(w.txn, e); err != nil {
					return fmt.Errorf("storing execution %s: %w", e.ID, err)
				}
			}
			return nil
		})
		if errors.Is(err, badger.ErrTxnTooBig) && n > 1 {
			// Unusually large records: write them one by one.
			for _, e := range batch {
				if err := s.PutExecutions([]*Execution{e}); err != nil {
					return err
				}
			}
		} else if err != nil {
			return err
		}
		es = es[n:]
	}
	return nil
}
