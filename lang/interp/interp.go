// Package interp runs mini-Dana programs.
//
// A program is parsed (package parser), resolved — every plain name becomes a
// frame slot, a closure cell, a module global or a builtin before anything
// runs — and compiled to a tree of Go closures. Integers run on an int64 fast
// path that promotes to big integers on overflow.
//
// An Interpreter owns all of its state: modules, the public and system
// scopes, builtins and options. Two interpreters can run side by side in one
// process. An Interpreter runs one program at a time (Exec, Eval and Call
// must not be called concurrently on the same instance).
package interp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/parser"
)

// Options configure an Interpreter. The zero value is usable.
type Options struct {
	// Stdout receives print(); Stderr receives log(). Defaults: os.Stdout,
	// os.Stderr.
	Stdout, Stderr io.Writer
	// Stdin is what input() reads (default: an empty reader, so a script
	// run without one reads EOF).
	Stdin io.Reader
	// Path lists extra directories searched by import after the importing
	// file's own directory (DANAPATH).
	Path []string
	// MaxSteps bounds the steps a run may take: loop iterations, calls and
	// the work of builtins (see Thread.Charge); 0: unlimited. Exceeding it
	// raises TimeoutError.
	MaxSteps int64
	// Timeout bounds the wall-clock time of each Exec/Eval/Call (0: none).
	Timeout time.Duration
	// Context cancels running code when done (nil: context.Background()).
	Context context.Context
	// MaxMemory bounds the heap a run may use, in bytes (0: DefaultMaxMemory;
	// negative: no bound). An allocation that would pass it raises
	// MemoryError before it is made.
	MaxMemory int64
	// MaxDepth bounds the call depth (default 1000); deeper calls raise
	// RecursionError.
	MaxDepth int
	// OnLoad, when set, is called with every file after it is parsed and
	// before it runs (the CodeContextAnalyzer hooks in here).
	OnLoad func(f *ast.File)
	// Getenv reads environment variables for getenv() (default os.Getenv).
	Getenv func(string) string
	// AllowEnv names the environment variables getenv() may read besides
	// DANA_* (the --allow-env flag); names of secrets (API keys, tokens,
	// passwords) are never readable. See EnvReadable.
	AllowEnv []string
}

// Interpreter runs mini-Dana code. Create one with New.
type Interpreter struct {
	opts     Options
	builtins map[string]Value
	methods  map[string]map[string]Value // built-in type name -> method name -> callable
	public   map[string]Value
	system   map[string]Value
	readOnly map[string]bool
	modules  map[string]*Module // by absolute file path
	loading  []string           // import stack, for cycle reports
	sources  map[string]string  // file name -> source, for quoting lines
	linesMu  sync.Mutex         // lines is filled while locating, maybe off the lock
	lines    map[string]lineIndex
	main     *Module
	cur      *Thread
	values   map[string]any // embedder state (see SetData)
	stdin    *bufio.Reader
	// gil is the interpreter lock (see gil.go): held by the thread that
	// interprets.
	gil sync.Mutex
	// methodGen counts changes of method tables (struct and built-in
	// types); call sites cache method lookups per generation.
	methodGen uint64
}

// New returns an interpreter with no builtins installed beyond the core ones
// (exception classes and the type objects); package builtins installs the
// rest.
func New(opts Options) *Interpreter {
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 1000
	}
	if opts.Stdin == nil {
		opts.Stdin = strings.NewReader("")
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	in := &Interpreter{
		opts:     opts,
		builtins: map[string]Value{},
		methods:  map[string]map[string]Value{},
		public:   map[string]Value{},
		system:   map[string]Value{},
		readOnly: map[string]bool{},
		modules:  map[string]*Module{},
		sources:  map[string]string{},
		values:   map[string]any{},
	}
	for name, t := range excTypes {
		in.builtins[name] = t
	}
	in.builtins["Ellipsis"] = Ellipsis
	in.main = newModule(in, "__main__", "")
	return in
}

// Options returns the interpreter's options.
func (in *Interpreter) Options() Options { return in.opts }

