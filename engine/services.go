package engine

// The runtime services are installed by functions in their own files so
// that each concern (reason() and the LLM client, POET and the learning
// store) keeps its wiring next to it:
//
//	engine/reason.go  installReason: LLM client, CodeContextAnalyzer, reason()
//	engine/poet.go    installPOET: learning store, @poet, feedback()
//
// Each is called by New in that order and keeps its service in a field of
// Engine (see Engine.Reason and Engine.POET).
