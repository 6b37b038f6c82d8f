package engine

import (
	"github.com/minidana/dana/poet"
)

// installPOET wires the learning store, the @poet decorator and feedback()
// into the engine. The store ($DANA_HOME/store, or Config.StoreDir) is
// opened lazily: a program that makes no POET execution never touches it.
// The runtime is available as Services["poet"] (a *poet.Runtime).
func installPOET(e *Engine) error {
	rt := poet.Install(e.Interpreter, poet.Config{
		StoreDir: e.Config.StoreDir,
		Getenv:   e.Config.Getenv,
		Stderr:   e.Config.Stderr,
	})
	e.Services["poet"] = rt
	// reason() (installed first) reports to POET: the active execution's
	// learnings and failures reach its prompts, its records reach the store.
	e.SetReasonHooks(rt.Hooks())
	e.OnClose(rt.Close)
	return nil
}

// POET returns the engine's POET runtime.
func (e *Engine) POET() *poet.Runtime {
	rt, _ := e.Services["poet"].(*poet.Runtime)
	return rt
}
