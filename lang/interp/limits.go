package interp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"

	"github.com/minidana/dana/lang/ast"
)

// Limits (see docs/sandbox.md). Every unit of work a script causes is
// counted in steps on its Thread: the interpreter counts loop iterations
// and calls; builtins whose work grows with their input call Charge with
// the amount of work. Every checkInterval steps (and at every Charge of a
// builtin) the thread checks the step budget, the deadline, cancellation
// and, less often, the memory bound. A limit error (TimeoutError,
// MemoryError from the bound, KeyboardInterrupt) runs `finally` blocks, but
// no `except` catches it and no `finally` replaces or swallows it.

// checkInterval is how many steps pass between two checks of the limits.
const checkInterval = 1024

// memCheckEvery is how many limit checks pass between two reads of the
// heap size (a read costs about a microsecond).
const memCheckEvery = 16

// graceSteps is the allowance of steps the `finally` blocks get to run
// once a limit error is propagating; past it the error is raised again at
// every step.
const graceSteps = 10_000

// DefaultMaxMemory is the memory bound of an interpreter whose
// Options.MaxMemory is 0.
const DefaultMaxMemory = 2 << 30

// allocCheckMin is the smallest allocation Alloc checks against the heap:
// smaller ones are seen by the periodic check.
const allocCheckMin = 1 << 20

// BytesPerStep is how many bytes of string or big-integer work count as one
// step when a builtin charges for it.
const BytesPerStep = 64

// MaxWalkDepth bounds the nesting depth of every recursive walk over values
// (comparison, hashing, repr, JSON, conversion to Go): CPython's default
// recursion limit. Deeper (or cyclic) structures raise RecursionError.
const MaxWalkDepth = 1000

// MaxIntStrDigits is Python 3.11's limit on the decimal digits of an int
// converted from or to a string (sys.get_int_max_str_digits()).
const MaxIntStrDigits = 4300

// IntStrDigitsError is the ValueError CPython raises when str -> int
// conversion exceeds MaxIntStrDigits (digits is the length of the input).
func IntStrDigitsError(digits int) *Exception {
	return Errorf("ValueError", "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", MaxIntStrDigits, digits)
}

// intToStrError is the ValueError CPython raises when int -> str conversion
// exceeds MaxIntStrDigits.
func intToStrError() *Exception {
	return Errorf("ValueError", "Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", MaxIntStrDigits)
}

// maxIntStrBits: a non-negative integer below 2**maxIntStrBits has at most
// MaxIntStrDigits decimal digits (4300 * log2(10) = 14284.3).
const maxIntStrBits = 14284

// bigTooLongForStr reports whether x has more than MaxIntStrDigits digits.
func bigTooLongForStr(x *BigInt) bool {
	n := x.V.BitLen()
	if n <= maxIntStrBits {
		return false
	}
	if n > maxIntStrBits+4 {
		return true
	}
	s := x.V.String()
	if s[0] == '-' {
		s = s[1:]
	}
	return len(s) > MaxIntStrDigits
}

// IsLimitError reports whether err is a limit error of the sandbox (step
// budget, timeout, cancellation, memory bound), which scripts cannot catch.
func IsLimitError(err error) bool {
	e, ok := err.(*Exception)
	return ok && e.limit
}

// Charge counts n steps of work done by a builtin (about one step per
// element processed, or per BytesPerStep bytes); like the interpreter's own
// steps, every checkInterval steps it checks the step budget, the deadline
// and cancellation. Past a limit it raises the limit error (it panics;
// builtins call it outside any lock, and the interpreter turns the panic
// into the exception). It is small enough to be inlined in hot loops.
func (th *Thread) Charge(n int) {
	th.steps += int64(n)
	if th.steps >= th.nextCheck {
		th.chargeCheck()
	}
}

// chargeCheck is Charge's slow path, kept out of line so that Charge is
// inlined into the builtins' loops.
func (th *Thread) chargeCheck() { th.slowCheck(th.sitePos) }

// ChargeBytes charges for processing n bytes (n/BytesPerStep steps).
func (th *Thread) ChargeBytes(n int) {
	th.Charge(n/BytesPerStep + 1)
}

