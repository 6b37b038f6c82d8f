//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// fileLock is an flock(2) lock held on an open file.
type fileLock struct{ f *os.File }

// tryLock takes a non-blocking flock on path (shared or exclusive), creating
// the file if needed. It returns ok=false, err=nil when another open file
// description holds a conflicting lock.
func tryLock(path string, shared bool) (l *fileLock, ok bool, err error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, false, err
	}
	how := syscall.LOCK_EX
	if shared {
		how = syscall.LOCK_SH
	}
	if err := flock(f, how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EAGAIN) {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("locking %s: %w", path, err)
	}
	return &fileLock{f: f}, true, nil
}

// waitLock takes a blocking shared flock on path. It is used to announce
// "a process is waiting for the store": holders probe the same file with an
// exclusive non-blocking lock, which fails while any waiter is registered.
// Probes hold their lock only for an instant, so this never blocks for long.
func waitLock(path string) (*fileLock, error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, err
	}
	if err := flock(f, syscall.LOCK_SH); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return &fileLock{f: f}, nil
}

// othersWaiting reports whether some other handle holds a waitLock on path.
func othersWaiting(path string) bool {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EAGAIN)
	}
	_ = flock(f, syscall.LOCK_UN)
	return false
}

func openLockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		// A read-only directory: a read-only descriptor still takes flocks.
		if f2, err2 := os.Open(path); err2 == nil {
			return f2, nil
		}
		return nil, fmt.Errorf("opening lock file: %w", err)
	}
	return f, nil
}

func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// unlock releases the lock and closes the file.
func (l *fileLock) unlock() {
	if l == nil || l.f == nil {
		return
	}
	_ = flock(l.f, syscall.LOCK_UN)
	_ = l.f.Close()
	l.f = nil
}

// diskUsage returns the bytes allocated to a file.
func diskUsage(info os.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Blocks * 512
	}
	return info.Size()
}

// writeHolder records, in the exclusive lock file, which process holds
// the store ("PID\tCOMMAND"), so that a process waiting for it can say
// who it waits for.
func writeHolder(l *fileLock) {
	if l == nil || l.f == nil {
		return
	}
	_ = l.f.Truncate(0)
	_, _ = l.f.WriteAt([]byte(fmt.Sprintf("%d\t%s\n", os.Getpid(), commandLine())), 0)
}

// holder returns the process named in the lock file at path, if it is
// still running: its pid and command line.
func holder(path string) (pid int, cmd string, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, "", false
	}
	p, c, _ := strings.Cut(strings.TrimSpace(string(b)), "\t")
	pid, err = strconv.Atoi(p)
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return 0, "", false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return 0, "", false
	}
	return pid, c, true
}
