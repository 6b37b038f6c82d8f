package reason

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/reply"
	"github.com/minidana/dana/store/record"
)

// LastExecutionID is the system variable holding the id of the latest
// execution (SPEC §10.4); scripts may read it, not write it.
const LastExecutionID = "__last_execution_id"

// CacheVar is the system variable that turns the response cache on (True)
// or off (False) for the calls that follow, whatever --cache says; None (the
// default) leaves it to --cache and DANA_LLM_CACHE.
const CacheVar = "__llm_cache"

// ProfileVar is the system variable naming the default POET profile.
const ProfileVar = "__poet_profile"

// dataKey is where Install stores the Service on the interpreter.
const dataKey = "reason.service"

// Default retry budgets: validation retries after the first attempt.
const (
	DefaultMaxRetries = 3
	// FaultTolerantMaxRetries keeps the fault_tolerant profile within the
	// LLM layer's budget of llm.DefaultMaxRequests HTTP requests per call.
	FaultTolerantMaxRetries = llm.DefaultMaxRequests - 1
	// creativeTemperature is the sampling temperature of the creative
	// profile when the call gives none.
	creativeTemperature = 1.0
)

// Service is reason() installed in one interpreter: its LLM client, its
// CodeContextAnalyzer, the hooks to POET, and the last execution record.
type Service struct {
	in       *interp.Interpreter
	client   llm.Client
	analyzer *codecontext.Analyzer

	mu    sync.Mutex
	hooks Hooks
	last  *Record
	// plans caches the plan of each expected type (see planKey) and
	// ccTexts the rendered code context of each call site: both are pure
	// functions of their key, so calls in a loop build them once.
	plans map[string]*plan
	sites map[*codecontext.Context]*siteCache
	echo  func(th *interp.Thread) Echo
}

// Echo shows the reply of an untyped reason() call as the model writes it:
// the REPL prints it (SPEC §12.3). Its Notifier methods receive the
// streamed text; Done is called when the call ends, with its value (nil
// when the call failed). A call whose reply is not streamed (the mock, a
// replay, the response cache) sends no text.
type Echo interface {
	llm.Notifier
	Done(v interp.Value)
}

// SetEcho makes f choose an Echo for each untyped call (str expected by
// default, outside any POET execution) made by thread th; f returns nil
// for calls that are not shown (a parallel() worker's). nil turns echoes
// off.
func (s *Service) SetEcho(f func(th *interp.Thread) Echo) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.echo = f
}

// echoFor returns the Echo of an untyped call, or nil.
func (s *Service) echoFor(c *call) Echo {
	s.mu.Lock()
	f := s.echo
	s.mu.Unlock()
	if f == nil || c.scope != nil || c.rec.TypeSource != string(codecontext.SourceDefault) {
		return nil
	}
	return f(c.th)
}

// siteCache is what is derived from a call site's context once: its text
// in prompts and its plain form in records.
type siteCache struct {
	text  string
	plain map[string]any
}

// maxCache bounds each cache; a full cache is cleared.
const maxCache = 1024

// planFor returns the (cached) plan of an expected type.
func (s *Service) planFor(h *interp.TypeHint) *plan {
	key := planKey(h)
	s.mu.Lock()
	p, ok := s.plans[key]
	s.mu.Unlock()
	if ok {
		return p
	}
	p = newPlan(h)
	s.mu.Lock()
	if len(s.plans) >= maxCache {
		clear(s.plans)
	}
	s.plans[key] = p
	s.mu.Unlock()
	return p
}

// site returns the (cached) rendered context of a call site.
func (s *Service) site(cc *codecontext.Context) *siteCache {
	if cc == nil {
		return &siteCache{}
	}
	s.mu.Lock()
	sc, ok := s.sites[cc]
	s.mu.Unlock()
	if ok {
		return sc
	}
	sc = &siteCache{text: codeContextText(cc), plain: cc.Plain()}
	s.mu.Lock()
	if len(s.sites) >= maxCache {
		clear(s.sites)
	}
	s.sites[cc] = sc
	s.mu.Unlock()
	return sc
}

