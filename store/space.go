package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// DefaultMinFreeBytes is the free disk space the store wants before it
// writes. Badger maps its logs into memory as sparse files (a write-ahead
// log of up to 8 MiB, a value log of up to 32 MiB): on a full disk,
// touching a page of them kills the process with SIGBUS. Refusing to write
// while less than this is free turns a full disk into a clean error.
const DefaultMinFreeBytes = 64 << 20

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

// checkSpace fails with an error matching ErrDiskFull when the disk
// holding the store has less than Options.MinFreeBytes free.
func (s *Store) checkSpace() error {
	free := s.opts.FreeSpace
	if free == nil {
		free = freeBytes
	}
	n, err := free(s.dir)
	if err != nil {
		return nil // cannot tell: let the write itself report
	}
	if n < uint64(s.opts.MinFreeBytes) {
		return fmt.Errorf("the disk holding the learning store at %s has %d MB free; dana needs %d MB to write safely. "+
			"Free some space and run the program again (nothing stored so far is lost): %w",
			s.dir, n>>20, s.opts.MinFreeBytes>>20, ErrDiskFull)
	}
	return nil
}

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
