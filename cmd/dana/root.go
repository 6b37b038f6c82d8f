package main

import (
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
)

// app is one invocation of dana: its streams and the global options.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	opts           options
}

// run runs the dana command line args (without the program name) and
// returns the exit status: 0 ok, 1 script or command error, 2 usage, 130
// interrupted.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(goStyleFlags(root, args))
	err := root.Execute()
	cli.Report(stderr, err)
	return cli.Code(err)
}

// Command groups in `dana --help`.
const (
	groupRun   = "run"
	groupTools = "tools"
	groupStore = "store"
)

// verbs are dana's commands, in help order within their groups. Adding a
// verb: write a constructor returning its *cobra.Command (with a GroupID)
// and list it here.
func (a *app) verbs() []*cobra.Command {
	cmds := []*cobra.Command{
		a.runCommand(),
		a.testCommand(),
		a.checkCommand(),
		a.fmtCommand(),
		a.lspCommand(),
		a.versionCommand(),
	}
	cmds = append(cmds, a.storeCommands()...)
	return append(cmds, a.toolsCommand(), a.cacheCommand())
}

// rootCommand builds the command tree. `dana` alone starts the REPL (or
// runs standard input when it is not a terminal), `dana FILE.na ARGS...`
// runs a script, `dana -c CODE ARGS...` runs a snippet.
func (a *app) rootCommand() *cobra.Command {
	var code string
	var showVersion bool
	root := &cobra.Command{
		Use:   "dana [FILE.na [ARGS...]] | -c CODE [ARGS...] | COMMAND",
		Short: "mini-Dana: a small scripting language for programs that call LLMs",
		Long: `mini-Dana runs .na programs: ordinary Python-like code mixed with reason()
calls that ask an LLM for a value of the type the code expects.

  dana                      start the interactive REPL (reads a program from
                            standard input when it is not a terminal)
  dana FILE.na [ARGS...]    run a script; ARGS are in system:argv
  dana -c CODE [ARGS...]    run a snippet

Exit status: 0 ok, 1 error in the script or command, 2 usage error,
130 interrupted (Ctrl-C).`,
		Args:              cobra.ArbitraryArgs,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return []string{"na"}, cobra.ShellCompDirectiveFilterFileExt
		},
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if showVersion && cmd.Parent() == nil {
				return nil // --version prints whatever the other options say
			}
			if err := a.opts.validate(); err != nil {
				return cli.Usagef(cmd, "%v", err)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if showVersion {
				_, err := io.WriteString(cmd.OutOrStdout(), versionText())
				return err
			}
			if cmd.Flags().Changed("code") {
				return a.runSource("-c", code, args)
			}
			if len(args) == 0 {
				return cli.Exit(runREPL(a.opts, a.stdin, a.stdout, a.stderr))
			}
			if looksLikeScript(args[0]) {
				return a.runFile(args[0], args[1:])
			}
			return unknownCommand(cmd, args[0])
		},
	}
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.Flags().SetInterspersed(false) // after FILE.na, flags belong to the script
	root.Flags().StringVarP(&code, "code", "c", "", "run CODE as a program (the rest of the arguments go to system:argv)")
	// --version is a flag of ours rather than cobra's Command.Version: that
	// one prints through SetVersionTemplate, and a text/template executor
	// linked into the binary calls reflect's MethodByName, so the linker
	// keeps every exported method of every type (60 MB binary instead of 40,
	// +8 MB resident at start-up; see docs/perf.md, TestLinkerKeepsDeadMethodsOut).
	root.Flags().BoolVarP(&showVersion, "version", "v", false, "version for dana")
	a.opts.register(root.PersistentFlags())
	root.AddGroup(
		&cobra.Group{ID: groupRun, Title: "Running programs:"},
		&cobra.Group{ID: groupTools, Title: "Developer tools:"},
		&cobra.Group{ID: groupStore, Title: "Learning store:"},
	)
	root.AddCommand(a.verbs()...)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	cli.Setup(root)
	return root
}

// looksLikeScript reports whether the first argument of `dana ARG` names a
// script rather than a command: it ends in .na or is an existing file.
func looksLikeScript(arg string) bool {
	if strings.HasSuffix(arg, ".na") || strings.ContainsRune(arg, os.PathSeparator) {
		return true
	}
	st, err := os.Stat(arg)
	return err == nil && !st.IsDir()
}

// unknownCommand is the usage error for `dana NAME` when NAME is neither a
// command nor a script, with the nearest commands as suggestions.
func unknownCommand(root *cobra.Command, name string) error {
	msg := "unknown command \"" + name + "\""
	if s := root.SuggestionsFor(name); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return cli.Usagef(root, "%s", msg)
}

// goStyleFlags accepts Go-style single-dash long flags where people type
// them from habit, as in `go test`: `dana test -run PATTERN` means
// `dana test --run PATTERN`. Only `dana test` is rewritten (other commands
// pass their arguments on to scripts), and only before "--".
func goStyleFlags(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || cmd.Name() != "test" || cmd.Parent() != root {
		return args
	}
	out := make([]string, len(args))
	copy(out, args)
	for i, arg := range out {
		if arg == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(arg, "-"), "=")
		if strings.HasPrefix(arg, "-") && !strings.HasPrefix(arg, "--") && len(name) > 1 && cmd.Flags().Lookup(name) != nil {
			out[i] = "-" + arg
		}
	}
	return out
}
