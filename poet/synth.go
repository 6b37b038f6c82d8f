package poet

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/minidana/dana/internal/lazyre"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// synthParams are synthesize()'s parameters, in order (SPEC §10.7).
var synthParams = []string{"task", "examples", "max_rounds", "name", "accept_partial"}

// Limits of synthesize()'s arguments.
const (
	defaultSynthRounds = 6
	maxSynthRounds     = 50
	maxSynthExamples   = 200
	// synthBestShown is how many earlier attempts a prompt quotes.
	synthBestShown = 3
)

// synthRequest is one synthesize() call's checked arguments.
type synthRequest struct {
	task          string
	examples      []*example
	maxRounds     int
	name          string // the function's name ("" → derived)
	nameGiven     bool
	acceptPartial bool
	fingerprint   string
	module        string
	plainExamples []any
}

// synthRound is one propose-test-refine round.
type synthRound struct {
	n       int
	source  string
	results []exampleResult
	loadErr string // the proposal did not load ("" when it did)
	score   float64
	passed  bool
}

// synthesizeBuiltin implements synthesize(task, examples, max_rounds=6,
// name=None, accept_partial=False).
func (rt *Runtime) synthesizeBuiltin(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	vals, err := bindParams("synthesize", synthParams, args, kw)
	if err != nil {
		return nil, err
	}
	req, err := synthInput(vals)
	if err != nil {
		return nil, err
	}
	req.module = moduleKey(th)
	return rt.synthesize(th, req)
}

// synthInput checks synthesize()'s arguments.
func synthInput(vals []interp.Value) (*synthRequest, error) {
	req := &synthRequest{maxRounds: defaultSynthRounds}
	isNone := func(v interp.Value) bool {
		_, none := v.(interp.NoneType)
		return v == nil || none
	}
	t, ok := vals[0].(interp.Str)
	if !ok || strings.TrimSpace(string(t)) == "" {
		if vals[0] == nil {
			return nil, interp.Errorf("TypeError", "synthesize() missing required argument 'task' (what the function must do)")
		}
		return nil, interp.Errorf("TypeError", "synthesize(): the task must be a non-empty str describing what the function does")
	}
	req.task = strings.TrimSpace(string(t))
	if vals[1] == nil {
		return nil, interp.Errorf("TypeError", "synthesize() missing required argument 'examples' (a list of (input, expected) pairs)")
	}
	items, err := interp.Iterate(vals[1])
	if err != nil || len(items) == 0 {
		return nil, interp.Errorf("TypeError", "synthesize(): examples must be a non-empty list of (input, expected) pairs")
	}
	if len(items) > maxSynthExamples {
		return nil, interp.Errorf("ValueError", "synthesize(): at most %d examples (got %d)", maxSynthExamples, len(items))
	}
	for i, it := range items {
		ex, err := parseExample(i+1, it)
		if err != nil {
			return nil, err
		}
		req.examples = append(req.examples, ex)
	}
	if v := vals[2]; !isNone(v) {
		n, ok := v.(interp.Int)
		if !ok {
			return nil, interp.Errorf("TypeError", "synthesize(max_rounds=...) must be an int, not %s", v.TypeName())
		}
		if n < 1 || n > maxSynthRounds {
			return nil, interp.Errorf("ValueError", "synthesize(max_rounds=%d): choose a number from 1 to %d", int64(n), maxSynthRounds)
		}
		req.maxRounds = int(n)
	}
	if v := vals[3]; !isNone(v) {
		s, ok := v.(interp.Str)
		if !ok || !identRe.Get().MatchString(string(s)) {
			return nil, interp.Errorf("ValueError", "synthesize(name=%s): the name must be an identifier such as \"parse_date\"", interp.Repr(v))
		}
		req.name, req.nameGiven = string(s), true
	}
	if v := vals[4]; !isNone(v) {
		b, ok := v.(interp.Bool)
		if !ok {
			return nil, interp.Errorf("TypeError", "synthesize(accept_partial=...) must be a bool, not %s", v.TypeName())
		}
		req.acceptPartial = bool(b)
	}
	// The fingerprint identifies task and examples, in order.
	h := sha256.New()
	h.Write([]byte(req.task))
	for _, ex := range req.examples {
		h.Write([]byte{0})
		for _, a := range ex.args {
			h.Write([]byte(interp.Repr(a)))
			h.Write([]byte{1})
		}
		h.Write([]byte(interp.Repr(ex.expected)))
		req.plainExamples = append(req.plainExamples, map[string]any{
			"args": plain(interp.NewList(ex.args)), "expected": plain(ex.expected)})
	}
	req.fingerprint = hex.EncodeToString(h.Sum(nil))[:32]
	if req.name == "" {
		req.name = "tool_" + req.fingerprint[:8]
	}
	return req, nil
}

