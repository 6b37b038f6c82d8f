// Package storecli is the command-line front end of the learning store:
// the `dana learnings ...`, `dana executions ...` and `dana feedback ...`
// commands (SPEC §11.2). cmd/dana passes the arguments after "dana" to Run.
package storecli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/minidana/dana/store"
)

// Usage is the help text of the store commands.
const Usage = `usage:
  dana learnings list [--function F] [--domain D] [--min-confidence X] [--limit N]
  dana learnings show ID
  dana learnings export FILE        (FILE "-" writes to standard output)
  dana learnings import FILE        (FILE "-" reads standard input)
  dana learnings forget ID
  dana learnings decay
  dana learnings stats
  dana executions list [--function F] [--limit N]
  dana executions show ID
  dana feedback ID [--score N] [--correction TEXT] [--note TEXT]
every command accepts --json for machine-readable output.
scores are in [-1, 1]: positive reinforces the learnings the execution
applied, negative weakens them.
`

// Handles reports whether Run handles the top-level command name
// ("learnings", "executions" or "feedback"), for cmd/dana's dispatcher.
func Handles(name string) bool {
	switch name {
	case "learnings", "executions", "feedback":
		return true
	}
	return false
}

// Run executes one store command. args are the words after "dana" (for
// example ["learnings", "list", "--json"]). open opens the store; readOnly
// is true for commands that only read. Run closes the store it opened. It
// returns the process exit code: 0 on success, 1 on error, with a one-line
// "dana: ..." message on stderr.
func Run(args []string, stdout, stderr io.Writer, open func(readOnly bool) (*store.Store, error)) int {
	c := &cli{stdout: stdout, stderr: stderr, open: open}
	err := c.run(args)
	if c.st != nil {
		if cerr := c.st.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	if err == nil {
		return 0
	}
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, Usage)
		return 0
	}
	fmt.Fprintln(stderr, "dana: "+message(err))
	return 1
}

