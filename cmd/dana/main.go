// Command dana runs mini-Dana programs: scripts, tests, checks, the REPL and
// the learning-store tools.
//
//	dana                      start the REPL (or run stdin when it is not a terminal)
//	dana run FILE.na [args]   run a script (also: dana FILE.na)
//	dana test [PATHS]         run *_test.na files and their test_* functions
//	dana check FILE.na        parse and resolve only; report every error
//	dana version              print the version
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
