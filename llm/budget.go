package llm

import (
	"context"
	"sync"
	"time"
)

// Budget bounds the HTTP requests and the wall-clock time of one logical
// call (one reason() execution), across every Complete it makes: transport
// retries, the response_format fallback, validation retries and the extra
// round of the fault_tolerant profile all draw on it. Attach one to a
// context with WithBudget; a client called with a context that carries none
// gives each Complete a budget of its own from its Config.
//
// A Budget is safe for concurrent use.
type Budget struct {
	// MaxRequests is the most HTTP requests the call may make; 0 means the
	// client's Config.MaxRequests.
	MaxRequests int
	// Deadline is the total time the call may take; 0 means the client's
	// Config.Deadline.
	Deadline time.Duration
	// Pool, when set, is a budget shared by several calls (the reason()
	// calls of one POET execution, with their validation retries and the
	// execution's own retries): a request must fit both. Its Deadline is
	// not used; each call keeps its own.
	Pool *Budget

	once     sync.Once
	mu       sync.Mutex
	start    time.Time
	until    time.Time
	used     int
	limit    int
	accepted int // calls whose reply was accepted: each gives one request back
	floor    int // Allow: requests allowed whatever the limit
	timeout  time.Duration
}

type budgetKey struct{}

// WithBudget returns ctx carrying b.
func WithBudget(ctx context.Context, b *Budget) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}

// BudgetFrom returns the budget ctx carries, or nil.
func BudgetFrom(ctx context.Context) *Budget {
	b, _ := ctx.Value(budgetKey{}).(*Budget)
	return b
}

// init fills the zero limits from cfg and starts the clock, once.
func (b *Budget) init(cfg Config) {
	b.once.Do(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.limit = b.MaxRequests
		if b.limit <= 0 {
			b.limit = cfg.MaxRequests
		}
		b.timeout = b.Deadline
		if b.timeout <= 0 {
			b.timeout = cfg.Deadline
		}
		b.start = time.Now()
		b.until = b.start.Add(b.timeout)
	})
}

// take claims one HTTP request, from the pool too; false when none is left.
func (b *Budget) take() bool {
	if b.Pool != nil {
		b.Pool.init(Config{MaxRequests: b.limit, Deadline: b.timeout})
		if !b.Pool.take() {
			return false
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.hasLeft() {
		return false
	}
	b.used++
	return true
}

func (b *Budget) hasLeft() bool { return b.used < max(b.limit+b.accepted, b.floor) }

// left reports whether another request may be made.
func (b *Budget) left() bool {
	if b.Pool != nil && !b.Pool.left() {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return !b.limitKnown() || b.hasLeft()
}

func (b *Budget) limitKnown() bool { return b.limit > 0 }

// Accept tells that a call drawing on b got a reply it could use: one
// request is given back (to the pool as well), so that a budget shared by
// many successful calls bounds their failures, not their number.
func (b *Budget) Accept() {
	if b.Pool != nil {
		b.Pool.Accept()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.accepted++
}

// Allow makes sure n more requests may be made under b (not counting its
// pool's limit, which it raises as well): an explicit max_retries larger
// than the default budget is honoured.
func (b *Budget) Allow(n int) {
	if b.Pool != nil {
		b.Pool.Allow(n)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.floor = max(b.floor, b.used+n)
}

// remaining is the time left before the deadline (≤ 0 when passed).
func (b *Budget) remaining() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return time.Until(b.until)
}

// Used returns the number of HTTP requests made so far under b.
func (b *Budget) Used() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
