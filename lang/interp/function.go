package interp

import (
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// KwArg is one keyword argument of a call.
type KwArg struct {
	Name  string
	Value Value
}

// BuiltinFunc is the Go signature of a builtin. args holds positional
// arguments (for methods of built-in types, args[0] is the receiver); kwargs
// holds keyword arguments in call order. Return an *Exception (see Errorf)
// to raise a specific error type; any other error becomes a RuntimeError.
type BuiltinFunc func(th *Thread, args []Value, kwargs []KwArg) (Value, error)

// Builtin is a Go function callable from scripts.
type Builtin struct {
	Name string
	Fn   BuiltinFunc
	// Borrows tells that Fn does not keep its args slice after it
	// returns: calls then pass a window of the thread's value stack
	// instead of a fresh slice.
	Borrows bool
}

// String renders the builtin as <builtin name>.
func (b *Builtin) String() string { return "<builtin " + b.Name + ">" }

// BoundMethod is a method bound to its receiver.
type BoundMethod struct {
	Self Value
	Fn   Value
	Name string
}

// String renders the bound method.
func (b *BoundMethod) String() string { return "<method " + b.Name + " of " + b.Self.TypeName() + ">" }

// Composed is `f | g` for two callables: calling it calls f, then g on the
// result.
type Composed struct{ Fns []Value }

// TypeName returns "function".
func (*Composed) TypeName() string { return "function" }

// String renders the composition.
func (c *Composed) String() string { return "<composed function>" }

// Cell holds a variable captured by a closure.
type Cell struct{ V Value }

// param describes one parameter of compiled code.
type param struct {
	name   string
	kind   ast.ParamKind
	slot   int
	cell   int // -1 unless captured
	hint   *TypeHint
	hasDef bool
}

// Code is a compiled function body.
type Code struct {
	Name     string
	Pos      ast.Pos
	params   []param
	nslots   int
	ncells   int
	body     stmtFn
	simple   bool // only plain positional params, no cells for params
	nplain   int  // number of ParamNormal params
	npos     int  // how many of them may be given positionally (the rest are keyword-only)
	nposonly int  // how many of the first ones cannot be given by keyword (before `/`)
	varargs  int  // index of *args param or -1
	kwargs   int  // index of **kwargs param or -1
	cellInit []int
	Return   *TypeHint
	Doc      string
	Decl     *ast.FuncDef
	Lambda   *ast.LambdaExpr
}

// Function is a user-defined function or lambda (a closure).
type Function struct {
	Code     *Code
	Defaults []Value // one per parameter (nil where none)
	Free     []*Cell
	Module   *Module
	// Attrs holds attributes set by decorators and embedders (e.g. POET
	// configuration); nil when unused.
	Attrs map[string]Value
}

// Name returns the function's name.
func (f *Function) Name() string { return f.Code.Name }

// Attr reads an attribute set on the function (`wrapper.cache = {}`, as
// Python allows).
func (f *Function) Attr(name string) (Value, bool) {
	v, ok := f.Attrs[name]
	return v, ok
}

// SetAttr sets an attribute on the function.
func (f *Function) SetAttr(name string, v Value) error {
	if f.Attrs == nil {
		f.Attrs = map[string]Value{}
	}
	f.Attrs[name] = v
	return nil
}

// String renders <function name>.
func (f *Function) String() string { return "<function " + f.Code.Name + ">" }

// Params returns the parameter names in order.
func (f *Function) Params() []string {
	out := make([]string, len(f.Code.params))
	for i, p := range f.Code.params {
		out[i] = p.name
	}
	return out
}

// ReturnHint returns the declared return type (nil when absent).
func (f *Function) ReturnHint() *TypeHint { return f.Code.Return }

// Decl returns the function's definition (nil for lambdas).
func (f *Function) Decl() *ast.FuncDef { return f.Code.Decl }

// Callable is implemented by embedder values that scripts can call and
// that carry attributes too (a synthesized tool with .source and .score):
// CallValue runs like a builtin, its error raised at the call site.
type Callable interface {
	Value
	CallValue(th *Thread, args []Value, kwargs []KwArg) (Value, error)
}

// IsCallable reports whether v can be called.
func IsCallable(v Value) bool {
	switch x := v.(type) {
	case *Function, *Builtin, *BoundMethod, *StructType, *TypeObj, *ExcType, *Composed, Callable:
		return true
	case *StructVal:
		_, ok := x.Type.Methods["__call__"]
		return ok
	}
	return false
}

// frame is the activation record of one running function or module chunk.
type frame struct {
	th    *Thread
	mod   *Module
	fn    *Function
	code  *Code
	name  string
	slots []Value
	cells []*Cell
	free  []*Cell
	pos   ast.Pos
	ret   Value
	exc   *Exception
	gen   *generator // the generator whose body runs in this frame, if any
}

// reserve returns the base index of n fresh nil slots on the value stack.
func (th *Thread) reserve(n int) int {
	base := th.sp
	if base+n > len(th.stack) {
		// A fresh thread (a generator's body, a parallel worker) starts
		// small; the stack doubles from there.
		size := 2 * len(th.stack)
		if size < base+n+32 {
			size = base + n + 32
		}
		ns := make([]Value, size)
		copy(ns, th.stack[:base])
		th.stack = ns
	}
	th.sp = base + n
	clear(th.stack[base : base+n])
	return base
}

// ArgWindow returns n nil slots on the thread's value stack, for a builtin
// to pass arguments to a function that does not keep them (a method
// registered with RegisterMethod), and the mark to give PopArgWindow after
// the call. A raised exception restores the stack by itself.
func (th *Thread) ArgWindow(n int) (args []Value, mark int) {
	base := th.reserve(n)
	return th.stack[base : base+n : base+n], base
}

// PopArgWindow releases the slots of ArgWindow.
func (th *Thread) PopArgWindow(mark int) { th.sp = mark }

// pushFrame activates a frame for code whose slots start at base.
func (th *Thread) pushFrame(code *Code, fn *Function, mod *Module, base int, pos ast.Pos) *frame {
	if th.depth >= th.in.opts.MaxDepth {
		th.raise(recursionLimit(th.in.opts.MaxDepth), pos)
	}
	var fr *frame
	if th.depth < len(th.pool) {
		fr = th.pool[th.depth]
	} else {
		fr = &frame{}
		th.pool = append(th.pool, fr)
	}
	th.depth++
	// Field by field rather than `*fr = frame{...}`: a pooled frame is a
	// heap object, and a whole-struct store goes through the bulk write
	// barrier while the GC runs. Every field of frame is set here.
	fr.th, fr.mod, fr.fn, fr.code = th, mod, fn, code
	fr.slots = th.stack[base : base+code.nslots : base+code.nslots]
	fr.pos = pos
	fr.cells, fr.ret, fr.exc, fr.gen = nil, nil, nil, nil
	if fn != nil {
		fr.free = fn.Free
		fr.name = code.Name
	} else {
		fr.free = nil
		fr.name = ""
	}
	if code.ncells > 0 {
		fr.cells = make([]*Cell, code.ncells)
		for i := range fr.cells {
			fr.cells[i] = &Cell{}
		}
		for _, pi := range code.cellInit {
			p := code.params[pi]
			fr.cells[p.cell].V = fr.slots[p.slot]
		}
	}
	th.frames = append(th.frames, fr)
	return fr
}

func (th *Thread) popFrame(base int) {
	th.depth--
	th.frames = th.frames[:len(th.frames)-1]
	th.sp = base
}

// runFrame runs a function frame to completion and returns its result.
func (th *Thread) runFrame(fr *frame, base int) Value {
	fr.code.body(fr)
	ret := fr.ret
	th.popFrame(base)
	if ret == nil {
		return None
	}
	return ret
}

// tick counts a step and checks budget, timeout and cancellation.
func (th *Thread) tick(pos ast.Pos) {
	th.steps++
	if th.steps >= th.nextCheck {
		th.slowCheck(pos)
	}
}

func (th *Thread) stopError() *Exception {
	if err := th.ctx.Err(); err == nil || err.Error() == "context deadline exceeded" {
		if th.in.opts.Timeout > 0 {
			return Errorf("TimeoutError", "timed out after %s", th.in.opts.Timeout)
		}
		return Errorf("TimeoutError", "deadline exceeded")
	}
	return Errorf("KeyboardInterrupt", "interrupted")
}

// raise panics with a located exception.
func (th *Thread) raise(e *Exception, pos ast.Pos) {
	panic(th.in.locate(e, pos, th))
}

// throw raises a Go error (converted to an exception) at pos.
func (th *Thread) throw(err error, pos ast.Pos) {
	th.raise(AsException(err), pos)
}

func (th *Thread) stackTrace(pos ast.Pos) []Frame {
	out := make([]Frame, 0, len(th.frames))
	for i, fr := range th.frames {
		p := fr.pos
		if i == len(th.frames)-1 && pos.IsValid() {
			p = pos
		}
		name := fr.name
		if name == "" {
			name = "<module>"
		}
		out = append(out, Frame{Func: name, Pos: p})
	}
	return out
}

// call calls any callable with evaluated arguments.
func (th *Thread) call(fn Value, args []Value, kw []KwArg, pos ast.Pos) Value {
	switch f := fn.(type) {
	case *Function:
		return th.callFunction(f, args, kw, pos)
	case *Builtin:
		return th.callBuiltin(f, args, kw, pos)
	case *BoundMethod:
		nargs := make([]Value, 0, len(args)+1)
		nargs = append(append(nargs, f.Self), args...)
		return th.call(f.Fn, nargs, kw, pos)
	case *StructType:
		v, err := f.construct(th, args, kw)
		if err != nil {
			th.throw(err, pos)
		}
		return v
	case *TypeObj:
		if f.Conv == nil {
			th.raise(Errorf("TypeError", "type '%s' cannot be called", f.Name), pos)
		}
		return th.callBuiltin(f.Conv, args, kw, pos)
	case *ExcType:
		return newExceptionArgs(f, args)
	case *StructVal:
		if m, ok := f.Type.Methods["__call__"]; ok { // an instance called as a function
			nargs := make([]Value, 0, len(args)+1)
			return th.call(m, append(append(nargs, f), args...), kw, pos)
		}
	case *Composed:
		var v Value
		for i, g := range f.Fns {
			if i == 0 {
				v = th.call(g, args, kw, pos)
			} else {
				v = th.call(g, []Value{v}, nil, pos)
			}
		}
		return v
	case Callable:
		return th.callBuiltin(&Builtin{Name: fn.TypeName(), Fn: f.CallValue}, args, kw, pos)
	}
	th.raise(Errorf("TypeError", "'%s' object is not callable", fn.TypeName()), pos)
	return nil
}

func (th *Thread) callBuiltin(b *Builtin, args []Value, kw []KwArg, pos ast.Pos) Value {
	th.tick(pos)
	if fr := th.top(); fr != nil {
		fr.pos = pos
	}
	site, spos := th.site, th.sitePos
	th.sitePos = pos
	v, err := b.Fn(th, args, kw)
	th.site, th.sitePos = site, spos
	if err != nil {
		th.throw(err, pos)
	}
	if v == nil {
		return None
	}
	return v
}

func (th *Thread) top() *frame {
	if len(th.frames) == 0 {
		return nil
	}
	return th.frames[len(th.frames)-1]
}

// callFunction binds arguments to a fresh frame and runs the function.
func (th *Thread) callFunction(f *Function, args []Value, kw []KwArg, pos ast.Pos) Value {
	th.tick(pos)
	if caller := th.top(); caller != nil {
		caller.pos = pos
	}
	code := f.Code
	base := th.reserve(code.nslots)
	if code.simple && len(kw) == 0 && len(args) == len(code.params) {
		// Exact positional arity: nothing to check or default.
		for i, a := range args {
			th.stack[base+code.params[i].slot] = a
		}
	} else if err := th.bind(f, th.stack[base:base+code.nslots], args, kw); err != nil {
		th.sp = base
		th.raise(err, pos)
	}
	fr := th.pushFrame(code, f, f.Module, base, pos)
	return th.runFrame(fr, base)
}

// bind places arguments into parameter slots, applying defaults and
// reporting missing, duplicate and unknown arguments by name.
func (th *Thread) bind(f *Function, slots []Value, args []Value, kw []KwArg) *Exception {
	code := f.Code
	name := code.Name
	np := code.npos
	if len(args) > np && code.varargs < 0 {
		if np == 0 {
			return Errorf("TypeError", "%s() takes 0 positional arguments but %d %s given", name, len(args), wereWas(len(args)))
		}
		return Errorf("TypeError", "%s() takes %d positional argument%s but %d %s given", name, np, plural(np), len(args), wereWas(len(args)))
	}
	for i := 0; i < len(args) && i < np; i++ {
		slots[code.params[i].slot] = args[i]
	}
	if code.varargs >= 0 {
		var rest Tuple
		if len(args) > np {
			rest = append(Tuple{}, args[np:]...)
		} else {
			rest = Tuple{}
		}
		slots[code.params[code.varargs].slot] = rest
	}
	var extra *Dict
	if code.kwargs >= 0 {
		extra = NewDict(len(kw))
		slots[code.params[code.kwargs].slot] = extra
	}
	var posAsKw []string
	for _, k := range kw {
		found := false
		for i := code.nposonly; i < code.nplain; i++ {
			p := &code.params[i]
			if p.name == k.Name {
				if slots[p.slot] != nil {
					return Errorf("TypeError", "%s() got multiple values for argument '%s'", name, k.Name)
				}
				slots[p.slot] = k.Value
				found = true
				break
			}
		}
		if !found {
			if extra != nil {
				extra.SetStr(k.Name, k.Value)
				continue
			}
			if code.isPosOnly(k.Name) {
				posAsKw = append(posAsKw, k.Name)
				continue
			}
			msg := "%s() got an unexpected keyword argument '%s'"
			if s := suggest(k.Name, f.Params()); s != "" {
				return Errorf("TypeError", msg+"; did you mean '%s'?", name, k.Name, s)
			}
			return Errorf("TypeError", msg, name, k.Name)
		}
	}
	if len(posAsKw) > 0 {
		return Errorf("TypeError", "%s() got some positional-only arguments passed as keyword arguments: %s", name, strings.Join(quoteEach(posAsKw), ", "))
	}
	var missing, missingKw []string
	for i := 0; i < code.nplain; i++ {
		p := &code.params[i]
		if slots[p.slot] == nil {
			switch {
			case p.hasDef:
				slots[p.slot] = f.Defaults[i]
			case i < np:
				missing = append(missing, p.name)
			default:
				missingKw = append(missingKw, p.name)
			}
		}
	}
	if len(missing) > 0 {
		return Errorf("TypeError", "%s() missing %d required positional argument%s: %s", name, len(missing), plural(len(missing)), quoteList(missing))
	}
	if len(missingKw) > 0 {
		return Errorf("TypeError", "%s() missing %d required keyword-only argument%s: %s", name, len(missingKw), plural(len(missingKw)), quoteList(missingKw))
	}
	return nil
}

// isPosOnly reports whether name is one of the positional-only parameters.
func (code *Code) isPosOnly(name string) bool {
	for i := 0; i < code.nposonly; i++ {
		if code.params[i].name == name {
			return true
		}
	}
	return false
}

func quoteEach(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "'" + n + "'"
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wereWas(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func quoteList(names []string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1 && len(names) == 2:
			s += " and "
		case i == len(names)-1:
			s += ", and "
		default:
			s += ", "
		}
		s += "'" + n + "'"
	}
	return s
}
