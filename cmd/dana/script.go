package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lang/interp"
)

// runCommand is `dana run FILE.na [ARGS...]`.
func (a *app) runCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "run FILE.na [ARGS...]",
		Short: "Run a script (also: dana FILE.na)",
		Long: `Run a script. ARGS are in system:argv (system:argv[0] is the file).
Flags go before FILE.na; everything after it belongs to the script.`,
		Example: `  dana run examples/hello.na
  dana run --timeout 5s --max-steps 1000000 job.na input.txt`,
		GroupID: groupRun,
		Args:    cli.MinArgs(1, "FILE.na (which file?)"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveDefault
			}
			return []string{"na"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runFile(args[0], args[1:])
		},
	}
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// runFile runs the script at path with scriptArgs in system:argv.
func (a *app) runFile(path string, scriptArgs []string) error {
	src, err := interp.ReadSource(path, false)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, unwrapPathErr(err))
	}
	return a.runSource(path, src, scriptArgs)
}

// runSource runs src as the program name (a path, "-c" or "<stdin>"),
// printing any error with its traceback. It returns an ExitError: 1 for an
// error, 130 when Ctrl-C stopped the program.
func (a *app) runSource(name, src string, scriptArgs []string) error {
	ctx, stop := interruptContext()
	defer stop()
	defer startWatchdog(ctx, stop, a.opts.timeout, watchdogGrace, a.stderr, os.Exit)()
	stdout, stderr := a.stdout, a.stderr
	disp := a.opts.progressDisplay(a.stderr)
	if disp != nil {
		defer disp.Close()
		stdout, stderr = disp.Writer(stdout), disp.Writer(stderr)
	}
	e := a.opts.newEngineWith(ctx, stdout, stderr, disp)
	defer e.Close()
	argv := make([]interp.Value, 0, len(scriptArgs)+1)
	argv = append(argv, interp.Str(name))
	for _, s := range scriptArgs {
		argv = append(argv, interp.Str(s))
	}
	_ = e.Set("system", "argv", interp.NewList(argv))
	filename := name
	if name == "-c" {
		filename = "<string>"
	}
	err := e.Exec(filename, src)
	if disp != nil {
		disp.Close() // erase the block before the error and the stats
	}
	status, exitText, exited := interp.SystemExitStatus(err)
	if exited && exitText != "" {
		fmt.Fprintln(a.stderr, exitText)
	} else if err != nil && !exited {
		printError(a.stderr, err)
	}
	if a.opts.stats {
		engine.WriteUsage(a.stderr, e.Usage())
	}
	if exited && ctx.Err() == nil {
		return cli.Exit(status) // exit(n), raise SystemExit(n)
	}
	return exitStatus(ctx, err)
}

// exitStatus maps the outcome of a run to an ExitError: 130 when ctx was
// cancelled by Ctrl-C, 1 for an error, nil for success.
func exitStatus(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return cli.Exit(cli.ExitInterrupted)
	}
	if err != nil {
		return cli.Exit(cli.ExitFailure)
	}
	return nil
}

// interruptContext returns a context cancelled by Ctrl-C (SIGINT) and by
// SIGTERM (what kill, timeout, systemd and docker send): the program stops
// as if interrupted, and the engine is closed, store included, before the
// process exits.
func interruptContext() (context.Context, func()) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// printError renders any error the way SPEC §12.2 asks.
func printError(w io.Writer, err error) {
	fmt.Fprint(w, renderError(err))
}

func renderError(err error) string {
	if text, ok := interp.RenderError(err); ok {
		return text
	}
	return "dana: " + err.Error() + "\n"
}