// errHelp asks Run to print the usage.
var errHelp = errors.New("help requested")

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg + " (see `dana learnings help`)" }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// message renders err on one line; an unknown id is reported plainly.
func message(err error) string {
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return nf.Error()
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

type cli struct {
	stdout, stderr io.Writer
	open           func(readOnly bool) (*store.Store, error)
	st             *store.Store
	asJSON         bool
}

func (c *cli) store(readOnly bool) (*store.Store, error) {
	if c.st == nil {
		st, err := c.open(readOnly)
		if err != nil {
			return nil, err
		}
		c.st = st
	}
	return c.st, nil
}

func (c *cli) run(args []string) error {
	if len(args) == 0 {
		return usagef("missing command")
	}
	switch args[0] {
	case "help", "-h", "--help":
		return errHelp
	case "learnings":
		if len(args) < 2 {
			return usagef("missing learnings subcommand (list, show, export, import, forget, decay, stats)")
		}
		switch args[1] {
		case "list":
			return c.learningsList(args[2:])
		case "show":
			return c.learningsShow(args[2:])
		case "export":
			return c.learningsExport(args[2:])
		case "import":
			return c.learningsImport(args[2:])
		case "forget":
			return c.learningsForget(args[2:])
		case "decay":
			return c.learningsDecay(args[2:])
		case "stats":
			return c.learningsStats(args[2:])
		case "help", "-h", "--help":
			return errHelp
		}
		return usagef("unknown learnings subcommand %q", args[1])
	case "executions":
		if len(args) < 2 {
			return usagef("missing executions subcommand (list, show)")
		}
		switch args[1] {
		case "list":
			return c.executionsList(args[2:])
		case "show":
			return c.executionsShow(args[2:])
		case "help", "-h", "--help":
			return errHelp
		}
		return usagef("unknown executions subcommand %q", args[1])
	case "feedback":
		return c.feedback(args[1:])
	}
	return usagef("unknown command %q", args[0])
}

// parse parses flags, which may come before, between or after the
// positional arguments, and checks the number of positionals.
func (c *cli) parse(fs *flag.FlagSet, args []string, positional ...string) ([]string, error) {
	fs.SetOutput(io.Discard)
	fs.BoolVar(&c.asJSON, "json", false, "")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, usagef("%s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	if len(pos) != len(positional) {
		if len(pos) < len(positional) {
			return nil, usagef("%s: missing %s", fs.Name(), positional[len(pos)])
		}
		return nil, usagef("%s: unexpected argument %q", fs.Name(), pos[len(positional)])
	}
	return pos, nil
}

// printJSON writes v as indented JSON.
func (c *cli) printJSON(v any) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func (c *cli) learningsList(args []string) error {
	fs := flag.NewFlagSet("learnings list", flag.ContinueOnError)
	var f store.LearningFilter
	fs.StringVar(&f.Function, "function", "", "")
	fs.StringVar(&f.Domain, "domain", "", "")
	fs.Float64Var(&f.MinConfidence, "min-confidence", 0, "")
	fs.IntVar(&f.Limit, "limit", 0, "")
	if _, err := c.parse(fs, args); err != nil {
		return err
	}
	if f.Limit < 0 {
		return usagef("learnings list: --limit must not be negative")
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	ls, err := st.ListLearnings(f)
	if err != nil {
		return err
	}
	if c.asJSON {
		if ls == nil {
			ls = []*store.Learning{}
		}
		return c.printJSON(ls)
	}
	if len(ls) == 0 {
		fmt.Fprintln(c.stdout, "no learnings")
		return nil
	}
	t := newTable("ID", "FUNCTION", "DOMAIN", "KIND", "CONF", "REINF", "LAST USED", "TEXT")
	for _, l := range ls {
		t.row(l.ID, dash(l.Function), dash(l.Domain), l.Kind, conf(l.Confidence),
			strconv.Itoa(l.TimesReinforced), when(l.LastUsed), clip(l.Text, 60))
	}
	t.write(c.stdout)
	fmt.Fprintf(c.stdout, "%d %s\n", len(ls), plural(len(ls), "learning", "learnings"))
	return nil
}

func (c *cli) learningsShow(args []string) error {
	fs := flag.NewFlagSet("learnings show", flag.ContinueOnError)
	pos, err := c.parse(fs, args, "ID")
	if err != nil {
		return err
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	l, err := st.GetLearning(pos[0])
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(l)
	}
	r := &record{}
	r.field("id", l.ID)
	r.field("kind", l.Kind)
	r.field("function", dash(l.Function))
	r.field("domain", dash(l.Domain))
	r.field("confidence", conf(l.Confidence))
	r.field("times reinforced", strconv.Itoa(l.TimesReinforced))
	r.field("created", when(l.Created))
	r.field("last used", when(l.LastUsed))
	if l.SourceExecution != "" {
		r.field("source execution", l.SourceExecution)
	}
	r.block("text", l.Text)
	r.write(c.stdout)
	return nil
}

// countingWriter counts the lines written through it.
type countingWriter struct {
	w     io.Writer
	lines int
}

func (cw *countingWriter) Write(p []byte) (int, error) {
	n, err := cw.w.Write(p)
	for _, b := range p[:n] {
		if b == '\n' {
			cw.lines++
		}
	}
	return n, err
}

func (c *cli) learningsExport(args []string) error {
	fs := flag.NewFlagSet("learnings export", flag.ContinueOnError)
	pos, err := c.parse(fs, args, "FILE")
	if err != nil {
		return err
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	file := pos[0]
	if file == "-" {
		if c.asJSON {
			return usagef("learnings export: --json cannot be combined with FILE \"-\"")
		}
		return st.Export(c.stdout)
	}
	// Write next to the target and rename, so a failed export never leaves
	// a truncated file behind.
	tmp, err := os.CreateTemp(dirOf(file), ".dana-export-*")
	if err != nil {
		return fmt.Errorf("exporting learnings: %w", err)
	}
	defer os.Remove(tmp.Name())
	cw := &countingWriter{w: tmp}
	err = st.Export(cw)
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("exporting learnings: %w", cerr)
	}
	if err == nil {
		if rerr := os.Rename(tmp.Name(), file); rerr != nil {
			err = fmt.Errorf("exporting learnings: %w", rerr)
		}
	}
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"exported": cw.lines, "file": file})
	}
	fmt.Fprintf(c.stdout, "exported %d %s to %s\n", cw.lines, plural(cw.lines, "learning", "learnings"), file)
	return nil
}

func dirOf(file string) string {
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		return file[:i+1]
	}
	return "."
}