// Stdout is where print() writes.
func (in *Interpreter) Stdout() io.Writer { return in.opts.Stdout }

// Stderr is where log() writes.
func (in *Interpreter) Stderr() io.Writer { return in.opts.Stderr }

// Stdin is what input() reads, buffered once per interpreter so that
// successive input() calls do not lose read-ahead.
func (in *Interpreter) Stdin() *bufio.Reader {
	if in.stdin == nil {
		in.stdin = bufio.NewReader(in.opts.Stdin)
	}
	return in.stdin
}

// Getenv reads an environment variable through the configured function.
func (in *Interpreter) Getenv(name string) string { return in.opts.Getenv(name) }

// EnvReadable reports whether getenv() may read the variable name: a DANA_*
// name or one listed in Options.AllowEnv, and never the name of a secret (a
// name with a KEY, APIKEY, SECRET, TOKEN, PASSWORD, PASSWD or CREDENTIAL(S)
// component, such as OPENAI_API_KEY), even when allowed.
func (in *Interpreter) EnvReadable(name string) bool {
	for _, part := range strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		switch part {
		case "KEY", "APIKEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "CREDENTIAL", "CREDENTIALS":
			return false
		}
	}
	if strings.HasPrefix(name, "DANA_") {
		return true
	}
	for _, a := range in.opts.AllowEnv {
		if a == name {
			return true
		}
	}
	return false
}

// SetData stores embedder state on the interpreter (e.g. an LLM client).
func (in *Interpreter) SetData(key string, v any) { in.values[key] = v }

// Data returns embedder state stored with SetData.
func (in *Interpreter) Data(key string) any { return in.values[key] }

// RegisterBuiltin makes a Go function callable from scripts under name. It
// replaces any builtin of that name.
func (in *Interpreter) RegisterBuiltin(name string, fn BuiltinFunc) {
	in.builtins[name] = &Builtin{Name: name, Fn: fn}
}

// SetBuiltin binds any value as a builtin name (types, constants).
func (in *Interpreter) SetBuiltin(name string, v Value) { in.builtins[name] = v }

// Builtin returns the builtin bound to name.
func (in *Interpreter) Builtin(name string) (Value, bool) {
	v, ok := in.builtins[name]
	return v, ok
}