// Compiled on first use: every dana process links poet, few synthesize.
var identRe = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// parseExample reads one example: a pair (input, expected) whose input is
// the one argument, or a dict {"input": x, "expected": y} or
// {"args": [a, b], "expected": y} for several arguments.
func parseExample(n int, v interp.Value) (*example, error) {
	bad := func() error {
		return interp.Errorf("TypeError",
			"synthesize(): example %d must be a pair (input, expected) or a dict with \"input\" (or \"args\") and \"expected\", not %s",
			n, short(v, 60))
	}
	ex := &example{n: n}
	switch x := v.(type) {
	case interp.Tuple:
		if len(x) != 2 {
			return nil, bad()
		}
		ex.args, ex.expected = []interp.Value{x[0]}, x[1]
	case *interp.List:
		if len(x.Elems) != 2 {
			return nil, bad()
		}
		ex.args, ex.expected = []interp.Value{x.Elems[0]}, x.Elems[1]
	case *interp.Dict:
		exp, ok := x.GetStr("expected")
		if !ok {
			return nil, bad()
		}
		ex.expected = exp
		if a, ok := x.GetStr("args"); ok {
			items, err := interp.Iterate(a)
			if err != nil {
				return nil, bad()
			}
			ex.args = items
		} else if in, ok := x.GetStr("input"); ok {
			ex.args = []interp.Value{in}
		} else {
			return nil, bad()
		}
	default:
		return nil, bad()
	}
	for i, a := range ex.args {
		c, err := copyValue(a, 0)
		if err != nil {
			return nil, interp.Errorf("TypeError", "synthesize(): example %d: %s", n, errorMessage(err))
		}
		ex.args[i] = c
	}
	c, err := copyValue(ex.expected, 0)
	if err != nil {
		return nil, interp.Errorf("TypeError", "synthesize(): example %d: %s", n, errorMessage(err))
	}
	ex.expected = c
	return ex, nil
}

// moduleKey names the module that calls synthesize(): its file, made
// absolute when it is on disk, so another run of the program finds its
// tools.
func moduleKey(th *interp.Thread) string {
	m := th.Module()
	if m == nil || m.File == "" {
		return "__main__"
	}
	if _, err := os.Stat(m.File); err == nil {
		if abs, err := filepath.Abs(m.File); err == nil {
			return abs
		}
	}
	return m.File
}

