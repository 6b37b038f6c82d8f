package poet

import (
	"errors"
	"fmt"
	"strings"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// Operator is the Operate step of a POET execution (SPEC §10.8): the
// function's body (code), a model, or a person. The three are
// interchangeable: each gets the same Operation and returns either an
// output for Encode (coercion to the expected type, then validate), an
// *UnusableAnswer when its answer cannot be read as the expected type (a
// failed attempt: the next one quotes why), or any other error, which ends
// the execution.
type Operator interface {
	// Name is "code", "model" or "human"; records show it.
	Name() string
	// Operate performs one attempt.
	Operate(th *interp.Thread, op *Operation) (interp.Value, error)
}

// Operation is what an operator gets for one attempt, and what it reports
// back for the record (Prompt, Reply, Model, Usage).
type Operation struct {
	// Function is the POET function's name; Doc its docstring.
	Function, Doc string
	// Question, when not empty, is the question itself (ask_human's
	// prompt); otherwise operators phrase one from the function, its
	// docstring and its input.
	Question string
	// Body, Args and Kw are the call (the code operator runs it).
	Body interp.Value
	Args []interp.Value
	Kw   []interp.KwArg
	// Input is the perceived input.
	Input interp.Value
	// Expected is the expected output type (nil: any answer, as str).
	Expected *interp.TypeHint
	// Strict reads answers exactly (the strict profile).
	Strict bool
	// Learnings are the texts of the learnings applied, preferences first.
	Learnings []string
	// Attempt counts from 1; LastFailure and LastOutput are the previous
	// attempt's failure and output ("" on the first).
	Attempt, MaxAttempts    int
	LastFailure, LastOutput string

	// Filled by the operator for the record.
	Prompt, Reply, Model string
	Usage                store.Usage
	Mock                 bool
}

// UnusableAnswer is a model's or a person's answer that cannot be read as
// the expected type.
type UnusableAnswer struct {
	Answer, Reason string
}

// Error implements error.
func (e *UnusableAnswer) Error() string { return e.Reason }

// Operator names accepted by @poet(operator=...).
var operatorNames = []string{"code", "model", "human"}

// operatorFor returns the operator named name ("" is code).
func (rt *Runtime) operatorFor(name string) Operator {
	switch name {
	case "model":
		return modelOperator{rt}
	case "human":
		return humanOperator{rt}
	}
	return codeOperator{}
}

// codeOperator runs the function's body.
type codeOperator struct{}

func (codeOperator) Name() string { return "code" }

func (codeOperator) Operate(th *interp.Thread, op *Operation) (interp.Value, error) {
	return th.Call(op.Body, op.Args, op.Kw)
}

// modelOperator asks the configured model, as reason() does, with a
// question phrased from the function.
type modelOperator struct{ rt *Runtime }

func (modelOperator) Name() string { return "model" }

func (m modelOperator) Operate(th *interp.Thread, op *Operation) (interp.Value, error) {
	svc := reason.FromInterp(m.rt.in)
	if svc == nil || svc.Client() == nil {
		return nil, interp.Errorf("LLMError", "%s() has operator=\"model\", and no model is installed in this interpreter", op.Function)
	}
	op.Prompt = operatorPrompt(op, false)
	resp, err := svc.Client().Complete(th.Context(), &llm.Request{
		Messages: []llm.Message{llm.System("You are the operator of a program's function: answer what it asks, in the form it asks for."), llm.User(op.Prompt)},
		Expected: reason.ExpectedOf(op.Expected),
	})
	if err != nil {
		if ie := th.Interrupted(); ie != nil {
			return nil, ie
		}
		le := interp.Errorf("LLMError", "%s", err.Error())
		le.Err = err
		return nil, le
	}
	op.Reply, op.Model, op.Mock = resp.Text, resp.Model, resp.Mock
	op.Usage = store.Usage{PromptTokens: int(resp.Usage.PromptTokens), CompletionTokens: int(resp.Usage.CompletionTokens), TotalTokens: int(resp.Usage.TotalTokens)}
	return readAnswer(op, resp.Text)
}

// humanOperator asks a person (Config.Person): the terminal, or a replay
// file; without one it raises OperatorError.
type humanOperator struct{ rt *Runtime }

func (humanOperator) Name() string { return "human" }

func (h humanOperator) Operate(th *interp.Thread, op *Operation) (interp.Value, error) {
	op.Prompt = operatorPrompt(op, true)
	op.Model = "human"
	p := h.rt.cfg.Person
	if p == nil {
		return nil, interp.Errorf("OperatorError",
			"%s needs a person to answer, and none is attached: this run has no terminal. Run it in a terminal (dana run, or the REPL), or answer from a file with DANA_HUMAN=replay:FILE (recorded with DANA_HUMAN=record:FILE)",
			operatorWhat(op))
	}
	// The interpreter lock is released while the person thinks, so that
	// parallel() workers go on; one question is asked at a time.
	var answer string
	var err error
	th.Unlocked(func() {
		h.rt.askMu.Lock()
		defer h.rt.askMu.Unlock()
		answer, err = p.Ask(th.Context(), Question{Key: questionKey(op), Text: op.Prompt})
	})
	if err != nil {
		if ie := th.Interrupted(); ie != nil {
			return nil, ie
		}
		var ex *interp.Exception
		if errors.As(err, &ex) {
			return nil, ex
		}
		return nil, interp.Errorf("OperatorError", "%s: no answer from the person: %v", operatorWhat(op), err)
	}
	op.Reply = answer
	return readAnswer(op, answer)
}

func operatorWhat(op *Operation) string {
	if op.Question != "" {
		return "ask_human()"
	}
	return op.Function + "() (operator=\"human\")"
}

// questionKey identifies a question for replay files: ask_human's prompt,
// or the function and its input; with the attempt number after the first.
func questionKey(op *Operation) string {
	k := op.Question
	if k == "" {
		k = op.Function + "(" + truncate(text(op.Input), 500) + ")"
	}
	if op.Attempt > 1 {
		k += fmt.Sprintf(" #%d", op.Attempt)
	}
	return k
}

// readAnswer reads an answer against the expected type like a model
// reply (reason.ParseAnswer).
func readAnswer(op *Operation, answer string) (interp.Value, error) {
	v, failure := reason.ParseAnswer(answer, op.Expected, op.Strict)
	if failure != "" {
		return nil, &UnusableAnswer{Answer: answer, Reason: failure}
	}
	return v, nil
}

// operatorPrompt phrases the question of one attempt for a model or a
// person: the question (or the function, its docstring and input), the
// notes from past feedback, the previous attempt's failure, and the form
// of the answer.
func operatorPrompt(op *Operation, human bool) string {
	var b strings.Builder
	if op.Question != "" {
		b.WriteString(strings.TrimSpace(op.Question))
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "The function `%s` needs an answer.\n", op.Function)
		if d := strings.TrimSpace(op.Doc); d != "" {
			b.WriteString(d)
			b.WriteString("\n")
		}
		if op.Input != nil {
			if _, none := op.Input.(interp.NoneType); !none {
				fmt.Fprintf(&b, "Input: %s\n", truncate(text(op.Input), 2000))
			}
		}
	}
	if len(op.Learnings) > 0 {
		b.WriteString("Notes from past feedback:\n")
		for _, l := range op.Learnings {
			fmt.Fprintf(&b, "  - %s\n", strings.ReplaceAll(strings.TrimSpace(l), "\n", "\n    "))
		}
	}
	if op.LastFailure != "" {
		fmt.Fprintf(&b, "The previous answer (%s) was not accepted: %s\n", truncate(op.LastOutput, 200), op.LastFailure)
	}
	if human {
		fmt.Fprintf(&b, "Answer with %s", answerForm(op.Expected))
		if op.MaxAttempts > 1 {
			fmt.Fprintf(&b, " (attempt %d of %d)", op.Attempt, op.MaxAttempts)
		}
		b.WriteString(":")
		return b.String()
	}
	b.WriteString("\n")
	b.WriteString(reason.FormatInstruction(op.Expected))
	return b.String()
}

