// Package storecli is the command-line front end of the learning store:
// the `dana learnings ...`, `dana executions ...` and `dana feedback ...`
// commands (SPEC §11.2), as cobra commands that cmd/dana adds to its root.
package storecli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/record"
)

// OpenFunc opens the learning store; readOnly is true for commands that
// only read (they then work while a script holds the store).
type OpenFunc func(readOnly bool) (store.Backend, error)

// Handles reports whether Commands provides the top-level command name
// ("learnings", "executions" or "feedback").
func Handles(name string) bool {
	switch name {
	case "learnings", "executions", "feedback":
		return true
	}
	return false
}

// Commands returns the store commands: `learnings` (list, show, export,
// import, forget, decay, stats), `executions` (list, show) and `feedback`.
// Each opens the store through open when it runs, at most once, and closes
// it before returning. Usage errors are cli.UsageError (exit status 2) and
// never open the store.
func Commands(open OpenFunc) []*cobra.Command {
	learnings := &cobra.Command{
		Use:   "learnings",
		Short: "List, inspect, export, import and prune the learnings POET keeps",
		Long: `The learnings POET keeps in the store (SPEC §11.2).

  dana learnings list [--function F] [--domain D] [--kind K] [--min-confidence X] [--limit N]
  dana learnings show ID
  dana learnings export FILE        (FILE "-" writes to standard output)
  dana learnings import FILE        (FILE "-" reads standard input)
  dana learnings forget ID
  dana learnings decay
  dana learnings stats

Every subcommand accepts --json for machine-readable output.`,
	}
	executions := &cobra.Command{
		Use:   "executions",
		Short: "List and show recorded reason() and POET executions",
		Long: `The execution records of reason() calls and POET functions.

  dana executions list [--function F] [--limit N]
  dana executions show ID

Every subcommand accepts --json for machine-readable output.`,
	}

	var lf store.LearningFilter
	list := command(open, "list", "List learnings, most confident first", nil, func(c *runner) error { return c.learningsList(lf) })
	list.Flags().StringVar(&lf.Function, "function", "", "only learnings of this function")
	list.Flags().StringVar(&lf.Domain, "domain", "", "only learnings of this domain")
	list.Flags().StringVar(&lf.Kind, "kind", "", "only learnings of this kind: correction, note or preference")
	list.Flags().Float64Var(&lf.MinConfidence, "min-confidence", 0, "only learnings at least this confident (0 to 1)")
	list.Flags().IntVar(&lf.Limit, "limit", 0, "at most N learnings (0: all)")
	learnings.AddCommand(
		list,
		command(open, "show ID", "Show one learning", []string{"ID"}, func(c *runner) error { return c.learningsShow(c.args[0]) }),
		command(open, "export FILE", "Write every learning as JSON lines to FILE (- for standard output)", []string{"FILE"}, func(c *runner) error { return c.learningsExport(c.args[0]) }),
		command(open, "import FILE", "Add the learnings of a JSON-lines FILE (- for standard input)", []string{"FILE"}, func(c *runner) error { return c.learningsImport(c.args[0]) }),
		command(open, "forget ID", "Delete one learning", []string{"ID"}, func(c *runner) error { return c.learningsForget(c.args[0]) }),
		command(open, "decay", "Lower the confidence of unused learnings and drop the weakest", []string{}, func(c *runner) error { return c.learningsDecay() }),
		command(open, "stats", "Summarise the store: sizes, counts, confidence by function and domain", []string{}, func(c *runner) error { return c.learningsStats() }),
	)

	var ef store.ExecutionFilter
	elist := command(open, "list", "List recent executions, newest first", nil, func(c *runner) error { return c.executionsList(ef) })
	elist.Flags().StringVar(&ef.Function, "function", "", "only executions of this function")
	elist.Flags().IntVar(&ef.Limit, "limit", 20, "at most N executions (0: all)")
	executions.AddCommand(
		elist,
		command(open, "show ID", "Show one execution: inputs, attempts, prompts, replies, feedback", []string{"ID"}, func(c *runner) error { return c.executionsShow(c.args[0]) }),
	)

	var fb feedbackFlags
	feedback := command(open, "feedback ID", "Train POET from the command line: score, correct or annotate an execution", []string{"ID"},
		func(c *runner) error { return c.feedback(c.args[0], fb) })
	feedback.Long = `Give feedback on a recorded execution, as feedback() does in a script.

Scores are in [-1, 1]: positive reinforces the learnings the execution
applied, negative weakens them. A correction or a note becomes a new
learning. Three similar corrections of one function (the same text up to
case and punctuation, or the same --kind) promote a standing preference.`
	feedback.Flags().StringVar(&fb.score, "score", "", "a number from -1 (wrong) to 1 (right)")
	feedback.Flags().StringVar(&fb.correction, "correction", "", "what the output should have been")
	feedback.Flags().StringVar(&fb.note, "note", "", "a note for next time")
	feedback.Flags().StringVar(&fb.kind, "kind", "", "the kind of correction (style, format, ...): three negative ones make a standing preference; a positive score with a kind contradicts it")
	return []*cobra.Command{learnings, executions, feedback}
}

