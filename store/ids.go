package store

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// IDSource makes ULIDs: 26-character, lexically sortable, time-ordered ids.
// Ids made by one IDSource within the same millisecond are strictly
// increasing (monotonic entropy). An IDSource is safe for concurrent use.
type IDSource struct {
	mu      sync.Mutex
	entropy *ulid.MonotonicEntropy
}

// NewIDSource returns an IDSource drawing randomness from r (crypto/rand
// when r is nil).
func NewIDSource(r io.Reader) *IDSource {
	if r == nil {
		r = rand.Reader
	}
	return &IDSource{entropy: ulid.Monotonic(r, 0)}
}

// New returns a new ULID string for time t.
func (g *IDSource) New(t time.Time) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	id, err := ulid.New(ulid.Timestamp(t), g.entropy)
	if err != nil {
		// Monotonic entropy overflows only after 2^80 ids in one millisecond;
		// the only other failure is a broken reader. Fall back to a fresh
		// random id rather than failing the caller's write.
		return ulid.MustNew(ulid.Timestamp(t), rand.Reader).String()
	}
	return id.String()
}

// idTime returns the timestamp embedded in a ULID string.
func idTime(id string) (time.Time, bool) {
	u, err := ulid.ParseStrict(id)
	if err != nil {
		return time.Time{}, false
	}
	return ulid.Time(u.Time()), true
}
