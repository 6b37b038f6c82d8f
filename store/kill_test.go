package store

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestKill9Rounds kills a writer with SIGKILL, round after round, at
// different points (enough writes for memtables to fill, flush and
// compact, and for the value log): after every kill the store must open
// (a false damage report fails the test) with every acknowledged record,
// and `Check` must find nothing wrong at the end.
func TestKill9Rounds(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes")
	}
	dir := filepath.Join(t.TempDir(), "store")
	var acked []string
	for round, after := range []int{3, 180, 40, 260, 1, 90, 220, 15} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), helperEnv+"=kill", helperDirEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		n := 0
		for n < after && sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "ok "); ok {
				acked = append(acked, id)
				n++
			}
		}
		time.Sleep(time.Duration(round%4) * 3 * time.Millisecond) // land the kill at different points
		_ = cmd.Process.Kill()
		for sc.Scan() { // acknowledged before the kill landed
			if id, ok := strings.CutPrefix(sc.Text(), "ok "); ok {
				acked = append(acked, id)
			}
		}
		_ = cmd.Wait()
		if n < after {
			t.Fatalf("round %d: the writer stopped after %d records: %s", round, n, stderr.String())
		}
		s, err := Open(dir, Options{ReadOnly: true})
		if err != nil {
			var de *DamageError
			if errors.As(err, &de) {
				t.Fatalf("round %d: a killed writer's store reported damaged: %v", round, err)
			}
			t.Fatalf("round %d: %v", round, err)
		}
		for _, id := range acked {
			if _, err := s.GetExecution(id); err != nil {
				s.Close()
				t.Fatalf("round %d: acknowledged record %s lost: %v", round, id, err)
			}
		}
		s.Close()
	}
	rep, err := Check(dir)
	if err != nil || !rep.OK || rep.Executions < len(acked) {
		t.Fatalf("Check after the kills: %+v, %v (%d acknowledged)", rep, err, len(acked))
	}
	ssts, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	t.Logf("%d acknowledged over 8 kills, all readable; %d executions stored, %d tables, %s",
		len(acked), rep.Executions, len(ssts), mib(uint64(rep.SizeBytes)))
}

// TestEmptyNewLogsAreNotDamage: a kill right after Badger created a new
// write-ahead or value log (before it gave the file its size) leaves an
// empty file. It holds nothing: the store opens read-only (files
// unchanged) and read-write with every record.
func TestEmptyNewLogsAreNotDamage(t *testing.T) {
	for _, crash := range []bool{false, true} {
		dir, ids := damageFixture(t, crash)
		for _, name := range []string{"00009.mem", "000009.vlog"} {
			if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before := snapshot(t, dir)
		if err := useStore(dir, true, ids); err != nil {
			t.Fatalf("crash=%v: read-only open with empty new logs: %v", crash, err)
		}
		if after := snapshot(t, dir); after != before {
			t.Fatalf("crash=%v: a read-only open changed the store's files", crash)
		}
		if err := useStore(dir, false, ids); err != nil {
			t.Fatalf("crash=%v: writable open with empty new logs: %v", crash, err)
		}
		if rep, err := Check(dir); err != nil || !rep.OK {
			t.Fatalf("crash=%v: Check: %+v, %v", crash, rep, err)
		}
	}
}