// synthesize runs the loop: reuse a stored tool, else propose, test and
// refine up to maxRounds times.
func (rt *Runtime) synthesize(th *interp.Thread, req *synthRequest) (interp.Value, error) {
	rt.printWarnings()
	ex := &execution{id: rt.NewID(), pf: &poetFunc{name: req.name}, profile: Profile{Name: ProfileDefault}}
	if p := rt.top(); p != nil {
		ex.parentID = p.id
	}
	ex.rec = &store.Execution{
		ID:       ex.id,
		Function: req.name,
		Kind:     store.KindPoet,
		ParentID: ex.parentID,
		Profile:  ProfileDefault,
		Inputs: map[string]any{
			"task": req.task, "examples": req.plainExamples, "max_rounds": req.maxRounds,
			"accept_partial": req.acceptPartial, "operator": "synthesize",
		},
		CodeContext: rt.synthContext(th, req),
		Started:     rt.cfg.Clock().UTC(),
	}
	rt.addAmbient(ex.rec)

	// A tool that passed these examples before is reused as it is.
	if t := rt.storedTool(req); t != nil {
		tool, err := newTool(t.Name, t.Source, t.Score, t.Rounds, rt.cfg.Sandbox)
		if err == nil {
			tool.reused, tool.execID, tool.toolID = true, ex.id, t.ID
			ex.rec.Status = store.StatusOK
			ex.rec.Output = map[string]any{"source": t.Source, "score": t.Score, "reused_tool": t.ID,
				"synthesized_by": t.SourceExecution}
			if err := rt.finishExec(ex); err != nil {
				return nil, err
			}
			return tool, nil
		}
		rt.warnOnce("tool-load-"+t.ID, fmt.Errorf("the stored tool %s no longer loads (%v); synthesizing it again", t.Name, err))
	}

	svc := reason.FromInterp(rt.in)
	if svc == nil || svc.Client() == nil {
		e := interp.Errorf("LLMError", "synthesize() needs a model, and none is installed in this interpreter")
		return nil, rt.abort(ex, e, "")
	}
	client := svc.Client()

	seed := binary.BigEndian.Uint64([]byte(req.fingerprint[:16]))
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var rounds []*synthRound
	var best *synthRound
	system := synthSystemMessage()
	for n := 1; n <= req.maxRounds; n++ {
		prompt := synthPrompt(req, n, shuffled(req.examples, rng), shownAttempts(rounds))
		ex.rec.Attempts = append(ex.rec.Attempts, store.Attempt{N: n, Prompt: prompt})
		at := &ex.rec.Attempts[len(ex.rec.Attempts)-1]
		start := time.Now()
		resp, err := client.Complete(th.Context(), &llm.Request{
			Messages: []llm.Message{llm.System(system), llm.User(prompt)},
			Expected: &llm.Expected{Kind: llm.KindStr, Name: "mini-Dana source"},
		})
		if err != nil {
			at.Duration = time.Since(start)
			at.Failure = err.Error()
			if ie := th.Interrupted(); ie != nil {
				return nil, rt.abort(ex, ie, "")
			}
			le := interp.Errorf("LLMError", "synthesize(): round %d: %s", n, err.Error())
			le.Err = err
			return nil, rt.abort(ex, le, "")
		}
		at.Reply = resp.Text
		at.Usage = store.Usage{PromptTokens: int(resp.Usage.PromptTokens), CompletionTokens: int(resp.Usage.CompletionTokens), TotalTokens: int(resp.Usage.TotalTokens)}
		ex.rec.Usage = ex.rec.Usage.Add(at.Usage)
		ex.rec.Model = resp.Model
		ex.rec.Mock = ex.rec.Mock || resp.Mock
		r := rt.testProposal(th, req, n, extractCode(resp.Text))
		at.Duration = time.Since(start)
		if ie := th.Interrupted(); ie != nil {
			return nil, rt.abort(ex, ie, "")
		}
		at.Output = r.plain()
		if !r.passed {
			at.Failure = r.summary()
		}
		rounds = append(rounds, r)
		if best == nil || r.better(best) {
			best = r
		}
		if r.passed {
			break
		}
	}

	scores := make([]any, len(rounds))
	for i, r := range rounds {
		scores[i] = r.score
	}
	if best.passed || req.acceptPartial && best.loadErr == "" {
		tool, err := newTool(req.name, best.source, best.score, len(rounds), rt.cfg.Sandbox)
		if err != nil {
			return nil, rt.abort(ex, err, "")
		}
		tool.execID = ex.id
		ex.rec.Status = store.StatusOK
		ex.rec.Output = map[string]any{"source": best.source, "score": best.score, "round": best.n, "scores": scores}
		if best.passed {
			if id := rt.saveTool(req, best, len(rounds), ex.id); id != "" {
				tool.toolID = id
				ex.rec.Output.(map[string]any)["tool"] = id
			}
		}
		if err := rt.finishExec(ex); err != nil {
			return nil, err
		}
		return tool, nil
	}
	verr := synthError(req, ex.id, rounds, best)
	ex.rec.Status = store.StatusFailed
	ex.rec.Error = verr.Msg
	ex.rec.Output = map[string]any{"best_source": best.source, "best_score": best.score, "scores": scores}
	if err := rt.finishExec(ex); err != nil {
		return nil, err
	}
	return nil, verr
}

