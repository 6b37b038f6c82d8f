package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/storecli"
)

// storeCommands are the learning-store commands of SPEC §11.2:
//
//	dana learnings list|show ID|export FILE|import FILE|forget ID|decay|stats
//	dana executions list|show ID
//	dana feedback ID --score N --correction TEXT --note TEXT
//
// They use --store DIR, else $DANA_HOME/store, and accept --json.
func (a *app) storeCommands() []*cobra.Command {
	cmds := storecli.Commands(a.openStore)
	for _, c := range cmds {
		c.GroupID = groupStore
	}
	return cmds
}

// openStore opens the store chosen by --store (else $DANA_HOME/store).
// Commands that only read open it read-only, so they work while a script
// holds it; writers wait for the lock with a message.
func (a *app) openStore(readOnly bool) (*store.Store, error) {
	dir := a.opts.store
	if dir == "" {
		d, err := store.DefaultDir(os.Getenv)
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return store.Open(dir, store.Options{
		ReadOnly: readOnly,
		OnWait:   func(msg string) { fmt.Fprintf(a.stderr, "dana: %s\n", msg) },
	})
}
