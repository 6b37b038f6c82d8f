package poet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/parser"
)

// SandboxLimits bound the code synthesize() runs (SPEC §10.7, §12.4):
// every proposal, and every later call of a synthesized tool, runs in a
// fresh interpreter of its own with only the core builtins (no reason(),
// no ask_human(), no learning store, no imports, no standard input, no
// environment) and these limits per call.
type SandboxLimits struct {
	// MaxSteps bounds the steps of loading the proposal and of each call
	// (default 2,000,000).
	MaxSteps int64
	// Timeout bounds the wall-clock time of each call (default 2s).
	Timeout time.Duration
	// MaxMemory bounds how far the process's heap may grow while a
	// proposal runs, in bytes (default 256 MiB): the interpreter's
	// Options.MaxMemory is set to the heap at load time plus this, and a
	// watchdog samples the heap during every call as well. The heap is the
	// process's, so work running concurrently counts too.
	MaxMemory int64
	// MaxOutput bounds what a proposal may print (default 64 KiB; the rest
	// is dropped).
	MaxOutput int
}

// Defaults of SandboxLimits.
const (
	DefaultSandboxSteps   = 2_000_000
	DefaultSandboxTimeout = 2 * time.Second
	DefaultSandboxMemory  = 256 << 20
	defaultSandboxOutput  = 64 << 10
)

func (l SandboxLimits) withDefaults() SandboxLimits {
	if l.MaxSteps <= 0 {
		l.MaxSteps = DefaultSandboxSteps
	}
	if l.Timeout <= 0 {
		l.Timeout = DefaultSandboxTimeout
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultSandboxMemory
	}
	if l.MaxOutput <= 0 {
		l.MaxOutput = defaultSandboxOutput
	}
	return l
}

// sandbox is one loaded proposal: a private interpreter holding the
// proposed function.
type sandbox struct {
	lim    SandboxLimits
	in     *interp.Interpreter
	fn     interp.Value
	out    *capWriter
	cancel context.CancelCauseFunc
	ctx    context.Context
	// overMemory is set by the watchdog when it stopped a call.
	overMemory atomic.Bool
}

// errOverMemory is the cancellation cause of a call stopped by the
// memory watchdog.
var errOverMemory = errors.New("memory bound exceeded")

// sandboxDisabled are the builtins a sandboxed proposal does not get.
var sandboxDisabled = []string{"input", "getenv", "reason", "ask_human", "synthesize", "feedback", "poet", "parallel", "log_level"}

// newSandbox parses src, rejects imports, runs its top level in a fresh
// interpreter and finds the function name (the only or last top-level
// function when name is not defined). The error is an *interp.Exception
// describing the problem with its line.
func newSandbox(file, src, name string, lim SandboxLimits) (*sandbox, error) {
	lim = lim.withDefaults()
	f, err := parser.ParseFile(file, src)
	if err != nil {
		return nil, err
	}
	var bad error
	var defs []string
	ast.InspectFile(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportStmt:
			if bad == nil {
				bad = sandboxError("ImportError", x.P, src, "a synthesized function may not import modules")
			}
		case *ast.FromImportStmt:
			if bad == nil {
				bad = sandboxError("ImportError", x.P, src, "a synthesized function may not import modules")
			}
		}
		return bad == nil
	})
	if bad != nil {
		return nil, bad
	}
	for _, s := range f.Stmts {
		if d, ok := s.(*ast.FuncDef); ok {
			defs = append(defs, d.Name)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	sb := &sandbox{lim: lim, out: &capWriter{max: lim.MaxOutput}, cancel: cancel, ctx: ctx}
	sb.in = interp.New(interp.Options{
		Stdout:   sb.out,
		Stderr:   sb.out,
		MaxSteps: lim.MaxSteps,
		Timeout:  lim.Timeout,
		Context:  ctx,
		Getenv:   func(string) string { return "" },
		Path:     []string{},
		// The interpreter's own bound (checked before builtins allocate
		// and every few thousand steps) is the heap now plus the
		// sandbox's allowance; the watchdog below backs it up.
		MaxMemory: heapBytes() + lim.MaxMemory,
	})
	builtins.Install(sb.in)
	for _, b := range sandboxDisabled {
		b := b
		sb.in.RegisterBuiltin(b, func(*interp.Thread, []interp.Value, []interp.KwArg) (interp.Value, error) {
			return nil, interp.Errorf("RuntimeError", "%s() is not available to a synthesized function (it runs in a sandbox)", b)
		})
	}
	if err := sb.guard(nil, func() error { return sb.in.Exec(file, src) }); err != nil {
		sb.close()
		return nil, err
	}
	target := name
	if _, ok := sb.in.Get("local", target); !ok || target == "" {
		if len(defs) == 0 {
			sb.close()
			return nil, interp.Errorf("NameError", "the proposal defines no function (expected `def %s(...)`)", name)
		}
		target = defs[len(defs)-1]
	}
	fn, _ := sb.in.Get("local", target)
	if !interp.IsCallable(fn) {
		sb.close()
		return nil, interp.Errorf("TypeError", "`%s` in the proposal is a %s, not a function", target, fn.TypeName())
	}
	sb.fn = fn
	return sb, nil
}

// sandboxError makes a located exception for a problem found before the
// proposal runs.
func sandboxError(typ string, pos ast.Pos, src, msg string) *interp.Exception {
	e := interp.Errorf(typ, "%s", msg)
	e.Pos = pos
	e.SourceLine = diag.SourceLine(src, pos.Line)
	return e
}

// call runs the function on copies of args (nothing the proposal does
// reaches the caller's values) and returns a copy of its result. parent,
// when not nil, cancels the call (the caller's Ctrl-C); its error is then
// returned as it is.
func (sb *sandbox) call(parent context.Context, args []interp.Value) (interp.Value, error) {
	in := make([]interp.Value, len(args))
	for i, a := range args {
		c, err := copyValue(a, 0)
		if err != nil {
			return nil, err
		}
		in[i] = c
	}
	var out interp.Value
	err := sb.guard(parent, func() error {
		v, err := sb.in.Call(sb.fn, in, nil)
		out = v
		return err
	})
	if err != nil {
		return nil, err
	}
	return copyValue(out, 0)
}

// guard runs f under the memory watchdog and ties the sandbox to parent.
func (sb *sandbox) guard(parent context.Context, f func() error) error {
	if sb.ctx.Err() != nil {
		return sb.stoppedError()
	}
	if parent != nil {
		stop := context.AfterFunc(parent, func() { sb.cancel(parent.Err()) })
		defer stop()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sb.watch(done)
	}()
	err := f()
	close(done)
	wg.Wait()
	if err != nil && sb.ctx.Err() != nil {
		if parent != nil && parent.Err() != nil {
			return err // the caller was interrupted: not the proposal's fault
		}
		return sb.stoppedError()
	}
	return err
}

// stoppedError is the error of a call the watchdog stopped.
func (sb *sandbox) stoppedError() error {
	if sb.overMemory.Load() {
		return interp.Errorf("MemoryError", "the synthesized function used more than %d MiB of memory", sb.lim.MaxMemory>>20)
	}
	return interp.Errorf("RuntimeError", "the sandbox was stopped: %v", context.Cause(sb.ctx))
}

// heapSample is the metric the watchdog reads.
const heapMetric = "/memory/classes/heap/objects:bytes"

func heapBytes() int64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// watch samples the heap until done and cancels the sandbox when it grew
// by more than MaxMemory.
func (sb *sandbox) watch(done <-chan struct{}) {
	base := heapBytes()
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if heapBytes()-base > sb.lim.MaxMemory {
				sb.overMemory.Store(true)
				sb.cancel(errOverMemory)
				return
			}
		}
	}
}

