package store

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// fillHelper writes execution records into the store in dir until a
// write fails, printing "ok ID" after each acknowledged one and then
// "full" (the error matches ErrDiskFull) or "error" with the message.
// arg is "MINFREE" (bytes; Options.MinFreeBytes).
func fillHelper(dir, arg string) error {
	minFree, _ := strconv.ParseInt(arg, 10, 64)
	s := Lazy(dir, Options{MinFreeBytes: minFree, IdleClose: -1})
	defer s.Close()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for i := 0; i < 100000; i++ {
		e := &Execution{Function: "fill", Kind: KindReason, Status: StatusOK, Output: "x"}
		switch i % 4 {
		case 0:
			e.Prompt = strings.Repeat(fmt.Sprintf("large prompt %d ", i), 4000) // value log
		default:
			e.Prompt = strings.Repeat(fmt.Sprintf("prompt %d ", i), 200)
		}
		err := s.PutExecution(e)
		if err != nil {
			if errors.Is(err, ErrDiskFull) {
				fmt.Fprintf(w, "full %s\n", oneLine(err.Error()))
			} else {
				fmt.Fprintf(w, "error %s\n", oneLine(err.Error()))
			}
			return nil
		}
		fmt.Fprintf(w, "ok %s\n", e.ID)
		w.Flush()
	}
	fmt.Fprintln(w, "never full")
	return nil
}

// killHelper writes execution records (20 KB prompts, kept in the
// write-ahead log, so memtables fill, flush and compact; every fifth one
// 60 KB, in the value log) and a learning now and then, printing "ok ID"
// after each acknowledged execution, until it is killed.
func killHelper(dir string) error {
	s := Lazy(dir, Options{IdleClose: -1})
	defer s.Close()
	for i := 0; ; i++ {
		size := 20000
		if i%5 == 0 {
			size = 60000
		}
		e := &Execution{Function: "kill", Kind: KindReason, Status: StatusOK, Output: "x",
			Prompt: strings.Repeat(fmt.Sprintf("%d ", i), size)[:size]}
		if err := s.PutExecution(e); err != nil {
			return err
		}
		fmt.Printf("ok %s\n", e.ID)
		if i%7 == 0 {
			if err := s.AddLearning(&Learning{Function: "kill", Text: fmt.Sprintf("learning %d", i)}); err != nil {
				return err
			}
		}
	}
}

// mountTmpfs mounts a tmpfs of size bytes on a fresh directory and
// unmounts it when the test ends; it skips the test where mounting is
// not allowed (not root, no tmpfs).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a %s tmpfs to fill (needs root): %v %s", size, err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// runFill runs fillHelper on the store in dir and returns the ids it
// acknowledged and its last line; a signal (SIGBUS) fails the test.
func runFill(t *testing.T, dir string, minFree int64) (ids []string, last string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=fill", helperDirEnv+"="+dir, helperArgEnv+"="+strconv.FormatInt(minFree, 10))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				t.Errorf("the writer died of %v on a full disk; stderr:\n%s", ws.Signal(), tail(stderr.String(), 2000))
			}
		}
		t.Errorf("writer: %v; stderr:\n%s", err, tail(stderr.String(), 2000))
	}
	if msg := stderr.String(); strings.Contains(msg, "SIGBUS") || strings.Contains(msg, "fatal error") || strings.Contains(msg, "panic:") {
		t.Errorf("the writer crashed on a full disk:\n%s", msg[:min(len(msg), 3000)])
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if id, ok := strings.CutPrefix(line, "ok "); ok {
			ids = append(ids, id)
		} else if line != "" {
			last = line
		}
	}
	return ids, last
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// TestDiskFullTmpfs fills a real (small, tmpfs) disk through the store,
// with the default free-space rule: the writer gets a clean error
// matching ErrDiskFull naming the store, it is not killed (by SIGBUS,
// which is what Badger's memory-mapped files get on a full disk), and
// every record acknowledged before is readable afterwards.
func TestDiskFullTmpfs(t *testing.T) {
	for _, size := range []string{"16m", "24m", "40m", "96m"} {
		t.Run(size, func(t *testing.T) {
			mnt := mountTmpfs(t, size)
			dir := filepath.Join(mnt, "store")
			ids, last := runFill(t, dir, 0)
			t.Logf("%d records acknowledged; then: %s", len(ids), last)
			if !strings.HasPrefix(last, "full ") || !strings.Contains(last, dir) {
				t.Fatalf("last: %q, want a disk-full error naming %s", last, dir)
			}
			if size != "16m" && len(ids) == 0 {
				t.Fatalf("nothing was written before the disk was full")
			}
			checkReadable(t, dir, ids)
		})
	}
}

// TestDiskFilledByAnother: another program fills the disk while the store
// has records on it: the next writer is refused cleanly, nothing is lost,
// and once space is freed writing goes on.
func TestDiskFilledByAnother(t *testing.T) {
	mnt := mountTmpfs(t, "64m")
	dir := filepath.Join(mnt, "store")
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 50 {
		e := &Execution{Function: "f", Kind: KindReason, Status: StatusOK, Prompt: strings.Repeat("p", 1000*i)}
		if err := s.PutExecution(e); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Fill the disk up to the last block.
	filler := filepath.Join(mnt, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 1<<20)
	for _, err = f.Write(chunk); err == nil; _, err = f.Write(chunk) {
	}
	for _, err = f.Write(chunk[:4096]); err == nil; _, err = f.Write(chunk[:4096]) {
	}
	f.Close()
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("filling the disk: %v", err)
	}
	more, last := runFill(t, dir, 0)
	if len(more) != 0 || !strings.HasPrefix(last, "full ") {
		t.Fatalf("on a full disk: %d records written, then %q", len(more), last)
	}
	checkReadable(t, dir, ids)
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	more, last = runFill(t, dir, 0)
	if len(more) == 0 || !strings.HasPrefix(last, "full ") {
		t.Fatalf("after freeing space: %d records written, then %q", len(more), last)
	}
	checkReadable(t, dir, append(ids, more...))
}

// checkReadable opens the store read-only and reads every id.
func checkReadable(t *testing.T, dir string, ids []string) {
	t.Helper()
	s, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("opening after the disk filled: %v", err)
	}
	defer s.Close()
	for _, id := range ids {
		if _, err := s.GetExecution(id); err != nil {
			t.Fatalf("acknowledged record %s lost: %v", id, err)
		}
	}
}