// synthContext is the record's code context: where synthesize() was called.
func (rt *Runtime) synthContext(th *interp.Thread, req *synthRequest) map[string]any {
	ctx := map[string]any{"module": req.module, "operator": "synthesize", "fingerprint": req.fingerprint}
	if _, pos := th.CallSite(); pos.IsValid() {
		ctx["call_site"] = map[string]any{"file": pos.File, "line": pos.Line, "column": pos.Col}
	}
	return ctx
}

// storedTool returns the stored tool for req when its task and examples
// are the same, else nil.
func (rt *Runtime) storedTool(req *synthRequest) *store.Tool {
	if rt.cfg.NoStore {
		return nil
	}
	st, err := rt.openStore()
	if err != nil {
		rt.warnOnce("tools-open", fmt.Errorf("synthesized tools are not reused: %w", err))
		return nil
	}
	t, err := st.GetTool(req.module, req.name)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			rt.warnOnce("tools-get", fmt.Errorf("synthesized tools are not reused: %w", err))
		}
		return nil
	}
	if t.Fingerprint != req.fingerprint {
		return nil
	}
	return t
}

// saveTool stores a passing proposal as a tool and returns its id ("" when
// the store is not available; a warning says so).
func (rt *Runtime) saveTool(req *synthRequest, best *synthRound, rounds int, execID string) string {
	if rt.cfg.NoStore {
		return ""
	}
	st, err := rt.openStore()
	if err != nil {
		rt.warnOnce("tools-open", fmt.Errorf("the synthesized tool is not saved: %w", err))
		return ""
	}
	t := &store.Tool{
		Module: req.module, Name: req.name, Task: req.task, Examples: req.plainExamples,
		Fingerprint: req.fingerprint, Source: best.source, Score: best.score, Rounds: rounds,
		SourceExecution: execID, Created: rt.cfg.Clock().UTC(),
	}
	if err := st.PutTool(t); err != nil {
		rt.warnOnce("tools-put", fmt.Errorf("the synthesized tool is not saved: %w", err))
		return ""
	}
	return t.ID
}

// testProposal loads a proposal in a sandbox and runs it on every example.
func (rt *Runtime) testProposal(th *interp.Thread, req *synthRequest, n int, src string) *synthRound {
	r := &synthRound{n: n, source: src}
	if strings.TrimSpace(src) == "" {
		r.loadErr = "the reply holds no mini-Dana code"
		return r
	}
	file := fmt.Sprintf("<%s, round %d>", req.name, n)
	sb, err := newSandbox(file, src, req.name, rt.cfg.Sandbox)
	if err != nil {
		r.loadErr = describeRunError(err)
		return r
	}
	defer sb.close()
	total := 0.0
	r.passed = true
	for _, ex := range req.examples {
		got, err := sb.call(th.Context(), ex.args)
		var res exampleResult
		if err != nil {
			res = exampleResult{ex: ex, err: describeRunError(err)}
		} else {
			res = checkResult(ex, got)
		}
		total += res.accuracy
		r.passed = r.passed && res.passed
		r.results = append(r.results, res)
		if th.Context().Err() != nil {
			r.passed = false
			break
		}
	}
	r.score = total / float64(len(req.examples))
	return r
}

