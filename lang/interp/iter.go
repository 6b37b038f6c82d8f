package interp

import (
	"context"
	"iter"
	"runtime"
	"runtime/debug"

	"github.com/minidana/dana/lang/ast"
)

// Lazy iteration (SPEC §4.8). An *Iterator is a value kind of its own: the
// result of a generator function or expression, iter(), zip, map, filter,
// enumerate and reversed. Plain lists, tuples, strings, dicts, sets and
// ranges keep their own fast paths; nothing about them changes.
//
// A generator's body runs in one of two ways:
//   - pushed: a consumer that takes every element (list(), sum(), sorted(),
//     a `for` loop without break or return) runs the body on its own thread,
//     and each `yield` hands the value straight to the consumer. No goroutine
//     and no copy are involved.
//   - pulled: next(), zip, any/all, a `for` loop that may stop early, ...
//     resume the body one element at a time. The body then runs on a
//     goroutine with a thread of its own; the consumer and the body hand
//     control to each other over channels, so exactly one of them runs at any
//     time, and the step count travels with control. A generator that is
//     dropped while suspended is ended by a finalizer (its goroutine exits
//     without running any more script code).

// Iterator is a lazy stream of values.
type Iterator struct {
	kind string
	next func(th *Thread) (Value, bool)
	gen  *generator // non-nil for generators
	in   *Interpreter
	done bool
	// width and into: for an iterator of fresh tuples of width elements
	// (enumerate, zip), into fills dst with the next tuple's elements
	// without making the tuple (NewTupleIterator).
	width int
	into  func(th *Thread, dst []Value) bool
}

// NewIterator returns an iterator named kind (its type name: "zip", "map",
// ...) whose next function returns the following value, or false at the
// end. next runs on the consuming thread and may raise.
func (in *Interpreter) NewIterator(kind string, next func(th *Thread) (Value, bool)) *Iterator {
	return &Iterator{kind: kind, next: next, in: in}
}

// NewTupleIterator returns an iterator named kind of tuples of width
// elements: into fills dst (len(dst) == width) with the next tuple's
// elements, or returns false at the end. A loop unpacking each tuple into
// width names (`for i, x in enumerate(xs)`) takes the elements without a
// tuple being made.
func (in *Interpreter) NewTupleIterator(kind string, width int, into func(th *Thread, dst []Value) bool) *Iterator {
	it := &Iterator{kind: kind, in: in, width: width, into: into}
	it.next = func(th *Thread) (Value, bool) {
		v, t := newTuple(width)
		if !into(th, t) {
			return nil, false
		}
		return v, true
	}
	return it
}

// nextInto is Next for a tuple iterator (into != nil), filling dst.
func (it *Iterator) nextInto(th *Thread, dst []Value) bool {
	if it.done {
		return false
	}
	if !it.into(th, dst) {
		it.done = true
		return false
	}
	return true
}

// TypeName returns the iterator's kind ("generator", "zip", "map", ...).
func (it *Iterator) TypeName() string { return it.kind }

// String renders <generator object>.
func (it *Iterator) String() string { return "<" + it.kind + " object>" }

// Next returns the iterator's next value, or false when it is exhausted.
func (it *Iterator) Next(th *Thread) (Value, bool) {
	if it.done {
		return nil, false
	}
	var v Value
	var ok bool
	if g := it.gen; g != nil {
		if !g.started {
			g.started = true
			g.start(th)
			// A generator dropped while suspended ends its coroutine.
			runtime.SetFinalizer(it, func(it *Iterator) { it.gen.close() })
		}
		v, ok = g.resume(th)
		if !ok {
			runtime.SetFinalizer(it, nil)
		}
	} else {
		v, ok = it.next(th)
	}
	if !ok {
		it.done = true
	}
	return v, ok
}

