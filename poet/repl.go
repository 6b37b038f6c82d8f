package poet

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
)

// LastExecution returns the record of the latest execution finished in
// in (a POET function or a reason() call) as indented JSON, for the REPL's
// :last; ok is false when there is none (or POET is not installed).
func LastExecution(in *interp.Interpreter) (js string, ok bool) {
	rt := RuntimeOf(in)
	if rt == nil || rt.last == nil {
		return "", false
	}
	b, err := json.MarshalIndent(rt.last, "", "  ")
	if err != nil {
		return fmt.Sprintf("{\"id\": %q, \"error\": %q}", rt.last.ID, err.Error()), true
	}
	return string(b), true
}

// LastExecutionText renders the latest execution's record for people (the
// REPL's :last): what went in, each attempt with its output or failure,
// the result, the model, tokens and time, and any feedback; ok is false
// when there is none.
func LastExecutionText(in *interp.Interpreter) (txt string, ok bool) {
	rt := RuntimeOf(in)
	if rt == nil || rt.last == nil {
		return "", false
	}
	return FormatExecution(rt.last), true
}

// FormatExecution renders an execution record for people.
func FormatExecution(e *store.Execution) string {
	var b strings.Builder
	status := e.Status
	if status == "" {
		status = "?"
	}
	fmt.Fprintf(&b, "execution %s: %s %s, %s\n", e.ID, e.Kind, e.Function, status)
	row := func(label, value string) {
		if value != "" {
			fmt.Fprintf(&b, "  %-11s %s\n", label, value)
		}
	}
	row("parent", e.ParentID)
	prof := e.Profile
	if e.Domain != "" {
		prof += ", domain " + e.Domain
	}
	row("profile", prof)
	row("input", clipJSON(e.Inputs, 100))
	if e.PerceivedInput != nil {
		row("perceived", clipJSON(e.PerceivedInput, 100))
	}
	if n := len(e.LearningsApplied); n > 0 {
		row("learnings", fmt.Sprintf("%d applied", n))
	}
	for _, a := range e.Attempts {
		label := fmt.Sprintf("attempt %d", a.N)
		extra := ""
		if a.Duration > 0 {
			extra = " (" + a.Duration.Round(time.Microsecond).String()
			if a.Usage.TotalTokens > 0 {
				extra += fmt.Sprintf(", %d tokens", a.Usage.TotalTokens)
			}
			extra += ")"
		}
		if a.Failure != "" {
			row(label, "failed: "+truncate(oneLine(a.Failure), 200)+extra)
			if a.Output != nil {
				row("", "output: "+clipJSON(a.Output, 100))
			}
		} else {
			row(label, "ok: "+clipJSON(a.Output, 100)+extra)
		}
		if a.Reply != "" {
			row("", "reply: "+truncate(oneLine(a.Reply), 100))
		}
	}
	if e.Status == store.StatusOK {
		row("output", clipJSON(e.Output, 200))
	}
	row("error", truncate(oneLine(e.Error), 300))
	if e.Model != "" {
		m := e.Model
		if e.Mock && !strings.Contains(m, "mock") {
			m += " (mock)"
		}
		row("model", m)
	}
	if u := e.Usage; u.TotalTokens > 0 {
		row("tokens", fmt.Sprintf("%d (%d prompt, %d completion)", u.TotalTokens, u.PromptTokens, u.CompletionTokens))
	}
	if !e.Started.IsZero() && !e.Finished.IsZero() {
		row("time", e.Finished.Sub(e.Started).Round(time.Microsecond).String())
	}
	for _, f := range e.Feedback {
		var parts []string
		if f.Score != nil {
			parts = append(parts, fmt.Sprintf("score %g", *f.Score))
		}
		if f.Correction != "" {
			parts = append(parts, "correction "+truncate(oneLine(f.Correction), 80))
		}
		if f.Note != "" {
			parts = append(parts, "note "+truncate(oneLine(f.Note), 80))
		}
		row("feedback", strings.Join(parts, "; "))
	}
	return b.String()
}

// clipJSON renders plain data as compact JSON, cut to n runes.
func clipJSON(v any, n int) string {
	if v == nil {
		return "null"
	}
	js, err := json.Marshal(v)
	if err != nil {
		return truncate(fmt.Sprint(v), n)
	}
	return truncate(string(js), n)
}

// LastRecord returns the latest finished execution record, or nil.
func (rt *Runtime) LastRecord() *store.Execution { return rt.last }

// noLearningsYet ends the summary of a store without learnings.
const noLearningsYet = "no learnings yet: give feedback(system:__last_execution_id, correction=..., note=...) to add some\n"

// learningsSummaryLimit is how many learnings LearningsSummary lists.
const learningsSummaryLimit = 20

// LearningsSummary describes the learning store for the REPL's
// :learnings: how many learnings and executions it holds and the most
// recent learnings with their function, confidence and text.
func LearningsSummary(in *interp.Interpreter) (string, error) {
	rt := RuntimeOf(in)
	if rt == nil {
		return "", fmt.Errorf("POET is not installed in this interpreter")
	}
	if rt.cfg.Store == nil && !rt.cfg.NoStore {
		// Do not create a store just to say that it is empty.
		dir := rt.StoreDir()
		if _, err := os.Stat(filepath.Join(dir, "MANIFEST")); dir != "" && errors.Is(err, os.ErrNotExist) && !rt.rec.pending() {
			return fmt.Sprintf("0 learnings, 0 executions in %s\n%s", dir, noLearningsYet), nil
		}
	}
	st, err := rt.openStore()
	if err != nil {
		return "", fmt.Errorf("learning store: %w", err)
	}
	rt.Flush()
	stats, err := st.Stats()
	if err != nil {
		return "", fmt.Errorf("reading the learning store: %w", err)
	}
	ls, err := st.ListLearnings(store.LearningFilter{Limit: learningsSummaryLimit})
	if err != nil {
		return "", fmt.Errorf("reading the learning store: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d learning%s, %d execution%s in %s\n",
		stats.Learnings, plural(stats.Learnings), stats.Executions, plural(stats.Executions), st.Dir())
	if len(ls) == 0 {
		b.WriteString(noLearningsYet)
		return b.String(), nil
	}
	for _, l := range ls {
		scope := l.Function
		if l.Domain != "" {
			scope += " [" + l.Domain + "]"
		}
		fmt.Fprintf(&b, "  %s  %-20s %.2f  %s\n", l.ID, scope, l.Confidence, truncate(oneLine(l.Text), 70))
	}
	if stats.Learnings > len(ls) {
		fmt.Fprintf(&b, "  ... %d more (dana learnings list)\n", stats.Learnings-len(ls))
	}
	return b.String(), nil
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
