package interp

import "github.com/minidana/dana/lang/ast"

// This file holds the small hooks reason() and its CodeContextAnalyzer need
// from the interpreter after New (package engine installs them).

// AddOnLoad adds f to the functions called with every file after it is
// parsed and before it runs (main program, REPL inputs and imported
// modules). Functions run in the order they were added, after Options.OnLoad.
func (in *Interpreter) AddOnLoad(f func(*ast.File)) {
	if f == nil {
		return
	}
	prev := in.opts.OnLoad
	if prev == nil {
		in.opts.OnLoad = f
		return
	}
	in.opts.OnLoad = func(file *ast.File) {
		prev(file)
		f(file)
	}
}

// Module returns the module whose code is running: the module of the
// innermost frame (for a builtin, its caller's), else the main module. Type
// hints built from the AST of a call site resolve struct names in it.
func (th *Thread) Module() *Module {
	if fr := th.top(); fr != nil && fr.mod != nil {
		return fr.mod
	}
	return th.in.main
}

// Interrupted returns the exception the interpreter raises when the running
// evaluation is stopped (KeyboardInterrupt for a cancelled context,
// TimeoutError for an expired one), or nil while it may go on. Builtins that
// block (LLM calls) use it to report a cancellation the way the interpreter
// does.
func (th *Thread) Interrupted() *Exception {
	if th.ctx.Err() == nil {
		return nil
	}
	e := th.stopError()
	e.limit = true
	return e
}