func (c *cli) learningsImport(args []string) error {
	fs := flag.NewFlagSet("learnings import", flag.ContinueOnError)
	pos, err := c.parse(fs, args, "FILE")
	if err != nil {
		return err
	}
	var r io.Reader = os.Stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return fmt.Errorf("importing learnings: %w", err)
		}
		defer f.Close()
		r = f
	}
	st, err := c.store(false)
	if err != nil {
		return err
	}
	added, skipped, err := st.Import(r)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"added": added, "skipped": skipped, "file": pos[0]})
	}
	fmt.Fprintf(c.stdout, "imported %d %s (%d unchanged) from %s\n",
		added, plural(added, "learning", "learnings"), skipped, pos[0])
	return nil
}

func (c *cli) learningsForget(args []string) error {
	fs := flag.NewFlagSet("learnings forget", flag.ContinueOnError)
	pos, err := c.parse(fs, args, "ID")
	if err != nil {
		return err
	}
	st, err := c.store(false)
	if err != nil {
		return err
	}
	if err := st.ForgetLearning(pos[0]); err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"forgotten": pos[0]})
	}
	fmt.Fprintf(c.stdout, "forgot learning %s\n", pos[0])
	return nil
}

func (c *cli) learningsDecay(args []string) error {
	fs := flag.NewFlagSet("learnings decay", flag.ContinueOnError)
	if _, err := c.parse(fs, args); err != nil {
		return err
	}
	st, err := c.store(false)
	if err != nil {
		return err
	}
	res, err := st.Decay(time.Time{})
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.stdout, "examined %d %s: %d decayed, %d dropped (confidence below %.1f)\n",
		res.Examined, plural(res.Examined, "learning", "learnings"), res.Decayed, res.Dropped, store.PruneBelow)
	return nil
}

func (c *cli) learningsStats(args []string) error {
	fs := flag.NewFlagSet("learnings stats", flag.ContinueOnError)
	if _, err := c.parse(fs, args); err != nil {
		return err
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	s, err := st.Stats()
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(s)
	}
	r := &record{}
	r.field("store", s.Dir)
	r.field("size", humanBytes(s.SizeBytes))
	r.field("executions", strconv.Itoa(s.Executions))
	r.field("learnings", strconv.Itoa(s.Learnings))
	if s.Learnings > 0 {
		r.field("mean confidence", conf(s.MeanConfidence))
	}
	r.write(c.stdout)
	for _, g := range []struct {
		title  string
		groups []store.GroupStats
	}{{"FUNCTION", s.Functions}, {"DOMAIN", s.Domains}} {
		if len(g.groups) == 0 {
			continue
		}
		fmt.Fprintln(c.stdout)
		t := newTable(g.title, "LEARNINGS", "MEAN CONF")
		for _, gs := range g.groups {
			t.row(dash(gs.Name), strconv.Itoa(gs.Learnings), conf(gs.MeanConfidence))
		}
		t.write(c.stdout)
	}
	return nil
}

func (c *cli) executionsList(args []string) error {
	fs := flag.NewFlagSet("executions list", flag.ContinueOnError)
	var f store.ExecutionFilter
	fs.StringVar(&f.Function, "function", "", "")
	fs.IntVar(&f.Limit, "limit", 20, "")
	if _, err := c.parse(fs, args); err != nil {
		return err
	}
	if f.Limit < 0 {
		return usagef("executions list: --limit must not be negative")
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	es, err := st.ListExecutions(f)
	if err != nil {
		return err
	}
	if c.asJSON {
		if es == nil {
			es = []*store.Execution{}
		}
		return c.printJSON(es)
	}
	if len(es) == 0 {
		fmt.Fprintln(c.stdout, "no executions")
		return nil
	}
	t := newTable("ID", "STARTED", "FUNCTION", "KIND", "STATUS", "ATTEMPTS", "MODEL", "OUTPUT")
	for _, e := range es {
		model := dash(e.Model)
		if e.Mock {
			model += " (mock)"
		}
		out := clip(value(e.Output), 40)
		if e.Status == store.StatusFailed && e.Error != "" {
			out = clip(e.Error, 40)
		}
		t.row(e.ID, when(e.Started), dash(e.Function), dash(e.Kind), dash(e.Status),
			strconv.Itoa(len(e.Attempts)), model, out)
	}
	t.write(c.stdout)
	fmt.Fprintf(c.stdout, "%d %s\n", len(es), plural(len(es), "execution", "executions"))
	return nil
}

func (c *cli) executionsShow(args []string) error {
	fs := flag.NewFlagSet("executions show", flag.ContinueOnError)
	pos, err := c.parse(fs, args, "ID")
	if err != nil {
		return err
	}
	st, err := c.store(true)
	if err != nil {
		return err
	}
	e, err := st.GetExecution(pos[0])
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(e)
	}
	writeExecution(c.stdout, e)
	return nil
}

