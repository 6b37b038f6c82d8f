package gcpace

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestPercentFor(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		live, headroom uint64
		max, want      int
	}{
		{0, 16 * mib, 400, 400},         // nothing measured yet
		{1 * mib, 16 * mib, 400, 400},   // small heap: capped
		{4 * mib, 16 * mib, 400, 400},   // exactly the cap
		{5 * mib, 16 * mib, 400, 300},   // 320 % rounded down to 25
		{8 * mib, 16 * mib, 400, 200},   //
		{15 * mib, 16 * mib, 400, 100},  // 106 % -> 100
		{16 * mib, 16 * mib, 400, 100},  // default pacing from here on
		{512 * mib, 16 * mib, 400, 100}, // large heap: never below 100
		{2 * mib, 16 * mib, 1000, 800},  // another cap
		{7 * mib, 16 * mib, 400, 225},   // 228 % -> 225
		{100 * mib, 1 << 40, 400, 400},  // huge headroom
		{1 << 40, 16 * mib, 400, 100},   // no overflow
	}
	for _, tt := range tests {
		if got := percentFor(tt.live, tt.headroom, tt.max); got != tt.want {
			t.Errorf("percentFor(%d MiB, %d MiB, %d) = %d, want %d", tt.live/mib, tt.headroom/mib, tt.max, got, tt.want)
		}
	}
}

func TestStartRespectsGOGC(t *testing.T) {
	t.Setenv("GOGC", "100")
	if p := Start(16<<20, 400); p != nil {
		p.Stop()
		t.Fatal("Start changed the pacing although GOGC is set")
	}
}

func TestStartSetsAndStop(t *testing.T) {
	t.Setenv("GOGC", "") // Start looks at the variable, not at the runtime
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	p := Start(16<<20, 400)
	if p == nil {
		t.Fatal("Start returned nil without GOGC")
	}
	defer p.Stop()
	if got := p.Percent(); got < 100 || got > 400 {
		t.Fatalf("percent after Start = %d, want within [100, 400]", got)
	}
	// The runtime reports the percentage Start set.
	if got := debug.SetGCPercent(p.Percent()); got != p.Percent() {
		t.Fatalf("runtime GOGC = %d, pacer says %d", got, p.Percent())
	}
	// Collections re-tune without trouble; the setting stays in range.
	keep := make([][]byte, 0, 64)
	for i := 0; i < 64; i++ {
		keep = append(keep, make([]byte, 1<<20))
	}
	runtime.GC()
	runtime.GC()
	runtime.KeepAlive(keep)
	if got := p.Percent(); got < 100 || got > 400 {
		t.Fatalf("percent after collections = %d, want within [100, 400]", got)
	}
	p.Stop()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("after Stop GOGC = %d, want 100", got)
	}
}