// Alloc checks, before a builtin allocates about n bytes, that the
// allocation keeps the heap within the memory bound; when it would not, it
// raises MemoryError and nothing is allocated.
func (th *Thread) Alloc(n int64) {
	if n < allocCheckMin {
		return
	}
	lim := th.in.memLimit()
	if lim <= 0 {
		return
	}
	if n > lim || n < 0 {
		th.raiseLimit(memoryError(n, lim), th.sitePos)
	}
	if heapBytes()+uint64(n) > uint64(lim) {
		th.dropStrCache() // it may hold strings nothing else references
		runtime.GC()
		if heapBytes()+uint64(n) > uint64(lim) {
			th.raiseLimit(memoryError(n, lim), th.sitePos)
		}
	}
}

// AllocValues is Alloc for a slice of n values.
func (th *Thread) AllocValues(n int64) {
	if n > 1<<40 {
		n = 1 << 40
	}
	th.Alloc(n * 16)
}

// memLimit is the memory bound in bytes (<= 0: none).
func (in *Interpreter) memLimit() int64 {
	switch {
	case in.opts.MaxMemory < 0:
		return 0
	case in.opts.MaxMemory == 0:
		return DefaultMaxMemory
	}
	return in.opts.MaxMemory
}

func memoryError(n, lim int64) *Exception {
	if n < 0 || n >= 1<<62 {
		return Errorf("MemoryError", "cannot allocate that much memory (memory limit %s)", FormatBytes(lim))
	}
	if n == 0 {
		return Errorf("MemoryError", "the heap exceeds the memory limit (%s)", FormatBytes(lim))
	}
	return Errorf("MemoryError", "cannot allocate %s (memory limit %s)", FormatBytes(n), FormatBytes(lim))
}

// FormatBytes renders a byte count as 1.5 GiB, 200 MiB, 12 KiB or 17 B.
func FormatBytes(n int64) string {
	const k = 1024
	switch {
	case n >= k*k*k:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(k*k*k))) + " GiB"
	case n >= k*k:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(k*k))) + " MiB"
	case n >= k:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/k)) + " KiB"
	}
	return fmt.Sprintf("%d B", n)
}

func trimZero(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

// heapBytes returns the bytes of live and not yet swept heap objects.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	return s[0].Value.Uint64()
}

// checkMemory raises MemoryError when the heap is past the bound even after
// a collection.
func (th *Thread) checkMemory(pos ast.Pos) {
	lim := th.in.memLimit()
	if lim <= 0 || heapBytes() <= uint64(lim) {
		return
	}
	th.dropStrCache() // it may hold strings nothing else references
	runtime.GC()
	if heapBytes() > uint64(lim) {
		th.raiseLimit(memoryError(0, lim), pos)
	}
}

// slowCheck runs every checkInterval steps (and at every Charge): the step
// budget, the deadline and cancellation, and every memCheckEvery times the
// memory bound.
func (th *Thread) slowCheck(pos ast.Pos) {
	if th.hit != nil {
		// A limit error is propagating: `finally` blocks run within the
		// grace allowance, then the error is raised again at every step.
		if th.steps >= th.graceEnd {
			th.nextCheck = th.steps
			th.raise(th.hit, pos)
		}
		th.nextCheck = th.graceEnd
		return
	}
	used := th.steps
	if th.shared != nil {
		used = th.flushSteps() // every thread's steps, not just this one's
	}
	if th.maxSteps > 0 && used >= th.maxSteps {
		th.raiseLimit(Errorf("TimeoutError", "step budget exhausted (%d steps)", th.maxSteps), pos)
	}
	th.nextCheck = th.steps + checkInterval
	if th.maxSteps > 0 && th.maxSteps-used < checkInterval {
		th.nextCheck = th.steps + th.maxSteps - used
	}
	if th.stopped.Load() {
		th.raiseLimit(th.stopError(), pos)
	}
	th.checks++
	if th.checks%memCheckEvery == 0 {
		th.checkMemory(pos)
	}
}

