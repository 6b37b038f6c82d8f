package codecontext

import (
	"strings"
	"sync"

	"github.com/minidana/dana/lang/ast"
)

// BuiltinName is the name of the builtin whose calls are analyzed.
const BuiltinName = "reason"

// Analyzer analyzes loaded files and keeps the context of every reason() call
// site, for lookup at call time. An engine owns one (hooked into the
// interpreter's OnLoad); it is safe for concurrent use.
type Analyzer struct {
	mu     sync.RWMutex
	byPos  map[posKey]*Context
	byCall map[*ast.CallExpr]*Context
	files  int
}

// posKey identifies a call by file, line and column.
type posKey struct {
	file      string
	line, col int
}

func keyOf(p ast.Pos) posKey { return posKey{p.File, p.Line, p.Col} }

// New returns an empty analyzer.
func New() *Analyzer {
	return &Analyzer{byPos: map[posKey]*Context{}, byCall: map[*ast.CallExpr]*Context{}}
}

// AnalyzeFile analyzes every reason() call of f and remembers the contexts,
// replacing any earlier ones at the same positions (a file loaded again, a
// REPL input). It returns them in source order.
func (a *Analyzer) AnalyzeFile(f *ast.File) []*Context {
	ctxs := Analyze(f)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.files++
	for _, c := range ctxs {
		a.byPos[keyOf(c.Pos)] = c
		a.byCall[c.Call] = c
	}
	return ctxs
}

// Lookup returns the context of the reason() call at pos (the position of
// the call expression, as interp.Thread.CallSite reports it).
func (a *Analyzer) Lookup(pos ast.Pos) (*Context, bool) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	c, ok := a.byPos[keyOf(pos)]
	return c, ok
}

// LookupCall returns the context of a call expression. Unlike Lookup it
// cannot be confused by two REPL inputs that reuse the same positions.
func (a *Analyzer) LookupCall(call *ast.CallExpr) (*Context, bool) {
	if call == nil {
		return nil, false
	}
	a.mu.RLock()
	defer a.mu.RUnlock()
	c, ok := a.byCall[call]
	return c, ok
}

// Stats reports how many files were analyzed and how many call sites are
// known.
func (a *Analyzer) Stats() (files, sites int) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.files, len(a.byCall)
}

// Analyze returns the context of every reason() call in f, in source order,
// without remembering them.
func Analyze(f *ast.File) []*Context {
	if f == nil || (f.Source != "" && !strings.Contains(f.Source, BuiltinName)) {
		return nil // nothing to do: skip the walk on files without reason()
	}
	w := newWalker(f)
	out := make([]*Context, 0, len(w.calls))
	for _, call := range w.calls {
		out = append(out, w.context(call))
	}
	return out
}