// answerForm describes the answer a person should type.
func answerForm(h *interp.TypeHint) string {
	if h == nil {
		return "text"
	}
	name := reason.TypeName(h)
	switch name {
	case "bool":
		return "yes or no"
	case "int":
		return "a whole number"
	case "float":
		return "a number"
	case "str":
		return "text"
	}
	return fmt.Sprintf("a value of type %s (JSON for lists, dicts and structs)", name)
}

// operate runs the Operate step of one attempt with the execution's
// operator and notes its prompt, reply, model and tokens in the record.
func (rt *Runtime) operate(th *interp.Thread, ex *execution, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	pf := ex.pf
	if pf.operator == "" {
		return th.Call(pf.body, args, kw)
	}
	op := &Operation{
		Function: pf.name, Question: pf.question, Body: pf.body, Args: args, Kw: kw,
		Input: ex.perceived, Expected: ex.expected, Strict: ex.profile.Strict,
		Attempt: ex.attempt, MaxAttempts: ex.maxRetries + 1, LastFailure: ex.lastFailure,
	}
	if d, ok := pf.definition["docstring"].(string); ok {
		op.Doc = d
	}
	for _, l := range ex.learnings {
		op.Learnings = append(op.Learnings, l.Text)
	}
	if ex.lastFailure != "" && ex.lastOutput != nil {
		op.LastOutput = text(ex.lastOutput)
	}
	out, err := rt.operatorFor(pf.operator).Operate(th, op)
	if at := ex.cur; at != nil {
		at.Prompt, at.Reply = op.Prompt, op.Reply
		at.Usage = at.Usage.Add(op.Usage)
	}
	ex.rec.Usage = ex.rec.Usage.Add(op.Usage)
	if op.Model != "" {
		ex.rec.Model = op.Model
	}
	ex.rec.Mock = ex.rec.Mock || op.Mock
	return out, err
}