// Install registers the reason() builtin in the interpreter, declares
// system:__last_execution_id read-only and hooks the analyzer into the
// interpreter's OnLoad so that every loaded file is analyzed once (a new
// analyzer is made when analyzer is nil). client answers the calls; hooks
// may be the zero Hooks and changed later with SetHooks.
func Install(in *interp.Interpreter, client llm.Client, analyzer *codecontext.Analyzer, hooks Hooks) *Service {
	if analyzer == nil {
		analyzer = codecontext.New()
	}
	s := &Service{in: in, client: client, analyzer: analyzer, hooks: hooks,
		plans: map[string]*plan{}, sites: map[*codecontext.Context]*siteCache{}}
	in.AddOnLoad(func(f *ast.File) { analyzer.AnalyzeFile(f) })
	in.DeclareReadOnly(LastExecutionID)
	if _, ok := in.Get("system", CacheVar); !ok {
		_ = in.Set("system", CacheVar, interp.None)
	}
	in.RegisterBuiltin("reason", s.builtin)
	in.SetData(dataKey, s)
	return s
}

// FromInterp returns the Service installed in an interpreter, or nil.
func FromInterp(in *interp.Interpreter) *Service {
	s, _ := in.Data(dataKey).(*Service)
	return s
}

// LastRecord returns the record of the latest reason() execution of the
// interpreter (nil before the first); the REPL's :last shows it.
func LastRecord(in *interp.Interpreter) *Record {
	if s := FromInterp(in); s != nil {
		return s.LastRecord()
	}
	return nil
}

// SetHooks replaces the hooks (package poet calls it when it is installed).
func (s *Service) SetHooks(h Hooks) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hooks = h
}

// Hooks returns the current hooks.
func (s *Service) Hooks() Hooks {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hooks
}

// Client returns the LLM client.
func (s *Service) Client() llm.Client { return s.client }

// Analyzer returns the CodeContextAnalyzer.
func (s *Service) Analyzer() *codecontext.Analyzer { return s.analyzer }

// LastRecord returns the record of the latest execution (nil before the
// first).
func (s *Service) LastRecord() *Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// args are reason()'s arguments.
type args struct {
	prompt      string
	context     interp.Value
	temperature *float64
	model       string
	maxRetries  int // -1: the profile's default
}

// argNames are reason()'s parameters in order (SPEC §9.1).
var argNames = [...]string{"prompt", "context", "temperature", "model", "max_retries"}

// parseArgs binds reason(prompt, context=None, temperature=None,
// model=None, max_retries=None).
func parseArgs(pos []interp.Value, kw []interp.KwArg) (*args, error) {
	if len(pos) > len(argNames) {
		return nil, interp.Errorf("TypeError", "reason() takes at most %d arguments (%d given)", len(argNames), len(pos))
	}
	var vals [len(argNames)]interp.Value
	copy(vals[:], pos)
	for _, k := range kw {
		i := -1
		for j, n := range argNames {
			if n == k.Name {
				i = j
			}
		}
		if i < 0 {
			return nil, interp.Errorf("TypeError", "reason() got an unexpected keyword argument '%s' (parameters: prompt, context, temperature, model, max_retries)", k.Name)
		}
		if vals[i] != nil {
			return nil, interp.Errorf("TypeError", "reason() got multiple values for argument '%s'", k.Name)
		}
		vals[i] = k.Value
	}
	isNone := func(v interp.Value) bool {
		_, none := v.(interp.NoneType)
		return v == nil || none
	}
	a := &args{maxRetries: -1}
	if vals[0] == nil {
		return nil, interp.Errorf("TypeError", "reason() missing required argument 'prompt'")
	}
	if s, ok := vals[0].(interp.Str); ok {
		a.prompt = string(s)
	} else {
		a.prompt = interp.ToStr(vals[0])
	}
	if strings.TrimSpace(a.prompt) == "" {
		return nil, interp.Errorf("ValueError", "reason() needs a non-empty prompt")
	}
	if !isNone(vals[1]) {
		a.context = vals[1]
	}
	if v := vals[2]; !isNone(v) {
		switch v.(type) {
		case interp.Int, interp.Float, *interp.BigInt:
		default:
			return nil, interp.Errorf("TypeError", "reason(): temperature must be a number, not %s", v.TypeName())
		}
		f, err := interp.ToFloat(v)
		if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, interp.Errorf("ValueError", "reason(): temperature must be a number >= 0 (got %s)", interp.Repr(v))
		}
		a.temperature = &f
	}
	if v := vals[3]; !isNone(v) {
		s, ok := v.(interp.Str)
		if !ok {
			return nil, interp.Errorf("TypeError", "reason(): model must be a str, not %s", v.TypeName())
		}
		a.model = strings.TrimSpace(string(s))
	}
	if v := vals[4]; !isNone(v) {
		n, ok := v.(interp.Int)
		if !ok {
			return nil, interp.Errorf("TypeError", "reason(): max_retries must be an int, not %s", v.TypeName())
		}
		if n < 0 || n > 100 {
			return nil, interp.Errorf("ValueError", "reason(): max_retries must be between 0 and 100 (got %d)", int64(n))
		}
		a.maxRetries = int(n)
	}
	return a, nil
}

