package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Free space. Badger maps its logs and tables into memory as sparse
// files and writes them through the mapping: on a full disk, touching a
// page that has no block yet kills the process with SIGBUS (a Go fatal
// error that cannot be recovered), and a write cut off that way is lost.
// So the store refuses to write unless the disk has room for the most a
// write can make Badger touch (needFree): the rest of a write-ahead log,
// a table flushed from memory, the largest record in the value log, and
// a compaction's output (at most the size of the tables). A full disk is
// then a clean error matching ErrDiskFull, before anything is touched.
// What this cannot prevent: another process filling the disk between the
// check and Badger's write.
const (
	// MaxMinFreeBytes caps the free space needed: a compaction rewrites a
	// level's overlapping tables, not the whole store.
	MaxMinFreeBytes = 64 << 20
	// baseFreeBytes is what a write needs apart from the record and the
	// compaction: a write-ahead log (2 × 4 MiB memtable, mapped whole)
	// and a table flushed from a memtable (4 MiB).
	baseFreeBytes = 12 << 20
)

// ErrDiskFull matches the error of a write refused for lack of space.
var ErrDiskFull = fmt.Errorf("not enough free disk space for the learning store")

// freeBytes returns the space available to this user on dir's file system.
func freeBytes(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}

// needFree returns the free space a write to the store in dir needs
// (see above).
func (s *Store) needFree() uint64 {
	if s.opts.MinFreeBytes > 0 {
		return uint64(s.opts.MinFreeBytes)
	}
	need := int64(baseFreeBytes + s.opts.MaxRecordBytes)
	if ents, err := os.ReadDir(s.dir); err == nil {
		for _, de := range ents {
			if filepath.Ext(de.Name()) != ".sst" {
				continue
			}
			if info, err := de.Info(); err == nil {
				need += info.Size()
			}
		}
	}
	return uint64(min(need, MaxMinFreeBytes))
}

// checkSpace fails with an error matching ErrDiskFull when the disk
// holding the store has less free space than a write needs.
func (s *Store) checkSpace() error {
	free := s.opts.FreeSpace
	if free == nil {
		free = freeBytes
	}
	n, err := free(s.dir)
	if err != nil {
		return nil // cannot tell: let the write itself report
	}
	if need := s.needFree(); n < need {
		return fmt.Errorf("the disk holding the learning store at %s has %s free; dana needs %s to write safely. "+
			"Free some space and run the program again (nothing stored so far is lost): %w",
			s.dir, mib(n), mib(need), ErrDiskFull)
	}
	return nil
}

// mib formats n bytes in MiB, rounded down to a tenth.
func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n*10>>20)/10) }

// commandLine is this process's command line, shortened, for the lock
// file ("dana run x.na").
func commandLine() string {
	args := append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)
	c := strings.Join(args, " ")
	if len(c) > 200 {
		c = c[:200] + "..."
	}
	return c
}

// LockWaitFromEnv reads DANA_STORE_WAIT (a duration such as "30s", or
// seconds): how long to wait for a store another process uses. It returns
// 0 (the default) when unset or invalid.
func LockWaitFromEnv(getenv func(string) string) time.Duration {
	if getenv == nil {
		return 0
	}
	v := strings.TrimSpace(getenv("DANA_STORE_WAIT"))
	if v == "" {
		return 0
	}
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	var secs float64
	if _, err := fmt.Sscan(v, &secs); err == nil && secs > 0 {
		return time.Duration(secs * float64(time.Second))
	}
	return 0
}