// command builds one store command. args names the positional arguments
// (nil: none are checked beyond "no arguments"); every command takes --json.
func command(open OpenFunc, use, short string, args []string, run func(c *runner) error) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cli.Args(args...),
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) (err error) {
		c := &runner{cmd: cmd, stdout: cmd.OutOrStdout(), stdin: cmd.InOrStdin(), open: open, args: args, asJSON: asJSON}
		defer func() {
			if c.st != nil {
				if cerr := c.st.Close(); cerr != nil && err == nil {
					err = cerr
				}
			}
		}()
		return run(c)
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "machine-readable JSON output")
	return cmd
}

// Run executes one store command line, as `dana` would: args are the words
// after "dana" (for example ["learnings", "list", "--json"]). It returns
// the exit status (0 ok, 1 error, 2 usage) after writing any error as one
// "dana: ..." line on stderr.
func Run(args []string, stdout, stderr io.Writer, open OpenFunc) int {
	root := &cobra.Command{Use: "dana", Args: cli.NoArgs, RunE: func(cmd *cobra.Command, args []string) error {
		return cli.Usagef(cmd, "missing command (learnings, executions, feedback)")
	}}
	root.AddCommand(Commands(open)...)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cli.Setup(root)
	if len(args) > 0 && !Handles(args[0]) && args[0] != "help" && !strings.HasPrefix(args[0], "-") {
		err := cli.Usagef(root, "unknown command %q", args[0])
		cli.Report(stderr, err)
		return cli.Code(err)
	}
	err := root.Execute()
	cli.Report(stderr, message(err))
	return cli.Code(err)
}

// message renders an unknown id plainly.
func message(err error) error {
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return nf
	}
	return err
}

type runner struct {
	cmd    *cobra.Command
	stdout io.Writer
	stdin  io.Reader
	open   OpenFunc
	args   []string
	st     store.Backend
	asJSON bool
}

func (c *runner) store(readOnly bool) (store.Backend, error) {
	if c.st == nil {
		st, err := c.open(readOnly)
		if err != nil {
			return nil, err
		}
		c.st = st
	}
	return c.st, nil
}

// usagef is a usage error of the running command.
func (c *runner) usagef(format string, args ...any) error {
	return cli.Usagef(c.cmd, format, args...)
}

// printJSON writes v as indented JSON.
func (c *runner) printJSON(v any) error { return cli.PrintJSON(c.stdout, v) }

func (c *runner) learningsList(f store.LearningFilter) error {
	if f.Limit < 0 {
		return c.usagef("learnings list: --limit must not be negative")
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
	t := newTable("ID", "FUNCTION", "MODULE", "DOMAIN", "KIND", "CONF", "REINF", "LAST USED", "TEXT")
	for _, l := range ls {
		t.Row(l.ID, dash(l.Function), dash(shortPath(l.Module)), dash(l.Domain), l.Kind, conf(l.Confidence),
			strconv.Itoa(l.TimesReinforced), when(l.LastUsed), clip(l.Text, 60))
	}
	t.Write(c.stdout)
	fmt.Fprintf(c.stdout, "%d %s\n", len(ls), plural(len(ls), "learning", "learnings"))
	return nil
}

func (c *runner) learningsShow(arg string) error {
	st, err := c.store(true)
	if err != nil {
		return err
	}
	l, err := st.GetLearning(arg)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(l)
	}
	r := &record.Fields{}
	r.Field("id", l.ID)
	r.Field("kind", l.Kind)
	r.Field("function", dash(l.Function))
	if l.Module != "" {
		r.Field("module", l.Module)
	}
	r.Field("domain", dash(l.Domain))
	r.Field("confidence", conf(l.Confidence))
	r.Field("times reinforced", strconv.Itoa(l.TimesReinforced))
	r.Field("created", when(l.Created))
	r.Field("last used", when(l.LastUsed))
	if l.SourceExecution != "" {
		r.Field("source execution", l.SourceExecution)
	}
	r.Block("text", l.Text)
	r.Write(c.stdout)
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

func (c *runner) learningsExport(arg string) error {
	st, err := c.store(true)
	if err != nil {
		return err
	}
	file := arg
	if file == "-" {
		if c.asJSON {
			return c.usagef("learnings export: --json cannot be combined with FILE \"-\"")
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

func (c *runner) learningsImport(arg string) error {
	r := c.stdin
	if arg != "-" {
		f, err := os.Open(arg)
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
		return c.printJSON(map[string]any{"added": added, "skipped": skipped, "file": arg})
	}
	fmt.Fprintf(c.stdout, "imported %d %s (%d unchanged) from %s\n",
		added, plural(added, "learning", "learnings"), skipped, arg)
	return nil
}

func (c *runner) learningsForget(arg string) error {
	st, err := c.store(false)
	if err != nil {
		return err
	}
	if err := st.ForgetLearning(arg); err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"forgotten": arg})
	}
	fmt.Fprintf(c.stdout, "forgot learning %s\n", arg)
	return nil
}

func (c *runner) learningsDecay() error {
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

func (c *runner) learningsStats() error {
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
	r := &record.Fields{}
	r.Field("store", s.Dir)
	r.Field("size", humanBytes(s.SizeBytes))
	r.Field("executions", strconv.Itoa(s.Executions))
	r.Field("learnings", strconv.Itoa(s.Learnings))
	if s.Learnings > 0 {
		r.Field("mean confidence", conf(s.MeanConfidence))
	}
	r.Write(c.stdout)
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
			t.Row(dash(gs.Name), strconv.Itoa(gs.Learnings), conf(gs.MeanConfidence))
		}
		t.Write(c.stdout)
	}
	return nil
}