// builtin is reason() itself.
func (s *Service) builtin(th *interp.Thread, pos []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	a, err := parseArgs(pos, kw)
	if err != nil {
		return nil, err
	}
	return s.run(th, a)
}

// call is the state of one reason() execution.
type call struct {
	s       *Service
	th      *interp.Thread
	args    *args
	hooks   Hooks
	scope   *Scope
	profile string
	cc      *codecontext.Context
	plan    *plan
	rec     *Record
	// ctx is the thread's context carrying the call's llm.Budget: every
	// request of this reason() execution draws on it.
	ctx context.Context
}

// run performs one reason() execution: look up the call site, decide the
// expected type, build the prompt, ask, parse and coerce, retry on
// validation failures, record.
func (s *Service) run(th *interp.Thread, a *args) (result interp.Value, _ error) {
	c := &call{s: s, th: th, args: a, hooks: s.Hooks()}
	c.rec = &Record{Started: time.Now(), Kind: record.KindReason, Function: "reason", Prompt: a.prompt, Status: record.StatusFailed}
	if c.hooks.CurrentScope != nil {
		c.scope = c.hooks.CurrentScope(th)
	}
	c.profile = s.profile(c.scope)
	c.rec.Profile = c.profile
	if c.hooks.NewID != nil {
		c.rec.ID = c.hooks.NewID()
	}
	if c.rec.ID == "" {
		c.rec.ID = ulid.Make().String()
	}
	if sc := c.scope; sc != nil {
		c.rec.ParentID = sc.ExecutionID
		c.rec.Domain = sc.Domain
		if sc.Function != "" {
			c.rec.Function = sc.Function
		}
	}

	call, callPos := th.CallSite()
	if cc, ok := s.analyzer.LookupCall(call); ok {
		c.cc = cc
	} else if cc, ok := s.analyzer.Lookup(callPos); ok && call == nil {
		c.cc = cc
	}
	hint, source, why := c.expectedType()
	c.plan = s.planFor(hint)
	c.rec.ExpectedType = c.plan.name
	c.rec.TypeSource = string(source)
	site := s.site(c.cc)
	if c.cc != nil {
		c.rec.CodeContext = site.plain // shared between the records of a call site: read-only
		c.rec.Module = c.cc.File
		if c.cc.Function != nil {
			c.rec.Enclosing = c.cc.Function.Name
		}
	}

	var applied []Learning
	if c.scope != nil {
		applied = c.scope.Learnings
	} else if c.hooks.Learnings != nil {
		applied = c.hooks.Learnings(th, c.rec)
	}
	learnings := make([]string, len(applied))
	for i, l := range applied {
		learnings[i] = l.Text
		if l.ID != "" {
			c.rec.LearningsApplied = append(c.rec.LearningsApplied, l.ID)
		}
	}

	c.rec.ContextArg = renderContextArg(a.context)
	in := &promptInput{
		prompt:     a.prompt,
		contextArg: c.rec.ContextArg,
		cc:         c.cc,
		ccText:     site.text,
		plan:       c.plan,
		typeWhy:    why,
		learnings:  learnings,
		scope:      c.scope,
		profile:    c.profile,
	}
	c.rec.System = systemMessage(c.profile)
	first := userMessage(in)
	msgs := []llm.Message{llm.System(c.rec.System), llm.User(first)}

	maxRetries := a.maxRetries
	if maxRetries < 0 {
		maxRetries = DefaultMaxRetries
		if c.profile == ProfileFaultTolerant {
			maxRetries = FaultTolerantMaxRetries
		}
	}
	temp := a.temperature
	if temp == nil && c.profile == ProfileCreative {
		t := creativeTemperature
		temp = &t
	}
	var rf *llm.JSONSchema
	if c.plan.json() {
		rf = &llm.JSONSchema{Name: schemaName(c.plan.name), Schema: c.plan.rfSchema}
	}
	c.rec.Params = &record.Params{Model: a.model, Temperature: temp, MaxRetries: maxRetries}
	if rf != nil {
		c.rec.Params.ResponseFormat = rf.Name
	}
	expected := *c.plan.expected
	expected.Strict = c.profile == ProfileStrict

	// One budget of HTTP requests and time for the whole execution; an
	// explicit max_retries larger than it raises it.
	// Inside a POET execution the requests also draw on the execution's
	// pool, so that its retries do not multiply the calls' own.
	budget := &llm.Budget{}
	if c.scope != nil {
		budget.Pool = c.scope.Budget
	}
	if a.maxRetries >= 0 {
		budget.Allow(a.maxRetries + 1)
	}
	c.ctx = llm.WithBudget(th.Context(), budget)
	if v, ok := s.in.Get("system", CacheVar); ok && v != interp.None {
		c.ctx = llm.WithCache(c.ctx, interp.Truth(v))
	}
	echo := s.echoFor(c)
	if echo != nil {
		c.ctx = llm.WithNotifier(c.ctx, echo)
		defer func() { echo.Done(result) }()
	}

	userMsg := first
	cutOff := 0 // replies cut off at the token limit
	for n := 1; n <= maxRetries+1; n++ {
		req := &llm.Request{Messages: msgs, Model: a.model, Temperature: temp, ResponseFormat: rf, Expected: &expected}
		if n > 1 && echo != nil {
			echo.Stream(llm.StreamEvent{Restart: true}) // the reply shown was not usable
		}
		t0 := time.Now()
		resp, err := c.complete(req)
		if err != nil {
			if n > 1 && errors.Is(err, llm.ErrBudget) {
				break // the budget ends the validation retries: report the last failure
			}
			c.rec.Attempts = append(c.rec.Attempts, Attempt{N: n, Prompt: userMsg, Failure: err.Error(), Duration: time.Since(t0)})
			return nil, c.fail(c.transportError(err))
		}
		att := Attempt{N: n, Prompt: userMsg, Reply: resp.Text, Duration: time.Since(t0), Usage: usageOf(resp.Usage)}
		c.noteResponse(resp)
		var v interp.Value
		var failure string
		truncated := resp.FinishReason == "length"
		switch {
		case truncated:
			// A reply cut off at the token limit is never a complete
			// value, however well it parses (SPEC §9.4).
			cutOff++
			failure = cutOffFailure
		case resp.Refusal != "":
			failure = refusalFailure(excerptLine(resp.Refusal, 120))
		default:
			if r, ok := reply.Refusal(resp.Text); ok {
				failure = refusalFailure(r)
			} else {
				v, failure = c.interpret(resp.Text)
			}
		}
		if failure == "" {
			att.Output = interp.ToGo(v)
			c.rec.Attempts = append(c.rec.Attempts, att)
			c.rec.Output = att.Output
			c.rec.Status = record.StatusOK
			budget.Accept()
			if err := c.finish(); err != nil {
				return nil, err
			}
			return v, nil
		}
		att.Failure = failure
		c.rec.Attempts = append(c.rec.Attempts, att)
		if cutOff >= 2 {
			break // asked once for a shorter answer already
		}
		if truncated {
			userMsg = shorterMessage(resp.Text, c.plan, c.profile)
		} else {
			userMsg = retryMessage(resp.Text, failure, c.plan, c.profile)
		}
		msgs = append(msgs, llm.Assistant(resp.Text), llm.User(userMsg))
	}
	return nil, c.fail(c.validationError())
}

