package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/minidana/dana/store"
)

// toolsUsage is the help of `dana tools` (SPEC §10.7, §12.5).
const toolsUsage = `usage:
  dana tools list             the functions synthesize() wrote and stored
  dana tools show NAME|ID     one tool: its task, examples and source
  dana tools forget NAME|ID   delete a tool (the next synthesize() asks the model again)
NAME may be prefixed with its module: MODULE:NAME. Every command accepts --json.
`

func init() {
	extraCommands["tools"] = func(o options, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		dir := o.store
		if dir == "" {
			d, err := store.DefaultDir(os.Getenv)
			if err != nil {
				fmt.Fprintf(stderr, "dana: %v\n", err)
				return 1
			}
			dir = d
		}
		open := func(readOnly bool) (*store.Store, error) {
			return store.Open(dir, store.Options{
				ReadOnly: readOnly,
				OnWait:   func(msg string) { fmt.Fprintf(stderr, "dana: %s\n", msg) },
			})
		}
		return runTools(args, stdout, stderr, open)
	}
}

// runTools runs `dana tools ARGS` on the store open returns.
func runTools(args []string, stdout, stderr io.Writer, open func(readOnly bool) (*store.Store, error)) int {
	asJSON := false
	var rest []string
	for _, a := range args {
		if a == "--json" {
			asJSON = true
			continue
		}
		rest = append(rest, a)
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "--help" || rest[0] == "-h" {
		if len(rest) == 0 {
			fmt.Fprint(stderr, toolsUsage)
			return 2
		}
		fmt.Fprint(stdout, toolsUsage)
		return 0
	}
	need := map[string]int{"list": 1, "show": 2, "forget": 2}
	n, ok := need[rest[0]]
	if !ok {
		fmt.Fprintf(stderr, "dana tools: unknown subcommand %q\n%s", rest[0], toolsUsage)
		return 2
	}
	if len(rest) != n {
		fmt.Fprintf(stderr, "dana tools %s: wrong number of arguments\n%s", rest[0], toolsUsage)
		return 2
	}
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
				map[bool]string{true: "", false: "s"}[t.Rounds == 1], filepath.Base(t.Module), clipLine(t.Task, 50))
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

func clipLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