// askHumanParams are ask_human()'s parameters, in order.
var askHumanParams = []string{"prompt", "expected_type", "max_retries"}

// askHumanBuiltin implements ask_human(prompt, expected_type=None,
// max_retries=None): a POET execution whose operator is a person. The
// answer is read against the expected type (explicit, else what the call
// site expects, else str) like a model's reply; an unusable answer is
// asked again with the reason, up to max_retries times (default 2).
func (rt *Runtime) askHumanBuiltin(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	vals, err := bindParams("ask_human", askHumanParams, args, kw)
	if err != nil {
		return nil, err
	}
	q, ok := vals[0].(interp.Str)
	if !ok || strings.TrimSpace(string(q)) == "" {
		if vals[0] == nil {
			return nil, interp.Errorf("TypeError", "ask_human() missing required argument 'prompt' (the question for the person)")
		}
		return nil, interp.Errorf("TypeError", "ask_human(): the prompt must be a non-empty str")
	}
	pf := &poetFunc{name: "ask_human", operator: "human", question: string(q), mod: th.Module(),
		params: []string{"prompt"}, maxRetries: 2, maxRetriesSet: true}
	switch x := vals[1].(type) {
	case nil, interp.NoneType:
	case interp.Str:
		pf.expected = interp.HintFromString(string(x), pf.mod)
	case *interp.TypeObj:
		pf.expected = interp.HintFromString(x.Name, pf.mod)
	case *interp.StructType:
		pf.expected = &interp.TypeHint{Kind: interp.HintStruct, Name: x.Name, Struct: x}
	default:
		return nil, interp.Errorf("TypeError", "ask_human(expected_type=...) must be a type or a type name such as \"list[str]\", not %s", x.TypeName())
	}
	switch x := vals[2].(type) {
	case nil, interp.NoneType:
	case interp.Int:
		if x < 0 || x > 100 {
			return nil, interp.Errorf("ValueError", "ask_human(max_retries=%d): choose a number from 0 to 100", int64(x))
		}
		pf.maxRetries = int(x)
	default:
		return nil, interp.Errorf("TypeError", "ask_human(max_retries=...) must be an int, not %s", x.TypeName())
	}
	pf.definition = map[string]any{"function": "ask_human", "poet": map[string]any{"operator": "human"}}
	return rt.run(th, pf, []interp.Value{q}, nil)
}
