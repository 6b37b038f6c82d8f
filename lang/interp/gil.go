package interp

import (
	"context"
	"maps"
	"sync/atomic"
)

// The interpreter lock.
//
// mini-Dana code runs one goroutine at a time, as CPython's does: a thread
// interprets only while it holds its interpreter's lock (Interpreter.gil).
// A top-level evaluation (Exec, Eval, Call) takes the lock for its whole run;
// a builtin that waits on something outside the interpreter (a model's
// reply, a person, the other workers of parallel()) releases it around the
// wait with Thread.Unlocked, so that other threads run meanwhile. parallel()
// forks one Thread per worker (Thread.Fork): each has its own value stack
// and frames and shares the module globals, which the lock protects; a
// worker takes the lock for each call it makes (Thread.CallLocked).
//
// Whoever holds the lock is the interpreter's current thread (in.cur), so
// Interpreter.Call and CurrentThread see the thread that is running.
//
// A step budget covers all the threads of a run: with one, the threads
// share a step counter (Thread.shared) that each adds its steps to when it
// releases the lock and at each limit check, and a thread that takes the
// lock checks the budget at its next step. Since only the lock holder
// interprets, the workers of parallel() together stop at the budget, as
// one thread would.

// CurrentThread returns the thread that holds the interpreter lock and runs
// code, or nil when none does. Embedders that keep per-thread state (POET's
// stack of active executions) find it there.
func (in *Interpreter) CurrentThread() *Thread { return in.cur }

// Unlocked runs f with the interpreter lock released, so that other
// threads (parallel() workers) interpret while f waits. f must not touch
// the interpreter: no values, modules or calls. The lock is taken back
// before Unlocked returns, even when f panics.
func (th *Thread) Unlocked(f func()) {
	if !th.locked {
		f()
		return
	}
	in := th.in
	th.flushSteps()
	in.gil.Unlock()
	defer func() {
		in.gil.Lock()
		in.cur = th
		th.checkSoon()
	}()
	f()
}

// flushSteps adds the steps th took since its last flush to the shared
// count, and returns the count (th.steps when there is none).
func (th *Thread) flushSteps() int64 {
	if th.shared == nil {
		return th.steps
	}
	d := th.steps - th.flushed
	th.flushed = th.steps
	return th.shared.Add(d)
}

// checkSoon makes a thread that just took the lock check the shared step
// budget at its next step: the others ran meanwhile.
func (th *Thread) checkSoon() {
	if th.shared != nil && th.hit == nil {
		th.nextCheck = th.steps
	}
}

// Fork returns a thread for a parallel worker: it starts at th's call stack
// (for tracebacks) and step count, runs under ctx (cancel ctx to stop it at
// its next check), and shares th's per-thread data as a copy, so that what
// the worker stores there stays its own. The fork holds no lock until
// CallLocked; give it back to th with Join when it is done.
func (th *Thread) Fork(ctx context.Context) *Thread {
	if th.maxSteps > 0 && th.shared == nil {
		th.shared = new(atomic.Int64)
		th.shared.Store(th.steps)
		th.flushed = th.steps
	}
	th.flushSteps()
	w := &Thread{in: th.in, ctx: ctx, maxSteps: th.maxSteps, steps: th.steps, depth: th.depth,
		site: th.site, sitePos: th.sitePos, shared: th.shared, flushed: th.steps}
	w.frames = append(make([]*frame, 0, len(th.frames)+8), th.frames...)
	if len(th.data) > 0 {
		w.data = maps.Clone(th.data)
	}
	w.forkSteps = w.steps
	w.nextCheck = w.steps + checkInterval
	if w.maxSteps > 0 && w.maxSteps < w.nextCheck {
		w.nextCheck = w.maxSteps
	}
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { w.stopped.Store(true) })
		w.cancel = func() { stop() }
	}
	return w
}

// CallLocked takes the interpreter lock, calls fn like Call, and releases
// the lock. A forked thread whose context is done fails at once with the
// exception Interrupted describes.
func (th *Thread) CallLocked(fn Value, args []Value, kw []KwArg) (Value, error) {
	in := th.in
	in.gil.Lock()
	in.cur = th
	th.locked = true
	th.checkSoon()
	defer func() {
		th.flushSteps()
		th.locked = false
		in.gil.Unlock()
	}()
	if ex := th.Interrupted(); ex != nil {
		return nil, in.locate(ex, th.sitePos, th)
	}
	return th.Call(fn, args, kw)
}

// Join ends a forked thread: the steps it took count against th's budget,
// and it stops watching its context.
func (th *Thread) Join(w *Thread) {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	d := w.steps - w.forkSteps
	if w.shared != nil {
		w.flushSteps()
		if th.shared == w.shared {
			th.flushed += d // w has counted them in the shared count
		}
	}
	th.steps += d
	if th.steps >= th.nextCheck {
		th.nextCheck = th.steps // check the budget at the next step
	}
}
