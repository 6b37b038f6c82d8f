package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
)

// testFlags are the flags of `dana test`.
type testFlags struct {
	run     string
	verbose bool
	json    bool
}

// testCommand is `dana test [PATHS...]`.
func (a *app) testCommand() *cobra.Command {
	var fl testFlags
	cmd := &cobra.Command{
		Use:   "test [PATHS...]",
		Short: "Run *_test.na files: each file and each test_* function is a test",
		Long: `Run tests. Folders are searched recursively for *_test.na files (hidden
folders are skipped); files are taken as given. Each file is a test (it
runs top to bottom), and so is each top-level function named test_*.

A failing assert shows where it failed, the source line, and for a
comparison (assert a == b) both values.`,
		Example: `  dana test                       # every *_test.na under the current folder
  dana test tests/ -v             # name and time of each test
  dana test -run 'parse|lex' .    # only tests whose name matches the pattern`,
		GroupID: groupRun,
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return []string{"na"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var pattern *regexp.Regexp
			if fl.run != "" {
				re, err := regexp.Compile(fl.run)
				if err != nil {
					return cli.Usagef(cmd, "test: --run: %v", err)
				}
				pattern = re
			}
			return a.runTests(args, pattern, fl)
		},
	}
	cmd.Flags().StringVar(&fl.run, "run", "", "run only the tests whose name (file or file:test_name) matches this regular expression (also -run)")
	cmd.Flags().BoolVarP(&fl.verbose, "verbose", "v", false, "print each test's name, result and time")
	cmd.Flags().BoolVar(&fl.json, "json", false, "print the results as one JSON object (what the tests print goes to stderr)")
	return cmd
}

// findTests expands the test paths: folders are searched recursively for
// *_test.na files; files are taken as given.
func findTests(paths []string) ([]string, error) {
	return findFiles(paths, "_test.na")
}

// testResult is the outcome of one test.
type testResult struct {
	name    string
	err     error
	elapsed time.Duration
}

// runTestFile runs one test file: the file itself is a test, and so is each
// top-level function named test_*. With a pattern, the file's top level
// runs whenever the file or one of its functions is selected (functions
// need their file's definitions), but only the selected tests are
// reported.
func (a *app) runTestFile(path string, pattern *regexp.Regexp, out io.Writer, report func(testResult)) (interrupted bool) {
	src, err := os.ReadFile(path)
	if err != nil {
		report(testResult{name: path, err: fmt.Errorf("cannot read %s: %w", path, unwrapPathErr(err))})
		return false
	}
	ctx, stop := interruptContext()
	defer stop()
	e := a.opts.newEngine(ctx, out, a.stderr)
	defer e.Close()
	start := time.Now()
	err = e.Exec(path, string(src))
	fileSelected := pattern == nil || pattern.MatchString(path)
	if fileSelected || err != nil {
		// A file whose top level fails is reported even when only some of
		// its functions were selected: they could not run.
		report(testResult{name: path, err: err, elapsed: time.Since(start)})
	}
	if err != nil || ctx.Err() != nil {
		return ctx.Err() != nil
	}
	for _, n := range e.Main().GlobalNames() {
		if !strings.HasPrefix(n, "test_") {
			continue
		}
		name := path + ":" + n
		if pattern != nil && !pattern.MatchString(name) {
			continue
		}
		fn, _ := e.Main().Global(n)
		if _, ok := fn.(*interp.Function); !ok {
			continue
		}
		start := time.Now()
		_, err := e.Call(fn, nil, nil)
		report(testResult{name: name, err: err, elapsed: time.Since(start)})
		if ctx.Err() != nil {
			return true
		}
	}
	return false
}

// testJSON is one test of `dana test --json`.
type testJSON struct {
	Name    string  `json:"name"`
	Passed  bool    `json:"passed"`
	Error   string  `json:"error,omitempty"`
	Seconds float64 `json:"seconds"`
}

func (a *app) runTests(paths []string, pattern *regexp.Regexp, fl testFlags) error {
	verbose := fl.verbose
	files, err := findTests(paths)
	if err != nil {
		return fmt.Errorf("test: %w", err)
	}
	passed, failed := 0, 0
	start := time.Now()
	var results []testJSON
	scriptOut := a.stdout
	if fl.json {
		scriptOut = a.stderr
	}
	report := func(r testResult) {
		if fl.json {
			j := testJSON{Name: r.name, Passed: r.err == nil, Seconds: r.elapsed.Seconds()}
			if r.err != nil {
				failed++
				j.Error = failureLine(r)
			} else {
				passed++
			}
			results = append(results, j)
			return
		}
		if r.err == nil {
			passed++
			if verbose {
				fmt.Fprintf(a.stdout, "ok   %s (%s)\n", r.name, seconds(r.elapsed))
			}
			return
		}
		failed++
		if verbose {
			fmt.Fprintf(a.stdout, "FAIL %s [%s]\n", failureLine(r), seconds(r.elapsed))
		} else {
			fmt.Fprintf(a.stdout, "FAIL %s\n", failureLine(r))
		}
		if detail := failureDetail(r.err); detail != "" {
			fmt.Fprint(a.stdout, detail)
		}
	}
	finishJSON := func(interrupted bool) error {
		if results == nil {
			results = []testJSON{}
		}
		return cli.PrintJSON(a.stdout, map[string]any{
			"passed": passed, "failed": failed, "interrupted": interrupted,
			"seconds": time.Since(start).Seconds(), "tests": results,
		})
	}
	for _, f := range files {
		if a.runTestFile(f, pattern, scriptOut, report) {
			if fl.json {
				if err := finishJSON(true); err != nil {
					return err
				}
				return cli.Exit(cli.ExitInterrupted)
			}
			fmt.Fprintf(a.stdout, "%d passed, %d failed (interrupted after %s)\n", passed, failed, seconds(time.Since(start)))
			return cli.Exit(cli.ExitInterrupted)
		}
	}
	if fl.json {
		if err := finishJSON(false); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(a.stdout, "%d passed, %d failed (%s)\n", passed, failed, seconds(time.Since(start)))
	}
	if failed > 0 {
		return cli.Exit(cli.ExitFailure)
	}
	if passed == 0 && pattern != nil {
		fmt.Fprintf(a.stderr, "dana: test: no test matches %q\n", pattern)
	}
	return nil
}

// seconds renders a duration as Go's test runner does: 0.012s.
func seconds(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// failureLine renders a failure on one line with its location.
func failureLine(r testResult) string {
	var ex *interp.Exception
	var l diag.List
	switch {
	case errors.As(r.err, &l) && len(l) > 0:
		return l[0].Error() + fmt.Sprintf(" (%s)", r.name)
	case errors.As(r.err, &ex):
		s := ex.Error()
		if i := strings.LastIndex(r.name, ":test_"); i >= 0 {
			s += " (in " + r.name[i+1:] + ")"
		}
		return s
	}
	return r.name + ": " + r.err.Error()
}

// failureDetail is what follows the FAIL line: the quoted source line with
// a caret, indented.
func failureDetail(err error) string {
	var ex *interp.Exception
	var l diag.List
	var text string
	switch {
	case errors.As(err, &l) && len(l) > 0:
		text = diag.Quote(l[0].Line, l[0].Pos.Col)
	case errors.As(err, &ex):
		text = diag.Quote(ex.SourceLine, ex.Pos.Col)
	}
	return text
}
