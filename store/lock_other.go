//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package store

import "os"

// fileLock is a no-op on platforms without flock(2); Badger's own directory
// lock (recognised by its error message) still keeps writers apart.
type fileLock struct{}

func tryLock(path string, shared bool) (*fileLock, bool, error) { return &fileLock{}, true, nil }

func waitLock(path string) (*fileLock, error) { return &fileLock{}, nil }

func othersWaiting(path string) bool { return false }

func (l *fileLock) unlock() {}

// diskUsage returns the size of a file.
func diskUsage(info os.FileInfo) int64 { return info.Size() }

func writeHolder(l *fileLock) {}

func holder(path string) (int, string, bool) { return 0, "", false }
