package main

import (
	"context"
	"fmt"
	"io"
)

// runREPL starts the interactive REPL, or runs stdin as a program when it is
// not a terminal.
func runREPL(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	src, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "dana: reading stdin: %v\n", err)
		return 1
	}
	e := newEngine(o, context.Background(), stdout, stderr)
	defer e.Close()
	if err := e.Exec("<stdin>", string(src)); err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
}
