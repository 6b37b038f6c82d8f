package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/interp"
)

const usage = `usage:
  dana                          start the interactive REPL
  dana run FILE.na [ARGS...]    run a script (also: dana FILE.na)
  dana test [PATHS...]          run *_test.na files (each file and each test_* function is a test)
  dana check FILE.na...         parse and resolve without running; report every error
  dana version                  print the version

options (before or after the command):
  --timeout DURATION            stop a run after this wall-clock time (e.g. 5s)
  --max-steps N                 stop a run after N steps
  --llm-base-url URL            OpenAI-compatible endpoint (default $OPENAI_BASE_URL)
  --model NAME                  model name (default $DANA_LLM_MODEL)
  --store DIR                   learning store directory (default $DANA_HOME/store)
`

// options are the global flags.
type options struct {
	timeout  time.Duration
	maxSteps int64
	baseURL  string
	model    string
	store    string
	json     bool
}

// valueFlags are the global flags that take a value.
var valueFlags = map[string]bool{"timeout": true, "max-steps": true, "llm-base-url": true, "model": true, "store": true}

// parseFlags removes the global flags from args (anywhere before the script
// file of `run`) and returns the rest.
func parseFlags(args []string) (options, []string, error) {
	var o options
	var rest []string
	stopAt := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		if stopAt >= 0 {
			rest = append(rest, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "--") || a == "--" {
			if a == "--" {
				stopAt = i
				continue
			}
			rest = append(rest, a)
			// After `run FILE` (or `dana FILE.na`) the remaining args belong to the script.
			if strings.HasSuffix(a, ".na") && (len(rest) == 1 || rest[0] == "run") {
				stopAt = i
			}
			continue
		}
		if name == "json" {
			o.json = true
			rest = append(rest, a)
			continue
		}
		if !valueFlags[name] {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return o, nil, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			val = args[i]
		}
		switch name {
		case "timeout":
			d, err := time.ParseDuration(val)
			if err != nil {
				if n, err2 := strconv.ParseFloat(val, 64); err2 == nil {
					d = time.Duration(n * float64(time.Second))
				} else {
					return o, nil, fmt.Errorf("--timeout: %q is not a duration (try 5s or 2m)", val)
				}
			}
			o.timeout = d
		case "max-steps":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 0 {
				return o, nil, fmt.Errorf("--max-steps: %q is not a positive number", val)
			}
			o.maxSteps = n
		case "llm-base-url":
			o.baseURL = val
		case "model":
			o.model = val
		case "store":
			o.store = val
		}
	}
	return o, rest, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, rest, err := parseFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "dana: %v\n", err)
		return 2
	}
	if len(rest) == 0 {
		return runREPL(o, stdin, stdout, stderr)
	}
	cmd := rest[0]
	switch {
	case cmd == "run":
		if len(rest) < 2 {
			fmt.Fprint(stderr, "dana run: which file? usage: dana run FILE.na [ARGS...]\n")
			return 2
		}
		return runScript(o, rest[1], rest[2:], stdout, stderr)
	case strings.HasSuffix(cmd, ".na"):
		return runScript(o, cmd, rest[1:], stdout, stderr)
	case cmd == "test":
		return runTests(o, rest[1:], stdout, stderr)
	case cmd == "check":
		return runCheck(o, rest[1:], stdout, stderr)
	case cmd == "version" || cmd == "--version" || cmd == "-v":
		fmt.Fprintf(stdout, "dana %s\n", engine.Version)
		return 0
	case cmd == "help" || cmd == "--help" || cmd == "-h":
		fmt.Fprint(stdout, usage)
		return 0
	}
	if code, ok := runExtra(o, rest, stdin, stdout, stderr); ok {
		return code
	}
	fmt.Fprintf(stderr, "dana: unknown command %q\n%s", cmd, usage)
	return 2
}

// extraCommands lets other files of this package add commands.
var extraCommands = map[string]func(o options, args []string, stdin io.Reader, stdout, stderr io.Writer) int{}

func runExtra(o options, rest []string, stdin io.Reader, stdout, stderr io.Writer) (int, bool) {
	if f, ok := extraCommands[rest[0]]; ok {
		return f(o, rest[1:], stdin, stdout, stderr), true
	}
	return 0, false
}