// profile is the active POET profile: the enclosing execution's, else
// system:__poet_profile, else "default".
func (s *Service) profile(sc *Scope) string {
	if sc != nil && sc.Profile != "" {
		return sc.Profile
	}
	if v, ok := s.in.Get("system", ProfileVar); ok {
		if p, ok := v.(interp.Str); ok && strings.TrimSpace(string(p)) != "" {
			return strings.TrimSpace(string(p))
		}
	}
	return ProfileDefault
}

// expectedType decides the expected type (SPEC §9.2): the enclosing POET
// execution's type (its explicit expected_output_type, or its own call
// site's type when it has no return hint) when the call's value is the
// function's result (returned, or with no other clue), else the call
// site's analysis, else str.
func (c *call) expectedType() (*interp.TypeHint, codecontext.Source, string) {
	if sc := c.scope; sc != nil && sc.ExpectedType != nil &&
		(c.cc == nil || c.cc.Returned || c.cc.TypeSource == codecontext.SourceDefault) {
		src, why := sc.ExpectedTypeSource, sc.ExpectedTypeReason
		if src == "" {
			src = codecontext.SourceExplicit
		}
		if why == "" {
			why = "the expected_output_type of the enclosing function"
			if sc.Function != "" {
				why = fmt.Sprintf("the expected_output_type of `%s`", sc.Function)
			}
		}
		return sc.ExpectedType, src, why
	}
	if c.cc != nil {
		return interp.NewHint(c.cc.ExpectedType, c.th.Module()), c.cc.TypeSource, c.cc.TypeReason
	}
	return nil, codecontext.SourceDefault, ""
}

