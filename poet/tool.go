package poet

import (
	"fmt"
	"sync"

	"github.com/minidana/dana/lang/interp"
)

// Tool is the callable synthesize() returns: a synthesized function that
// runs in a sandbox of its own (SandboxLimits) on copies of its arguments,
// with the attributes .source, .score, .rounds, .name, .reused,
// .execution_id and .tool_id.
type Tool struct {
	name, source string
	score        float64
	rounds       int
	reused       bool
	execID       string
	toolID       string
	lim          SandboxLimits

	mu sync.Mutex
	sb *sandbox
}

// toolAttrs are the attributes of a Tool.
var toolAttrs = []string{"source", "score", "rounds", "name", "reused", "execution_id", "tool_id"}

// newTool loads source once to check it and returns the tool.
func newTool(name, source string, score float64, rounds int, lim SandboxLimits) (*Tool, error) {
	t := &Tool{name: name, source: source, score: score, rounds: rounds, lim: lim}
	sb, err := newSandbox("<"+name+">", source, name, lim)
	if err != nil {
		return nil, err
	}
	t.sb = sb
	return t, nil
}

// TypeName returns "function": a tool is called like one.
func (*Tool) TypeName() string { return "function" }

// String renders <synthesized function NAME (score S, N rounds)>.
func (t *Tool) String() string {
	how := fmt.Sprintf("%d round%s", t.rounds, plural(t.rounds))
	if t.reused {
		how = "reused from the store"
	}
	return fmt.Sprintf("<synthesized function %s (score %.2f, %s)>", t.name, t.score, how)
}

// Source returns the function's source.
func (t *Tool) Source() string { return t.source }

// AttrNames lists the attributes.
func (*Tool) AttrNames() []string { return toolAttrs }

// Attr returns one attribute.
func (t *Tool) Attr(name string) (interp.Value, bool) {
	switch name {
	case "source":
		return interp.Str(t.source), true
	case "score":
		return interp.Float(t.score), true
	case "rounds":
		return interp.MakeInt(int64(t.rounds)), true
	case "name":
		return interp.Str(t.name), true
	case "reused":
		return interp.Bool(t.reused), true
	case "execution_id":
		return strOrNone(t.execID), true
	case "tool_id":
		return strOrNone(t.toolID), true
	}
	return nil, false
}

// CallValue runs the function in its sandbox; a sandbox stopped by a limit
// or an interrupt is replaced by a fresh one on the next call.
func (t *Tool) CallValue(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	if len(kw) > 0 {
		return nil, interp.Errorf("TypeError", "%s() takes positional arguments only (got keyword '%s')", t.name, kw[0].Name)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sb == nil || t.sb.ctx.Err() != nil {
		sb, err := newSandbox("<"+t.name+">", t.source, t.name, t.lim)
		if err != nil {
			return nil, err
		}
		t.sb = sb
	}
	return t.sb.call(th.Context(), args)
}

// SetSandboxLimits changes the limits of the code synthesize() runs from
// now on (zero fields: defaults).
func (rt *Runtime) SetSandboxLimits(l SandboxLimits) { rt.cfg.Sandbox = l }

// SetPerson attaches the person who answers for the human operator (nil:
// nobody; asking raises OperatorError).
func (rt *Runtime) SetPerson(p Person) { rt.cfg.Person = p }
