package interp

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
)

type evalFn func(fr *frame) Value
type condFn func(fr *frame) bool
type storeFn func(fr *frame, v Value)
type stmtFn func(fr *frame) ctrl

type ctrl uint8

const (
	ctrlNone ctrl = iota
	ctrlBreak
	ctrlContinue
	ctrlReturn
)

// compiler turns a resolved syntax tree into closures.
type compiler struct {
	in    *Interpreter
	mod   *Module
	r     *resolver
	file  *ast.File
	fs    *fscope
	loops int
	inFn  bool
	errs  diag.List
	place *varInfo // `$$` of the pipeline being compiled
	// unbound, when set (by Check), collects reads of names bound nowhere in
	// the file: they are builtins, or errors.
	unbound *[]globalRef
	// echo, when set, receives the values of bare expression statements of
	// the top-level code (an interactive prompt); function bodies are
	// compiled without it.
	echo func(Value)
	// ownedLoops are the outer loops of generator expressions whose first
	// iterable is made by the expression itself (`(f(x) for x in gen())`):
	// the loop over it may push it and closes it, as a `for` over a call.
	ownedLoops map[*ast.ForStmt]bool
}

type globalRef struct {
	name string
	pos  ast.Pos
}

func (c *compiler) errorf(pos ast.Pos, typ, format string, args ...any) {
	e := Errorf(typ, format, args...)
	c.errs = append(c.errs, &diag.Error{Pos: pos, Type: typ, Msg: e.Msg, Line: diag.SourceLine(c.file.Source, pos.Line)})
}

// compileModule resolves and compiles a file as (a chunk of) module mod.
// When the last statement is an expression, the code's result is its value.
func compileModule(in *Interpreter, mod *Module, f *ast.File) (*Code, error) {
	return compileModuleEcho(in, mod, f, nil)
}

// compileModuleEcho is compileModule for an interactive prompt when echo is
// set: the top level's bare expression statements hand their values to it.
func compileModuleEcho(in *Interpreter, mod *Module, f *ast.File, echo func(Value)) (_ *Code, err error) {
	defer recoverCompileStop(&err)
	r := newResolver(f.Source)
	fs := r.resolveFile(f)
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	c := &compiler{in: in, mod: mod, r: r, file: f, fs: fs, echo: echo}
	for _, v := range fs.vars {
		if v.global {
			v.slot = mod.slot(v.name)
		}
	}
	var body stmtFn
	if n := len(f.Stmts); n > 0 && echo == nil {
		if es, ok := f.Stmts[n-1].(*ast.ExprStmt); ok {
			head := c.block(f.Stmts[:n-1])
			last := c.expr(es.X)
			body = func(fr *frame) ctrl {
				if head(fr) != ctrlNone {
					return ctrlNone
				}
				fr.ret = last(fr)
				return ctrlNone
			}
		}
	}
	if body == nil {
		body = c.block(f.Stmts)
	}
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return &Code{Name: "<module>", nslots: fs.nslots, ncells: fs.ncells, body: body}, nil
}

// runModule runs compiled module code in a fresh module frame.
func (th *Thread) runModule(mod *Module, code *Code) Value {
	base := th.reserve(code.nslots)
	fr := th.pushFrame(code, nil, mod, base, ast.Pos{File: mod.File})
	code.body(fr)
	ret := fr.ret
	th.popFrame(base)
	if ret == nil {
		return None
	}
	return ret
}

// ---------------------------------------------------------------------------
// Statements

func (c *compiler) block(stmts []ast.Stmt) stmtFn {
	fns := make([]stmtFn, 0, len(stmts))
	for i, s := range stmts {
		if i&(compileCheckEvery-1) == compileCheckEvery-1 {
			c.checkLimits()
		}
		if f := c.stmt(s); f != nil {
			fns = append(fns, f)
		}
	}
	switch len(fns) {
	case 0:
		return func(*frame) ctrl { return ctrlNone }
	case 1:
		return fns[0]
	case 2:
		a, b := fns[0], fns[1]
		return func(fr *frame) ctrl {
			if x := a(fr); x != ctrlNone {
				return x
			}
			return b(fr)
		}
	}
	return func(fr *frame) ctrl {
		for _, f := range fns {
			if x := f(fr); x != ctrlNone {
				return x
			}
		}
		return ctrlNone
	}
}

func (c *compiler) stmt(s ast.Stmt) stmtFn {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if _, ok := s.X.(*ast.StrLit); ok && (c.echo == nil || c.inFn) {
			return nil // docstrings and string comments do nothing
		}
		e := c.expr(s.X)
		if echo := c.echo; echo != nil && !c.inFn {
			return func(fr *frame) ctrl {
				if v := e(fr); v != None {
					echo(v)
				}
				return ctrlNone
			}
		}
		return func(fr *frame) ctrl { e(fr); return ctrlNone }
	case *ast.AssignStmt:
		return c.assign(s)
	case *ast.AugAssignStmt:
		return c.augAssign(s)
	case *ast.IfStmt:
		cond := c.cond(s.Cond)
		body := c.block(s.Body)
		if len(s.Else) == 0 {
			return func(fr *frame) ctrl {
				if cond(fr) {
					return body(fr)
				}
				return ctrlNone
			}
		}
		els := c.block(s.Else)
		return func(fr *frame) ctrl {
			if cond(fr) {
				return body(fr)
			}
			return els(fr)
		}
	case *ast.WhileStmt:
		return c.while(s)
	case *ast.ForStmt:
		return c.forStmt(s)
	case *ast.BreakStmt:
		if c.loops == 0 {
			c.errorf(s.P, "SyntaxError", "'break' outside loop")
		}
		return func(*frame) ctrl { return ctrlBreak }
	case *ast.ContinueStmt:
		if c.loops == 0 {
			c.errorf(s.P, "SyntaxError", "'continue' not properly in loop")
		}
		return func(*frame) ctrl { return ctrlContinue }
	case *ast.PassStmt:
		return nil
	case *ast.ReturnStmt:
		if s.Value == nil {
			return func(fr *frame) ctrl { fr.ret = None; return ctrlReturn }
		}
		v := c.expr(s.Value)
		return func(fr *frame) ctrl { fr.ret = v(fr); return ctrlReturn }
	case *ast.RaiseStmt:
		return c.raise(s)
	case *ast.DelStmt:
		return c.del(s)
	case *ast.GlobalStmt:
		return nil
	case *ast.AssertStmt:
		return c.assert(s)
	case *ast.TryStmt:
		return c.try(s)
	case *ast.ImportStmt:
		return c.importStmt(s)
	case *ast.FromImportStmt:
		return c.fromImport(s)
	case *ast.FuncDef:
		return c.funcDef(s)
	case *ast.StructDef:
		return c.structDef(s)
	case *ast.EnumDef:
		return c.enumDef(s)
	case *ast.InterfaceDef:
		return c.interfaceDef(s)
	}
	c.errorf(s.Position(), "SyntaxError", "unsupported statement")
	return nil
}

