package engine

import (
	"github.com/minidana/dana/poet"
	"github.com/minidana/dana/store"
)

// installPOET wires the learning store, the @poet decorator and feedback()
// into the engine. The store ($DANA_HOME/store, or Config.StoreDir) is
// opened lazily: a program that makes no POET execution never touches it.
// The runtime is available from POET.
//
// A POET function with neither expected_output_type nor a return hint
// takes its expected type from its call site (SPEC §10.3), as reason()'s
// CodeContextAnalyzer sees it: both share the analyzer.
func installPOET(e *Engine) error {
	cfg := poet.Config{
		StoreDir: e.Config.StoreDir,
		Getenv:   e.Config.Getenv,
		Stderr:   e.Config.Stderr,
		// DANA_STORE_WAIT: how long to wait for a store another process
		// uses before failing.
		StoreOptions: store.Options{LockWait: store.LockWaitFromEnv(e.Config.Getenv)},
	}
	if r := e.Reason(); r != nil {
		cfg.Analyzer = r.Analyzer()
	}
	rt := poet.Install(e.Interpreter, cfg)
	e.poet = rt
	// reason() (installed first) reports to POET: the active execution's
	// learnings and failures reach its prompts, its records reach the store.
	e.SetReasonHooks(rt.Hooks())
	e.OnClose(rt.Close)
	p := e.Config.Person
	if p == nil && e.Config.Interactive {
		p = poet.NewTerminalPerson(e.Interpreter.Stdin(), e.Interpreter.Stderr())
	}
	return e.AttachPerson(p)
}

// AttachPerson makes p the person who answers for the human operator
// (nil: nobody), as DANA_HUMAN adjusts it: "replay:FILE" answers from a
// file instead, "record:FILE" records p's answers to FILE.
func (e *Engine) AttachPerson(p poet.Person) error {
	person, err := poet.PersonFromEnv(e.Config.Getenv("DANA_HUMAN"), p)
	if err != nil {
		return err
	}
	e.poet.SetPerson(person)
	return nil
}

// POET returns the engine's POET runtime.
func (e *Engine) POET() *poet.Runtime {
	return e.poet
}