// parseCheck is the check of parser.ParseFileCheck while a file is parsed
// (and compiled) for this thread: the deadline, cancellation and the memory
// bound. It returns the limit error rather than raising it.
func (th *Thread) parseCheck() error {
	if th.stopped.Load() || th.ctx.Err() != nil {
		e := th.stopError()
		e.limit = true
		return e
	}
	if lim := th.in.memLimit(); lim > 0 && heapBytes() > uint64(lim) {
		runtime.GC()
		if heapBytes() > uint64(lim) {
			e := memoryError(0, lim)
			e.limit = true
			return e
		}
	}
	return nil
}

// compileCheckEvery is how many statements of a block the compiler
// compiles between two checks of the limits (a long block of a big file).
const compileCheckEvery = 1 << 12

// compileStop is the panic of checkLimits, recovered by compileModuleEcho.
type compileStop struct{ err error }

// checkLimits stops the compilation (see compileStop) when the thread
// running it is past a limit (see parseCheck).
func (c *compiler) checkLimits() {
	if th := c.in.cur; th != nil {
		if err := th.parseCheck(); err != nil {
			panic(compileStop{err})
		}
	}
}

// recoverCompileStop turns the panic of checkLimits into the error of the
// compilation.
func recoverCompileStop(err *error) {
	if r := recover(); r != nil {
		s, ok := r.(compileStop)
		if !ok {
			panic(r)
		}
		*err = s.err
	}
}

// raiseLimit raises a limit error: it cannot be caught, and from now on the
// thread only runs `finally` blocks, within a grace allowance of steps.
func (th *Thread) raiseLimit(e *Exception, pos ast.Pos) {
	e.limit = true
	e = th.in.locate(e, pos, th)
	if th.hit == nil {
		th.hit = e
		th.graceEnd = th.steps + graceSteps
		th.nextCheck = th.graceEnd
	} else {
		th.nextCheck = th.steps
	}
	panic(e)
}

// recursionError is the RecursionError of a walk over values that went
// deeper than MaxWalkDepth; what says which walk ("in comparison").
func recursionError(what string) *Exception {
	return Errorf("RecursionError", "maximum recursion depth exceeded %s", what)
}

// limitPending notes a limit error that reached a try statement without
// going through raiseLimit (an interrupted LLM call): the grace allowance
// for `finally` blocks starts now.
func (th *Thread) limitPending(e *Exception) {
	if th.hit == nil {
		th.hit = e
		th.graceEnd = th.steps + graceSteps
		th.nextCheck = th.graceEnd
	}
}

// innerPos is the position of the innermost frame's current call (where a
// panic raised by a walk over values happened), or def.
func (th *Thread) innerPos(def ast.Pos) ast.Pos {
	if fr := th.top(); fr != nil && fr.pos.IsValid() {
		return fr.pos
	}
	return def
}

// strOf is str(v) for the interpreter: ToStrChecked, raising at pos.
func (th *Thread) strOf(v Value, pos ast.Pos) string {
	if s, ok := v.(Str); ok {
		return string(s)
	}
	s, err := ToStrChecked(th, v)
	if err != nil {
		th.throw(err, pos)
	}
	return s
}

// reprOf is repr(v) for the interpreter: ReprChecked, raising at pos.
func (th *Thread) reprOf(v Value, pos ast.Pos) string {
	s, err := ReprChecked(th, v)
	if err != nil {
		th.throw(err, pos)
	}
	return s
}

// Iterate is Iterate for a builtin: it checks the memory bound before
// materializing a range or a string and charges one step per element.
func (th *Thread) Iterate(v Value) ([]Value, error) {
	switch x := v.(type) {
	case *Iterator:
		return th.Elements(x)
	case *Range:
		th.AllocValues(x.Len())
	case Str:
		th.AllocValues(int64(len(x)))
	}
	xs, err := Iterate(v)
	if err != nil {
		return nil, err
	}
	th.Charge(len(xs))
	return xs, nil
}

