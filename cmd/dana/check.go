package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lang/diag"
)

// checkCommand is `dana check FILE.na...`.
func (a *app) checkCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "check FILE.na...",
		Short: "Parse and resolve without running; report every error and warning",
		Long: `Parse and resolve each file without running it. Every syntax error, every
resolve error ('break' outside a loop) and every warning (a name bound
nowhere, with a suggestion) is reported with its location.

With --json the diagnostics are printed as one JSON list of
{file, line, col, severity, type, message}.`,
		GroupID: groupTools,
		Args:    cli.MinArgs(1, "FILE.na (which file?)"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return []string{"na"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.check(args, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the diagnostics as JSON")
	return cmd
}

// checkDiagnostic is one entry of `dana check --json`.
type checkDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Type     string `json:"type"`
	Message  string `json:"message"`
}

func (a *app) check(files []string, asJSON bool) error {
	failed := 0
	diags := []checkDiagnostic{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			if asJSON {
				diags = append(diags, checkDiagnostic{File: f, Severity: "error", Type: "OSError", Message: unwrapPathErr(err).Error()})
			} else {
				fmt.Fprintf(a.stderr, "dana: cannot read %s: %v\n", f, unwrapPathErr(err))
			}
			failed++
			continue
		}
		e := a.opts.newEngine(context.Background(), a.stdout, a.stderr)
		warnings, err := e.Lint(f, string(src))
		e.Close()
		if asJSON {
			for _, w := range warnings {
				diags = append(diags, checkDiagnostic{File: f, Line: w.Pos.Line, Col: w.Pos.Col, Severity: "warning", Type: w.Type, Message: w.Msg})
			}
			diags = append(diags, errorDiagnostics(f, err)...)
			if err != nil {
				failed++
			}
			continue
		}
		for _, w := range warnings {
			fmt.Fprintf(a.stderr, "%s: warning: %s: %s\n%s", w.Pos, w.Type, w.Msg, diag.Quote(w.Line, w.Pos.Col))
		}
		if err != nil {
			printError(a.stderr, err)
			failed++
			continue
		}
		if len(warnings) > 0 {
			fmt.Fprintf(a.stdout, "%s: ok (%d warning%s)\n", f, len(warnings), map[bool]string{true: "", false: "s"}[len(warnings) == 1])
			continue
		}
		fmt.Fprintf(a.stdout, "%s: ok\n", f)
	}
	if asJSON {
		if err := cli.PrintJSON(a.stdout, diags); err != nil {
			return err
		}
	}
	if failed > 0 {
		return cli.Exit(cli.ExitFailure)
	}
	return nil
}

// errorDiagnostics flattens the errors of a check into diagnostics.
func errorDiagnostics(file string, err error) []checkDiagnostic {
	if err == nil {
		return nil
	}
	var l diag.List
	if errors.As(err, &l) {
		out := make([]checkDiagnostic, 0, len(l))
		for _, d := range l {
			out = append(out, checkDiagnostic{File: file, Line: d.Pos.Line, Col: d.Pos.Col, Severity: "error", Type: d.Type, Message: d.Msg})
		}
		return out
	}
	return []checkDiagnostic{{File: file, Severity: "error", Type: "Error", Message: err.Error()}}
}