// Each calls fn with every element of an iterable value until fn returns
// false. Lists are walked by index (appends during the walk are seen, as in
// Python); iterators are consumed lazily.
func (th *Thread) Each(v Value, fn func(Value) bool) error {
	switch x := v.(type) {
	case *List:
		for i := 0; i < len(x.Elems); i++ {
			th.Charge(1) // the limits hold inside all(), any()...
			if !fn(x.Elems[i]) {
				return nil
			}
		}
		return nil
	case *Range:
		n := x.Len()
		for i, k := x.Start, int64(0); k < n; i, k = i+x.Step, k+1 {
			th.Charge(1) // all(range(1, 10**13)) ignored --timeout
			if !fn(MakeInt(i)) {
				return nil
			}
		}
		return nil
	case *Iterator:
		if x.gen != nil && !x.gen.started && !x.done {
			x.done = true
			x.gen.push(th, fn)
			return nil
		}
		for {
			e, ok := x.Next(th)
			if !ok || !fn(e) {
				return nil
			}
			th.Charge(1)
		}
	case *StructVal:
		it, err := th.structIter(x)
		if err != nil {
			return err
		}
		return th.Each(it, fn)
	}
	elems, err := th.Iterate(v)
	if err != nil {
		return err
	}
	for _, e := range elems {
		if !fn(e) {
			return nil
		}
	}
	return nil
}

// Elements returns every element of an iterable value; an iterator is
// consumed.
func (th *Thread) Elements(v Value) ([]Value, error) {
	if it, ok := v.(*Iterator); ok {
		// Charged per element: a lazy iterator (zip, map, a generator) can
		// be endless or yield a billion elements, and collecting them must
		// stop at the deadline, the step budget or the memory bound.
		var out []Value
		err := th.Each(it, func(e Value) bool { th.Charge(1); out = append(out, e); return true })
		if out == nil {
			out = []Value{}
		}
		return out, err
	}
	return Iterate(v)
}

// Iter returns an iterator over an iterable value (iter(v)); an iterator is
// returned as is.
func (th *Thread) Iter(v Value) (*Iterator, error) {
	in := th.in
	switch x := v.(type) {
	case *Iterator:
		return x, nil
	case *StructVal:
		return th.structIter(x)
	case *List:
		i := 0
		return in.NewIterator("list_iterator", func(*Thread) (Value, bool) {
			if i >= len(x.Elems) {
				return nil, false
			}
			i++
			return x.Elems[i-1], true
		}), nil
	case *Range:
		n, k, cur := x.Len(), int64(0), x.Start
		return in.NewIterator("range_iterator", func(*Thread) (Value, bool) {
			if k >= n {
				return nil, false
			}
			v := MakeInt(cur)
			k, cur = k+1, cur+x.Step
			return v, true
		}), nil
	}
	elems, err := Iterate(v)
	if err != nil {
		return nil, err
	}
	kind := v.TypeName() + "_iterator"
	if _, ok := v.(*Dict); ok {
		kind = "dict_keyiterator"
	}
	i := 0
	return in.NewIterator(kind, func(*Thread) (Value, bool) {
		if i >= len(elems) {
			return nil, false
		}
		i++
		return elems[i-1], true
	}), nil
}

// ---------------------------------------------------------------------------
// Generators

// generator is the state of one call of a generator function.
type generator struct {
	fr      *frame // the call's frame: heap slots, cells, free variables
	body    stmtFn
	started bool
	running bool // the body is running (pulled): resuming it again is an error
	// pulled mode: the body runs as a coroutine (iter.Pull) on a thread of
	// its own; next resumes it until its following yield.
	th    *Thread
	next  func() (Value, bool)
	stop  func()
	yield func(Value) bool // inside the body: hand a value to the consumer
	exc   *Exception       // the exception the body ended with
	sink  func(Value) bool // pushed mode: the consumer
	// closing is set in pushed mode when the consumer stopped early or
	// raised (pending, re-raised once the body has unwound): the body is
	// closed with GeneratorExit at its yield, as Python closes a generator
	// its consumer drops.
	closing bool
	pending any
	// sent is what send(), throw() or close() hands the suspended yield:
	// the value it evaluates to, or an exception to raise there.
	sent genMsg
}

// genMsg is a value or an exception handed into a suspended yield.
type genMsg struct {
	v   Value
	exc *Exception
}

// pushStop unwinds a pushed generator body when its consumer stops early or
// raises; exception handlers and finally blocks in the body do not see it.
type pushStop struct{ consumer any }

// genExit unwinds the body of a pulled generator that was dropped while
// suspended; exception handlers and finally blocks in the body do not see it.
type genExit struct{}

// newGenerator returns the generator object of a call of a generator
// function whose frame is fr: the frame's slots are copied off the thread's
// value stack, which the call releases when it returns.
func newGenerator(fr *frame, body stmtFn) *Iterator {
	g := &generator{body: body}
	cp := *fr
	cp.slots = append([]Value(nil), fr.slots...)
	cp.ret = nil
	cp.exc = nil
	cp.gen = g
	g.fr = &cp
	return &Iterator{kind: "generator", gen: g, in: fr.th.in}
}

