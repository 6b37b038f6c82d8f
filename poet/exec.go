package poet

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// stage is where an execution is in the loop.
type stage int

const (
	stagePerceive stage = iota + 1
	stageOperate
	stageEncode
	stageDone
)

func (s stage) String() string {
	switch s {
	case stagePerceive:
		return "perceive"
	case stageOperate:
		return "operate"
	case stageEncode:
		return "encode"
	case stageDone:
		return "done"
	}
	return ""
}

// execution is one running call of a POET function.
type execution struct {
	id, parentID string
	pf           *poetFunc
	profile      Profile
	maxRetries   int
	expected     *interp.TypeHint
	// site, when set, is the call site expected comes from: the function
	// has neither an expected_output_type nor a return hint.
	site  *codecontext.Site
	stage stage

	attempt     int
	lastFailure string       // why the previous attempt failed ("" on the first)
	lastOutput  interp.Value // the previous attempt's output (nil on the first)
	validated   bool
	perceived   interp.Value
	raw         interp.Value
	validOut    interp.Value

	learnings []*store.Learning
	applied   []reason.Learning // the learnings' ids and texts, for reason()

	rec *store.Execution
	cur *store.Attempt // the attempt in progress

	// budget is the pool of HTTP requests of the reason() calls made in
	// this execution and the executions nested in it (issue 10: retries of
	// every kind bounded together, not multiplied).
	budget *llm.Budget
}

