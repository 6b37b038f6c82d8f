package store

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// damageFixture makes a store with executions (some large enough for the
// value log) and learnings. With crash, it returns a copy taken while the
// store was open: what a killed process leaves behind (write-ahead log not
// replayed, no tables for the latest writes).
func damageFixture(t *testing.T, crash bool) (dir string, ids []string) {
	t.Helper()
	src := t.TempDir()
	s, err := Open(src, Options{IdleClose: -1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 60 {
		e := &Execution{Function: "f", Kind: KindPoet, Status: StatusOK, Inputs: map[string]any{"i": i}}
		if i%10 == 0 {
			e.Prompt = strings.Repeat(fmt.Sprintf("big prompt %d ", i), 3000) // > 32 KB: value log
		}
		if err := s.PutExecution(e); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	for i := range 20 {
		if err := s.AddLearning(&Learning{Function: "f", Text: fmt.Sprintf("learning %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if !crash {
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		return src, ids
	}
	dir = t.TempDir()
	ents, _ := os.ReadDir(src)
	for _, de := range ents {
		if err := copyPrefix(filepath.Join(src, de.Name()), filepath.Join(dir, de.Name()), -1); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, ids
}

// snapshot hashes Badger's files in dir (not the lock files).
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, de := range ents {
		n := de.Name()
		if n == lockFileName || n == wantFileName || n == "LOCK" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, fmt.Sprintf("%s %x", n, sha256.Sum256(b)))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// filesWith returns the files of dir with the extension ext, largest first.
func filesWith(t *testing.T, dir, ext string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	sort.Slice(m, func(i, j int) bool {
		a, _ := os.Stat(m[i])
		b, _ := os.Stat(m[j])
		return a.Size() > b.Size()
	})
	if len(m) == 0 {
		t.Fatalf("no %s file in %s", ext, dir)
	}
	return m
}

func flipByte(t *testing.T, path string, at func(size int) int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := at(len(b))
	b[i] ^= 0x5a
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// cutAtEntry truncates a log file (.mem or .vlog) at the end of an entry
// about half-way through (for a .mem, the end of a transaction), so that
// what remains parses cleanly: only a check of what must be there finds
// the loss.
func cutAtEntry(t *testing.T, path string, txns bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ends []int
	for off := logHeaderSize; ; {
		e, _, ok := parseLogEntry(b, off)
		if !ok || (len(e.key) == 0 && e.meta == 0) {
			break
		}
		if !txns || e.meta&bitFinTxn != 0 {
			ends = append(ends, e.end)
		}
		off = e.end
	}
	if len(ends) < 2 {
		t.Fatalf("%s: %d entries, too few to cut", path, len(ends))
	}
	if err := os.Truncate(path, int64(ends[len(ends)/2-1])); err != nil {
		t.Fatal(err)
	}
}

// lastNonZero returns the offset of the last non-zero byte of a file.
func lastNonZero(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0 {
			return i
		}
	}
	return 0
}

// TestDamagedStores damages a store in every way the issue lists and
// checks that every kind is detected: opening it, for writing or only for
// reading, is a *DamageError naming the directory and what to do; no Go
// panic escapes; and no file of the store changes.
func TestDamagedStores(t *testing.T) {
	// want is, where set, how many executions and learnings (of 60 and
	// 20) Repair must salvage at least.
	type want struct{ execs, learnings int }
	wants := map[string]want{
		"deleted MANIFEST":                   {60, 20}, // nothing lost: the tables are read without it
		"flipped byte at the end of .sst":    {60, 20}, // the index: every block is intact
		"truncated .sst":                     {25, 20}, // the blocks before the cut
		"flipped byte in .sst":               {40, 20}, // every block but one
		"deleted .vlog":                      {54, 20}, // all but the 6 large prompts
		".mem cut at a commit boundary":      {39, 0},  // the 39 commits before the cut
		"flipped byte in the middle of .mem": {55, 20},
	}
	cases := []struct {
		name   string
		crash  bool
		damage func(t *testing.T, dir string)
	}{
		{"flipped byte early in .mem", true, func(t *testing.T, dir string) {
			flipByte(t, filesWith(t, dir, ".mem")[0], func(int) int { return logHeaderSize + 40 })
		}},
		{"flipped byte in the middle of .mem", true, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".mem")[0]
			end := lastNonZero(t, p)
			flipByte(t, p, func(int) int { return end / 2 })
		}},
		{"flipped byte after the end of .mem", true, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".mem")[0]
			end := lastNonZero(t, p)
			flipByte(t, p, func(int) int { return end + 1000 })
		}},
		{"flipped byte in .sst", false, func(t *testing.T, dir string) {
			flipByte(t, filesWith(t, dir, ".sst")[0], func(n int) int { return n / 3 })
		}},
		{"flipped byte at the end of .sst", false, func(t *testing.T, dir string) {
			flipByte(t, filesWith(t, dir, ".sst")[0], func(n int) int { return n - 10 })
		}},
		{"flipped byte in .vlog", false, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".vlog")[0]
			flipByte(t, p, func(n int) int { return lastNonZero(t, p) / 2 })
		}},
		{"deleted MANIFEST", false, func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "MANIFEST")); err != nil {
				t.Fatal(err)
			}
		}},
		{"zero-length .mem", true, func(t *testing.T, dir string) {
			if err := os.Truncate(filesWith(t, dir, ".mem")[0], 0); err != nil {
				t.Fatal(err)
			}
		}},
		{"zero-length .sst", false, func(t *testing.T, dir string) {
			if err := os.Truncate(filesWith(t, dir, ".sst")[0], 0); err != nil {
				t.Fatal(err)
			}
		}},
		{"zero-length .vlog", false, func(t *testing.T, dir string) {
			if err := os.Truncate(filesWith(t, dir, ".vlog")[0], 0); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated .sst", false, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".sst")[0]
			st, _ := os.Stat(p)
			if err := os.Truncate(p, st.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated .mem", true, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".mem")[0]
			if err := os.Truncate(p, int64(lastNonZero(t, p)/2)); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated .vlog", false, func(t *testing.T, dir string) {
			p := filesWith(t, dir, ".vlog")[0]
			if err := os.Truncate(p, int64(lastNonZero(t, p)/2)); err != nil {
				t.Fatal(err)
			}
		}},
		{"flipped byte in KEYREGISTRY", false, func(t *testing.T, dir string) {
			flipByte(t, filepath.Join(dir, "KEYREGISTRY"), func(n int) int { return 16 + 3 }) // the sanity text after the IV
		}},
		{"zero-length KEYREGISTRY", false, func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, "KEYREGISTRY"), 0); err != nil {
				t.Fatal(err)
			}
		}},
		{"zero-length DISCARD", false, func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, "DISCARD"), 0); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted .mem after a crash", true, func(t *testing.T, dir string) {
			for _, p := range filesWith(t, dir, ".mem") {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{".mem cut at a commit boundary", true, func(t *testing.T, dir string) {
			cutAtEntry(t, filesWith(t, dir, ".mem")[0], true)
		}},
		{"deleted .vlog", false, func(t *testing.T, dir string) {
			for _, p := range filesWith(t, dir, ".vlog") {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"deleted .vlog after a crash", true, func(t *testing.T, dir string) {
			for _, p := range filesWith(t, dir, ".vlog") {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{".vlog cut at an entry boundary", false, func(t *testing.T, dir string) {
			cutAtEntry(t, filesWith(t, dir, ".vlog")[0], false)
		}},
		{"deleted .sst", false, func(t *testing.T, dir string) {
			if err := os.Remove(filesWith(t, dir, ".sst")[0]); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated MANIFEST", false, func(t *testing.T, dir string) {
			p := filepath.Join(dir, "MANIFEST")
			st, _ := os.Stat(p)
			if err := os.Truncate(p, st.Size()-3); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, ids := damageFixture(t, tc.crash)
			tc.damage(t, dir)
			before := snapshot(t, dir)
			for _, ro := range []bool{true, false} {
				err := useStore(dir, ro, ids)
				var de *DamageError
				if !errors.As(err, &de) || de.Dir != dir {
					t.Fatalf("read-only=%v: got %v, want a DamageError for %s", ro, err, dir)
				}
				if ro {
					t.Logf("%v", de.Problems)
				}
				msg := err.Error()
				for _, want := range []string{dir, "damaged", "dana store check", "dana store repair"} {
					if !strings.Contains(msg, want) {
						t.Errorf("message lacks %q: %s", want, msg)
					}
				}
			}
			if after := snapshot(t, dir); after != before {
				t.Errorf("the damaged store was changed:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			if rep, err := Check(dir); err != nil || rep.OK || len(rep.Problems) == 0 {
				t.Errorf("Check: %+v, %v", rep, err)
			}
			// Repair salvages what is readable into a fresh store.
			rep, err := Repair(dir)
			if err != nil {
				t.Fatalf("Repair: %v", err)
			}
			if _, err := os.Stat(rep.KeptAside); err != nil {
				t.Errorf("damaged store not kept aside: %v", err)
			}
			if after := snapshot(t, rep.KeptAside); after != before {
				t.Errorf("Repair changed the damaged files")
			}
			chk, err := Check(dir)
			if err != nil || !chk.OK {
				t.Fatalf("Check after Repair: %+v, %v", chk, err)
			}
			t.Logf("salvaged %d/%d executions, %d/20 learnings; unreadable: %v",
				rep.Executions, len(ids), rep.Learnings, rep.Unreadable)
			if w, ok := wants[tc.name]; ok && (rep.Executions < w.execs || rep.Learnings < w.learnings) {
				t.Errorf("salvaged %d executions, %d learnings; want at least %d and %d",
					rep.Executions, rep.Learnings, w.execs, w.learnings)
			}
			if err := useStore(dir, false, nil); err != nil {
				t.Errorf("using the repaired store: %v", err)
			}
		})
	}
}

// useStore opens dir and reads every record, then (read-write) tries a
// write. It returns the first error; a panic is a test failure by itself.
func useStore(dir string, readOnly bool, ids []string) error {
	s, err := Open(dir, Options{ReadOnly: readOnly})
	if err != nil {
		return err
	}
	defer s.Close()
	for _, id := range ids {
		if _, err := s.GetExecution(id); err != nil {
			return err
		}
	}
	if _, err := s.ListLearnings(LearningFilter{}); err != nil {
		return err
	}
	if readOnly {
		return nil
	}
	return s.PutExecution(&Execution{Function: "g", Kind: KindPoet, Status: StatusOK})
}

// TestCrashLeftoversReadOnly: a store left by a killed writer (write-ahead
// log not replayed) is not damaged: read-only commands read every record
// without changing a file, and the next writer replays the log.
func TestCrashLeftoversReadOnly(t *testing.T) {
	dir, ids := damageFixture(t, true)
	before := snapshot(t, dir)
	if err := useStore(dir, true, ids); err != nil {
		t.Fatalf("read-only: %v", err)
	}
	if after := snapshot(t, dir); after != before {
		t.Fatalf("a read-only open changed the store:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	if err := useStore(dir, false, ids); err != nil {
		t.Fatalf("read-write: %v", err)
	}
	if err := useStore(dir, true, ids); err != nil {
		t.Fatalf("read-only after the writer: %v", err)
	}
}

// TestDiskFull: with the disk (reported) full, writes fail with a clean
// error matching ErrDiskFull that names the store, and everything stored
// before is still there.
func TestDiskFull(t *testing.T) {
	dir := t.TempDir()
	free := uint64(1 << 30)
	s, err := Open(dir, Options{FreeSpace: func(string) (uint64, error) { return free, nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var ids []string
	for range 5 {
		e := &Execution{Function: "f", Kind: KindPoet, Status: StatusOK}
		if err := s.PutExecution(e); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	free = 10 << 20
	err = s.PutExecution(&Execution{Function: "f", Kind: KindPoet, Status: StatusOK})
	if !errors.Is(err, ErrDiskFull) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("write on a full disk: %v", err)
	}
	if _, err := s.Feedback(ids[0], FeedbackInput{Note: "x"}); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("feedback on a full disk: %v", err)
	}
	for _, id := range ids {
		if _, err := s.GetExecution(id); err != nil {
			t.Fatalf("record %s lost: %v", id, err)
		}
	}
	free = 1 << 30
	if err := s.PutExecution(&Execution{Function: "f", Kind: KindPoet, Status: StatusOK}); err != nil {
		t.Fatalf("after space was freed: %v", err)
	}
}

// TestOrphanTablesAreNotDamage: a crash during a memtable flush or a
// compaction can leave a table file the MANIFEST does not list yet, empty
// or cut off. Its records are still in the write-ahead log (or in the
// tables it was to replace), so the store is whole: read-only opens must
// read everything and leave the orphans in place; a writable open lets
// Badger delete them.
func TestOrphanTablesAreNotDamage(t *testing.T) {
	for _, crash := range []bool{false, true} {
		dir, ids := damageFixture(t, crash)
		half := []byte(strings.Repeat("partial table ", 400))
		if ssts, _ := filepath.Glob(filepath.Join(dir, "*.sst")); len(ssts) > 0 {
			b, err := os.ReadFile(ssts[0])
			if err != nil {
				t.Fatal(err)
			}
			half = b
		}
		orphans := map[string][]byte{
			"999998.sst": nil,                // created, nothing written yet
			"999999.sst": half[:len(half)/2], // cut off mid-write
		}
		for name, b := range orphans {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before := snapshot(t, dir)
		if err := useStore(dir, true, ids); err != nil {
			t.Fatalf("crash=%v: read-only open with orphan tables: %v", crash, err)
		}
		if after := snapshot(t, dir); after != before {
			t.Fatalf("crash=%v: a read-only open changed the store's files", crash)
		}
		if err := useStore(dir, false, ids); err != nil {
			t.Fatalf("crash=%v: writable open with orphan tables: %v", crash, err)
		}
		for name := range orphans {
			if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
				t.Errorf("crash=%v: orphan %s still there after a writable open (err %v)", crash, name, err)
			}
		}
	}
}

// TestTornManifestTail: a process killed while Badger appends a change
// set to the MANIFEST leaves it cut off. When the files agree with the
// change sets before it (as they do: Badger writes a table before the
// change set naming it, and deletes files only after), nothing is lost:
// the store opens read-only without changing a file and read-write
// (Badger drops the torn tail), and every record is there. A cut that
// drops a change set the files already followed is damage: see
// TestDamagedStores, "truncated MANIFEST".
func TestTornManifestTail(t *testing.T) {
	for _, crash := range []bool{false, true} {
		for _, keep := range []int{3, 8, 11} { // bytes of the new change set written
			dir, ids := damageFixture(t, crash)
			p := filepath.Join(dir, "MANIFEST")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			// A change set like the first one, cut off.
			set := b[8:]
			if len(set) < keep+1 {
				set = append(append([]byte(nil), set...), make([]byte, keep+1)...)
			}
			torn := append(append([]byte(nil), b...), set[:keep]...)
			if err := os.WriteFile(p, torn, 0o600); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, dir)
			if err := useStore(dir, true, ids); err != nil {
				t.Fatalf("crash=%v keep=%d: read-only open: %v", crash, keep, err)
			}
			if after := snapshot(t, dir); after != before {
				t.Fatalf("crash=%v keep=%d: a read-only open changed the store", crash, keep)
			}
			if err := useStore(dir, false, ids); err != nil {
				t.Fatalf("crash=%v keep=%d: read-write open: %v", crash, keep, err)
			}
			if rep, err := Check(dir); err != nil || !rep.OK || rep.Executions != len(ids)+1 || rep.Learnings != 20 {
				t.Fatalf("crash=%v keep=%d: Check after the writer: %+v, %v", crash, keep, rep, err)
			}
		}
	}
}

// TestCheckJournal checks the cross-checks of what the files hold against
// what must be there, on made-up inspections.
func TestCheckJournal(t *testing.T) {
	seqs := func(from, to uint64) (s []uint64) {
		for n := from; n <= to; n++ {
			s = append(s, n)
		}
		return s
	}
	cases := []struct {
		name    string
		tables  map[string]tableInfo
		orphans map[string]bool
		mems    map[string][]uint64
		vlogs   map[string]map[uint32]uint32
		ptrs    []valuePtr // in the first table
		acked   uint64     // 0: no journal
		want    string     // "" for no problem
	}{
		{"tables only", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil, nil, nil, nil, 10, ""},
		{"tables and the next logs", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil,
			map[string][]uint64{"00003.mem": seqs(11, 20), "00004.mem": seqs(21, 25)}, nil, nil, 25, ""},
		{"a flushed log left behind", map[string]tableInfo{"000001.sst": {maxSeq: 20}}, nil,
			map[string][]uint64{"00003.mem": seqs(11, 20), "00004.mem": seqs(21, 25)}, nil, nil, 25, ""},
		{"an older log missing", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil,
			map[string][]uint64{"00004.mem": seqs(21, 25)}, nil, nil, 25, "commits 11 to 20 are in no file"},
		{"the newest log missing", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil,
			map[string][]uint64{"00003.mem": seqs(11, 20)}, nil, nil, 25, "commits 21 to 25 were acknowledged"},
		{"no journal", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil,
			map[string][]uint64{"00003.mem": seqs(11, 20)}, nil, nil, 0, ""},
		{"a journal behind the data (power loss)", map[string]tableInfo{"000001.sst": {maxSeq: 10}}, nil,
			map[string][]uint64{"00003.mem": seqs(11, 20)}, nil, nil, 15, ""},
		{"an orphan whose commits are in the log", map[string]tableInfo{"000001.sst": {maxSeq: 10}, "000002.sst": {maxSeq: 20}},
			map[string]bool{"000002.sst": true}, map[string][]uint64{"00003.mem": seqs(11, 20)}, nil, nil, 20, ""},
		{"an orphan whose commits are nowhere else", map[string]tableInfo{"000001.sst": {maxSeq: 10}, "000002.sst": {maxSeq: 20}},
			map[string]bool{"000002.sst": true}, nil, nil, nil, 0, "000002.sst is not listed in the MANIFEST but holds commits up to 20"},
		{"a pointer into a value log", map[string]tableInfo{"000001.sst": {maxSeq: 1}}, nil, nil,
			map[string]map[uint32]uint32{"000001.vlog": {20: 100}}, []valuePtr{{fid: 1, off: 20, len: 100}}, 1, ""},
		{"a pointer into a missing value log", map[string]tableInfo{"000001.sst": {maxSeq: 1}}, nil, nil,
			nil, []valuePtr{{fid: 1, off: 20, len: 100}}, 1, "000001.vlog is missing (1 records"},
		{"a pointer past a value log's end", map[string]tableInfo{"000001.sst": {maxSeq: 1}}, nil, nil,
			map[string]map[uint32]uint32{"000001.vlog": {20: 100}}, []valuePtr{{fid: 1, off: 120, len: 100}}, 1, "000001.vlog is cut short"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.acked > 0 {
				j, err := openJournal(dir)
				if err != nil {
					t.Fatal(err)
				}
				j.record(tc.acked)
				j.close()
			}
			in := &inspection{files: map[string]int64{}, mems: map[string]int{}, logs: map[string]logCheck{},
				tables: map[string]tableInfo{}, orphans: tc.orphans}
			for name, ti := range tc.tables {
				if name == "000001.sst" {
					ti.ptrs = tc.ptrs
				}
				in.tables[name], in.files[name] = ti, 1
			}
			for name, s := range tc.mems {
				in.files[name], in.mems[name], in.logs[name] = 1, 1, logCheck{seqs: s}
			}
			for name, e := range tc.vlogs {
				in.files[name], in.logs[name] = 1, logCheck{entries: e}
			}
			got := strings.Join(checkJournal(dir, in), "; ")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