// push runs the whole body on the consumer's thread, handing each yielded
// value to fn.
func (g *generator) push(th *Thread, fn func(Value) bool) {
	g.started = true
	fr := g.fr
	fr.th = th
	if th.depth >= th.in.opts.MaxDepth {
		th.raise(recursionLimit(th.in.opts.MaxDepth), fr.pos)
	}
	g.sink = fn
	depth, sp, nframes := th.depth, th.sp, len(th.frames)
	th.depth++
	th.frames = append(th.frames, fr)
	defer func() {
		th.depth, th.sp = depth, sp
		th.frames = th.frames[:nframes]
		g.sink = nil
		x := recover()
		if s, ok := x.(pushStop); ok {
			if s.consumer != nil {
				panic(s.consumer)
			}
			return
		}
		if g.closing {
			// Closed: whatever the body ended with (GeneratorExit, or an
			// error Python would report as ignored), the consumer's own
			// outcome goes on.
			if p := g.pending; p != nil {
				panic(p)
			}
			return
		}
		if x != nil {
			panic(x)
		}
	}()
	g.body(fr)
}

// closePushed closes a pushed generator body whose consumer stopped early
// (consumer nil) or raised: GeneratorExit is raised at the body's yield so
// that its finally blocks run; push re-raises the consumer's exception
// afterwards. A consumer that stopped for a reason other than an ordinary
// exception (a sandbox limit, an internal unwinding) ends the body without
// running more script code.
func (th *Thread) closePushed(fr *frame, g *generator, consumer any) {
	if consumer != nil {
		if e, ok := consumer.(*Exception); !ok || e.limit {
			panic(pushStop{consumer: consumer})
		}
	}
	g.closing, g.pending = true, consumer
	th.raise(Errorf("GeneratorExit", ""), fr.pos)
}

// yieldValue is `yield v` in a generator body: it returns the value sent in
// by send() (None for next()), or raises what throw() or close() threw in.
func (th *Thread) yieldValue(fr *frame, v Value) Value {
	msg := th.yieldMsg(fr, v)
	if msg.exc != nil {
		ex := *msg.exc
		ex.located = false
		th.raise(&ex, fr.pos)
	}
	if msg.v != nil {
		return msg.v
	}
	return None
}

// yieldMsg suspends the body at a yield of v and returns what it was
// resumed with: the value send() sent (nil for next()) or the exception
// throw() or close() threw in.
func (th *Thread) yieldMsg(fr *frame, v Value) genMsg {
	g := fr.gen
	if g == nil {
		th.raise(Errorf("SyntaxError", "'yield' outside a generator"), fr.pos)
	}
	if g.sink != nil {
		if g.closing {
			// A yield after GeneratorExit: the body is abandoned.
			panic(pushStop{consumer: g.pending})
		}
		if cont, failed := callSink(g.sink, v); !cont {
			th.closePushed(fr, g, failed)
		}
		return genMsg{}
	}
	if !g.yield(v) {
		panic(genExit{})
	}
	msg := g.sent
	g.sent = genMsg{}
	return msg
}

// callSink hands v to a pushed generator's consumer: cont is false when the
// consumer wants no more values, failed is what it raised (recovered, so
// that the generator body's handlers do not see it).
func callSink(sink func(Value) bool, v Value) (cont bool, failed any) {
	defer func() {
		if x := recover(); x != nil {
			cont, failed = false, x
		}
	}()
	return sink(v), nil
}

// resume runs the body until its next yield.
func (g *generator) resume(th *Thread) (Value, bool) {
	if g.next == nil {
		return nil, false // finished
	}
	if g.running {
		th.raise(Errorf("ValueError", "generator already executing"), th.innerPos(g.fr.pos))
	}
	gth := g.th
	gth.steps, gth.nextCheck = th.steps, th.nextCheck
	if th.stopped.Load() {
		gth.stopped.Store(true)
	}
	g.running = true
	v, ok := g.next()
	g.running = false
	th.steps, th.nextCheck = gth.steps, gth.nextCheck
	if !ok {
		g.finish()
		if e := g.exc; e != nil {
			g.exc = nil
			panic(e)
		}
		return nil, false
	}
	return v, true
}