func (c *compiler) assign(s *ast.AssignStmt) stmtFn {
	if s.Value == nil {
		// Declaration `x: T` binds None.
		st := c.store(s.Targets[0])
		return func(fr *frame) ctrl { st(fr, None); return ctrlNone }
	}
	val := c.expr(s.Value)
	if s.Type != nil {
		hint := NewHint(s.Type, c.mod)
		st := c.store(s.Targets[0])
		name := targetName(s.Targets[0])
		pos := s.Value.Position()
		return func(fr *frame) ctrl {
			v := val(fr)
			if !hint.Matches(v) {
				cv, err := Coerce(v, hint)
				if err != nil {
					ex := AsException(err)
					fr.th.raise(Errorf("TypeError", "Assignment to '%s' failed: %s", name, ex.Msg), pos)
				}
				v = cv
			}
			st(fr, v)
			return ctrlNone
		}
	}
	if len(s.Targets) == 1 {
		if n, ok := s.Targets[0].(*ast.Name); ok {
			if v := c.r.refs[n]; v != nil && !v.global && v.owner == c.fs && !v.captured {
				slot := v.slot
				return func(fr *frame) ctrl { fr.slots[slot] = val(fr); return ctrlNone }
			}
		}
		st := c.store(s.Targets[0])
		return func(fr *frame) ctrl { st(fr, val(fr)); return ctrlNone }
	}
	sts := make([]storeFn, len(s.Targets))
	for i, t := range s.Targets {
		sts[i] = c.store(t)
	}
	return func(fr *frame) ctrl {
		v := val(fr)
		for _, st := range sts {
			st(fr, v)
		}
		return ctrlNone
	}
}

func targetName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Name:
		if t.Scope != "" {
			return t.Scope + ":" + t.Name
		}
		return t.Name
	case *ast.AttrExpr:
		return targetName(t.X) + "." + t.Name
	case *ast.IndexExpr:
		return targetName(t.X) + "[...]"
	}
	return "target"
}

func (c *compiler) augAssign(s *ast.AugAssignStmt) stmtFn {
	val, aug := c.augValue(arithOp(s.Op), s.Value)
	op := s.Op
	pos := s.OpPos
	if !pos.IsValid() {
		pos = s.P
	}
	switch t := s.Target.(type) {
	case *ast.Name:
		load := c.load(t)
		st := c.store(t)
		if v := c.r.refs[t]; t.Scope == "" && v != nil && !v.global && v.owner == c.fs && !v.captured && (op == "+" || op == "-" || op == "*" || op == "/") {
			slot := v.slot
			plus, minus := op == "+", op == "-"
			opc := arithOp(op)
			return func(fr *frame) ctrl {
				a := fr.slots[slot]
				if a == nil {
					a = load(fr)
				}
				r, b := aug(fr, a)
				if r != nil {
					fr.slots[slot] = r
					return ctrlNone
				}
				if x, ok := a.(Int); ok && (plus || minus) {
					if y, ok := b.(Int); ok {
						if plus {
							if s := x + y; (s > x) == (y > 0) {
								fr.slots[slot] = MakeInt(int64(s))
								return ctrlNone
							}
						} else if s := x - y; (s < x) == (y > 0) {
							fr.slots[slot] = MakeInt(int64(s))
							return ctrlNone
						}
					}
				}
				if r, ok := fastArith(fr.th, opc, a, b); ok {
					fr.slots[slot] = r
					return ctrlNone
				}
				fr.slots[slot] = c.binop(fr, op, a, b, pos)
				return ctrlNone
			}
		}
		return func(fr *frame) ctrl {
			a := load(fr)
			b := val(fr)
			st(fr, c.binop(fr, op, a, b, pos))
			return ctrlNone
		}
	case *ast.AttrExpr:
		return c.attrAugAssign(t, op, val, aug, pos)
	case *ast.IndexExpr:
		obj := c.expr(t.X)
		idx := c.expr(t.Index)
		opc := arithOp(op)
		return func(fr *frame) ctrl {
			o := obj(fr)
			i := idx(fr)
			a := c.index(fr, o, i, t.LBrack)
			r, b := aug(fr, a)
			if r == nil {
				var ok bool
				if r, ok = fastArith(fr.th, opc, a, b); !ok {
					r = c.binop(fr, op, a, b, pos)
				}
			}
			c.setIndex(fr, o, i, r, t.LBrack)
			return ctrlNone
		}
	}
	c.errorf(s.P, "SyntaxError", "illegal target for augmented assignment")
	return nil
}

// binop is the operation of an augmented assignment: on a list, dict or
// set it mutates the left operand in place, as Python does (SPEC §4.1:
// aliases see the change); otherwise it is the binary operator.
func (c *compiler) binop(fr *frame, op string, a, b Value, pos ast.Pos) Value {
	switch x := a.(type) {
	case *List, *Dict, *Set:
		if r, ok := fr.th.inplace(op, x, b, pos); ok {
			return r
		}
	}
	return fr.th.binary(op, a, b, pos)
}