func (c *runner) executionsList(f store.ExecutionFilter) error {
	if f.Limit < 0 {
		return c.usagef("executions list: --limit must not be negative")
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
	t := newTable("ID", "STARTED", "FUNCTION", "KIND", "STATUS", "ATTEMPTS", "MODEL", "TOKENS", "DURATION", "OUTPUT")
	for _, e := range es {
		model := dash(e.Model)
		switch {
		case e.Mock:
			model += " (mock)"
		case e.Cached:
			model += " (cached)"
		case e.Replayed:
			model += " (replay)"
		}
		tokens := "-"
		if n := e.Usage.TotalTokens; n > 0 || e.Usage.PromptTokens+e.Usage.CompletionTokens > 0 {
			tokens = strconv.Itoa(max(n, e.Usage.PromptTokens+e.Usage.CompletionTokens))
		}
		dur := "-"
		if d := e.Duration(); d > 0 {
			dur = d.Round(time.Millisecond).String()
		}
		out := clip(record.Value(e.Output), 40)
		if e.Status == store.StatusFailed && e.Error != "" {
			out = clip(e.Error, 40)
		}
		t.Row(e.ID, when(e.Started), dash(e.Function), dash(e.Kind), dash(e.Status),
			strconv.Itoa(len(e.Attempts)), model, tokens, dur, out)
	}
	t.Write(c.stdout)
	fmt.Fprintf(c.stdout, "%d %s\n", len(es), plural(len(es), "execution", "executions"))
	return nil
}

func (c *runner) executionsShow(arg string) error {
	st, err := c.store(true)
	if err != nil {
		return err
	}
	e, err := st.GetExecution(arg)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(e)
	}
	record.Text(c.stdout, e)
	return nil
}

// feedbackFlags are the flags of `dana feedback`.
type feedbackFlags struct{ score, correction, note, kind string }

func (c *runner) feedback(id string, fl feedbackFlags) error {
	var in store.FeedbackInput
	in.Correction, in.Note, in.Kind = fl.correction, fl.note, fl.kind
	if fl.score != "" {
		v, err := strconv.ParseFloat(fl.score, 64)
		if err != nil || math.IsNaN(v) || v < -1 || v > 1 {
			return c.usagef("feedback: --score must be a number from -1 to 1, not %q", fl.score)
		}
		in.Score = &v
	}
	if in.Score == nil && strings.TrimSpace(in.Correction) == "" && strings.TrimSpace(in.Note) == "" {
		return c.usagef("feedback: give --score, --correction or --note")
	}
	st, err := c.store(false)
	if err != nil {
		return err
	}
	res, err := st.Feedback(id, in)
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
	for _, l := range res.Promoted {
		fmt.Fprintf(c.stdout, "  similar corrections made standing preference %s\n", l.ID)
	}
	for _, l := range res.Contradicted {
		fmt.Fprintf(c.stdout, "  preference %s contradicted: now an ordinary learning\n", l.ID)
	}
	for _, n := range res.RetiredTools {
		fmt.Fprintf(c.stdout, "  retired synthesized tool %s\n", n)
	}
	return nil
}
