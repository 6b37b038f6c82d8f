package store

import (
	"math/rand/v2"
	"testing"
)

// TestScanBlocksGarbage: scanning bytes that are no table finds nothing
// and does not panic.
func TestScanBlocksGarbage(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 100, 4096, 1 << 16} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		ents, blocks, skipped := scanBlocks(b, func([]byte, byte, []byte) {
			t.Fatalf("an entry found in %d random bytes", n)
		})
		if ents != 0 || blocks != 0 || skipped != n {
			t.Errorf("%d random bytes: %d entries, %d blocks, %d skipped", n, ents, blocks, skipped)
		}
	}
}