// inplace applies `a op= b` to a mutable container; ok is false when the
// operator has no in-place form for these operands.
func (th *Thread) inplace(op string, a, b Value, pos ast.Pos) (Value, bool) {
	switch x := a.(type) {
	case *List:
		switch op {
		case "+":
			if _, isList := b.(*List); !isList {
				if _, isTuple := b.(Tuple); !isTuple {
					if _, isIter := b.(*Iterator); !isIter {
						return nil, false
					}
				}
			}
			xs, err := th.Iterate(b)
			if err != nil {
				th.throw(err, pos)
			}
			th.Alloc(int64(len(xs)) * 16)
			x.Elems = append(x.Elems, xs...)
			return x, true
		case "*":
			r := th.binary("*", x, b, pos)
			if l, ok := r.(*List); ok {
				x.Elems = l.Elems
				return x, true
			}
		}
	case *Dict:
		if op != "|" {
			return nil, false
		}
		m, ok := b.(*Dict)
		if !ok {
			return nil, false
		}
		ks, vs := m.Keys(), m.Values()
		for i := range ks {
			if err := x.Set(ks[i], vs[i]); err != nil {
				th.throw(err, pos)
			}
		}
		return x, true
	case *Set:
		switch op {
		case "|", "&", "-", "^":
		default:
			return nil, false
		}
		if x.Frozen {
			return nil, false // a frozenset's |= rebinds
		}
		if _, ok := b.(*Set); !ok {
			return nil, false
		}
		r, ok := th.binary(op, x, b, pos).(*Set)
		if !ok {
			return nil, false
		}
		x.d = r.d
		return x, true
	}
	return nil, false
}

func (c *compiler) while(s *ast.WhileStmt) stmtFn {
	cond := c.cond(s.Cond)
	c.loops++
	body := c.block(s.Body)
	c.loops--
	var els stmtFn
	if len(s.Else) > 0 {
		els = c.block(s.Else)
	}
	pos := s.P
	return func(fr *frame) ctrl {
		th := fr.th
		for cond(fr) {
			th.steps++
			if th.steps >= th.nextCheck {
				th.slowCheck(pos)
			}
			switch body(fr) {
			case ctrlBreak:
				return ctrlNone
			case ctrlReturn:
				return ctrlReturn
			}
		}
		if els != nil {
			return els(fr)
		}
		return ctrlNone
	}
}

func (c *compiler) forStmt(s *ast.ForStmt) stmtFn {
	iter := c.expr(s.Iter)
	st := c.store(s.Target)
	c.loops++
	body := c.block(s.Body)
	c.loops--
	var els stmtFn
	if len(s.Else) > 0 {
		els = c.block(s.Else)
	}
	pos := s.Iter.Position()
	// A fresh generator made by the loop's own expression (a call, a
	// generator expression) is the loop's alone: leaving the loop early
	// closes it, so its finally blocks run there, as CPython's reference
	// counting does.
	_, named := s.Iter.(*ast.Name)
	owned := ownsIterable(s.Iter) || c.ownedLoops[s]
	// A loop that takes every element lets a fresh generator push them on
	// this thread. Not when the generator is named (`for x in gen:`): an
	// exception leaving the loop must leave it resumable, as in Python.
	canPush := !exitsLoop(s.Body) && (!named || c.ownedLoops[s])
	// One iteration: made once here, not per execution of the loop (a
	// closure over the frame would be an allocation every time an inner
	// loop starts).
	// A target of plain names (`for i, x in ...`) takes the elements of a
	// tuple iterator without the tuple (NewTupleIterator).
	var names []storeFn
	if t, ok := s.Target.(*ast.TupleExpr); ok && len(t.Elems) >= 2 && len(t.Elems) <= 8 {
		names = make([]storeFn, len(t.Elems))
		for i, e := range t.Elems {
			if _, ok := e.(*ast.Name); !ok {
				names = nil
				break
			}
			names[i] = c.store(e)
		}
	}
	step1 := func(fr *frame, v Value) ctrl {
		th := fr.th
		th.steps++
		if th.steps >= th.nextCheck {
			th.slowCheck(pos)
		}
		st(fr, v)
		return body(fr)
	}
	return func(fr *frame) ctrl {
		th := fr.th
		it := iter(fr)
		if sv, ok := it.(*StructVal); ok {
			// A struct iterates through __iter__ (or __getitem__).
			x, err := th.structIter(sv)
			if err != nil {
				th.throw(err, pos)
			}
			it = x
		}
		switch x := it.(type) {
		case *Range:
			if x.Step > 0 {
				for i := x.Start; i < x.Stop; i += x.Step {
					switch step1(fr, MakeInt(i)) {
					case ctrlBreak:
						return ctrlNone
					case ctrlReturn:
						return ctrlReturn
					}
				}
			} else {
				for i := x.Start; i > x.Stop; i += x.Step {
					switch step1(fr, MakeInt(i)) {
					case ctrlBreak:
						return ctrlNone
					case ctrlReturn:
						return ctrlReturn
					}
				}
			}
		case *List:
			for i := 0; i < len(x.Elems); i++ {
				switch step1(fr, x.Elems[i]) {
				case ctrlBreak:
					return ctrlNone
				case ctrlReturn:
					return ctrlReturn
				}
			}
		case Str:
			// One pass over the bytes, a character at a time (nothing
			// materialised; ASCII characters are not allocated).
			for b := 0; b < len(x); {
				c := Char(string(x[b:]))
				b += len(c.(Str))
				switch step1(fr, c) {
				case ctrlBreak:
					return ctrlNone
				case ctrlReturn:
					return ctrlReturn
				}
			}
		case *Iterator:
			if n := len(names); n > 0 && x.into != nil && x.width == n {
				var buf [8]Value
				dst := buf[:n]
				for x.nextInto(th, dst) {
					th.steps++
					if th.steps >= th.nextCheck {
						th.slowCheck(pos)
					}
					for i, st := range names {
						st(fr, dst[i])
					}
					switch body(fr) {
					case ctrlBreak:
						return ctrlNone
					case ctrlReturn:
						return ctrlReturn
					}
				}
				break
			}
			if canPush {
				// No break or return in the body: the loop takes every
				// element, so a fresh generator may push them.
				if err := th.Each(x, func(v Value) bool { step1(fr, v); return true }); err != nil {
					th.throw(err, pos)
				}
				break
			}
			if owned && x.gen != nil && !x.gen.started && !x.done {
				if r, done := th.loopOwned(x, func(v Value) ctrl { return step1(fr, v) }, pos); done {
					return r
				}
				break
			}
			for {
				v, ok := x.Next(th)
				if !ok {
					break
				}
				switch step1(fr, v) {
				case ctrlBreak:
					return ctrlNone
				case ctrlReturn:
					return ctrlReturn
				}
			}
		default:
			elems, err := Iterate(it)
			if err != nil {
				th.throw(err, pos)
			}
			st, watch := iterStateOf(it)
			for _, e := range elems {
				r := step1(fr, e)
				if watch && (r == ctrlNone || r == ctrlContinue) {
					if err := changedDuring(it, st); err != nil {
						th.raise(err, pos)
					}
				}
				switch r {
				case ctrlBreak:
					return ctrlNone
				case ctrlReturn:
					return ctrlReturn
				}
			}
		}
		if els != nil {
			return els(fr)
		}
		return ctrlNone
	}
}