// binary applies a binary operator for the interpreter (the slow path, when
// the operands are not both small ints): the memory bound is checked before
// a repeat or a concatenation allocates, and the work of sequence and
// big-integer operations is charged.
func (th *Thread) binary(op string, a, b Value, pos ast.Pos) Value {
	if isNumber(a) && isNumber(b) {
		// Arithmetic: only a big-integer result has work to charge.
		r, err := Binary(op, a, b)
		if err != nil {
			th.throw(err, pos)
		}
		if x, ok := r.(*BigInt); ok {
			th.Charge(len(x.V.Bits()))
		}
		return r
	}
	if n := workOf(a) + workOf(b); n > 0 {
		th.sitePos = pos
		th.Charge(n) // set operations, dict |, % formatting...
	}
	if op == "+" || op == "*" {
		th.sitePos = pos
		if n := resultBytes(op, a, b); n > 0 {
			th.Alloc(n)
			th.Charge(int(min(n, 1<<40) / BytesPerStep))
		}
	}
	if x, ok := a.(Str); ok && op == "+" {
		if y, ok := b.(Str); ok && len(x) > 0 && len(y) > 0 && len(x)+len(y) >= concatMin {
			return th.concat(string(x), string(y))
		}
	}
	r, err := Binary(op, a, b)
	if err != nil {
		r2, ok, err2 := structBinary(th, op, a, b)
		if !ok {
			th.throw(err, pos)
		}
		if err2 != nil {
			th.throw(err2, pos)
		}
		return r2
	}
	if x, ok := r.(*BigInt); ok {
		th.Charge(len(x.V.Bits()))
	}
	return r
}

// resultBytes estimates the size of the result of a sequence + or * (0 for
// other operands); an impossible size saturates at 1<<62.
func resultBytes(op string, a, b Value) int64 {
	const huge = int64(1) << 62
	size := func(v Value) (n, elem int64) {
		switch x := v.(type) {
		case Str:
			return int64(len(x)), 1
		case *List:
			return int64(len(x.Elems)), 16
		case Tuple:
			return int64(len(x)), 16
		}
		return -1, 0
	}
	if op == "+" {
		na, ea := size(a)
		nb, _ := size(b)
		if na < 0 || nb < 0 {
			return 0
		}
		return (na + nb) * ea
	}
	seq, count := a, b
	if _, ok := a.(Int); ok {
		seq, count = b, a
	}
	k, ok := count.(Int)
	if !ok {
		return 0
	}
	n, elem := size(seq)
	if n <= 0 || k <= 0 {
		return 0
	}
	if int64(k) > huge/(n*elem) {
		return huge
	}
	return n * int64(k) * elem
}

// equal is == for the interpreter: the comparison is charged as it walks
// (Thread.Equal), and a RecursionError or a limit error points at pos.
func (th *Thread) equal(fr *frame, a, b Value, pos ast.Pos) bool {
	switch a.(type) {
	case *List, Tuple, *Dict, *Set, *DictView, *StructVal, Str:
		fr.pos, th.sitePos = pos, pos
		return th.Equal(a, b)
	}
	return Equal(a, b)
}

// workOf is the work, in steps, of a linear walk over v (its elements, or
// its bytes / BytesPerStep).
func workOf(v Value) int {
	switch x := v.(type) {
	case *List:
		return len(x.Elems)
	case Tuple:
		return len(x)
	case *Dict:
		return x.Len()
	case *Set:
		return x.Len()
	case Str:
		return len(x) / BytesPerStep
	case *StructVal:
		return len(x.Fields)
	}
	return 0
}

// MaxSourceSize bounds the size of a script or module file.
const MaxSourceSize = 32 << 20

// ReadSource reads a script or module file of at most MaxSourceSize bytes.
// With regularOnly (imports), anything but a regular file (a directory, a
// named pipe, a device such as /dev/zero, also through a symlink) is an
// error at once, before anything is read.
func ReadSource(path string, regularOnly bool) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	switch {
	case st.IsDir():
		return "", fmt.Errorf("%s is a directory", path)
	case regularOnly && !st.Mode().IsRegular():
		return "", fmt.Errorf("%s is not a regular file (%s)", path, fileKind(st.Mode()))
	case st.Mode().IsRegular() && st.Size() > MaxSourceSize:
		return "", fmt.Errorf("%s is too large (%s; the limit is %s)", path, FormatBytes(st.Size()), FormatBytes(MaxSourceSize))
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSourceSize+1))
	if err != nil {
		return "", err
	}
	if len(b) > MaxSourceSize {
		return "", fmt.Errorf("%s is too large (more than %s)", path, FormatBytes(MaxSourceSize))
	}
	return string(b), nil
}

func fileKind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// unwrapPath drops the operation and path of an *os.PathError (the message
// names the path already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
