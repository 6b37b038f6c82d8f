package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/storecli"
	"github.com/minidana/dana/store/storeopen"
)

// storeCommands are the learning-store commands of SPEC §11.2:
//
//	dana learnings list|show ID|export FILE|import FILE|forget ID|decay|stats
//	dana executions list|show ID
//	dana feedback ID --score N --correction TEXT --note TEXT
//
// They use --store DIR, else $DANA_HOME/store, and accept --json.
func (a *app) storeCommands() []*cobra.Command {
	cmds := append(storecli.Commands(a.openStore), storecli.StoreCommand(a.storeDir, a.openStore))
	for _, c := range cmds {
		c.GroupID = groupStore
	}
	return cmds
}

// openStore opens the store chosen by --store (else $DANA_HOME/store).
// Commands that only read open it read-only, so they work while a script
// holds it; writers wait for the lock with a message.
func (a *app) openStore(readOnly bool) (store.Backend, error) {
	dir, err := a.storeDir()
	if err != nil {
		return nil, err
	}
	return storeopen.Open(dir, store.Options{
		ReadOnly: readOnly,
		LockWait: store.LockWaitFromEnv(os.Getenv),
		OnWait:   func(msg string) { fmt.Fprintf(a.stderr, "dana: %s\n", msg) },
	}, false)
}

// storeDir is the store chosen by --store, else $DANA_STORE_URL, else
// $DANA_HOME/store.
func (a *app) storeDir() (string, error) {
	return storeopen.Target(a.opts.store, os.Getenv)
}