// run is one call of a POET function: Perceive, then Operate and Encode
// until the output validates or the retries run out.
func (rt *Runtime) run(th *interp.Thread, pf *poetFunc, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	pf, err := rt.withOverrides(pf)
	if err != nil {
		return nil, err
	}
	prof, err := rt.resolveProfile(pf)
	if err != nil {
		return nil, err
	}
	ex := &execution{
		id:         rt.NewID(),
		pf:         pf,
		profile:    prof,
		maxRetries: prof.MaxRetries,
		expected:   pf.expectedHint(),
	}
	if pf.maxRetriesSet {
		ex.maxRetries = pf.maxRetries
	}
	if ex.expected == nil {
		if s := rt.callSite(th, pf); s != nil {
			ex.site, ex.expected = s, siteHint(th, s)
		}
	}
	if p := rt.top(); p != nil {
		ex.parentID = p.id
		ex.budget = p.budget
	} else {
		ex.budget = &llm.Budget{}
	}
	if pf.maxRetriesSet {
		ex.budget.Allow(ex.maxRetries + 1)
	}
	ex.rec = &store.Execution{
		ID:          ex.id,
		Function:    pf.name,
		Domain:      pf.domain,
		Profile:     prof.Name,
		Kind:        store.KindPoet,
		ParentID:    ex.parentID,
		Module:      pf.module(),
		Inputs:      pf.inputs(args, kw),
		CodeContext: codeContext(pf, th, ex.site),
		Started:     rt.cfg.Clock().UTC(),
	}
	rt.addAmbient(ex.rec)
	rt.push(ex)
	defer rt.pop(ex)

	// Perceive.
	ex.stage = stagePerceive
	var perceived interp.Value
	if pf.perceive != nil {
		v, err := th.Call(pf.perceive, args, kw)
		if err != nil {
			return nil, rt.abort(ex, err, "perceive")
		}
		if args, kw, err = pf.applyPerceived(v, args, kw); err != nil {
			return nil, rt.abort(ex, err, "perceive")
		}
		if _, none := v.(interp.NoneType); !none {
			perceived = v
		}
	}
	if perceived == nil {
		perceived = pf.inputValue(args, kw)
	}
	ex.perceived = perceived
	ex.rec.PerceivedInput = plain(perceived)
	ex.learnings = rt.retrieve(store.OwnerOf(ex.rec), text(perceived))
	ex.applied = appliedOf(ex.learnings)
	for _, l := range ex.learnings {
		ex.rec.LearningsApplied = append(ex.rec.LearningsApplied, l.ID)
	}

	// Operate and Encode.
	var failures []string
	for ex.attempt = 1; ex.attempt <= ex.maxRetries+1; ex.attempt++ {
		ex.stage = stageOperate
		ex.raw, ex.validOut, ex.validated = nil, nil, false
		ex.rec.Attempts = append(ex.rec.Attempts, store.Attempt{N: ex.attempt})
		ex.cur = &ex.rec.Attempts[len(ex.rec.Attempts)-1]
		start := time.Now()
		out, err := rt.operate(th, ex, args, kw)
		if err != nil {
			ex.cur.Duration = time.Since(start)
			var ua *UnusableAnswer
			if errors.As(err, &ua) {
				// A model's or a person's answer that is not of the
				// expected type: a failed attempt, quoted to the next.
				ex.cur.Failure = ua.Reason
				failures = append(failures, ua.Reason)
				ex.lastFailure, ex.lastOutput = ua.Reason, interp.Str(ua.Answer)
				continue
			}
			ex.cur.Failure = describeError(err)
			if prof.RetryErrors && !fatal(th, err) && ex.attempt <= ex.maxRetries {
				failures = append(failures, ex.cur.Failure)
				ex.lastFailure, ex.lastOutput = ex.cur.Failure, nil
				continue
			}
			return nil, rt.abort(ex, err, "")
		}
		ex.raw = out
		ex.stage = stageEncode
		val, failure, err := rt.encode(th, ex, out)
		ex.cur.Duration = time.Since(start)
		if err != nil {
			ex.cur.Failure = describeError(err)
			return nil, rt.abort(ex, err, "validate")
		}
		ex.cur.Output = plain(val)
		if failure == "" {
			ex.validOut, ex.validated = val, true
			ex.stage = stageDone
			ex.rec.Output = ex.cur.Output
			ex.rec.Status = store.StatusOK
			if err := rt.finishExec(ex); err != nil {
				return nil, err
			}
			return val, nil
		}
		ex.cur.Failure = failure
		failures = append(failures, failure)
		ex.lastFailure, ex.lastOutput = failure, out
	}
	ex.attempt = ex.maxRetries + 1
	ex.stage = stageDone
	last := ex.lastOutput
	if last == nil {
		last = interp.None
	}
	verr := validationError(ex, failures, last)
	ex.rec.Status = store.StatusFailed
	ex.rec.Error = verr.Msg
	ex.rec.Output = plain(last)
	if err := rt.finishExec(ex); err != nil {
		return nil, err
	}
	return nil, verr
}

// resolveProfile picks the decorator's profile, else system:__poet_profile.
func (rt *Runtime) resolveProfile(pf *poetFunc) (Profile, error) {
	name := pf.profile
	if name == "" {
		name = ProfileDefault
		if v, ok := rt.in.Get("system", ProfileVar); ok {
			switch x := v.(type) {
			case interp.Str:
				if x != "" {
					name = string(x)
				}
			case interp.NoneType:
			default:
				return Profile{}, interp.Errorf("TypeError",
					"system:%s must be a profile name (%s), not %s", ProfileVar, profileListText(), v.TypeName())
			}
		}
	}
	p, ok := LookupProfile(name)
	if !ok {
		return Profile{}, interp.Errorf("ValueError",
			"unknown POET profile '%s' in system:%s; choose %s", name, ProfileVar, profileListText())
	}
	return p, nil
}