// complete asks the client; the fault_tolerant profile gives a transport
// failure that may pass one more round.
//
// The interpreter lock is released while the call waits on the model, so
// that parallel() workers interpret meanwhile.
func (c *call) complete(req *llm.Request) (resp *llm.Response, err error) {
	c.th.Unlocked(func() {
		resp, err = c.s.client.Complete(c.ctx, req)
		if err != nil && c.profile == ProfileFaultTolerant && transient(err) && c.ctx.Err() == nil {
			t := time.NewTimer(500 * time.Millisecond)
			select {
			case <-c.ctx.Done():
				t.Stop()
			case <-t.C:
				resp, err = c.s.client.Complete(c.ctx, req)
			}
		}
	})
	return resp, err
}

// transient reports whether a client error may go away on its own.
func transient(err error) bool {
	var le *llm.LLMError
	if !errors.As(err, &le) {
		return false
	}
	if errors.Is(err, llm.ErrNotConfigured) || errors.Is(err, llm.ErrNoRecording) ||
		errors.Is(err, llm.ErrBudget) || errors.Is(err, llm.ErrDeadline) || errors.Is(err, llm.ErrReplyTooLarge) {
		return false
	}
	return le.Status == 0 || le.Status == 408 || le.Status == 429 || le.Status >= 500
}

// noteResponse copies a response's metadata into the record.
func (c *call) noteResponse(resp *llm.Response) {
	c.rec.Model = resp.Model
	c.rec.Endpoint = resp.Endpoint
	c.rec.Mock = c.rec.Mock || resp.Mock
	c.rec.Replayed = c.rec.Replayed || resp.Replayed
	c.rec.Cached = c.rec.Cached || resp.Cached
	u := usageOf(resp.Usage)
	c.rec.Usage.PromptTokens += u.PromptTokens
	c.rec.Usage.CompletionTokens += u.CompletionTokens
	c.rec.Usage.TotalTokens += u.TotalTokens
}

func usageOf(u llm.Usage) Usage {
	return Usage{PromptTokens: int(u.PromptTokens), CompletionTokens: int(u.CompletionTokens), TotalTokens: int(u.TotalTokens)}
}

// interpret reads a reply against the expected type (strictly in the
// strict profile) and builds the value; failure says why it cannot be used.
func (c *call) interpret(text string) (interp.Value, string) {
	x, err := reply.Parse(text, c.plan.typ, reply.Options{
		Strict:     c.profile == ProfileStrict,
		JSONAsText: c.rec.TypeSource == string(codecontext.SourceDefault),
	})
	if err != nil {
		var re *reply.Error
		if errors.As(err, &re) {
			return nil, re.Reason
		}
		return nil, err.Error()
	}
	v, err := toValue(x)
	if err != nil {
		msg := err.Error()
		var ex *interp.Exception
		if errors.As(err, &ex) {
			msg = ex.Msg
		}
		return nil, fmt.Sprintf("the reply does not fit the expected type %s: %s", c.plan.name, msg)
	}
	return v, ""
}

// transportError turns a client error into the exception reason() raises:
// the interpreter's own KeyboardInterrupt or TimeoutError when the run was
// stopped, else an LLMError with the client's message.
func (c *call) transportError(err error) *interp.Exception {
	if ex := c.th.Interrupted(); ex != nil {
		return ex
	}
	msg := err.Error()
	if errors.Is(err, llm.ErrNotConfigured) {
		msg = paragraph(msg, 80)
	}
	ex := interp.Errorf("LLMError", "%s", msg)
	ex.Err = err
	return ex
}

