package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/store"
)

// toolsCommand is `dana tools list|show|forget` (SPEC §10.7, §12.5): the
// functions synthesize() wrote and stored.
func (a *app) toolsCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tools",
		Short: "List, show and forget the functions synthesize() wrote and stored",
		Long: `The functions synthesize() wrote and stored.

  dana tools list             the stored tools
  dana tools show NAME|ID     one tool: its task, examples and source
  dana tools forget NAME|ID   delete a tool (the next synthesize() asks the model again)

NAME may be prefixed with its module: MODULE:NAME. Every subcommand accepts --json.`,
		GroupID: groupStore,
	}
	sub := func(use, short string, args []string) *cobra.Command {
		var asJSON bool
		c := &cobra.Command{
			Use:   use,
			Short: short,
			Args:  cli.Args(args...),
			RunE: func(c *cobra.Command, args []string) error {
				return cli.Exit(runTools(append([]string{c.Name()}, args...), asJSON, a.stdout, a.stderr, a.openStore))
			},
		}
		c.Flags().BoolVar(&asJSON, "json", false, "machine-readable JSON output")
		return c
	}
	cmd.AddCommand(
		sub("list", "List the stored tools", nil),
		sub("show NAME|ID", "Show one tool: its task, examples and source", []string{"NAME|ID"}),
		sub("forget NAME|ID", "Delete a tool (the next synthesize() asks the model again)", []string{"NAME|ID"}),
	)
	return cmd
}

// runTools runs `dana tools SUBCOMMAND ARGS` on the store open returns and
// returns the exit status.
func runTools(rest []string, asJSON bool, stdout, stderr io.Writer, open func(readOnly bool) (store.Backend, error)) int {
	st, err := open(rest[0] != "forget")
	if err != nil {
		fmt.Fprintf(stderr, "dana: %v\n", err)
		return 1
	}
	defer st.Close()
	fail := func(err error) int {
		fmt.Fprintf(stderr, "dana: %v\n", err)
		return 1
	}
	switch rest[0] {
	case "list":
		ts, err := st.ListTools()
		if err != nil {
			return fail(err)
		}
		if asJSON {
			return printJSON(stdout, ts, fail)
		}
		if len(ts) == 0 {
			fmt.Fprintln(stdout, "no tools")
			return 0
		}
		for _, t := range ts {
			fmt.Fprintf(stdout, "%s  %-20s score %.2f  %d round%s  %s  %s\n", t.ID, t.Name, t.Score, t.Rounds,
				map[bool]string{true: "", false: "s"}[t.Rounds == 1], filepath.Base(t.Module), cli.Clip(t.Task, 50))
		}
	case "show", "forget":
		ts, err := st.FindTool(rest[1])
		if err != nil {
			return fail(err)
		}
		if len(ts) > 1 {
			var names []string
			for _, t := range ts {
				names = append(names, t.Module+":"+t.Name+" ("+t.ID+")")
			}
			return fail(fmt.Errorf("%q names %d tools: %s; give the id or MODULE:NAME", rest[1], len(ts), strings.Join(names, ", ")))
		}
		t := ts[0]
		if rest[0] == "forget" {
			if err := st.ForgetTool(t.Module, t.Name); err != nil && !errors.Is(err, store.ErrNotFound) {
				return fail(err)
			}
			fmt.Fprintf(stdout, "forgot tool %s (%s)\n", t.Name, t.ID)
			return 0
		}
		if asJSON {
			return printJSON(stdout, t, fail)
		}
		ex, _ := json.Marshal(t.Examples)
		fmt.Fprintf(stdout, "id:        %s\nname:      %s\nmodule:    %s\ntask:      %s\nscore:     %.2f (%d round%s)\nexecution: %s\ncreated:   %s\nexamples:  %s\nsource:\n",
			t.ID, t.Name, t.Module, t.Task, t.Score, t.Rounds, map[bool]string{true: "", false: "s"}[t.Rounds == 1],
			t.SourceExecution, t.Created.Format("2006-01-02 15:04:05Z07:00"), ex)
		for _, l := range strings.Split(strings.TrimRight(t.Source, "\n"), "\n") {
			fmt.Fprintf(stdout, "    %s\n", l)
		}
	}
	return 0
}

func printJSON(w io.Writer, v any, fail func(error) int) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(w, "%s\n", b)
	return 0
}