// encode coerces the output to the expected type and runs validate. It
// returns the value, a failure reason ("" when valid), and an error that
// must end the execution (an interrupt or a timeout).
func (rt *Runtime) encode(th *interp.Thread, ex *execution, out interp.Value) (interp.Value, string, error) {
	val := out
	if h := ex.expected; h != nil && ex.coerces(out) {
		v, failure := coerceOutput(out, h, ex.profile.Strict)
		if failure != "" {
			return out, failure, nil
		}
		val = v
	}
	validate := ex.pf.validate
	if validate == nil {
		return val, "", nil
	}
	if _, isStr := val.(interp.Str); isStr && ex.profile.SkipStrValidation {
		return val, "", nil
	}
	res, err := th.Call(validate, []interp.Value{val}, nil)
	if err != nil {
		if fatal(th, err) {
			return nil, "", err
		}
		return val, describeError(err), nil
	}
	switch r := res.(type) {
	case interp.Bool:
		if r {
			return val, "", nil
		}
		return val, fmt.Sprintf("%s() returned False for this output", callableName(validate)), nil
	case interp.NoneType:
		return val, "", nil
	case interp.Str:
		if strings.TrimSpace(string(r)) == "" {
			return val, "", nil
		}
		return val, string(r), nil
	}
	if interp.Truth(res) {
		return val, "", nil
	}
	return val, fmt.Sprintf("%s() returned %s for this output", callableName(validate), short(res, 60)), nil
}

// coerces reports whether out is coerced to the expected type: always,
// unless the type is only inferred from the construct the call sits in
// (`if f():`, `for x in f():`, arithmetic, a string), which can use any
// value but a str as it is. A str — a model's text, "no" or "42" — is
// converted.
func (ex *execution) coerces(out interp.Value) bool {
	if ex.site == nil || ex.site.Declared() {
		return true
	}
	_, isStr := out.(interp.Str)
	return isStr
}

// coerceOutput converts out to h: with Dana's coercion rules (§8), or in
// strict mode accepting only values that already have the type (an int
// is widened to float). None fails unless the type admits it.
func coerceOutput(out interp.Value, h *interp.TypeHint, strict bool) (interp.Value, string) {
	if _, none := out.(interp.NoneType); none {
		if admitsNone(h) {
			return out, ""
		}
		return out, fmt.Sprintf("the output is None, expected %s", h)
	}
	if strict {
		if exactOK(out, h) {
			if v, err := interp.Coerce(out, h); err == nil {
				return v, ""
			}
		}
		return out, fmt.Sprintf("expected %s, got %s %s (strict profile: no coercion)", h, out.TypeName(), short(out, 60))
	}
	v, err := interp.Coerce(out, h)
	if err != nil {
		return out, "the output does not have the expected type: " + errorMessage(err)
	}
	return v, ""
}

func admitsNone(h *interp.TypeHint) bool {
	switch h.Kind {
	case interp.HintAny, interp.HintNone:
		return true
	case interp.HintUnion:
		for _, u := range h.Union {
			if admitsNone(u) {
				return true
			}
		}
	}
	return false
}

// exactOK reports whether v already has type h, element by element (an
// int where a float is expected is accepted; Coerce then widens it).
func exactOK(v interp.Value, h *interp.TypeHint) bool {
	if h == nil {
		return true
	}
	switch h.Kind {
	case interp.HintAny:
		return true
	case interp.HintFloat:
		switch v.(type) {
		case interp.Float, interp.Int:
			return true
		}
		return false
	case interp.HintList:
		l, ok := v.(*interp.List)
		if !ok {
			return false
		}
		return len(h.Args) == 0 || allOK(l.Elems, h.Args[0])
	case interp.HintSet:
		s, ok := v.(*interp.Set)
		if !ok {
			return false
		}
		return len(h.Args) == 0 || allOK(s.Elems(), h.Args[0])
	case interp.HintTuple:
		t, ok := v.(interp.Tuple)
		if !ok {
			return false
		}
		switch {
		case len(h.Args) == 0:
			return true
		case len(h.Args) == len(t):
			for i, e := range t {
				if !exactOK(e, h.Args[i]) {
					return false
				}
			}
			return true
		case len(h.Args) == 1:
			return allOK(t, h.Args[0])
		}
		return false
	case interp.HintDict:
		d, ok := v.(*interp.Dict)
		if !ok {
			return false
		}
		if len(h.Args) != 2 {
			return true
		}
		return allOK(d.Keys(), h.Args[0]) && allOK(d.Values(), h.Args[1])
	case interp.HintUnion:
		for _, u := range h.Union {
			if exactOK(v, u) {
				return true
			}
		}
		return false
	}
	return h.Matches(v)
}

