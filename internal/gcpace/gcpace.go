// Package gcpace paces the Go collector for an interpreter process: at
// least a fixed amount of allocation between two collections while the
// live heap is small, Go's default pacing (GOGC=100) once it is large.
//
// Scripts allocate fast (boxed floats, small lists, tuples, frames) while
// their live heap is often a few megabytes. At GOGC=100 the collector then
// runs every few megabytes of allocation and is marking most of the time,
// which also makes every pointer store pay the write barrier: 20-40 % of
// the CPU of allocation-heavy programs. A larger GOGC fixes that but
// multiplies the peak heap of programs whose live heap is large. Here the
// percentage follows the live heap after each collection:
//
//	GOGC = clamp(headroom / live, 100 %, max)
//
// so the extra memory over the default pacing is bounded by headroom.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Pacer re-tunes the collector after every collection until Stop.
type Pacer struct {
	headroom uint64
	max      int
	stopped  atomic.Bool
	percent  atomic.Int32
	sample   []metrics.Sample
}

// Start sets the collector's percentage from the current live heap and
// re-tunes it after every collection: headroom bytes of allocation between
// collections while the live heap is below headroom, at most maxPercent
// and at least 100 %. It returns nil (and changes nothing) when the GOGC
// environment variable is set: an explicit setting wins.
func Start(headroom uint64, maxPercent int) *Pacer {
	if os.Getenv("GOGC") != "" || maxPercent <= 100 {
		return nil
	}
	p := &Pacer{
		headroom: headroom,
		max:      maxPercent,
		sample:   []metrics.Sample{{Name: "/gc/heap/live:bytes"}},
	}
	p.tune()
	p.arm()
	return p
}

// Percent returns the percentage set last (0 before the first setting).
func (p *Pacer) Percent() int { return int(p.percent.Load()) }

// Stop restores GOGC=100 and stops re-tuning.
func (p *Pacer) Stop() {
	if p == nil || p.stopped.Swap(true) {
		return
	}
	debug.SetGCPercent(100)
}

// arm registers a finalizer on a fresh object: it runs after the next
// collection, re-tunes and arms again.
func (p *Pacer) arm() {
	s := new([16]byte) // not tiny-allocated: a finalizer needs its own object
	runtime.SetFinalizer(s, func(*[16]byte) {
		if p.stopped.Load() {
			return
		}
		p.tune()
		p.arm()
	})
}

// tune sets the percentage for the live heap measured by the last
// collection.
func (p *Pacer) tune() {
	metrics.Read(p.sample)
	var live uint64
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		live = p.sample[0].Value.Uint64()
	}
	pct := percentFor(live, p.headroom, p.max)
	if int32(pct) != p.percent.Load() && !p.stopped.Load() {
		p.percent.Store(int32(pct))
		debug.SetGCPercent(pct)
	}
}

// percentFor returns headroom/live as a percentage clamped to [100, max],
// rounded down to a multiple of 25 so that small changes of the live heap
// do not re-set it after every collection.
func percentFor(live, headroom uint64, max int) int {
	if live == 0 {
		return max
	}
	pct := headroom * 100 / live
	if pct >= uint64(max) {
		return max
	}
	if pct <= 100 {
		return 100
	}
	return int(pct) / 25 * 25
}
