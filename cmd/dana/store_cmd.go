package main

import (
	"fmt"
	"io"
	"os"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/storecli"
)

// The learning-store commands of SPEC §11.2:
//
//	dana learnings list|show ID|export FILE|import FILE|forget ID|decay|stats
//	dana executions list|show ID
//	dana feedback ID --score N --correction TEXT --note TEXT
//
// They use --store DIR, else $DANA_HOME/store, and accept --json.
func init() {
	for _, name := range []string{"learnings", "executions", "feedback"} {
		extraCommands[name] = func(o options, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return runStoreCommand(o, append([]string{name}, args...), stdout, stderr)
		}
	}
}

// runStoreCommand runs one store command on the store chosen by the
// options. Commands that only read open the store read-only, so they work
// while a script holds it; writers wait for the lock with a message.
func runStoreCommand(o options, args []string, stdout, stderr io.Writer) int {
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
	return storecli.Run(args, stdout, stderr, open)
}