// exitsLoop reports whether a loop body may leave the loop early with break
// or return (not counting nested loops' own breaks, nor nested functions).
func exitsLoop(stmts []ast.Stmt) bool {
	found := false
	var walk func(ss []ast.Stmt, nested bool)
	walk = func(ss []ast.Stmt, nested bool) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ast.BreakStmt:
				if !nested {
					found = true
				}
			case *ast.ReturnStmt:
				found = true
			case *ast.IfStmt:
				walk(s.Body, nested)
				walk(s.Else, nested)
			case *ast.WhileStmt:
				walk(s.Body, true)
				walk(s.Else, nested)
			case *ast.ForStmt:
				walk(s.Body, true)
				walk(s.Else, nested)
			case *ast.TryStmt:
				walk(s.Body, nested)
				for _, h := range s.Handlers {
					walk(h.Body, nested)
				}
				walk(s.Else, nested)
				walk(s.Finally, nested)
			}
		}
	}
	walk(stmts, false)
	return found
}

// Iterate returns the elements of an iterable value (a snapshot for dicts
// and sets; strings yield their characters).
func Iterate(v Value) ([]Value, error) {
	switch x := v.(type) {
	case *List:
		return x.Elems, nil
	case Tuple:
		return x, nil
	case *Dict:
		return append([]Value(nil), x.Keys()...), nil
	case *Set:
		return append([]Value(nil), x.Elems()...), nil
	case Str:
		out := make([]Value, 0, len(x))
		for b := 0; b < len(x); {
			c := Char(string(x[b:]))
			b += len(c.(Str))
			out = append(out, c)
		}
		return out, nil
	case *Range:
		n := x.Len()
		if n > 1<<26 {
			return nil, Errorf("MemoryError", "range too large to materialise (%d elements)", n)
		}
		out := make([]Value, 0, n)
		for i, k := x.Start, int64(0); k < n; i, k = i+x.Step, k+1 {
			out = append(out, MakeInt(i))
		}
		return out, nil
	case Iterable:
		return x.Elements()
	case *StructVal:
		return structElements(x)
	case *Iterator:
		th := x.in.cur
		if th == nil {
			th = x.in.newThread()
			defer th.done()
		}
		return th.Elements(x)
	}
	return nil, Errorf("TypeError", "'%s' object is not iterable", v.TypeName())
}

// iterState is what a loop over a dict or set watches, as Python does: its
// size, and for a dict the version of its keys.
type iterState struct {
	n    int
	keys uint64
}

// iterStateOf returns the state of a dict, a dict view or a set being
// iterated (ok is false for other iterables).
func iterStateOf(v Value) (st iterState, ok bool) {
	switch x := v.(type) {
	case *Dict:
		return iterState{x.Len(), x.keysVersion}, true
	case *DictView:
		return iterState{x.D.Len(), x.D.keysVersion}, true
	case *Set:
		return iterState{x.Len(), 0}, true
	}
	return iterState{}, false
}

// changedDuring returns the RuntimeError of a dict or set that changed
// since st while a loop iterated it, or nil. Python raises "keys changed"
// when its iterator meets a key added in place of a removed one, which may
// be a few steps later; here it is the step after the change.
func changedDuring(v Value, st iterState) *Exception {
	now, _ := iterStateOf(v)
	switch {
	case now.n != st.n:
		if _, ok := v.(*Set); ok {
			return Errorf("RuntimeError", "Set changed size during iteration")
		}
		return Errorf("RuntimeError", "dictionary changed size during iteration")
	case now.keys != st.keys:
		return Errorf("RuntimeError", "dictionary keys changed during iteration")
	}
	return nil
}

// Iterable is implemented by embedder values that can be iterated.
type Iterable interface {
	Value
	Elements() ([]Value, error)
}

func (c *compiler) raise(s *ast.RaiseStmt) stmtFn {
	pos := s.P
	if s.Exc == nil {
		return func(fr *frame) ctrl {
			if fr.exc == nil {
				fr.th.raise(Errorf("RuntimeError", "no active exception to re-raise"), pos)
			}
			panic(fr.exc)
		}
	}
	exc := c.expr(s.Exc)
	var cause evalFn
	if s.Cause != nil {
		cause = c.expr(s.Cause)
	}
	return func(fr *frame) ctrl {
		v := exc(fr)
		e, ok := toException(v)
		if !ok {
			e = Errorf("TypeError", "exceptions must be an exception class, an exception or a string, not %s", v.TypeName())
		}
		if cause != nil {
			// `raise X from Y` sets __cause__; `from None` hides the
			// context (__suppress_context__), as in Python.
			cv := cause(fr)
			if ce, ok := toException(cv); ok {
				e.Cause = ce
			} else if cv != None {
				fr.th.raise(Errorf("TypeError", "exception causes must derive from BaseException"), pos)
			}
			e.SuppressContext = true
		}
		if e.located {
			// Raising a caught exception again keeps its origin.
			panic(e)
		}
		fr.th.raise(e, pos)
		return ctrlNone
	}
}

// del compiles `del t1, t2, ...`.
func (c *compiler) del(s *ast.DelStmt) stmtFn {
	fns := make([]func(fr *frame), 0, len(s.Targets))
	for _, t := range s.Targets {
		fns = append(fns, c.delTarget(t))
	}
	return func(fr *frame) ctrl {
		for _, f := range fns {
			f(fr)
		}
		return ctrlNone
	}
}

