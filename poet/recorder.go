package poet

import (
	"fmt"
	"sync"

	"github.com/minidana/dana/store"
)

// recorder writes execution records with group commit: a record handed to
// save is on disk when save returns. Records saved at the same time by
// several goroutines (parallel() branches) share one durable transaction:
// the first caller becomes the writer and takes everything queued at
// once; the others wait for the batch that holds their record.
type recorder struct {
	open func() (store.Backend, error)

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*store.Execution
	seq     uint64 // records queued so far
	done    uint64 // records whose batch has been written (or failed)
	writing bool
	// failed remembers the failed batches, so each of their callers gets
	// the error.
	failed []failedBatch
}

// failedBatch is a range of records whose write failed.
type failedBatch struct {
	first, last uint64
	err         error
}

func newRecorder(open func() (store.Backend, error)) *recorder {
	r := &recorder{open: open}
	r.cond = sync.NewCond(&r.mu)
	return r
}

// save writes rec durably, together with any records queued meanwhile,
// and returns when its batch is on disk. The error says why the record
// could not be saved (a damaged or full store, a lock held too long).
func (r *recorder) save(rec *store.Execution) error {
	r.mu.Lock()
	r.seq++
	my := r.seq
	r.queue = append(r.queue, rec)
	for r.done < my {
		if !r.writing {
			r.writing = true
			batch := r.queue
			r.queue = nil
			last := r.seq
			first := last - uint64(len(batch)) + 1
			r.mu.Unlock()
			err := r.write(batch)
			r.mu.Lock()
			r.writing = false
			if err != nil {
				r.failed = append(r.failed, failedBatch{first: first, last: last, err: err})
			}
			r.done = last
			r.cond.Broadcast()
			continue
		}
		r.cond.Wait()
	}
	err := r.batchErr(my)
	r.mu.Unlock()
	return err
}

// batchErr returns the error of the failed batch holding seq, if any,
// and forgets failures nobody can still ask about. r.mu is held.
func (r *recorder) batchErr(seq uint64) error {
	var found error
	keep := r.failed[:0]
	for _, f := range r.failed {
		if f.first <= seq && seq <= f.last {
			found = f.err
		}
		if f.last+maxFailedKept >= r.seq {
			keep = append(keep, f)
		}
	}
	r.failed = keep
	return found
}

// maxFailedKept bounds how far back failed batches are remembered.
const maxFailedKept = 4096

// write stores a batch of records in one durable transaction.
func (r *recorder) write(batch []*store.Execution) error {
	st, err := r.open()
	if err != nil {
		return fmt.Errorf("the execution record was not saved: %w", err)
	}
	if err := st.PutExecutions(batch); err != nil {
		return fmt.Errorf("the execution record was not saved: %w", err)
	}
	return nil
}