func writeExecution(w io.Writer, e *store.Execution) {
	r := &record{}
	r.field("id", e.ID)
	r.field("function", dash(e.Function))
	if e.Domain != "" {
		r.field("domain", e.Domain)
	}
	if e.Profile != "" {
		r.field("profile", e.Profile)
	}
	r.field("kind", dash(e.Kind))
	r.field("status", dash(e.Status))
	if e.ParentID != "" {
		r.field("parent", e.ParentID)
	}
	model := dash(e.Model)
	if e.Mock {
		model += " (mock model)"
	}
	r.field("model", model)
	started := when(e.Started)
	if !e.Started.IsZero() && !e.Finished.IsZero() {
		started += " (took " + e.Finished.Sub(e.Started).Round(time.Millisecond).String() + ")"
	}
	r.field("started", started)
	r.field("tokens", tokens(e.Usage))
	if len(e.LearningsApplied) > 0 {
		r.field("learnings applied", strings.Join(e.LearningsApplied, ", "))
	}
	r.block("inputs", value(e.Inputs))
	if e.PerceivedInput != nil {
		r.block("perceived input", value(e.PerceivedInput))
	}
	if e.Output != nil {
		r.block("output", value(e.Output))
	}
	if e.Error != "" {
		r.block("error", e.Error)
	}
	r.write(w)
	if len(e.Attempts) > 0 {
		fmt.Fprintln(w, "attempts:")
		for _, a := range e.Attempts {
			status := "ok"
			if a.Failure != "" {
				status = "failed: " + a.Failure
			}
			fmt.Fprintf(w, "  #%d %s (%s, %s)\n", a.N, status, a.Duration.Round(time.Millisecond), tokens(a.Usage))
			if a.Output != nil {
				indent(w, "output", value(a.Output))
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
	if e.CodeContext != nil {
		fmt.Fprintln(w, "code context:")
		indentLines(w, "  ", value(e.CodeContext))
	}
}

func (c *cli) feedback(args []string) error {
	fs := flag.NewFlagSet("feedback", flag.ContinueOnError)
	score := fs.String("score", "", "")
	correction := fs.String("correction", "", "")
	note := fs.String("note", "", "")
	pos, err := c.parse(fs, args, "ID")
	if err != nil {
		return err
	}
	var in store.FeedbackInput
	in.Correction, in.Note = *correction, *note
	if *score != "" {
		v, err := strconv.ParseFloat(*score, 64)
		if err != nil || math.IsNaN(v) || v < -1 || v > 1 {
			return usagef("feedback: --score must be a number from -1 to 1, not %q", *score)
		}
		in.Score = &v
	}
	if in.Score == nil && strings.TrimSpace(in.Correction) == "" && strings.TrimSpace(in.Note) == "" {
		return usagef("feedback: give --score, --correction or --note")
	}
	st, err := c.store(false)
	if err != nil {
		return err
	}
	res, err := st.Feedback(pos[0], in)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.stdout, "feedback recorded for execution %s\n", res.ExecutionID)
	for _, l := range res.Created {
		fmt.Fprintf(c.stdout, "  new %s learning %s: %s\n", l.Kind, l.ID, clip(l.Text, 80))
	}
	for _, l := range res.Reinforced {
		fmt.Fprintf(c.stdout, "  reinforced %s → confidence %s\n", l.ID, conf(l.Confidence))
	}
	for _, l := range res.Weakened {
		fmt.Fprintf(c.stdout, "  weakened %s → confidence %s\n", l.ID, conf(l.Confidence))
	}
	for _, id := range res.Pruned {
		fmt.Fprintf(c.stdout, "  dropped %s (confidence below %.1f)\n", id, store.PruneBelow)
	}
	return nil
}