// finish drops what a finished pulled body held: its thread and coroutine.
// The frame stays for the return value (`yield from`).
func (g *generator) finish() {
	g.next, g.stop, g.yield, g.th = nil, nil, nil, nil
	g.fr.th = nil
}

// start creates the body's thread and coroutine; the body runs from the
// first resume.
func (g *generator) start(th *Thread) {
	gth := &Thread{in: th.in, ctx: th.ctx, maxSteps: th.maxSteps, data: th.data}
	fr := g.fr
	fr.th = gth
	gth.frames = []*frame{fr}
	gth.pool = []*frame{fr}
	gth.depth = 1
	g.th = gth
	var stop func() bool
	if th.ctx.Done() != nil {
		stop = context.AfterFunc(th.ctx, func() { gth.stopped.Store(true) })
	}
	body := g.body
	g.next, g.stop = iter.Pull(func(yield func(Value) bool) {
		if stop != nil {
			defer stop()
		}
		g.yield = yield
		defer func() {
			if x := recover(); x != nil {
				switch e := x.(type) {
				case genExit:
				case *Exception:
					g.exc = e
				case error:
					g.exc = gth.in.locate(AsException(e), fr.pos, gth)
				default:
					g.exc = gth.in.locate(Errorf("RuntimeError", "internal error in generator: %v\n%s", x, debug.Stack()), fr.pos, gth)
				}
			}
		}()
		body(fr)
	})
}

// close ends a suspended generator's coroutine (from a finalizer): its body
// unwinds without running any more script code.
func (g *generator) close() {
	if stop := g.stop; stop != nil {
		g.finish()
		stop()
	}
}

// yieldFrom is `yield from v`: every element of v is yielded in turn.
func (th *Thread) yieldFrom(fr *frame, v Value, pos ast.Pos) Value {
	g := fr.gen
	if g == nil {
		th.raise(Errorf("SyntaxError", "'yield' outside a generator"), fr.pos)
	}
	it, err := th.Iter(v)
	if err != nil {
		th.throw(err, pos)
	}
	if sink := g.sink; sink != nil && it.gen != nil && !it.gen.started && !it.done {
		// Both pushed: the inner body runs here and pushes straight into
		// this body's consumer.
		stopped := false
		var failed any
		it.done = true
		it.gen.push(th, func(x Value) bool {
			cont, f := callSink(sink, x)
			if !cont {
				stopped, failed = true, f
			}
			return cont
		})
		if stopped {
			// The inner generator is closed; now this one.
			th.closePushed(fr, g, failed)
		}
	} else {
		// What send() and throw() hand this body at the yield goes on to
		// the inner generator, as Python's yield from does.
		var msg genMsg
		for {
			// The body may move between threads while suspended (never: a
			// pulled body stays on its own thread), so take fr.th each time.
			cur := fr.th
			var x Value
			ok := true
			switch {
			case msg.exc != nil && (it.gen == nil || msg.exc.Type.Name == "GeneratorExit"):
				if it.gen != nil {
					if err := it.closeGen(cur); err != nil {
						cur.throw(err, pos)
					}
				}
				ex := *msg.exc
				ex.located = false
				cur.raise(&ex, pos)
			case it.gen != nil && (msg.exc != nil || (msg.v != nil && msg.v != None)):
				var err error
				x, err = it.send(cur, msg)
				if err != nil {
					if ex, isExc := err.(*Exception); isExc && ex.Type.Name == "StopIteration" && it.done {
						ok = false
					} else {
						cur.throw(err, pos)
					}
				}
			default:
				x, ok = it.Next(cur)
			}
			if !ok {
				break
			}
			msg = cur.yieldMsg(fr, x)
		}
	}
	if it.gen != nil && it.gen.fr.ret != nil {
		return it.gen.fr.ret
	}
	return None
}

// genBody wraps the compiled body of a generator function: calling the
// function returns the generator object instead of running the body.
func genBody(body stmtFn) stmtFn {
	return func(fr *frame) ctrl {
		fr.ret = newGenerator(fr, body)
		return ctrlReturn
	}
}

