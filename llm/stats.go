package llm

import "sync"

// statsRecorder accumulates a client's Stats; safe for concurrent use.
type statsRecorder struct {
	mu sync.Mutex
	s  Stats
}

// ok records a successful call.
func (r *statsRecorder) ok(resp *Response) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.s.Calls++
	r.s.Attempts += int64(resp.Attempts)
	r.s.PromptTokens += resp.Usage.PromptTokens
	r.s.CompletionTokens += resp.Usage.CompletionTokens
	r.s.TotalTokens += resp.Usage.TotalTokens
}

// fail records a failed call that made attempts HTTP requests.
func (r *statsRecorder) fail(attempts int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.s.Calls++
	r.s.Failures++
	r.s.Attempts += int64(attempts)
}

// snapshot returns a copy of the counters.
func (r *statsRecorder) snapshot() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.s
}
