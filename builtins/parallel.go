package builtins

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/minidana/dana/lang/interp"
)

// DefaultWorkers is parallel()'s workers when the call gives none.
const DefaultWorkers = 8

// maxWorkers bounds workers= (each worker is a goroutine with its own
// interpreter thread).
const maxWorkers = 256

var parallelSig = signature{name: "parallel", params: []string{"fn", "items", "workers"}, nreq: 1,
	kwOnly: []string{"return_exceptions"}}

// ParallelObserver follows parallel() calls, for progress displays; set one
// on an interpreter with SetParallelObserver. Its methods are called from
// worker goroutines.
type ParallelObserver interface {
	// Start is called once with the number of items; the returned func is
	// called as each item finishes, and done when the call ends.
	Start(total int) (itemDone func(), done func())
}

const observerKey = "builtins.parallel.observer"

// workerKey marks the threads of parallel() workers (Thread data).
const workerKey = "builtins.parallel.worker"

// InWorker reports whether th is a parallel() worker's thread (or one it
// forked in turn): the REPL does not print such a thread's replies as they
// stream, since several would interleave.
func InWorker(th *interp.Thread) bool {
	b, _ := th.Data(workerKey).(bool)
	return b
}

// SetParallelObserver makes o follow every parallel() call of in.
func SetParallelObserver(in *interp.Interpreter, o ParallelObserver) {
	in.SetData(observerKey, o)
}

// builtinParallel is parallel(fn, items, workers=8, return_exceptions=False)
// (SPEC §7.1): [fn(x) for x in items] in input order, the calls running on
// up to workers goroutines, each with its own interpreter thread; mini-Dana
// code runs one thread at a time under the interpreter lock, which a call
// releases while it waits on a model. parallel([f, g, h]) calls each thunk.
//
// The first error (in time) cancels the other workers and is raised, its
// message prefixed with "parallel item I: " (I the failing item's index);
// with return_exceptions=True every error is returned in its item's slot
// instead. When the run itself is stopped (Ctrl-C, --timeout) or a worker
// passes a limit (step budget, memory), every worker stops and that limit
// error is raised, which no except catches.
func builtinParallel(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := parallelSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	fn, itemsArg := b[0], b[1]
	thunks := itemsArg == nil
	if thunks {
		itemsArg = fn
		fn = nil
	} else if !interp.IsCallable(fn) {
		return nil, interp.Errorf("TypeError", "parallel() argument 'fn' must be callable, not %s", typeName(fn))
	}
	items, err := iterate(th, itemsArg)
	if err != nil {
		return nil, err
	}
	if thunks {
		for i, f := range items {
			if !interp.IsCallable(f) {
				return nil, interp.Errorf("TypeError", "parallel() with one argument runs a list of callables; item %d is %s", i, typeName(f))
			}
		}
	}
	workers := DefaultWorkers
	if w := b[2]; w != nil && w != interp.None {
		n, ok := w.(interp.Int)
		if !ok {
			return nil, interp.Errorf("TypeError", "parallel(): workers must be an int, not %s", typeName(w))
		}
		if n < 1 || n > maxWorkers {
			return nil, interp.Errorf("ValueError", "parallel(): workers must be between 1 and %d (got %d)", maxWorkers, int64(n))
		}
		workers = int(n)
	}
	returnExc := false
	if r := b[3]; r != nil {
		returnExc = interp.Truth(r)
	}
	n := len(items)
	if n == 0 {
		return interp.NewList(nil), nil
	}
	workers = min(workers, n)

	var itemDone, allDone func()
	if o, ok := th.Interp().Data(observerKey).(ParallelObserver); ok && o != nil {
		itemDone, allDone = o.Start(n)
	}

	ctx, cancel := context.WithCancel(th.Context())
	defer cancel()
	results := make([]value, n)
	var (
		next     atomic.Int64
		mu       sync.Mutex
		firstErr error
		firstIdx = -1
	)
	forks := make([]*interp.Thread, workers)
	for i := range forks {
		forks[i] = th.Fork(ctx)
		forks[i].SetData(workerKey, true)
	}
	var wg sync.WaitGroup
	wg.Add(workers)
	for _, w := range forks {
		go func(w *interp.Thread) {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				var v value
				var err error
				if thunks {
					v, err = w.CallLocked(items[i], nil, nil)
				} else {
					v, err = w.CallLocked(fn, []value{items[i]}, nil)
				}
				if itemDone != nil {
					itemDone()
				}
				if err == nil {
					results[i] = v
					continue
				}
				if returnExc && !interp.IsLimitError(err) {
					results[i] = interp.AsException(err)
					continue
				}
				mu.Lock()
				if firstErr == nil {
					firstErr, firstIdx = err, i
					cancel()
				}
				mu.Unlock()
				return
			}
		}(w)
	}
	th.Unlocked(wg.Wait)
	for _, w := range forks {
		th.Join(w)
	}
	if allDone != nil {
		allDone()
	}
	if ex := th.Interrupted(); ex != nil {
		return nil, ex
	}
	if firstErr != nil {
		if interp.IsLimitError(firstErr) {
			return nil, firstErr // a step budget or memory bound: the whole run ends
		}
		ex := interp.AsException(firstErr)
		out := *ex
		out.Msg = "parallel item " + strconv.Itoa(firstIdx) + ": " + ex.Msg
		return nil, &out
	}
	return interp.NewList(results), nil
}