// BuiltinNames returns the sorted names of every builtin.
func (in *Interpreter) BuiltinNames() []string {
	out := make([]string, 0, len(in.builtins))
	for n := range in.builtins {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// RegisterMethod adds a method to a built-in type ("str", "list", "dict",
// "set", "tuple", "int", "float", ...). fn receives the receiver as args[0].
// args is valid only during the call (method calls pass a window of the
// thread's value stack): fn must copy it to keep it.
func (in *Interpreter) RegisterMethod(typeName, name string, fn BuiltinFunc) {
	m := in.methods[typeName]
	if m == nil {
		m = map[string]Value{}
		in.methods[typeName] = m
	}
	m[name] = &Builtin{Name: typeName + "." + name, Fn: fn}
	in.methodGen++
}

// MethodNames returns the sorted method names of a built-in type.
func (in *Interpreter) MethodNames(typeName string) []string {
	var out []string
	for n := range in.methods[typeName] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Main returns the main module (the program's top level).
func (in *Interpreter) Main() *Module { return in.main }

// Get reads a variable. scope is "local" (the main module's top level),
// "private" (the main module's private scope), "public" or "system".
func (in *Interpreter) Get(scope, name string) (Value, bool) {
	switch scope {
	case "", "local":
		return in.main.Global(name)
	case "private":
		v, ok := in.main.private[name]
		return v, ok
	case "public":
		v, ok := in.public[name]
		return v, ok
	case "system":
		v, ok := in.system[name]
		return v, ok
	}
	return nil, false
}

// Set writes a variable in the given scope (see Get). Writing a read-only
// system variable from Go is allowed (the runtime owns them).
func (in *Interpreter) Set(scope, name string, v Value) error {
	switch scope {
	case "", "local":
		in.main.SetGlobal(name, v)
	case "private":
		in.main.private[name] = v
	case "public":
		in.public[name] = v
	case "system":
		in.system[name] = v
	default:
		return fmt.Errorf("unknown scope %q (want local, private, public or system)", scope)
	}
	return nil
}

// DeclareReadOnly marks a system variable as owned by the runtime: scripts
// may read it, but assigning it is an error.
func (in *Interpreter) DeclareReadOnly(name string) { in.readOnly[name] = true }

// Names lists the variables of a scope, sorted.
func (in *Interpreter) Names(scope string) []string {
	var out []string
	switch scope {
	case "", "local":
		out = in.main.GlobalNames()
	case "private":
		for n := range in.main.private {
			out = append(out, n)
		}
	case "public":
		for n := range in.public {
			out = append(out, n)
		}
	case "system":
		for n := range in.system {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Reset forgets every variable and loaded module (builtins and options stay).
func (in *Interpreter) Reset() {
	in.public = map[string]Value{}
	sys := map[string]Value{}
	for k, v := range in.system {
		if in.readOnly[k] {
			sys[k] = v
		}
	}
	in.system = sys
	in.modules = map[string]*Module{}
	in.main = newModule(in, "__main__", "")
}

// Source returns the source text of a loaded file.
func (in *Interpreter) Source(file string) (string, bool) {
	s, ok := in.sources[file]
	return s, ok
}

// ExecFile runs a .na file as the main program.
func (in *Interpreter) ExecFile(path string) error {
	src, err := ReadSource(path, false)
	if err != nil {
		return Errorf("ImportError", "cannot read %s: %v", path, unwrapPath(err))
	}
	in.main.File = path
	return in.Exec(path, src)
}

// Exec parses, resolves and runs source as part of the main program.
func (in *Interpreter) Exec(filename, src string) error {
	_, err := in.Eval(filename, src)
	return err
}

// Parse parses and resolves source without running it, returning every
// syntax and resolve error at once (as a diag.List).
func (in *Interpreter) Parse(filename, src string) (*ast.File, error) {
	f, err := parser.ParseFile(filename, src)
	if err != nil {
		return nil, err
	}
	if errs, _ := in.check(f); len(errs) > 0 {
		return f, errs
	}
	return f, nil
}

// check resolves and compiles f into a scratch module (running nothing) and
// returns every resolve and compile error, and (as warnings) the reads of
// names that are bound nowhere in the file and are not builtins.
func (in *Interpreter) check(f *ast.File) (errs, warnings diag.List) {
	r := newResolver(f.Source)
	fs := r.resolveFile(f)
	errs = r.errs
	mod := newModule(in, "__check__", f.Name)
	var refs []globalRef
	c := &compiler{in: in, mod: mod, r: r, file: f, fs: fs, unbound: &refs}
	for _, v := range fs.vars {
		if v.global {
			v.slot = mod.slot(v.name)
		}
	}
	c.block(f.Stmts)
	errs = append(errs, c.errs...)
	for _, s := range f.Stmts {
		if fi, ok := s.(*ast.FromImportStmt); ok && fi.Star {
			return errs, nil // any name may come from the star import
		}
	}
	var known []string
	for _, v := range fs.vars {
		if v.global {
			known = append(known, v.name)
		}
	}
	seen := map[ast.Pos]bool{}
	for _, ref := range refs {
		if _, ok := in.builtins[ref.name]; ok || contains(known, ref.name) || seen[ref.pos] {
			continue
		}
		seen[ref.pos] = true
		msg := fmt.Sprintf("name '%s' is not defined", ref.name)
		if s := suggest(ref.name, append(append([]string(nil), known...), in.BuiltinNames()...)); s != "" {
			msg += fmt.Sprintf("; did you mean '%s'?", s)
		}
		warnings = append(warnings, &diag.Error{Pos: ref.pos, Type: "NameError", Msg: msg, Line: diag.SourceLine(f.Source, ref.pos.Line)})
	}
	sort.SliceStable(warnings, func(i, j int) bool {
		a, b := warnings[i].Pos, warnings[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return errs, warnings
}

// Lint parses and checks source like Parse and also returns warnings:
// names read but bound nowhere in the file and not builtins (they raise
// NameError if that code runs).
func (in *Interpreter) Lint(filename, src string) (warnings diag.List, err error) {
	f, err := parser.ParseFile(filename, src)
	if err != nil {
		return nil, err
	}
	errs, warns := in.check(f)
	if len(errs) > 0 {
		return warns, errs
	}
	return warns, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Eval runs source in the main program and returns the value of its last
// statement when that statement is an expression (else None). The REPL uses
// it.
func (in *Interpreter) Eval(filename, src string) (Value, error) {
	return in.eval(filename, src, nil)
}

// EvalInteractive runs source in the main program the way an interactive
// prompt does (SPEC §4.7): every bare expression statement executed by the
// top-level code (not inside function bodies) hands its value to echo when
// it is not None, in execution order — so `1; 2` echoes both and
// `for x in xs: x` echoes each x.
func (in *Interpreter) EvalInteractive(filename, src string, echo func(Value)) error {
	_, err := in.eval(filename, src, echo)
	return err
}

func (in *Interpreter) eval(filename, src string, echo func(Value)) (Value, error) {
	in.sources[filename] = src
	// The thread, and with it the deadline, starts before the parse: parsing
	// and compiling a big file count against the limits too.
	th := in.newThread()
	defer th.done()
	f, err := parser.ParseFileCheck(filename, src, th.parseCheck)
	if err != nil {
		return nil, err
	}
	in.warn(f)
	if in.opts.OnLoad != nil {
		in.opts.OnLoad(f)
	}
	if in.main.File == "" {
		in.main.File = filename
	}
	code, err := compileModuleEcho(in, in.main, f, echo)
	if err != nil {
		return nil, err
	}
	var result Value = None
	err = th.protect(func() {
		result = th.runModule(in.main, code)
	})
	return result, err
}

// warn writes the warnings of a file about to run to standard error, one
// line each: `file:line:col: SyntaxWarning: message` (SPEC §1.4).
func (in *Interpreter) warn(f *ast.File) {
	for _, w := range f.Warnings {
		fmt.Fprintf(in.opts.Stderr, "%s: SyntaxWarning: %s\n", w.Pos, w.Msg)
	}
}

// Call calls a mini-Dana callable (function, builtin, struct type...) from
// Go with positional and keyword arguments.
func (in *Interpreter) Call(fn Value, args []Value, kwargs []KwArg) (Value, error) {
	if in.cur != nil {
		return in.cur.Call(fn, args, kwargs)
	}
	th := in.newThread()
	defer th.done()
	var result Value
	err := th.protect(func() {
		result = th.call(fn, args, kwargs, ast.Pos{})
	})
	return result, err
}

// Thread is the state of one running evaluation: call stack, step count and
// cancellation. Builtins receive it to call back into the interpreter and to
// learn their call site.
type Thread struct {
	in        *Interpreter
	ctx       context.Context
	cancel    context.CancelFunc
	steps     int64
	nextCheck int64
	maxSteps  int64
	checks    int64      // limit checks so far (the memory bound is checked every memCheckEvery)
	hit       *Exception // the limit error propagating, if any (see limits.go)
	graceEnd  int64      // the step at which `finally` blocks stop running after hit
	stopped   atomic.Bool
	depth     int
	frames    []*frame
	pool      []*frame
	stack     []Value
	sp        int
	site      *ast.CallExpr
	sitePos   ast.Pos
	prev      *Thread
	data      map[string]any
	// locked tells that the thread's goroutine holds the interpreter lock
	// (see gil.go); ownsLock that the thread took it and releases it in
	// done. forkSteps is the step count a forked thread started at.
	locked, ownsLock bool
	forkSteps        int64
	// shared is the step count of a run whose threads interpret by turns
	// (parallel() workers, see gil.go), when it has a step budget; flushed
	// is how many of this thread's steps it already holds.
	shared  *atomic.Int64
	flushed int64
	// fslab and fnext: the slab boxFloat hands floats out of (floatbox.go).
	fslab *floatSlab
	fnext int
	// strs: facts of the long strings indexed lately (strpos.go); cat:
	// buffers of the last string concatenations (concat.go).
	strs *strCache
	cat  *concatState
}

func (in *Interpreter) newThread() *Thread {
	ctx := in.opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	var cancel context.CancelFunc
	if in.opts.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, in.opts.Timeout)
	}
	th := &Thread{in: in, ctx: ctx, cancel: cancel, maxSteps: in.opts.MaxSteps, prev: in.cur, locked: true}
	if in.cur != nil {
		th.steps = in.cur.steps
		th.hit, th.graceEnd = in.cur.hit, in.cur.graceEnd
		th.depth = in.cur.depth
		th.frames = append(th.frames, in.cur.frames...)
		if in.cur.data == nil {
			in.cur.data = map[string]any{}
		}
		th.data = in.cur.data // the same logical thread: one set of data
		th.shared, th.flushed = in.cur.shared, in.cur.flushed
	} else {
		in.gil.Lock()
		th.ownsLock = true
	}
	th.nextCheck = th.steps + checkInterval
	if th.maxSteps > 0 && th.maxSteps < th.nextCheck {
		th.nextCheck = th.maxSteps
	}
	if th.hit != nil {
		th.nextCheck = th.steps
	}
	in.cur = th
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { th.stopped.Store(true) })
		old := th.cancel
		th.cancel = func() {
			stop()
			if old != nil {
				old()
			}
		}
	}
	return th
}

func (th *Thread) done() {
	if th.cancel != nil {
		th.cancel()
	}
	if th.prev != nil {
		th.prev.steps = th.steps
		th.prev.flushed = th.flushed
		if th.hit != nil && th.prev.hit == nil {
			th.prev.hit, th.prev.graceEnd = th.hit, th.graceEnd
			th.prev.nextCheck = th.prev.steps
		}
	}
	th.in.cur = th.prev
	if th.ownsLock {
		th.ownsLock, th.locked = false, false
		th.in.gil.Unlock()
	}
}

// Interp returns the thread's interpreter.
func (th *Thread) Interp() *Interpreter { return th.in }

// Context returns the context of the running evaluation; long-running
// builtins (LLM calls) must honour it.
func (th *Thread) Context() context.Context { return th.ctx }

// CallSite returns the call expression and position of the builtin call in
// progress (nil, zero Pos when called from Go).
func (th *Thread) CallSite() (*ast.CallExpr, ast.Pos) { return th.site, th.sitePos }

// Stack returns the current call stack, outermost first.
func (th *Thread) Stack() []Frame { return th.stackTrace(th.sitePos) }

// SetData stores per-evaluation state for embedders (e.g. POET status).
func (th *Thread) SetData(key string, v any) {
	if th.data == nil {
		th.data = map[string]any{}
	}
	th.data[key] = v
}

// Data returns per-evaluation state stored with SetData.
func (th *Thread) Data(key string) any { return th.data[key] }

// Call calls a callable from a builtin, returning a mini-Dana exception as
// an error.
func (th *Thread) Call(fn Value, args []Value, kwargs []KwArg) (result Value, err error) {
	// The body of protect, written out: builtins call back into scripts
	// on hot paths (sort keys, map, min/max), and this way no closure is
	// allocated per call.
	site, pos := th.site, th.sitePos
	depth, sp, nframes := th.depth, th.sp, len(th.frames)
	defer func() {
		if r := recover(); r != nil {
			err = th.recovered(r) // before unwinding: it locates the error
			th.depth, th.sp = depth, sp
			th.frames = th.frames[:nframes]
			result = nil
		}
		th.site, th.sitePos = site, pos
	}()
	return th.call(fn, args, kwargs, pos), nil
}

// Call1 calls fn with one argument, like Call. A user function taking
// exactly one positional parameter gets it straight in its slot: builtins
// calling back into scripts with one value (key functions, map, filter)
// allocate nothing per call.
func (th *Thread) Call1(fn Value, x Value) (result Value, err error) {
	f, ok := fn.(*Function)
	if !ok || !f.Code.simple || len(f.Code.params) != 1 {
		return th.Call(fn, []Value{x}, nil)
	}
	site, pos := th.site, th.sitePos
	depth, sp, nframes := th.depth, th.sp, len(th.frames)
	defer func() {
		if r := recover(); r != nil {
			err = th.recovered(r) // before unwinding: it locates the error
			th.depth, th.sp = depth, sp
			th.frames = th.frames[:nframes]
			result = nil
		}
		th.site, th.sitePos = site, pos
	}()
	th.tick(pos)
	if caller := th.top(); caller != nil {
		caller.pos = pos
	}
	code := f.Code
	base := th.reserve(code.nslots)
	th.stack[base+code.params[0].slot] = x
	nf := th.pushFrame(code, f, f.Module, base, pos)
	return th.runFrame(nf, base), nil
}

// protect runs f, turning a raised mini-Dana exception (or an internal
// panic) into an error and restoring the thread's stacks.
func (th *Thread) protect(f func()) (err error) {
	depth, sp, nframes := th.depth, th.sp, len(th.frames)
	defer func() {
		if r := recover(); r != nil {
			err = th.recovered(r) // before unwinding: it locates the error
			th.depth, th.sp = depth, sp
			th.frames = th.frames[:nframes]
		}
	}()
	f()
	return nil
}

func (th *Thread) recovered(r any) error {
	switch x := r.(type) {
	case *Exception:
		if !x.located {
			th.in.locate(x, th.innerPos(th.sitePos), th)
		}
		return x
	case error:
		return th.in.locate(AsException(x), th.sitePos, th)
	}
	return &Exception{Type: excTypes["RuntimeError"], Msg: fmt.Sprintf("internal error: %v (please report this bug)\n%s", r, debug.Stack())}
}

// Module is a loaded .na file: its top-level variables (locals of the
// module) and its private scope.
type Module struct {
	Name    string
	File    string
	in      *Interpreter
	names   map[string]int
	globals []Value
	cache   []Value // builtin lookups per global slot
	private map[string]Value
	subs    map[string]Value // for `import a.b`: namespace children
}

// TypeName returns "module".
func newModule(in *Interpreter, name, file string) *Module {
	m := &Module{Name: name, File: file, in: in, names: map[string]int{}, private: map[string]Value{}}
	// As in Python: "__main__" for the program, the dotted name for an
	// imported module, so `if __name__ == "__main__":` works.
	m.SetGlobal("__name__", Str(name))
	return m
}

// slot returns the index of a global, creating it.
func (m *Module) slot(name string) int {
	if i, ok := m.names[name]; ok {
		return i
	}
	i := len(m.globals)
	m.names[name] = i
	m.globals = append(m.globals, nil)
	m.cache = append(m.cache, nil)
	return i
}

// Global returns a top-level variable of the module.
func (m *Module) Global(name string) (Value, bool) {
	i, ok := m.names[name]
	if !ok || m.globals[i] == nil {
		return nil, false
	}
	return m.globals[i], true
}

// SetGlobal sets a top-level variable of the module.
func (m *Module) SetGlobal(name string, v Value) { m.globals[m.slot(name)] = v }

// GlobalNames lists the module's bound top-level names, sorted, without
// the ones the interpreter sets (__name__).
func (m *Module) GlobalNames() []string {
	var out []string
	for n, i := range m.names {
		if m.globals[i] != nil && n != "__name__" {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Attr returns an exported top-level name (not starting with '_').
func (m *Module) Attr(name string) (Value, bool) {
	if v, ok := m.subs[name]; ok {
		if g, ok2 := m.Global(name); ok2 {
			return g, true
		}
		return v, true
	}
	if len(name) > 0 && name[0] == '_' {
		return nil, false
	}
	return m.Global(name)
}

// AttrNames lists the module's exported names.
func (m *Module) AttrNames() []string {
	var out []string
	for _, n := range m.GlobalNames() {
		if n[0] != '_' {
			out = append(out, n)
		}
	}
	for n := range m.subs {
		out = append(out, n)
	}
	return out
}

// String renders the module as <module name>.
func (m *Module) String() string { return "<module " + m.Name + ">" }

// locate fills an exception's position, stack and source line if unset.
func (in *Interpreter) locate(e *Exception, pos ast.Pos, th *Thread) *Exception {
	if e.located {
		return e
	}
	e.located = true
	if !e.Pos.IsValid() {
		e.Pos = pos
	}
	if th != nil {
		e.Stack = th.stackTrace(e.Pos)
	}
	if src, ok := in.sources[e.Pos.File]; ok {
		e.SourceLine = in.sourceLine(e.Pos.File, src, e.Pos.Line)
	}
	return e
}

// lineIndex holds where each line of a source starts, so that quoting the
// line of an exception does not scan the file from its start (programs
// raising and catching in loops locate every exception).
type lineIndex struct {
	src    string
	starts []int
}

// sourceLine returns line n (1-based) of src, the source of file, as
// diag.SourceLine does, through an index built on first use.
func (in *Interpreter) sourceLine(file, src string, n int) string {
	in.linesMu.Lock()
	defer in.linesMu.Unlock()
	ix, ok := in.lines[file]
	if !ok || ix.src != src { // the REPL replaces "<stdin>" at every input
		ix = lineIndex{src: src, starts: []int{0}}
		for i := 0; i < len(src); i++ {
			if src[i] == '\n' {
				ix.starts = append(ix.starts, i+1)
			}
		}
		if in.lines == nil {
			in.lines = map[string]lineIndex{}
		}
		in.lines[file] = ix
	}
	if n < 1 || n > len(ix.starts) {
		return ""
	}
	line := src[ix.starts[n-1]:]
	if n < len(ix.starts) {
		line = src[ix.starts[n-1] : ix.starts[n]-1]
	}
	return strings.TrimRight(line, "\r")
}

// resolvePath finds the file for a dotted module name.
func (in *Interpreter) resolvePath(fromFile, dotted string) (string, error) {
	rel := filepath.Join(splitDots(dotted)...) + ".na"
	var dirs []string
	if fromFile != "" {
		dirs = append(dirs, filepath.Dir(fromFile))
	} else {
		dirs = append(dirs, ".")
	}
	dirs = append(dirs, in.opts.Path...)
	for _, d := range dirs {
		p := filepath.Join(d, rel)
		if _, err := os.Stat(p); err == nil {
			// Not only regular files: importing a directory, a pipe or a
			// device is an ImportError saying so (ReadSource), not a hang.
			abs, err := filepath.Abs(p)
			if err != nil {
				return p, nil
			}
			return abs, nil
		}
	}
	if pythonStdlib[splitDots(dotted)[0]] {
		return "", Errorf("ImportError", "no module named '%s' (looked for %s in %s); mini-Dana has no Python standard library: its builtins (SPEC §7) cover what scripts need", dotted, rel, joinDirs(dirs))
	}
	return "", Errorf("ImportError", "no module named '%s' (looked for %s in %s)", dotted, rel, joinDirs(dirs))
}

// pythonStdlib names the Python standard-library modules people import most
// in pasted programs; importing one (when no module of that name exists)
// says that mini-Dana has no standard library, not only that a file is
// missing.
var pythonStdlib = map[string]bool{
	"math": true, "random": true, "sys": true, "os": true, "re": true, "json": true, "time": true,
	"collections": true, "itertools": true, "functools": true, "string": true, "datetime": true,
	"typing": true, "dataclasses": true, "copy": true, "heapq": true, "bisect": true, "statistics": true,
	"operator": true, "enum": true, "pathlib": true, "subprocess": true, "io": true, "abc": true,
}

func joinDirs(d []string) string {
	s := ""
	for i, x := range d {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}

func splitDots(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// CompileOnly resolves and compiles a parsed file into a scratch module
// without running it (for benchmarks and tools).
func CompileOnly(in *Interpreter, f *ast.File) error {
	_, err := compileModule(in, newModule(in, "__scratch__", f.Name), f)
	return err
}