func allOK(elems []interp.Value, h *interp.TypeHint) bool {
	for _, e := range elems {
		if !exactOK(e, h) {
			return false
		}
	}
	return true
}

// fatal reports errors that must not be retried or turned into a
// validation failure: interrupts, timeouts and step budgets, and errors
// that are bugs in the program rather than problems of the output (an
// undefined name, a failed import, runaway recursion). Retrying those
// would only repeat them.
func fatal(th *interp.Thread, err error) bool {
	if th != nil && th.Context().Err() != nil {
		return true
	}
	var ex *interp.Exception
	if !errors.As(err, &ex) {
		return false
	}
	for _, name := range fatalErrors {
		if t, ok := interp.ExceptionType(name); ok && ex.Type.IsSubclass(t) {
			return true
		}
	}
	return false
}

// fatalErrors are the exception classes fatal stops at.
// An LLMError is among them: the LLM layer has already retried the call as
// far as its budget allows (issue 10: at most 6 HTTP requests per call), so
// fault_tolerant does not multiply that by re-running the body.
var fatalErrors = []string{"KeyboardInterrupt", "TimeoutError", "NameError", "ImportError", "SyntaxError", "RecursionError", "LLMError"}

// describeError renders an error as "Type: message" for failure reasons.
func describeError(err error) string {
	var ex *interp.Exception
	if errors.As(err, &ex) {
		return ex.Type.Name + ": " + ex.Message()
	}
	return err.Error()
}

// errorMessage is an error's message without position.
func errorMessage(err error) string {
	var ex *interp.Exception
	if errors.As(err, &ex) {
		return ex.Message()
	}
	return err.Error()
}