// paragraph lays out a long explanation for a terminal: its first sentence
// stays on the line of the error header, the rest is wrapped at width.
func paragraph(s string, width int) string {
	first, rest, ok := strings.Cut(s, ". ")
	if !ok {
		return s
	}
	var b strings.Builder
	b.WriteString(first)
	b.WriteString(".")
	col := width
	for _, w := range strings.Fields(rest) {
		if col+1+len(w) > width {
			b.WriteString("\n")
			col = 0
		} else {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String()
}

// validationError is the ValidationError after the last attempt: the
// message lists every attempt's failure, the payload holds the attempts.
func (c *call) validationError() *interp.Exception {
	var b strings.Builder
	n := len(c.rec.Attempts)
	lastFailure := ""
	if n > 0 {
		lastFailure = c.rec.Attempts[n-1].Failure
	}
	switch {
	case lastFailure == cutOffFailure:
		fmt.Fprintf(&b, "reason() got no complete %s from the model: the reply was cut off at the token limit (finish_reason \"length\"), also when asked for a shorter answer", c.plan.name)
	case strings.HasPrefix(lastFailure, refusalPrefix):
		fmt.Fprintf(&b, "reason() got no %s: %s", c.plan.name, lastFailure)
	default:
		fmt.Fprintf(&b, "reason() got no valid %s from the model", c.plan.name)
	}
	fmt.Fprintf(&b, " after %d attempt", n)
	if n != 1 {
		b.WriteString("s")
	}
	attempts := make([]interp.Value, 0, n)
	for _, at := range c.rec.Attempts {
		fmt.Fprintf(&b, "; attempt %d: %s (reply: %s)", at.N, at.Failure, quoteExcerpt(at.Reply, 80))
		d := interp.NewDict(3)
		d.SetStr("attempt", interp.MakeInt(int64(at.N)))
		d.SetStr("reply", interp.Str(at.Reply))
		d.SetStr("failure", interp.Str(at.Failure))
		attempts = append(attempts, d)
	}
	ex := interp.Errorf("ValidationError", "%s", b.String())
	payload := interp.NewDict(4)
	payload.SetStr("execution_id", interp.Str(c.rec.ID))
	payload.SetStr("expected_type", interp.Str(c.plan.name))
	payload.SetStr("attempts", interp.NewList(attempts))
	last := ""
	if n > 0 {
		last = c.rec.Attempts[n-1].Reply
	}
	payload.SetStr("last_output", interp.Str(last))
	ex.Payload = payload
	return ex
}

// quoteExcerpt quotes s on one line, cut to about n bytes.
func quoteExcerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// fail records a failed execution and returns its exception (or the
// error saving the record, which takes precedence).
func (c *call) fail(ex *interp.Exception) error {
	c.rec.Status = record.StatusFailed
	c.rec.Error = ex.Type.Name + ": " + ex.Msg
	if err := c.finish(); err != nil {
		return err
	}
	return ex
}

// finish completes the record: system:__last_execution_id, the last
// record, and Hooks.Record, which saves it (durably: an error means the
// record is not stored, and reason() raises it).
func (c *call) finish() error {
	c.rec.Finished = time.Now()
	_ = c.s.in.Set("system", LastExecutionID, interp.Str(c.rec.ID))
	c.s.mu.Lock()
	c.s.last = c.rec
	c.s.mu.Unlock()
	if c.hooks.Record != nil {
		return c.hooks.Record(c.th, c.rec)
	}
	return nil
}

// schemaName makes a response_format name from a type name.
func schemaName(typ string) string {
	var b strings.Builder
	for _, r := range typ {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == '[' || r == ',' || r == '|':
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "reply"
	}
	return b.String()
}

// cutOffFailure is the failure of a reply cut off at the token limit.
const cutOffFailure = reply.TruncatedReason

// refusalPrefix starts the failure of a refused request.
const refusalPrefix = "the model refused to answer"

// refusalFailure is the failure of a refusal, quoting it on one line.
func refusalFailure(msg string) string {
	return fmt.Sprintf("%s: %q", refusalPrefix, msg)
}

// excerptLine is s on one line, cut to about n bytes.
func excerptLine(s string, n int) string {
	q := quoteExcerpt(s, n)
	u, err := strconv.Unquote(q)
	if err != nil {
		return q
	}
	return u
}