// plain renders a round for the execution record.
func (r *synthRound) plain() map[string]any {
	out := map[string]any{"source": r.source, "score": r.score, "passed": r.passed}
	if r.loadErr != "" {
		out["error"] = r.loadErr
	}
	var res []any
	for _, x := range r.results {
		m := map[string]any{"example": x.ex.n, "passed": x.passed, "accuracy": x.accuracy,
			"expected": plain(x.ex.expected)}
		if x.err != "" {
			m["error"] = x.err
		} else {
			m["got"] = plain(x.got)
		}
		if x.diff != "" {
			m["diff"] = x.diff
		}
		res = append(res, m)
	}
	if res != nil {
		out["results"] = res
	}
	return out
}

// better reports whether r beats o: a higher score, else a proposal that
// loads over one that does not, else shorter code.
func (r *synthRound) better(o *synthRound) bool {
	if r.score != o.score {
		return r.score > o.score
	}
	if (r.loadErr == "") != (o.loadErr == "") {
		return r.loadErr == ""
	}
	return len(strings.TrimSpace(r.source)) < len(strings.TrimSpace(o.source))
}

// summary says why a round failed, in one line.
func (r *synthRound) summary() string {
	if r.loadErr != "" {
		return "the proposal does not load: " + r.loadErr
	}
	failed := 0
	for _, x := range r.results {
		if !x.passed {
			failed++
		}
	}
	return fmt.Sprintf("%d of %d examples failed (score %.2f)", failed, len(r.results), r.score)
}

// shownAttempts picks the best earlier rounds for the next prompt, at most
// synthBestShown, ordered worst to best (the best is nearest the request).
func shownAttempts(rounds []*synthRound) []*synthRound {
	s := append([]*synthRound(nil), rounds...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].better(s[j]) })
	if len(s) > synthBestShown {
		s = s[:synthBestShown]
	}
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
	return s
}

