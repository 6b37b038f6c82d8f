package poet

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/record"
)

// LastExecution returns the record of the latest execution finished in
// in (a POET function or a reason() call) as indented JSON, every field
// as `dana executions show ID --json` prints it; ok is false when there is
// none (or POET is not installed).
func LastExecution(in *interp.Interpreter) (js string, ok bool) {
	rt := RuntimeOf(in)
	if rt == nil || rt.last == nil {
		return "", false
	}
	b, err := record.JSON(rt.last)
	if err != nil {
		return fmt.Sprintf("{\"id\": %q, \"error\": %q}", rt.last.ID, err.Error()), true
	}
	return string(b), true
}

// LastExecutionText renders the latest execution's record for people (the
// REPL's :last) exactly as `dana executions show ID` does; ok is false
// when there is none.
func LastExecutionText(in *interp.Interpreter) (txt string, ok bool) {
	rt := RuntimeOf(in)
	if rt == nil || rt.last == nil {
		return "", false
	}
	return record.String(rt.last), true
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
		if _, err := os.Stat(filepath.Join(dir, "MANIFEST")); dir != "" && errors.Is(err, os.ErrNotExist) {
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