func (c *compiler) delTarget(t ast.Expr) func(fr *frame) {
	switch t := t.(type) {
	case *ast.Name:
		if t.Scope != "" && t.Scope != "local" {
			name, scope, pos := t.Name, t.Scope, t.P
			return func(fr *frame) {
				var m map[string]Value
				switch scope {
				case "private":
					m = fr.mod.private
				case "public":
					m = fr.th.in.public
				default:
					fr.th.raise(Errorf("RuntimeError", "system:%s cannot be deleted", name), pos)
				}
				if _, ok := m[name]; !ok {
					fr.th.raise(Errorf("NameError", "name '%s:%s' is not defined", scope, name), pos)
				}
				delete(m, name)
			}
		}
		load := c.load(t)
		st := c.store(t)
		return func(fr *frame) {
			load(fr) // NameError when unbound
			st(fr, nil)
		}
	case *ast.IndexExpr:
		obj, idx := c.expr(t.X), c.expr(t.Index)
		pos := t.LBrack
		return func(fr *frame) {
			if err := DelIndex(obj(fr), idx(fr)); err != nil {
				fr.th.throw(err, pos)
			}
		}
	case *ast.SliceExpr:
		obj := c.expr(t.X)
		lo, hi, step := c.optExpr(t.Lo), c.optExpr(t.Hi), c.optExpr(t.Step)
		pos := t.LBrack
		return func(fr *frame) {
			l, ok := obj(fr).(*List)
			if !ok {
				fr.th.raise(Errorf("TypeError", "slice deletion needs a list"), pos)
			}
			start, stop, st, err := sliceBounds(lo(fr), hi(fr), step(fr), int64(len(l.Elems)))
			if err != nil {
				fr.th.throw(err, pos)
			}
			drop := map[int64]bool{}
			for _, i := range sliceIdx(start, stop, st) {
				drop[i] = true
			}
			out := l.Elems[:0]
			for i, e := range l.Elems {
				if !drop[int64(i)] {
					out = append(out, e)
				}
			}
			clear(l.Elems[len(out):])
			l.Elems = out
		}
	case *ast.AttrExpr:
		obj := c.expr(t.X)
		name, pos := t.Name, t.NamePos
		return func(fr *frame) {
			if d, ok := obj(fr).(*Dict); ok {
				if _, found, _ := d.Delete(Str(name)); found {
					return
				}
			}
			fr.th.raise(Errorf("AttributeError", "cannot delete attribute '%s'", name), pos)
		}
	case *ast.TupleExpr:
		return c.delAll(t.Elems)
	case *ast.ListExpr:
		return c.delAll(t.Elems)
	}
	c.errorf(t.Position(), "SyntaxError", "cannot delete %s", describe(t))
	return func(*frame) {}
}

func (c *compiler) delAll(ts []ast.Expr) func(fr *frame) {
	fns := make([]func(fr *frame), len(ts))
	for i, t := range ts {
		fns[i] = c.delTarget(t)
	}
	return func(fr *frame) {
		for _, f := range fns {
			f(fr)
		}
	}
}

// DelIndex is `del x[i]` on a list (an index) or a dict (a key).
func DelIndex(x, i Value) error {
	switch c := x.(type) {
	case *List:
		n, ok := asIndex(i)
		if !ok {
			return indexTypeErr("list", i)
		}
		k, ok := normIndex(int64(n), int64(len(c.Elems)))
		if !ok {
			return Errorf("IndexError", "list assignment index out of range")
		}
		copy(c.Elems[k:], c.Elems[k+1:])
		c.Elems[len(c.Elems)-1] = nil
		c.Elems = c.Elems[:len(c.Elems)-1]
		return nil
	case *Dict:
		_, found, err := c.Delete(i)
		if err != nil {
			return err
		}
		if !found {
			return KeyErrorOf(i)
		}
		return nil
	}
	if _, ok, err := CallDunder(nil, x, "__delitem__", i); ok {
		return err
	}
	return Errorf("TypeError", "'%s' object doesn't support item deletion", x.TypeName())
}

// toException converts a raised value to an exception: an exception, an
// exception class, a string (a RuntimeError) or a struct value (an error of
// the struct's own exception type, SPEC §4.4).
func toException(v Value) (*Exception, bool) {
	switch x := v.(type) {
	case *Exception:
		return x, true
	case *ExcType:
		return &Exception{Type: x}, true
	case Str:
		return Errorf("RuntimeError", "%s", string(x)), true
	case *StructVal:
		// str(e) is what a Python exception class gives: its __str__,
		// else its message (the `message` field, or the only field).
		msg := Repr(x)
		if s, ok, err := dunderText(nil, x, "__str__"); ok && err == nil {
			msg = s
		} else if m, ok := x.Attr("message"); ok {
			msg = ToStr(m)
		} else if len(x.Fields) == 1 {
			msg = ToStr(x.Fields[0])
		}
		return &Exception{Type: x.Type.excType(), Msg: msg, Payload: x}, true
	case *StructType:
		return &Exception{Type: x.excType()}, true
	}
	return nil, false
}

func (c *compiler) assert(s *ast.AssertStmt) stmtFn {
	var msg evalFn
	if s.Msg != nil {
		msg = c.expr(s.Msg)
	}
	pos := s.P
	text := trimSpace(stripComment(diag.SourceLine(c.file.Source, s.P.Line)))
	if cmp, ok := s.Cond.(*ast.CompareExpr); ok && len(cmp.Ops) == 1 && msg == nil {
		return c.assertCompare(cmp, pos, text)
	}
	cond := c.cond(s.Cond)
	return func(fr *frame) ctrl {
		if cond(fr) {
			return ctrlNone
		}
		if msg != nil {
			fr.th.raise(newExceptionArgs(excTypes["AssertionError"], []Value{msg(fr)}), pos)
		}
		// No message: str(e) is "" as in Python; the report shows the
		// condition.
		fr.th.raise(&Exception{Type: excTypes["AssertionError"], Detail: "assertion failed: " + text}, pos)
		return ctrlNone
	}
}

