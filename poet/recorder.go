package poet

import (
	"fmt"
	"sync"

	"github.com/minidana/dana/store"
)

// maxQueued bounds the records waiting to be written; enqueue blocks
// beyond it, so a program producing records faster than the disk can sync
// them slows down instead of growing without bound.
const maxQueued = 1024

// recorder writes execution records in the background, in order, taking
// everything queued at once as one batch. A goroutine runs only while
// records are queued.
type recorder struct {
	open func() (*store.Store, error)
	warn func(key string, err error)

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*store.Execution
	running bool // a writer goroutine is active
	closed  bool
}

func newRecorder(open func() (*store.Store, error), warn func(string, error)) *recorder {
	r := &recorder{open: open, warn: warn}
	r.cond = sync.NewCond(&r.mu)
	return r
}

// enqueue queues rec for writing. After close it writes synchronously.
func (r *recorder) enqueue(rec *store.Execution) {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		r.write([]*store.Execution{rec})
		return
	}
	for len(r.queue) >= maxQueued {
		r.cond.Wait()
	}
	r.queue = append(r.queue, rec)
	if !r.running {
		r.running = true
		go r.run()
	}
	r.mu.Unlock()
}

func (r *recorder) run() {
	r.mu.Lock()
	for len(r.queue) > 0 {
		batch := r.queue
		r.queue = nil
		r.cond.Broadcast()
		r.mu.Unlock()
		r.write(batch)
		r.mu.Lock()
	}
	r.running = false
	r.cond.Broadcast()
	r.mu.Unlock()
}

// write stores a batch of records: one durable transaction for many
// records, so a loop of POET calls does not pay one fsync per call.
func (r *recorder) write(batch []*store.Execution) {
	st, err := r.open()
	if err != nil {
		r.warn("record-open", fmt.Errorf("execution records are not saved: %w", err))
		return
	}
	if err := st.PutExecutions(batch); err != nil {
		r.warn("record", fmt.Errorf("could not save execution records: %w", err))
	}
}

// pending reports whether records are queued or being written.
func (r *recorder) pending() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.running || len(r.queue) > 0
}

// flush waits until every queued record is written.
func (r *recorder) flush() {
	r.mu.Lock()
	for r.running || len(r.queue) > 0 {
		r.cond.Wait()
	}
	r.mu.Unlock()
}

// close flushes and makes later enqueues synchronous.
func (r *recorder) close() {
	r.flush()
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
}
