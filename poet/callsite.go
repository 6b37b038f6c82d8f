package poet

import (
	"fmt"
	"strings"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/reason"
)

// analyzer is the CodeContextAnalyzer whose Sites give call-site types:
// Config.Analyzer, else that of the reason() service installed in the
// interpreter (nil when there is none).
func (rt *Runtime) analyzer() *codecontext.Analyzer {
	if rt.cfg.Analyzer != nil {
		return rt.cfg.Analyzer
	}
	if s := reason.FromInterp(rt.in); s != nil {
		return s.Analyzer()
	}
	return nil
}

// callSite returns what the call site of this call of pf expects of its
// result (SPEC §10.3, §9.2), or nil when it expects nothing or is unknown.
// The site must call pf by its own name: a POET function called through
// another builtin (map(f, xs)) or under another name reports the site of
// that other call, which says nothing about pf's result.
func (rt *Runtime) callSite(th *interp.Thread, pf *poetFunc) *codecontext.Site {
	an := rt.analyzer()
	if an == nil || th == nil {
		return nil
	}
	call, pos := th.CallSite()
	var s *codecontext.Site
	var ok bool
	if call != nil {
		s, ok = an.LookupSite(call)
	} else if pos.IsValid() {
		s, ok = an.SiteAt(pos)
	}
	if !ok || s.Callee != shortName(pf.name) {
		return nil
	}
	return s
}

// shortName is a function's name without its owner ("P.area" → "area").
func shortName(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// siteHint resolves the type a call site expects in the caller's module.
func siteHint(th *interp.Thread, s *codecontext.Site) *interp.TypeHint {
	return interp.NewHint(s.ExpectedType, th.Module())
}

// callerReason explains, for the reason() calls of the body, why the
// function's result should have the call site's type.
func callerReason(pf *poetFunc, s *codecontext.Site) string {
	return fmt.Sprintf("`%s` returns it, and where `%s` is called (%s) %s", pf.name, pf.name, s.Where(), s.TypeReason)
}