// assertCompare compiles `assert a OP b` (one comparison, no message) so
// that a failure shows both operands, as pytest does: "assertion failed:
// assert x == 2 (left: 1, right: 2)". Each operand is evaluated once, in
// order, as the comparison alone would.
func (c *compiler) assertCompare(cmp *ast.CompareExpr, pos ast.Pos, text string) stmtFn {
	left, right := c.expr(cmp.First), c.expr(cmp.Rest[0])
	op, opPos := cmp.Ops[0], cmp.P
	if len(cmp.OpPos) > 0 && cmp.OpPos[0].IsValid() {
		opPos = cmp.OpPos[0]
	}
	return func(fr *frame) ctrl {
		a, b := left(fr), right(fr)
		if compareOp(fr, op, a, b, opPos) {
			return ctrlNone
		}
		m := fmt.Sprintf("assertion failed: %s (left: %s, right: %s)", text, clipRepr(a), clipRepr(b))
		fr.th.raise(&Exception{Type: excTypes["AssertionError"], Detail: m}, pos)
		return ctrlNone
	}
}

// clipRepr is the repr of v on one line, at most 200 bytes.
func clipRepr(v Value) string {
	s := Repr(v)
	if len(s) > 200 {
		cut := 197
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return strings.ReplaceAll(s, "\n", "\\n")
}

// stripComment drops a trailing "# ..." comment from one line of source,
// leaving '#' inside string literals alone.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quote != 0 && ch == '\\':
			i++
		case quote != 0 && ch == quote:
			quote = 0
		case quote == 0 && (ch == '"' || ch == '\''):
			quote = ch
		case quote == 0 && ch == '#':
			return line[:i]
		}
	}
	return line
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}

type handler struct {
	types []evalFn
	pos   ast.Pos
	st    storeFn
	body  stmtFn
}

func (c *compiler) try(s *ast.TryStmt) stmtFn {
	body := c.block(s.Body)
	var hs []handler
	for _, h := range s.Handlers {
		hd := handler{pos: h.P, body: c.block(h.Body)}
		for _, t := range h.Types {
			hd.types = append(hd.types, c.expr(t))
		}
		if h.Name != "" {
			hd.st = c.storeVar(h.Name, c.r.binds[s][h.Name], h.P)
		}
		hs = append(hs, hd)
	}
	var els, fin stmtFn
	if len(s.Else) > 0 {
		els = c.block(s.Else)
	}
	if len(s.Finally) > 0 {
		fin = c.block(s.Finally)
	}
	match := func(fr *frame, e *Exception, h *handler) bool {
		if len(h.types) == 0 {
			return true
		}
		for _, te := range h.types {
			if excMatches(fr, e, te(fr), h.pos) {
				return true
			}
		}
		return false
	}
	// run executes body and handlers; it returns the control result, or a
	// pending exception when nothing handled it.
	run := func(fr *frame) (ctrl, *Exception) {
		r, exc := fr.th.catch(fr, body)
		if exc == nil {
			// else runs only when the body fell off its end: a return,
			// break or continue leaves the statement without it (Python).
			if els != nil && r == ctrlNone {
				return fr.th.catch(fr, els)
			}
			return r, nil
		}
		if exc.limit {
			fr.th.limitPending(exc)
			return ctrlNone, exc
		}
		for i := range hs {
			h := &hs[i]
			if !match(fr, exc, h) {
				continue
			}
			saved := fr.exc
			fr.exc = exc
			if h.st != nil {
				h.st(fr, exc)
			}
			r, e2 := fr.th.catch(fr, h.body)
			fr.exc = saved
			if e2 != nil && e2 != exc && e2.Context == nil && !e2.limit {
				// Raised while handling exc: chained implicitly, as
				// Python's __context__.
				e2.Context = exc
			}
			return r, e2
		}
		return ctrlNone, exc
	}
	if fin == nil {
		return func(fr *frame) ctrl {
			r, exc := run(fr)
			if exc != nil {
				panic(exc)
			}
			return r
		}
	}
	return func(fr *frame) ctrl {
		r, exc := run(fr)
		ret := fr.ret
		if exc != nil && exc.limit {
			// A limit error runs the finally block, which can neither
			// swallow it (return/break/continue) nor replace it.
			if _, e2 := fr.th.catch(fr, fin); e2 != nil && e2.limit {
				panic(e2)
			}
			panic(exc)
		}
		fr2 := fin(fr)
		if fr2 != ctrlNone {
			return fr2 // a return/break in finally wins
		}
		if exc != nil {
			panic(exc)
		}
		fr.ret = ret
		return r
	}
}

// catch runs a block, converting a raised exception into a return value and
// restoring the thread's stacks.
func (th *Thread) catch(fr *frame, body stmtFn) (r ctrl, exc *Exception) {
	depth, sp, nframes := th.depth, th.sp, len(th.frames)
	defer func() {
		if x := recover(); x != nil {
			e, ok := x.(*Exception)
			if !ok {
				if err, isErr := x.(error); isErr {
					e = th.in.locate(AsException(err), th.innerPos(fr.pos), th)
				} else {
					panic(x)
				}
			} else if !e.located {
				th.in.locate(e, th.innerPos(fr.pos), th)
			}
			th.depth, th.sp = depth, sp
			th.frames = th.frames[:nframes]
			exc = e
		}
	}()
	return body(fr), nil
}

func excMatches(fr *frame, e *Exception, t Value, pos ast.Pos) bool {
	switch x := t.(type) {
	case *ExcType:
		return e.Type.IsSubclass(x)
	case *StructType:
		return e.Type == x.excType()
	case Tuple:
		for _, y := range x {
			if excMatches(fr, e, y, pos) {
				return true
			}
		}
		return false
	case Str:
		return e.Type.Name == string(x)
	}
	fr.th.raise(Errorf("TypeError", "catching '%s' that is not an exception class", t.TypeName()), pos)
	return false
}

// ---------------------------------------------------------------------------
// Definitions

