package poet

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
)

// feedbackParams are feedback()'s parameters, in order.
var feedbackParams = []string{"execution_id", "score", "correction", "note", "kind"}

// feedbackBuiltin implements feedback(execution_id, score=None,
// correction=None, note=None) (SPEC §10.5). It returns a dict describing
// what changed; the change is durable when it returns.
func (rt *Runtime) feedbackBuiltin(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	vals, err := bindParams("feedback", feedbackParams, args, kw)
	if err != nil {
		return nil, err
	}
	id, fb, err := feedbackInput(vals)
	if err != nil {
		return nil, err
	}
	res, err := rt.Feedback(id, fb)
	if err != nil {
		return nil, err
	}
	return trainResultValue(res), nil
}

// feedbackInput checks feedback()'s arguments.
func feedbackInput(vals []interp.Value) (string, store.FeedbackInput, error) {
	var fb store.FeedbackInput
	var id string
	switch x := vals[0].(type) {
	case nil, interp.NoneType:
		return "", fb, interp.Errorf("TypeError",
			"feedback() needs an execution id: use system:__last_execution_id or poet_status.execution_id")
	case interp.Str:
		id = strings.TrimSpace(string(x))
	default:
		return "", fb, interp.Errorf("TypeError", "feedback(): the execution id must be a str, not %s", x.TypeName())
	}
	if id == "" {
		return "", fb, interp.Errorf("ValueError", "feedback(): the execution id is empty")
	}
	switch x := vals[1].(type) {
	case nil, interp.NoneType:
	case interp.Bool:
		s := -1.0
		if x {
			s = 1
		}
		fb.Score = &s
	case interp.Int, interp.Float:
		s, _ := interp.ToFloat(x)
		if math.IsNaN(s) || s < -1 || s > 1 {
			return "", fb, interp.Errorf("ValueError",
				"feedback(score=%s): a score is between -1 (bad) and 1 (good)", interp.Repr(x))
		}
		fb.Score = &s
	default:
		return "", fb, interp.Errorf("TypeError", "feedback(score=...) must be a number between -1 and 1, not %s", x.TypeName())
	}
	if v := vals[2]; v != nil {
		if _, none := v.(interp.NoneType); !none {
			fb.Correction = asText(v)
		}
	}
	if v := vals[3]; v != nil {
		if _, none := v.(interp.NoneType); !none {
			fb.Note = text(v)
		}
	}
	if v := vals[4]; v != nil {
		switch k := v.(type) {
		case interp.NoneType:
		case interp.Str:
			fb.Kind = strings.TrimSpace(string(k))
		default:
			return "", fb, interp.Errorf("TypeError", "feedback(kind=...) must be a str such as \"style\", not %s", v.TypeName())
		}
	}
	if fb.Score == nil && strings.TrimSpace(fb.Correction) == "" && strings.TrimSpace(fb.Note) == "" {
		return "", fb, interp.Errorf("ValueError", "feedback() needs a score, a correction or a note")
	}
	return id, fb, nil
}

// Feedback applies the Train step to execution id after writing every
// pending record; the change is durable when it returns. Errors are
// mini-Dana exceptions: an unknown id is a ValueError naming it.
func (rt *Runtime) Feedback(id string, fb store.FeedbackInput) (*store.TrainResult, error) {
	if rt.find(id) != nil {
		return nil, interp.Errorf("RuntimeError",
			"feedback(): execution %s is still running; give feedback after it returns", id)
	}
	st, err := rt.openStore()
	if err != nil {
		return nil, interp.Errorf("RuntimeError", "feedback(): the learning store is not available: %v", err)
	}
	rt.Flush()
	if fb.Strikes == 0 {
		fb.Strikes = rt.preferenceStrikes()
	}
	res, err := st.Feedback(id, fb)
	switch {
	case err == nil:
	case errors.Is(err, store.ErrNotFound):
		return nil, interp.Errorf("ValueError",
			"feedback(): no execution with id %s in the learning store at %s", id, st.Dir())
	case errors.Is(err, store.ErrTooManyLearnings):
		return nil, interp.Errorf("RuntimeError", "feedback(): %v", err)
	default:
		return nil, interp.Errorf("RuntimeError", "feedback on %s: %v", id, err)
	}
	if rt.last != nil && rt.last.ID == id {
		entry := store.FeedbackEntry{At: rt.cfg.Clock().UTC(), Score: fb.Score, Correction: fb.Correction, Note: fb.Note}
		for _, l := range res.Created {
			entry.LearningsCreated = append(entry.LearningsCreated, l.ID)
		}
		rt.last.Feedback = append(rt.last.Feedback, entry)
	}
	return res, nil
}

// trainResultValue renders a TrainResult for scripts.
func trainResultValue(res *store.TrainResult) interp.Value {
	d := interp.NewDict(5)
	d.SetStr("execution_id", interp.Str(res.ExecutionID))
	created := make([]interp.Value, len(res.Created))
	for i, l := range res.Created {
		created[i] = interp.Str(l.ID)
	}
	d.SetStr("learnings_created", interp.NewList(created))
	d.SetStr("reinforced", interp.MakeInt(int64(len(res.Reinforced))))
	d.SetStr("weakened", interp.MakeInt(int64(len(res.Weakened))))
	d.SetStr("pruned", interp.MakeInt(int64(len(res.Pruned))))
	ids := func(ls []*store.Learning) interp.Value {
		out := make([]interp.Value, len(ls))
		for i, l := range ls {
			out[i] = interp.Str(l.ID)
		}
		return interp.NewList(out)
	}
	d.SetStr("preferences_promoted", ids(res.Promoted))
	d.SetStr("preferences_contradicted", ids(res.Contradicted))
	retired := make([]interp.Value, len(res.RetiredTools))
	for i, n := range res.RetiredTools {
		retired[i] = interp.Str(n)
	}
	d.SetStr("tools_retired", interp.NewList(retired))
	return d
}

// bindParams binds a builtin's arguments to its parameter names (all
// optional here; missing ones are nil).
func bindParams(fn string, names []string, args []interp.Value, kw []interp.KwArg) ([]interp.Value, error) {
	if len(args) > len(names) {
		return nil, interp.Errorf("TypeError", "%s() takes at most %d arguments (%d given)", fn, len(names), len(args))
	}
	out := make([]interp.Value, len(names))
	copy(out, args)
	for _, k := range kw {
		i := -1
		for j, n := range names {
			if n == k.Name {
				i = j
				break
			}
		}
		if i < 0 {
			msg := fmt.Sprintf("%s() got an unexpected keyword argument '%s'", fn, k.Name)
			if s := closest(k.Name, names); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			}
			return nil, interp.Errorf("TypeError", "%s", msg)
		}
		if out[i] != nil {
			return nil, interp.Errorf("TypeError", "%s() got multiple values for argument '%s'", fn, k.Name)
		}
		out[i] = k.Value
	}
	return out, nil
}