// validationError is raised when every attempt failed: its message lists
// every reason and the last output; e.details holds them as data.
func validationError(ex *execution, failures []string, last interp.Value) *interp.Exception {
	var b strings.Builder
	n := len(failures)
	fmt.Fprintf(&b, "%s() failed validation after %d attempt%s:", ex.pf.name, n, plural(n))
	for i, f := range failures {
		fmt.Fprintf(&b, " [%d] %s;", i+1, truncate(oneLine(f), 300))
	}
	fmt.Fprintf(&b, " last output: %s (execution %s)", short(last, 200), ex.id)
	e := interp.Errorf("ValidationError", "%s", b.String())
	d := interp.NewDict(5)
	d.SetStr("execution_id", interp.Str(ex.id))
	d.SetStr("function", interp.Str(ex.pf.name))
	d.SetStr("attempts", interp.MakeInt(int64(n)))
	fl := make([]interp.Value, len(failures))
	for i, f := range failures {
		fl[i] = interp.Str(f)
	}
	d.SetStr("failures", interp.NewList(fl))
	d.SetStr("last_output", last)
	e.Payload = d
	return e
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// abort records an execution ended by an error (raised by the body,
// perceive or validate, or a timeout) and returns the error unchanged.
func (rt *Runtime) abort(ex *execution, err error, where string) error {
	ex.stage = stageDone
	ex.rec.Status = store.StatusFailed
	msg := describeError(err)
	if where != "" {
		msg = where + ": " + msg
	}
	ex.rec.Error = msg
	if serr := rt.finishExec(ex); serr != nil {
		return serr
	}
	return err
}

// finishExec completes the record of ex and hands it to the writer.
func (rt *Runtime) finishExec(ex *execution) error {
	ex.rec.Finished = rt.cfg.Clock().UTC()
	ex.cur = nil
	return rt.finish(ex.rec)
}

// retrieveBackoff is how long POET calls skip retrieval after the store
// stayed locked by another process for longer than its lock wait.
const retrieveBackoff = 30 * time.Second

// retrieve returns the learnings to apply, or nil when the store is
// unavailable (with a warning, once).
func (rt *Runtime) retrieve(o store.Owner, input string) []*store.Learning {
	if rt.cfg.NoStore {
		return nil
	}
	st, err := rt.openStore()
	if err != nil {
		rt.warnOnce("retrieve-open", fmt.Errorf("learnings are not applied: %w", err))
		return nil
	}
	if !rt.skipRetrieveUntil.IsZero() && time.Now().Before(rt.skipRetrieveUntil) {
		return nil
	}
	k := rt.cfg.RetrieveK
	if ov, err := rt.overrides(); err == nil && ov.retrieveK > 0 {
		k = ov.retrieveK
	}
	active, _ := rt.activeDomains() // checked by the call
	prefs, err := st.Preferences(o)
	var ls []*store.Learning
	if err == nil {
		ls, err = st.Retrieve(o, input, k+len(prefs)+applyMargin)
	}
	// Learnings of the active domains (system:__active_domains) too,
	// interleaved with the function's own.
	var more [][]*store.Learning
	for _, d := range active {
		if err != nil || d == o.Domain {
			continue
		}
		var dl []*store.Learning
		dl, err = st.Retrieve(store.Owner{Domain: d}, input, k+applyMargin)
		more = append(more, dl)
	}
	if err != nil {
		rt.warnOnce("retrieve", fmt.Errorf("learnings are not applied: %w", err))
		if errors.Is(err, store.ErrLocked) {
			// Do not make every following call wait for the lock again.
			rt.skipRetrieveUntil = time.Now().Add(retrieveBackoff)
		}
		return nil
	}
	if len(more) > 0 {
		ls = interleave(append([][]*store.Learning{ls}, more...))
	}
	return applicable(prefs, ls, k)
}

// interleave merges ranked lists round-robin, without duplicates.
func interleave(lists [][]*store.Learning) []*store.Learning {
	var out []*store.Learning
	seen := map[string]bool{}
	for i := 0; ; i++ {
		any := false
		for _, l := range lists {
			if i < len(l) {
				any = true
				if !seen[l[i].ID] {
					seen[l[i].ID] = true
					out = append(out, l[i])
				}
			}
		}
		if !any {
			return out
		}
	}
}

// withOverrides applies system:__poet_settings_override (and checks
// system:__active_domains) for one call: a copy of pf with the overridden
// profile, retries and domain.
func (rt *Runtime) withOverrides(pf *poetFunc) (*poetFunc, error) {
	if _, err := rt.activeDomains(); err != nil {
		return nil, err
	}
	ov, err := rt.overrides()
	if err != nil {
		return nil, err
	}
	if ov.raw == nil {
		return pf, nil
	}
	cp := *pf
	if ov.profile != "" {
		cp.profile = ov.profile
	}
	if ov.maxRetries >= 0 {
		cp.maxRetries, cp.maxRetriesSet = ov.maxRetries, true
	}
	if ov.domainSet {
		cp.domain = ov.domain
	}
	return &cp, nil
}

// applyMargin is how many more learnings than needed retrieval asks for,
// so that those below store.ApplyBelow can be left out.
const applyMargin = 5

// applicable is what a call applies: the function's standing preferences
// first (always), then the k best other learnings whose confidence is at
// least store.ApplyBelow.
func applicable(prefs, ls []*store.Learning, k int) []*store.Learning {
	out := append([]*store.Learning(nil), prefs...)
	n := 0
	for _, l := range ls {
		if n == k {
			break
		}
		if l.Confidence < store.ApplyBelow || slices.ContainsFunc(prefs, func(p *store.Learning) bool { return p.ID == l.ID }) {
			continue
		}
		out = append(out, l)
		n++
	}
	return out
}