func (c *compiler) funcDef(s *ast.FuncDef) stmtFn {
	mk := c.function(s, s.Name, s.Params, s.Body, s.Return, s.Doc)
	var decos []evalFn
	for _, d := range s.Decorators {
		decos = append(decos, c.expr(d.Expr))
	}
	pos := s.P
	if s.Receiver != nil {
		var types []string
		if s.Receiver.Type == nil {
			c.errorf(s.Receiver.P, "SyntaxError", "a receiver needs a type: def (p: Point) %s()", s.Name)
			return nil
		}
		if len(s.Receiver.Type.Union) > 0 {
			for _, u := range s.Receiver.Type.Union {
				types = append(types, u.Name)
			}
		} else {
			types = append(types, s.Receiver.Type.Name)
		}
		name := s.Name
		return func(fr *frame) ctrl {
			var fn Value = mk(fr)
			for i := len(decos) - 1; i >= 0; i-- {
				fn = fr.th.call(decos[i](fr), []Value{fn}, nil, pos)
			}
			for _, tn := range types {
				c.attachMethod(fr, tn, name, fn, s.Receiver.Type.P)
			}
			return ctrlNone
		}
	}
	st := c.storeVar(s.Name, c.r.binds[s][s.Name], s.NamePos)
	return func(fr *frame) ctrl {
		var fn Value = mk(fr)
		for i := len(decos) - 1; i >= 0; i-- {
			fn = fr.th.call(decos[i](fr), []Value{fn}, nil, pos)
		}
		st(fr, fn)
		return ctrlNone
	}
}

func (c *compiler) attachMethod(fr *frame, typeName, name string, fn Value, pos ast.Pos) {
	in := fr.th.in
	var t Value
	if v, ok := fr.mod.Global(typeName); ok {
		t = v
	} else if v, ok := in.builtins[typeName]; ok {
		t = v
	}
	in.methodGen++ // invalidates the call sites' method caches
	switch x := t.(type) {
	case *StructType:
		x.Methods[name] = fn
	case *TypeObj:
		m := in.methods[x.Name]
		if m == nil {
			m = map[string]Value{}
			in.methods[x.Name] = m
		}
		m[name] = fn
	default:
		fr.th.raise(Errorf("NameError", "receiver type '%s' is not defined", typeName), pos)
	}
}

// function compiles a function body and returns a closure that creates the
// Function value at definition time (evaluating defaults once).
func (c *compiler) function(node ast.Node, name string, params []*ast.Param, body []ast.Stmt, ret *ast.TypeExpr, doc string) func(fr *frame) *Function {
	fs := c.r.fscopes[node]
	var recv *ast.Param
	var pipe *ast.Pipeline
	var decl *ast.FuncDef
	var lambda *ast.LambdaExpr
	switch n := node.(type) {
	case *ast.FuncDef:
		recv, pipe, decl = n.Receiver, n.Pipeline, n
	case *ast.LambdaExpr:
		lambda = n
	}
	all := params
	if recv != nil {
		all = append([]*ast.Param{recv}, params...)
	}
	// Binding order: positional parameters, keyword-only ones (plain
	// parameters after *args), then *args and **kwargs.
	var pos, kwOnly, stars []*ast.Param
	seenStar := false
	for _, p := range all {
		switch {
		case p.Kind != ast.ParamNormal:
			seenStar = true
			stars = append(stars, p)
		case seenStar || p.KwOnly:
			kwOnly = append(kwOnly, p)
		default:
			pos = append(pos, p)
		}
	}
	if len(kwOnly) > 0 || len(stars) > 0 {
		all = append(append(append([]*ast.Param{}, pos...), kwOnly...), stars...)
	}
	code := &Code{Name: name, Pos: node.Position(), varargs: -1, kwargs: -1, Doc: doc, Decl: decl, Lambda: lambda, npos: len(pos)}
	code.simple = len(kwOnly) == 0
	for _, p := range pos {
		if p.PosOnly {
			code.nposonly++
		}
	}
	var defaults []evalFn
	for i, p := range all {
		v := c.r.params[p]
		pr := param{name: p.Name, kind: p.Kind, slot: v.slot, cell: -1, hasDef: p.Default != nil}
		if p.Type != nil {
			pr.hint = NewHint(p.Type, c.mod)
		}
		if v.captured {
			pr.cell = v.cell
			code.cellInit = append(code.cellInit, i)
		}
		switch p.Kind {
		case ast.ParamVarArgs:
			code.varargs = i
			code.simple = false
		case ast.ParamKwArgs:
			code.kwargs = i
			code.simple = false
		default:
			code.nplain++
		}
		if p.Default != nil {
			code.simple = false
			defaults = append(defaults, c.expr(p.Default))
		} else {
			defaults = append(defaults, nil)
		}
		code.params = append(code.params, pr)
	}
	// Keep *args / **kwargs after the plain parameters for binding.
	if ret != nil {
		code.Return = NewHint(ret, c.mod)
	}
	sub := &compiler{in: c.in, mod: c.mod, r: c.r, file: c.file, fs: fs, inFn: true, unbound: c.unbound, ownedLoops: c.ownedLoops}
	switch {
	case pipe != nil:
		code.body = sub.pipeline(node.(*ast.FuncDef), pipe)
	case lambda != nil:
		e := sub.expr(lambda.Body)
		code.body = func(fr *frame) ctrl { fr.ret = e(fr); return ctrlReturn }
	default:
		code.body = sub.block(body)
	}
	if fs.isGen {
		code.body = genBody(code.body)
	}
	c.errs = append(c.errs, sub.errs...)
	code.nslots = fs.nslots
	code.ncells = fs.ncells
	free := fs.free
	getters := make([]func(fr *frame) *Cell, len(free))
	for i, v := range free {
		getters[i] = c.cellOf(v)
	}
	return func(fr *frame) *Function {
		f := &Function{Code: code, Module: fr.mod}
		if len(defaults) > 0 {
			f.Defaults = make([]Value, len(defaults))
			for i, d := range defaults {
				if d != nil {
					f.Defaults[i] = d(fr)
				}
			}
		}
		if len(getters) > 0 {
			f.Free = make([]*Cell, len(getters))
			for i, g := range getters {
				f.Free[i] = g(fr)
			}
		}
		return f
	}
}

// cellOf returns how to fetch, in the current frame, the cell of a captured
// variable.
func (c *compiler) cellOf(v *varInfo) func(fr *frame) *Cell {
	if v.owner == c.fs {
		i := v.cell
		return func(fr *frame) *Cell { return fr.cells[i] }
	}
	i := c.fs.freeIdx[v]
	return func(fr *frame) *Cell { return fr.free[i] }
}

