// Command dana runs mini-Dana programs: scripts, snippets, tests, checks,
// the REPL and the learning-store tools. Its command line is built with
// github.com/spf13/cobra (root.go lists the verbs, flags.go the flags every
// verb shares); `dana help` and `dana COMMAND --help` describe each verb.
//
//	dana                      start the REPL (or run stdin when it is not a terminal)
//	dana FILE.na [ARGS...]    run a script (also: dana run FILE.na)
//	dana -c CODE [ARGS...]    run a snippet
//	dana test [PATHS]         run *_test.na files and their test_* functions
//	dana check FILE.na        parse and resolve only; report every error
//	dana version              print the version and build information
//	dana completion SHELL     print a completion script for bash, zsh or fish
//
// Exit status: 0 ok, 1 error, 2 usage, 130 interrupted.
package main

import (
	"os"

	"github.com/minidana/dana/internal/gcpace"
)

func main() {
	// At least 16 MiB of allocation between collections while the live
	// heap is small (GOGC up to 400), Go's default pacing past 16 MiB live:
	// -20-37 % CPU on allocation-heavy scripts for +5-11 MB peak RSS
	// (docs/perf.md). GOGC in the environment overrides it.
	gcpace.Start(16<<20, 400)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