// shuffled returns the examples in a new order drawn from rng.
func shuffled(exs []*example, rng *rand.Rand) []*example {
	out := append([]*example(nil), exs...)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// synthSystemMessage tells the model what mini-Dana is.
func synthSystemMessage() string {
	return `You write small functions in mini-Dana, a Python-like language. It is Python 3 syntax with these differences:
- lambdas are written "lambda x, y :: x + y" (two colons separate the parameters from the body);
- there are no classes (use dicts, lists, tuples), no imports, no files, no network, no input(), no eval;
- builtins: len range enumerate zip map filter sorted reversed sum min max abs round any all int float str bool list tuple dict set isinstance repr ord chr divmod pow json_dumps json_loads, and Python's str, list, dict and set methods;
- the function must be pure: compute its result from its arguments and return it.
Reply with the complete function definition in one fenced code block and nothing else.`
}

// synthPrompt builds the user message of one round.
func synthPrompt(req *synthRequest, n int, exs []*example, shown []*synthRound) string {
	var b strings.Builder
	nargs := len(req.examples[0].args)
	fmt.Fprintf(&b, "Write a mini-Dana function named `%s` that takes %d argument%s and does this:\n<task>\n%s\n</task>\n",
		req.name, nargs, plural(nargs), req.task)
	b.WriteString("\n## Examples\nEach line is a call and the value it must return.\n")
	for _, ex := range exs {
		fmt.Fprintf(&b, "- %s → %s\n", callText(req.name, ex.args), truncate(interp.Repr(ex.expected), 400))
	}
	if len(shown) > 0 {
		b.WriteString("\n## Earlier attempts and how they did (worst to best)\n")
		for _, r := range shown {
			fmt.Fprintf(&b, "\n### Attempt from round %d: score %.2f\n```python\n%s\n```\n", r.n, r.score, clipSource(r.source))
			if r.loadErr != "" {
				fmt.Fprintf(&b, "It does not load: %s\n", r.loadErr)
				continue
			}
			for _, x := range r.results {
				call := callText(req.name, x.ex.args)
				switch {
				case x.passed:
					fmt.Fprintf(&b, "- passed: %s → %s\n", call, truncate(interp.Repr(x.ex.expected), 120))
				case x.err != "":
					fmt.Fprintf(&b, "- FAILED: %s: expected %s, but it raised %s\n", call, truncate(interp.Repr(x.ex.expected), 200), x.err)
				default:
					fmt.Fprintf(&b, "- FAILED: %s: expected %s, got %s (accuracy %.2f", call,
						truncate(interp.Repr(x.ex.expected), 200), truncate(interp.Repr(x.got), 200), x.accuracy)
					if x.diff != "" {
						b.WriteString("; " + x.diff)
					}
					b.WriteString(")\n")
				}
			}
		}
		b.WriteString("\nWrite a better version that passes every example: fix what failed, keep what passed.\n")
	}
	fmt.Fprintf(&b, "\n## Answer format\nReply with the definition of `%s` only, in one ```python fenced block.\n", req.name)
	return b.String()
}

func callText(name string, args []interp.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = truncate(interp.Repr(a), 200)
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// clipSource bounds a quoted earlier attempt.
func clipSource(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 4000 {
		return s[:4000] + "\n# ... (cut)"
	}
	return s
}

var (
	fenceRe = lazyre.New("(?s)```[A-Za-z0-9_+-]*[ \t]*\r?\n(.*?)```")
	thinkRe = lazyre.New(`(?s)<think>.*?</think>`)
)

// extractCode finds the source in a reply: the first fenced block that
// defines a function (else the first fenced block), else the reply from
// its first `def` line, else the whole reply.
func extractCode(reply string) string {
	reply = thinkRe.Get().ReplaceAllString(reply, "")
	blocks := fenceRe.Get().FindAllStringSubmatch(reply, -1)
	for _, m := range blocks {
		if strings.Contains(m[1], "def ") {
			return strings.TrimRight(m[1], " \t\r\n") + "\n"
		}
	}
	if len(blocks) > 0 {
		return strings.TrimRight(blocks[0][1], " \t\r\n") + "\n"
	}
	if i := strings.Index(reply, "def "); i >= 0 && (i == 0 || reply[i-1] == '\n') {
		return strings.TrimRight(reply[i:], " \t\r\n") + "\n"
	}
	return strings.TrimSpace(reply)
}

// synthError is the ValidationError raised when no proposal passed.
func synthError(req *synthRequest, id string, rounds []*synthRound, best *synthRound) *interp.Exception {
	var b strings.Builder
	fmt.Fprintf(&b, "synthesize(): no proposal for %s passed every example in %d round%s; scores by round:",
		req.name, len(rounds), plural(len(rounds)))
	sc := make([]interp.Value, len(rounds))
	for i, r := range rounds {
		fmt.Fprintf(&b, " %d: %.2f", r.n, r.score)
		if i < len(rounds)-1 {
			b.WriteString(",")
		}
		sc[i] = interp.Float(r.score)
	}
	fmt.Fprintf(&b, "; the best (round %d) %s (execution %s)", best.n, truncate(oneLine(best.summary()), 200), id)
	e := interp.Errorf("ValidationError", "%s", b.String())
	d := interp.NewDict(6)
	d.SetStr("execution_id", interp.Str(id))
	d.SetStr("function", interp.Str(req.name))
	d.SetStr("scores", interp.NewList(sc))
	d.SetStr("rounds", interp.MakeInt(int64(len(rounds))))
	d.SetStr("best_source", interp.Str(best.source))
	d.SetStr("best_score", interp.Float(best.score))
	e.Payload = d
	return e
}