// close releases the sandbox.
func (sb *sandbox) close() { sb.cancel(context.Canceled) }

// capWriter keeps at most max bytes.
type capWriter struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if room := w.max - len(w.buf); room > 0 {
		w.buf = append(w.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

var _ io.Writer = (*capWriter)(nil)

// maxCopyDepth bounds the nesting copyValue follows.
const maxCopyDepth = 200

// copyValue deep-copies plain data (None, bool, numbers, str, list, tuple,
// dict, set, struct values as dicts) between interpreters. Functions and
// other runtime objects cannot cross the sandbox boundary.
func copyValue(v interp.Value, depth int) (interp.Value, error) {
	if depth > maxCopyDepth {
		return nil, interp.Errorf("RecursionError", "value nested more than %d levels deep", maxCopyDepth)
	}
	switch x := v.(type) {
	case nil:
		return interp.None, nil
	case interp.NoneType, interp.Bool, interp.Int, interp.Float, interp.Str:
		return x, nil
	case *interp.BigInt:
		return interp.MakeBig(new(big.Int).Set(x.V)), nil
	case *interp.List:
		out := make([]interp.Value, len(x.Elems))
		for i, e := range x.Elems {
			c, err := copyValue(e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return interp.NewList(out), nil
	case interp.Tuple:
		out := make(interp.Tuple, len(x))
		for i, e := range x {
			c, err := copyValue(e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	case *interp.Dict:
		d := interp.NewDict(x.Len())
		vals := x.Values()
		for i, k := range x.Keys() {
			ck, err := copyValue(k, depth+1)
			if err != nil {
				return nil, err
			}
			cv, err := copyValue(vals[i], depth+1)
			if err != nil {
				return nil, err
			}
			if err := d.Set(ck, cv); err != nil {
				return nil, err
			}
		}
		return d, nil
	case *interp.Set:
		s := interp.NewSet()
		for _, e := range x.Elems() {
			c, err := copyValue(e, depth+1)
			if err != nil {
				return nil, err
			}
			if err := s.Add(c); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *interp.Range:
		r := *x
		return &r, nil
	case *interp.StructVal:
		d := interp.NewDict(len(x.Fields))
		for i, f := range x.Type.Fields {
			c, err := copyValue(x.Fields[i], depth+1)
			if err != nil {
				return nil, err
			}
			d.SetStr(f.Name, c)
		}
		return d, nil
	}
	return nil, interp.Errorf("TypeError", "a %s cannot be passed to or returned from a synthesized function (only data: numbers, strings, lists, tuples, dicts, sets)", v.TypeName())
}

// describeRunError renders an error of a proposal for the model:
// "Type: message (line N: `source line`)".
func describeRunError(err error) string {
	var ex *interp.Exception
	var dl diag.List
	switch {
	case errors.As(err, &ex):
		return withLine(ex.Type.Name+": "+ex.Message(), ex.Pos.Line, ex.SourceLine)
	case errors.As(err, &dl) && len(dl) > 0:
		return withLine(dl[0].Type+": "+dl[0].Msg, dl[0].Pos.Line, dl[0].Line)
	}
	return err.Error()
}

func withLine(s string, line int, text string) string {
	if line <= 0 {
		return s
	}
	s += fmt.Sprintf(" (line %d", line)
	if l := strings.TrimSpace(text); l != "" {
		s += ": `" + l + "`"
	}
	return s + ")"
}
