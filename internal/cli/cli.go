// Package cli holds the conventions every `dana` command shares, on top of
// github.com/spf13/cobra: usage errors (exit status 2) versus run-time
// errors (exit status 1), argument checks that name what is missing,
// command groups that reject unknown subcommands with suggestions, JSON
// output, and tables aligned by display width (github.com/mattn/go-runewidth,
// so CJK text lines up).
//
// Exit statuses: 0 ok, 1 error (a script or command failed), 2 usage (the
// command line is wrong), 130 interrupted (SIGINT).
package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// Exit statuses of the dana command.
const (
	ExitOK          = 0
	ExitFailure     = 1
	ExitUsage       = 2
	ExitInterrupted = 130
)

// UsageError is a mistake in the command line: exit status 2.
type UsageError struct {
	// Cmd is the command path ("dana learnings list"), used for the hint.
	Cmd string
	Msg string
}

func (e *UsageError) Error() string {
	if e.Cmd == "" {
		return e.Msg
	}
	return fmt.Sprintf("%s (see '%s --help')", e.Msg, e.Cmd)
}

// Usagef returns a UsageError for cmd.
func Usagef(cmd *cobra.Command, format string, args ...any) error {
	path := ""
	if cmd != nil {
		path = cmd.CommandPath()
	}
	return &UsageError{Cmd: path, Msg: fmt.Sprintf(format, args...)}
}

// ExitError carries an exit status for an error already reported to the
// user (a script error printed with its traceback, a failed test run).
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// Exit returns an error that makes the command exit with code and print
// nothing more; Exit(0) is nil.
func Exit(code int) error {
	if code == 0 {
		return nil
	}
	return &ExitError{Code: code}
}

// Code is the exit status for err: 0 for nil, the code of an ExitError, 2
// for a UsageError and 1 otherwise.
func Code(err error) int {
	var ee *ExitError
	var ue *UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.Code
	case errors.As(err, &ue):
		return ExitUsage
	}
	return ExitFailure
}

// Report writes err to w as one "dana: ..." line, unless it is an
// ExitError (already reported).
func Report(w io.Writer, err error) {
	var ee *ExitError
	if err == nil || errors.As(err, &ee) {
		return
	}
	fmt.Fprintln(w, "dana: "+strings.ReplaceAll(err.Error(), "\n", " "))
}

// Setup applies the shared conventions to a command tree: flag errors are
// usage errors, cobra prints neither errors nor usage by itself (the
// caller reports the error Execute returns, once), and every group
// command (a command with subcommands and no Run of its own) rejects a
// missing or unknown subcommand with a usage error and suggestions.
func Setup(root *cobra.Command) {
	root.SilenceErrors = true
	root.SilenceUsage = true
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &UsageError{Cmd: c.CommandPath(), Msg: Name(c) + ": " + err.Error()}
	})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.SuggestionsMinimumDistance = 2
		if c.HasSubCommands() && c.Run == nil && c.RunE == nil && c != root {
			group(c)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// group makes c answer a missing or unknown subcommand with a usage error
// listing the subcommands or suggesting the nearest, and `c help` with
// its help.
func group(c *cobra.Command) {
	c.Args = cobra.ArbitraryArgs
	c.RunE = func(cmd *cobra.Command, args []string) error {
		var names []string
		for _, s := range cmd.Commands() {
			if s.IsAvailableCommand() {
				names = append(names, s.Name())
			}
		}
		if len(args) == 0 {
			return Usagef(cmd, "%s: missing subcommand (%s)", Name(cmd), strings.Join(names, ", "))
		}
		if args[0] == "help" {
			return cmd.Help()
		}
		msg := fmt.Sprintf("%s: unknown subcommand %q", Name(cmd), args[0])
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, " or ") + "?"
		} else {
			msg += " (one of " + strings.Join(names, ", ") + ")"
		}
		return Usagef(cmd, "%s", msg)
	}
}

// Name is the command path without the root ("learnings list"), or the
// root's name for the root.
func Name(cmd *cobra.Command) string {
	if !cmd.HasParent() {
		return cmd.Name()
	}
	p := cmd.CommandPath()
	return p[strings.IndexByte(p, ' ')+1:]
}

// Args returns a positional-argument check: exactly the named arguments,
// with a usage error naming the first missing one or the first extra one.
func Args(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < len(names) {
			return Usagef(cmd, "%s: missing %s", Name(cmd), names[len(args)])
		}
		if len(args) > len(names) {
			return Usagef(cmd, "%s: unexpected argument %q", Name(cmd), args[len(names)])
		}
		return nil
	}
}

// MinArgs returns a check for at least n arguments; what names the first
// one in the message ("which file?").
func MinArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return Usagef(cmd, "%s: missing %s", Name(cmd), what)
		}
		return nil
	}
}

// NoArgs rejects any positional argument with a usage error.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Usagef(cmd, "%s: unexpected argument %q", Name(cmd), args[0])
	}
	return nil
}

// PrintJSON writes v to w as indented JSON without HTML escaping.
func PrintJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