func (c *compiler) structDef(s *ast.StructDef) stmtFn {
	type fieldDef struct {
		f   *ast.Field
		def evalFn
	}
	var fields []fieldDef
	for _, f := range s.Fields {
		fd := fieldDef{f: f}
		if f.Default != nil {
			fd.def = c.expr(f.Default)
		}
		fields = append(fields, fd)
	}
	type methodDef struct {
		name string
		mk   func(fr *frame) *Function
		dec  []func(fr *frame, t *StructType) Value
	}
	var methods []methodDef
	defined := map[string]bool{}
	for _, m := range s.Methods {
		md := methodDef{name: m.Name, mk: c.function(m, s.Name+"."+m.Name, m.Params, m.Body, m.Return, m.Doc)}
		for _, d := range m.Decorators {
			md.dec = append(md.dec, c.methodDecorator(d, defined))
		}
		defined[m.Name] = true
		methods = append(methods, md)
	}
	st := c.storeVar(s.Name, c.r.binds[s][s.Name], s.P)
	return func(fr *frame) ctrl {
		sfs := make([]StructField, len(fields))
		for i, fd := range fields {
			sf := StructField{Name: fd.f.Name, Hint: NewHint(fd.f.Type, fr.mod), Comment: fd.f.Comment, Doc: fd.f.Doc}
			if fd.def != nil {
				d := fd.def(fr)
				cd, err := Coerce(d, sf.Hint)
				if err != nil {
					fr.th.raise(Errorf("TypeError", "default of %s.%s: %s", s.Name, fd.f.Name, AsException(err).Msg), fd.f.P)
				}
				sf.Default = cd
			}
			sfs[i] = sf
		}
		t := NewStructType(s.Name, sfs)
		t.Doc = s.Doc
		t.Decl = s
		st(fr, t)
		for _, md := range methods {
			var fn Value = md.mk(fr)
			for i := len(md.dec) - 1; i >= 0; i-- {
				fn = fr.th.call(md.dec[i](fr, t), []Value{fn}, nil, s.P)
			}
			t.Methods[md.name] = fn
		}
		return ctrlNone
	}
}

// methodDecorator compiles a decorator of a method in a struct body.
// `@name.setter` (or any `@name.attr`) where name is a method defined above
// it in the same body reads the attribute of that method, as Python's class
// namespace does; other decorators are ordinary expressions.
func (c *compiler) methodDecorator(d *ast.Decorator, defined map[string]bool) func(fr *frame, t *StructType) Value {
	if a, ok := d.Expr.(*ast.AttrExpr); ok {
		if n, ok := a.X.(*ast.Name); ok && n.Scope == "" && defined[n.Name] {
			method, attr, pos := n.Name, a.Name, a.NamePos
			return func(fr *frame, t *StructType) Value {
				v, err := fr.th.GetAttr(t.Methods[method], attr)
				if err != nil {
					fr.th.throw(err, pos)
				}
				return v
			}
		}
	}
	e := c.expr(d.Expr)
	return func(fr *frame, _ *StructType) Value { return e(fr) }
}

func (c *compiler) interfaceDef(s *ast.InterfaceDef) stmtFn {
	st := c.storeVar(s.Name, c.r.binds[s][s.Name], s.P)
	var methods []string
	for _, m := range s.Methods {
		methods = append(methods, m.Name)
	}
	return func(fr *frame) ctrl {
		st(fr, &InterfaceType{Name: s.Name, Doc: s.Doc, Methods: methods, Embeds: s.Embeds, mod: fr.mod})
		return ctrlNone
	}
}

// pipeline compiles `def f(x) = stage | stage ...`.
func (c *compiler) pipeline(def *ast.FuncDef, p *ast.Pipeline) stmtFn {
	bs := c.r.scopes[def]
	c.place = bs.vars["$$"]
	cur := c.storeVar("$$", c.place, p.P)
	var first evalFn
	if len(def.Params) > 0 {
		first = c.loadVar(def.Params[0].Name, c.r.params[def.Params[0]], def.Params[0].P)
	} else {
		first = func(*frame) Value { return None }
	}
	named := map[string]bool{}
	var stages []evalFn
	var asStores []storeFn
	for _, st := range p.Stages {
		stages = append(stages, c.pipeStage(st.Expr, named))
		if st.As != "" {
			named[st.As] = true
			asStores = append(asStores, c.storeVar(st.As, bs.vars[st.As], st.P))
		} else {
			asStores = append(asStores, nil)
		}
	}
	return func(fr *frame) ctrl {
		v := first(fr)
		for i, s := range stages {
			cur(fr, v)
			v = s(fr)
			if asStores[i] != nil {
				asStores[i](fr, v)
			}
		}
		fr.ret = v
		return ctrlReturn
	}
}

func (c *compiler) pipeStage(e ast.Expr, named map[string]bool) evalFn {
	cur := c.loadVar("$$", c.place, e.Position())
	pos := e.Position()
	switch x := e.(type) {
	case *ast.ListExpr:
		var subs []evalFn
		for _, el := range x.Elems {
			subs = append(subs, c.pipeStage(el, named))
		}
		return func(fr *frame) Value {
			out := make([]Value, len(subs))
			for i, s := range subs {
				out[i] = s(fr)
			}
			return NewList(out)
		}
	case *ast.CallExpr:
		explicit := false
		for _, a := range x.Args {
			if usesPlaceholder(a.Value, named) {
				explicit = true
			}
		}
		if explicit {
			return c.expr(x)
		}
		fn := c.expr(x.Fn)
		args, kws := c.args(x.Args)
		return func(fr *frame) Value {
			f := fn(fr)
			a, kw := args(fr), kws(fr)
			all := make([]Value, 0, len(a)+1)
			all = append(append(all, cur(fr)), a...)
			return fr.th.call(f, all, kw, pos)
		}
	}
	fn := c.expr(e)
	return func(fr *frame) Value {
		return fr.th.call(fn(fr), []Value{cur(fr)}, nil, pos)
	}
}

func usesPlaceholder(e ast.Expr, named map[string]bool) bool {
	switch x := e.(type) {
	case *ast.PlaceholderExpr:
		return true
	case *ast.Name:
		return x.Scope == "" && named[x.Name]
	}
	return false
}
