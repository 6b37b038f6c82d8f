package poet

import (
	"path/filepath"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/reason"
	"github.com/minidana/dana/store"
)

// reasonFunction is the function name of plain reason() calls made at
// module level, outside any POET function.
const reasonFunction = "reason"

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
		sc.Learnings = ex.applied
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
// made outside any POET function): those of its module and enclosing
// function, most relevant to its prompt first.
func (rt *Runtime) ReasonLearnings(th *interp.Thread, r *reason.Record) []reason.Learning {
	return appliedOf(rt.retrieve(reasonOwner(r), r.Prompt))
}

// reasonOwner is the owner of a plain reason() call's learnings: its
// module and the function it is in.
func reasonOwner(r *reason.Record) store.Owner {
	r.Module = moduleID(r.Module)
	if r.Function == "" {
		r.Function = reasonFunction
	}
	return store.OwnerOf(r)
}

// RecordReason saves a finished reason() execution: it becomes the last
// execution (system:__last_execution_id) and is written to the store
// before reason() returns. Its model, token usage, prompt and reply are
// also added to the enclosing POET execution's record.
func (rt *Runtime) RecordReason(th *interp.Thread, r *reason.Record) error {
	if r == nil {
		return nil
	}
	if r.ID == "" {
		r.ID = rt.NewID()
	}
	r.Kind = store.KindReason
	r.Module = moduleID(r.Module)
	if r.Function == "" {
		r.Function = reasonFunction
	}
	rt.addAmbient(r)
	if r.Status == "" {
		r.Status = store.StatusOK
		if r.Error != "" {
			r.Status = store.StatusFailed
		}
	}
	r.Started, r.Finished = r.Started.UTC(), r.Finished.UTC()
	r.Output = sanitize(r.Output)
	for i := range r.Attempts {
		r.Attempts[i].Output = sanitize(r.Attempts[i].Output)
	}
	if parent := rt.find(r.ParentID); parent != nil {
		r.Module = parent.rec.Module
		pr := parent.rec
		pr.Usage = pr.Usage.Add(r.Usage)
		if r.Model != "" {
			pr.Model = r.Model
		}
		if r.Endpoint != "" {
			pr.Endpoint = r.Endpoint
		}
		pr.Mock = pr.Mock || r.Mock
		pr.Replayed = pr.Replayed || r.Replayed
		pr.Cached = pr.Cached || r.Cached
		if at := parent.cur; at != nil {
			at.Usage = at.Usage.Add(r.Usage)
			if n := len(r.Attempts); n > 0 {
				at.Prompt = r.Attempts[n-1].Prompt
				at.Reply = r.Attempts[n-1].Reply
			}
		}
	}
	return rt.finishOn(th, r)
}

// appliedOf returns the ids and texts of learnings for reason().
func appliedOf(ls []*store.Learning) []reason.Learning {
	if len(ls) == 0 {
		return nil
	}
	out := make([]reason.Learning, len(ls))
	for i, l := range ls {
		out[i] = reason.Learning{ID: l.ID, Text: l.Text}
	}
	return out
}

// moduleID makes a module's file name absolute, so that learnings of two
// projects' functions of the same name never mix. Names that are already
// absolute, or empty, are kept.
func moduleID(file string) string {
	if file == "" || filepath.IsAbs(file) {
		return file
	}
	if abs, err := filepath.Abs(file); err == nil {
		return abs
	}
	return file
}
