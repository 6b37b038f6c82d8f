package poet

import (
	"slices"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// reasonFunction is the function name of plain reason() calls, outside any
// POET function: their learnings are attached to it.
const reasonFunction = "reason"

// maxReasonPrompts bounds the prompts whose retrieved learnings are
// remembered for reinforcement.
const maxReasonPrompts = 256

// Hooks returns the connection between reason() and this runtime: the
// active execution's scope, execution ids, records and learnings.
func (rt *Runtime) Hooks() reason.Hooks {
	return reason.Hooks{
		CurrentScope: rt.CurrentScope,
		NewID:        rt.NewID,
		Record:       rt.RecordReason,
		Learnings:    rt.ReasonLearnings,
	}
}

// CurrentScope returns what the innermost active POET execution gives
// every reason() call: its id (the parent of the reason() execution),
// function, domain and profile; during Operate also its learnings, the
// previous attempt's failure and output, and the expected type of its
// result when it is explicit or comes from the call site.
// It returns nil outside any POET execution.
func (rt *Runtime) CurrentScope(th *interp.Thread) *reason.Scope {
	ex := rt.top()
	if ex == nil {
		return nil
	}
	sc := &reason.Scope{
		ExecutionID: ex.id,
		Function:    ex.pf.name,
		Domain:      ex.pf.domain,
		Profile:     ex.profile.Name,
		Budget:      ex.budget,
	}
	if ex.stage == stageOperate {
		sc.Learnings = ex.learningTexts
		sc.LastFailure = ex.lastFailure
		if ex.lastFailure != "" && ex.lastOutput != nil {
			sc.LastOutput = text(ex.lastOutput)
		}
		sc.ExpectedType = ex.pf.expected
		if ex.site != nil {
			// No expected_output_type, no return hint: the function's
			// result is what its call site expects.
			sc.ExpectedType = ex.expected
			sc.ExpectedTypeSource = codecontext.SourceCaller
			sc.ExpectedTypeReason = callerReason(ex.pf, ex.site)
		}
	}
	return sc
}

// ReasonLearnings returns the learnings for a plain reason() call (one
// made outside any POET function), most relevant to its prompt.
func (rt *Runtime) ReasonLearnings(th *interp.Thread, prompt string) []string {
	ls := rt.retrieve(reasonFunction, "", prompt)
	if len(ls) == 0 {
		return nil
	}
	if len(rt.reasonLearnings) >= maxReasonPrompts {
		clear(rt.reasonLearnings)
	}
	rt.reasonLearnings[prompt] = ls
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// RecordReason records a finished reason() execution: it becomes the
// last execution (system:__last_execution_id) and is written to the
// store; its model, token usage, prompt and reply are also added to the
// enclosing POET execution's record.
func (rt *Runtime) RecordReason(th *interp.Thread, r *reason.Record) {
	if r == nil {
		return
	}
	if r.ID == "" {
		r.ID = rt.NewID()
	}
	rec := &store.Execution{
		ID:          r.ID,
		Function:    r.Function,
		Domain:      r.Domain,
		Profile:     r.Profile,
		Kind:        store.KindReason,
		ParentID:    r.ParentID,
		Inputs:      map[string]any{"prompt": r.Prompt, "expected_type": r.ExpectedType},
		Output:      sanitize(r.Output),
		Status:      r.Status,
		Error:       r.Error,
		CodeContext: r.CodeContext,
		Model:       r.Model,
		Mock:        r.Mock,
		Usage:       storeUsage(r.Usage),
		Started:     r.Started.UTC(),
		Finished:    r.Finished.UTC(),
	}
	if rec.Function == "" {
		rec.Function = reasonFunction
	}
	rt.addAmbient(rec)
	if rec.Status == "" {
		rec.Status = store.StatusOK
		if r.Error != "" {
			rec.Status = store.StatusFailed
		}
	}
	for _, a := range r.Attempts {
		rec.Attempts = append(rec.Attempts, store.Attempt{
			N:        a.N,
			Output:   sanitize(a.Output),
			Failure:  a.Failure,
			Prompt:   a.Prompt,
			Reply:    a.Reply,
			Usage:    storeUsage(a.Usage),
			Duration: a.Duration,
		})
	}
	// The learnings it applied, by id, for reinforcement.
	var applied []*store.Learning
	parent := rt.find(r.ParentID)
	if parent != nil {
		applied = parent.learnings
	} else if r.ParentID == "" {
		applied = rt.reasonLearnings[r.Prompt]
	}
	for _, t := range r.LearningsApplied {
		i := slices.IndexFunc(applied, func(l *store.Learning) bool { return l.Text == t })
		if i >= 0 {
			rec.LearningsApplied = append(rec.LearningsApplied, applied[i].ID)
		}
	}
	if parent != nil {
		pr := parent.rec
		pr.Usage = pr.Usage.Add(rec.Usage)
		if r.Model != "" {
			pr.Model = r.Model
		}
		pr.Mock = pr.Mock || r.Mock
		if at := parent.cur; at != nil {
			at.Usage = at.Usage.Add(rec.Usage)
			if n := len(r.Attempts); n > 0 {
				at.Prompt = r.Attempts[n-1].Prompt
				at.Reply = r.Attempts[n-1].Reply
			}
		}
	}
	rt.finish(rec)
}

func storeUsage(u reason.Usage) store.Usage {
	return store.Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
}
