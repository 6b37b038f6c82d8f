package codecontext

import (
	"strings"
	"sync"

	"github.com/minidana/dana/lang/ast"
)

// BuiltinName is the name of the builtin whose calls are analyzed.
const BuiltinName = "reason"

// Analyzer analyzes loaded files and keeps the context of every reason() call
// site, and the Site of every other call whose site expects a type, for
// lookup at call time. An engine owns one (hooked into the interpreter's
// OnLoad); it is safe for concurrent use.
type Analyzer struct {
	mu         sync.RWMutex
	byPos      map[posKey]*Context
	byCall     map[*ast.CallExpr]*Context
	sitesByPos map[posKey]*Site
	sites      map[*ast.CallExpr]*Site
	files      int
}

// posKey identifies a call by file, line and column.
type posKey struct {
	file      string
	line, col int
}

func keyOf(p ast.Pos) posKey { return posKey{p.File, p.Line, p.Col} }

// New returns an empty analyzer.
func New() *Analyzer {
	return &Analyzer{byPos: map[posKey]*Context{}, byCall: map[*ast.CallExpr]*Context{},
		sitesByPos: map[posKey]*Site{}, sites: map[*ast.CallExpr]*Site{}}
}

// AnalyzeFile analyzes every call of f — the reason() calls fully, the
// other calls for the type their site expects — and remembers the results,
// replacing any earlier ones at the same positions (a file loaded again, a
// REPL input). It returns the reason() contexts in source order.
func (a *Analyzer) AnalyzeFile(f *ast.File) []*Context {
	ctxs, sites := analyzeFile(f, true)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.files++
	for _, c := range ctxs {
		a.byPos[keyOf(c.Pos)] = c
		a.byCall[c.Call] = c
	}
	for _, s := range sites {
		a.sitesByPos[keyOf(s.Pos)] = s
		a.sites[s.Call] = s
	}
	return ctxs
}

// LookupSite returns the Site of a call of a function other than reason()
// (ok is false when its site expects no type, or the call is unknown).
func (a *Analyzer) LookupSite(call *ast.CallExpr) (*Site, bool) {
	if call == nil {
		return nil, false
	}
	a.mu.RLock()
	defer a.mu.RUnlock()
	s, ok := a.sites[call]
	return s, ok
}

// SiteAt returns the Site of the call at pos, for callers that know only
// the position; LookupSite is exact where SiteAt may find a later REPL
// input at the same position.
func (a *Analyzer) SiteAt(pos ast.Pos) (*Site, bool) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	s, ok := a.sitesByPos[keyOf(pos)]
	return s, ok
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

// Stats reports how many files were analyzed and how many reason() call
// sites are known.
func (a *Analyzer) Stats() (files, sites int) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.files, len(a.byCall)
}

// Analyze returns the context of every reason() call in f, in source order,
// without remembering them.
func Analyze(f *ast.File) []*Context {
	ctxs, _ := analyzeFile(f, false)
	return ctxs
}

// AnalyzeSites returns the Site of every call in f of a function other
// than reason() whose site expects a type, in source order, without
// remembering them.
func AnalyzeSites(f *ast.File) []*Site {
	_, sites := analyzeFile(f, true)
	return sites
}

// analyzeFile walks f once for the contexts of its reason() calls and, when
// withSites is set, the Sites of its other calls.
func analyzeFile(f *ast.File, withSites bool) ([]*Context, []*Site) {
	if f == nil || len(f.Stmts) == 0 {
		return nil, nil
	}
	hasReason := f.Source == "" || strings.Contains(f.Source, BuiltinName)
	if !hasReason && (!withSites || !strings.Contains(f.Source, "(")) {
		return nil, nil // nothing to do: skip the walk on files without calls
	}
	w := newWalker(f)
	var ctxs []*Context
	if len(w.calls) > 0 {
		ctxs = make([]*Context, 0, len(w.calls))
		for _, call := range w.calls {
			ctxs = append(ctxs, w.context(call))
		}
	}
	var sites []*Site
	if withSites {
		for _, call := range w.named {
			if s := w.site(call); s != nil {
				sites = append(sites, s)
			}
		}
	}
	return ctxs, sites
}
