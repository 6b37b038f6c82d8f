package interp

import "context"

// This file holds the hook the interactive REPL needs from the interpreter.

// SetContext replaces the context that cancels running code (see
// Options.Context) for the evaluations that start after the call; nil means
// context.Background(). The REPL gives every input its own cancellable
// context so that Ctrl-C stops that evaluation only. It must not be called
// while an evaluation is running.
func (in *Interpreter) SetContext(ctx context.Context) { in.opts.Context = ctx }
