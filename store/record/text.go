package record

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Text writes the record for people: `dana executions show ID` and the
// REPL's `:last` both use it. Every field of the record appears (the
// system message and the code context last, as they are long); JSON gives
// the same data for programs.
func Text(w io.Writer, e *Execution) {
	r := &Fields{}
	r.Field("id", e.ID)
	fn := dash(e.Function)
	if e.Module != "" {
		fn += " (" + e.Module + ")"
	}
	r.Field("function", fn)
	if e.Enclosing != "" {
		r.Field("in function", e.Enclosing)
	}
	if e.Domain != "" {
		r.Field("domain", e.Domain)
	}
	if e.Profile != "" {
		r.Field("profile", e.Profile)
	}
	r.Field("kind", dash(e.Kind))
	r.Field("status", dash(e.Status))
	if e.ParentID != "" {
		r.Field("parent", e.ParentID)
	}
	model := dash(e.Model)
	var flags []string
	if e.Mock {
		flags = append(flags, "mock model")
	}
	if e.Replayed {
		flags = append(flags, "replayed")
	}
	if e.Cached {
		flags = append(flags, "cached")
	}
	if len(flags) > 0 {
		model += " (" + strings.Join(flags, ", ") + ")"
	}
	r.Field("model", model)
	if e.Endpoint != "" {
		r.Field("endpoint", e.Endpoint)
	}
	if p := e.Params; p != nil {
		var ps []string
		if p.Model != "" {
			ps = append(ps, "model="+p.Model)
		}
		if p.Temperature != nil {
			ps = append(ps, "temperature="+strconv.FormatFloat(*p.Temperature, 'g', -1, 64))
		}
		ps = append(ps, "max_retries="+strconv.Itoa(p.MaxRetries))
		if p.ResponseFormat != "" {
			ps = append(ps, "response_format="+p.ResponseFormat)
		}
		r.Field("parameters", strings.Join(ps, ", "))
	}
	started := when(e.Started)
	if d := e.Duration(); d > 0 {
		started += " (took " + d.Round(time.Millisecond).String() + ")"
	}
	r.Field("started", started)
	r.Field("tokens", tokens(e.Usage))
	if e.ExpectedType != "" {
		t := e.ExpectedType
		if e.TypeSource != "" {
			t += " (from " + e.TypeSource + ")"
		}
		r.Field("expected type", t)
	}
	if len(e.LearningsApplied) > 0 {
		r.Field("learnings applied", strings.Join(e.LearningsApplied, ", "))
	}
	if e.Prompt != "" {
		r.Block("prompt", e.Prompt)
	}
	if e.ContextArg != "" {
		r.Block("context", e.ContextArg)
	}
	if e.Inputs != nil {
		r.Block("inputs", Value(e.Inputs))
	}
	if e.PerceivedInput != nil {
		r.Block("perceived input", Value(e.PerceivedInput))
	}
	if e.Output != nil {
		r.Block("output", Value(e.Output))
	}
	if e.Error != "" {
		r.Block("error", e.Error)
	}
	r.Write(w)
	if len(e.Attempts) > 0 {
		fmt.Fprintln(w, "attempts:")
		for _, a := range e.Attempts {
			status := "ok"
			if a.Failure != "" {
				status = "failed: " + a.Failure
			}
			fmt.Fprintf(w, "  #%d %s (%s, %s)\n", a.N, status, a.Duration.Round(time.Millisecond), tokens(a.Usage))
			if a.Output != nil {
				indent(w, "output", Value(a.Output))
			}
			if a.Prompt != "" {
				indent(w, "prompt", a.Prompt)
			}
			if a.Reply != "" {
				indent(w, "reply", a.Reply)
			}
		}
	}
	if len(e.Feedback) > 0 {
		fmt.Fprintln(w, "feedback:")
		for _, f := range e.Feedback {
			var parts []string
			if f.Score != nil {
				parts = append(parts, fmt.Sprintf("score %+.2f", *f.Score))
			}
			if f.Correction != "" {
				parts = append(parts, "correction "+strconv.Quote(f.Correction))
			}
			if f.Note != "" {
				parts = append(parts, "note "+strconv.Quote(f.Note))
			}
			line := "  " + when(f.At) + "  " + strings.Join(parts, ", ")
			if len(f.LearningsCreated) > 0 {
				line += " → " + strings.Join(f.LearningsCreated, ", ")
			}
			fmt.Fprintln(w, line)
		}
	}
	for _, o := range e.Omitted {
		fmt.Fprintf(w, "omitted: %s (%d bytes, sha256 %s)\n", o.Field, o.Size, o.SHA256)
	}
	if e.System != "" {
		fmt.Fprintln(w, "system message:")
		indentLines(w, "  | ", e.System)
	}
	if e.CodeContext != nil {
		fmt.Fprintln(w, "code context:")
		indentLines(w, "  ", Value(e.CodeContext))
	}
}

// String returns Text as a string.
func String(e *Execution) string {
	var b strings.Builder
	Text(&b, e)
	return b.String()
}

// Fields renders "label: value" lines with aligned values; multi-line
// values are indented below their label. It is the one field renderer of
// the CLI (executions show, learnings show, stats) and the REPL's :last.
type Fields struct {
	labels, values []string
	multi          []bool
}

// Field adds a one-line value.
func (r *Fields) Field(label, value string) {
	r.labels = append(r.labels, label)
	r.values = append(r.values, value)
	r.multi = append(r.multi, false)
}

// Block adds a value that may span lines.
func (r *Fields) Block(label, value string) {
	r.labels = append(r.labels, label)
	r.values = append(r.values, value)
	r.multi = append(r.multi, strings.Contains(value, "\n"))
}

// Write writes the fields.
func (r *Fields) Write(w io.Writer) {
	width := 0
	for _, l := range r.labels {
		width = max(width, len(l)+1)
	}
	for i, l := range r.labels {
		if r.multi[i] {
			fmt.Fprintf(w, "%s:\n", l)
			indentLines(w, "  ", r.values[i])
			continue
		}
		fmt.Fprintf(w, "%-*s %s\n", width, l+":", r.values[i])
	}
}

// indent writes a labelled, possibly multi-line value under an attempt.
func indent(w io.Writer, label, text string) {
	if !strings.Contains(text, "\n") {
		fmt.Fprintf(w, "     %s: %s\n", label, text)
		return
	}
	fmt.Fprintf(w, "     %s:\n", label)
	indentLines(w, "       | ", text)
}

func indentLines(w io.Writer, prefix, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(prefix+line, " "))
	}
}

// Value renders a JSON-able value: strings quoted, the rest as compact
// JSON.
func Value(v any) string {
	if v == nil {
		return "None"
	}
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// when formats a time in local time; the zero time is "never".
func when(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

func tokens(u Usage) string {
	if u.TotalTokens == 0 && u.PromptTokens == 0 && u.CompletionTokens == 0 {
		return "no tokens"
	}
	return fmt.Sprintf("%d tokens: %d prompt, %d completion", u.TotalTokens, u.PromptTokens, u.CompletionTokens)
}