// newEngine builds an engine for the options.
func newEngine(o options, ctx context.Context, stdout, stderr io.Writer) *engine.Engine {
	return engine.New(engine.Config{
		Stdout:     stdout,
		Stderr:     stderr,
		MaxSteps:   o.maxSteps,
		Timeout:    o.timeout,
		Context:    ctx,
		LLMBaseURL: o.baseURL,
		Model:      o.model,
		StoreDir:   o.store,
	})
}

// interruptContext returns a context cancelled by Ctrl-C (SIGINT).
func interruptContext() (context.Context, func()) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

func runScript(o options, path string, scriptArgs []string, stdout, stderr io.Writer) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "dana: cannot read %s: %v\n", path, unwrapPathErr(err))
		return 1
	}
	ctx, stop := interruptContext()
	defer stop()
	e := newEngine(o, ctx, stdout, stderr)
	defer e.Close()
	argv := make([]interp.Value, 0, len(scriptArgs)+1)
	argv = append(argv, interp.Str(path))
	for _, a := range scriptArgs {
		argv = append(argv, interp.Str(a))
	}
	_ = e.Set("system", "argv", interp.NewList(argv))
	if err := e.Exec(path, string(src)); err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
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

func runCheck(o options, files []string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprint(stderr, "dana check: which file? usage: dana check FILE.na...\n")
		return 2
	}
	failed := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "dana: cannot read %s: %v\n", f, unwrapPathErr(err))
			failed++
			continue
		}
		e := newEngine(o, context.Background(), stdout, stderr)
		warnings, err := e.Lint(f, string(src))
		for _, w := range warnings {
			fmt.Fprintf(stderr, "%s: warning: %s: %s\n%s", w.Pos, w.Type, w.Msg, diag.Quote(w.Line, w.Pos.Col))
		}
		if err != nil {
			printError(stderr, err)
			failed++
			continue
		}
		if len(warnings) > 0 {
			fmt.Fprintf(stdout, "%s: ok (%d warning%s)\n", f, len(warnings), map[bool]string{true: "", false: "s"}[len(warnings) == 1])
			continue
		}
		fmt.Fprintf(stdout, "%s: ok\n", f)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// findTests expands the test paths: folders are searched recursively for
// *_test.na files; files are taken as given.
func findTests(paths []string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("cannot open %s: %w", p, unwrapPathErr(err))
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), "_test.na") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("searching %s: %w", p, err)
		}
	}
	sort.Strings(out)
	return out, nil
}

// TestResult is the outcome of one test.
type testResult struct {
	name string
	err  error
}

// runTestFile runs one test file: the file itself is a test, and so is each
// top-level function named test_*.
func runTestFile(o options, path string, stdout, stderr io.Writer) []testResult {
	src, err := os.ReadFile(path)
	if err != nil {
		return []testResult{{name: path, err: fmt.Errorf("cannot read %s: %w", path, unwrapPathErr(err))}}
	}
	ctx, stop := interruptContext()
	defer stop()
	e := newEngine(o, ctx, stdout, stderr)
	defer e.Close()
	res := []testResult{{name: path, err: e.Exec(path, string(src))}}
	if res[0].err != nil {
		return res
	}
	for _, n := range e.Main().GlobalNames() {
		if !strings.HasPrefix(n, "test_") {
			continue
		}
		fn, _ := e.Main().Global(n)
		if _, ok := fn.(*interp.Function); !ok {
			continue
		}
		_, err := e.Call(fn, nil, nil)
		res = append(res, testResult{name: path + ":" + n, err: err})
	}
	return res
}

func runTests(o options, paths []string, stdout, stderr io.Writer) int {
	files, err := findTests(paths)
	if err != nil {
		fmt.Fprintf(stderr, "dana test: %v\n", err)
		return 1
	}
	passed, failed := 0, 0
	for _, f := range files {
		for _, r := range runTestFile(o, f, stdout, stderr) {
			if r.err == nil {
				passed++
				continue
			}
			failed++
			fmt.Fprintf(stdout, "FAIL %s\n", failureLine(r))
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

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