// Attr exposes a generator's send, throw and close methods.
func (it *Iterator) Attr(name string) (Value, bool) {
	if it.gen == nil {
		return nil, false
	}
	switch name {
	case "send":
		return &Builtin{Name: "send", Fn: func(th *Thread, args []Value, kw []KwArg) (Value, error) {
			if len(args) != 1 || len(kw) > 0 {
				return nil, Errorf("TypeError", "send() takes exactly one argument (%d given)", len(args)+len(kw))
			}
			return it.send(th, genMsg{v: args[0]})
		}}, true
	case "throw":
		return &Builtin{Name: "throw", Fn: func(th *Thread, args []Value, kw []KwArg) (Value, error) {
			if len(args) < 1 || len(kw) > 0 {
				return nil, Errorf("TypeError", "throw expected at least 1 argument, got %d", len(args))
			}
			var ex *Exception
			switch x := args[0].(type) {
			case *Exception:
				ex = x
			case *ExcType:
				ex = newExceptionArgs(x, args[1:])
			default:
				return nil, Errorf("TypeError", "exceptions must be classes or instances deriving from BaseException, not %s", args[0].TypeName())
			}
			return it.send(th, genMsg{exc: ex})
		}}, true
	case "close":
		return &Builtin{Name: "close", Fn: func(th *Thread, args []Value, kw []KwArg) (Value, error) {
			return None, it.closeGen(th)
		}}, true
	}
	return nil, false
}

// AttrNames lists a generator's methods.
func (it *Iterator) AttrNames() []string {
	if it.gen == nil {
		return nil
	}
	return []string{"close", "send", "throw"}
}

// send resumes a generator with msg (a value for send(), an exception for
// throw()) and returns what it yields next; StopIteration when it ends.
func (it *Iterator) send(th *Thread, msg genMsg) (Value, error) {
	g := it.gen
	if g.sink != nil || g.running {
		return nil, Errorf("ValueError", "generator already executing")
	}
	if it.done {
		if msg.exc != nil {
			return nil, msg.exc
		}
		return nil, Errorf("StopIteration", "")
	}
	if !g.started {
		if msg.exc != nil {
			// Thrown into a generator that never ran: it ends at once.
			it.done, g.started = true, true
			return nil, msg.exc
		}
		if msg.v != nil && msg.v != None {
			return nil, Errorf("TypeError", "can't send non-None value to a just-started generator")
		}
		msg.v = nil
	}
	var v Value
	var ok bool
	g.sent = msg
	err := th.protect(func() { v, ok = it.Next(th) })
	g.sent = genMsg{}
	if err != nil {
		it.done = true
		return nil, err
	}
	if !ok {
		return nil, it.StopIteration()
	}
	return v, nil
}

// StopIteration is the exception that reports the end of the iterator;
// for a generator that returned a value, e.value is that value.
func (it *Iterator) StopIteration() *Exception {
	if g := it.gen; g != nil && g.fr.ret != nil && g.fr.ret != None {
		return newExceptionArgs(excTypes["StopIteration"], []Value{g.fr.ret})
	}
	return Errorf("StopIteration", "")
}

// closeGen is generator.close(): GeneratorExit is raised at the yield where
// the generator is suspended, so that its finally blocks run.
func (it *Iterator) closeGen(th *Thread) error {
	g := it.gen
	if it.done || !g.started || g.next == nil {
		it.done, g.started = true, true
		return nil
	}
	_, err := it.send(th, genMsg{exc: Errorf("GeneratorExit", "")})
	it.done = true
	if err == nil {
		g.close()
		return Errorf("RuntimeError", "generator ignored GeneratorExit")
	}
	if ex, ok := err.(*Exception); ok && (ex.Type.Name == "GeneratorExit" || ex.Type.Name == "StopIteration") {
		return nil
	}
	return err
}

// loopOwned runs a for loop over a fresh generator that only the loop
// holds (made by the loop's own expression). Leaving the loop early — by
// break, return or an exception — closes the generator at once, so that its
// finally blocks run there, as CPython's reference counting does. done is
// true when the loop was left early with r as its result.
func (th *Thread) loopOwned(it *Iterator, step func(Value) ctrl, pos ast.Pos) (r ctrl, done bool) {
	closed := false
	closeIt := func() {
		closed = true
		if err := it.closeGen(th); err != nil {
			th.throw(err, pos)
		}
	}
	defer func() {
		if !closed && !it.done {
			if x := recover(); x != nil {
				_ = th.protect(func() { closeIt() })
				panic(x)
			}
		}
	}()
	for {
		v, ok := it.Next(th)
		if !ok {
			return ctrlNone, false
		}
		switch r := step(v); r {
		case ctrlBreak:
			closeIt()
			return ctrlNone, true
		case ctrlReturn:
			closeIt()
			return ctrlReturn, true
		}
	}
}
