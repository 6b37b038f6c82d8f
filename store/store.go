package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// Defaults for Options fields left zero.
const (
	// DefaultLockWait is how long opening waits for another process's lock.
	DefaultLockWait = 10 * time.Second
	// DefaultIdleClose is how long the database stays open after the last
	// operation before it is closed so other processes can use it.
	DefaultIdleClose = 200 * time.Millisecond
	// DefaultMaxTextBytes is the default cap on one text of a record.
	DefaultMaxTextBytes = 1 << 20
	// DefaultMaxRecordBytes is the default cap on a whole record (Badger
	// keeps values below its value-log file size, 16 MiB here).
	DefaultMaxRecordBytes = 8 << 20
	// waitNotice is how long opening waits silently before calling OnWait.
	waitNotice = 500 * time.Millisecond
	// touchFlushDelay bounds how long LastUsed updates stay in memory.
	touchFlushDelay = 100 * time.Millisecond
	// yieldDelay is how long a handle that just gave the lock away to a
	// waiting process waits before competing for it again.
	yieldDelay = 15 * time.Millisecond
	// waiterProbeEvery rate-limits the "is another process waiting?" probe.
	waiterProbeEvery = 5 * time.Millisecond
	// holdQuantum is how long a handle may keep the database open while
	// another process waits, as long as it keeps using it.
	holdQuantum = 50 * time.Millisecond
)

// File names inside the store directory, next to Badger's own files.
const (
	lockFileName = "dana.lock" // flock: exclusive for writers, shared for readers
	wantFileName = "dana.want" // flock: shared while a handle waits for dana.lock
)

// Options configures a Store. The zero value is usable.
type Options struct {
	// ReadOnly opens the database in read-only mode (a shared lock: other
	// readers may use it at the same time, writers wait). Writes fail with
	// ErrReadOnly. A missing store reads as empty and is not created.
	ReadOnly bool
	// LockWait bounds how long opening waits for another process to release
	// the store (default DefaultLockWait).
	LockWait time.Duration
	// OnWait, when set, is called once per wait with a human-readable
	// message when opening has to wait noticeably for another process
	// (after about half a second). It must not call back into the Store.
	OnWait func(msg string)
	// MaxLearningsPerFunction is the runaway guard (default
	// DefaultMaxLearningsPerFunction).
	MaxLearningsPerFunction int
	// Clock returns the current time (default time.Now); tests inject one.
	Clock func() time.Time
	// MaxTextBytes caps each text of an execution record (prompt,
	// context, system message, each attempt's prompt and reply); a longer
	// text is replaced by a marker with its size and SHA-256 (default
	// DefaultMaxTextBytes).
	MaxTextBytes int
	// MaxRecordBytes caps a whole execution record (default
	// DefaultMaxRecordBytes).
	MaxRecordBytes int
	// MinFreeBytes, when positive, is the free disk space required
	// before writing; by default it is computed from the store's size
	// (see checkSpace).
	MinFreeBytes int64
	// FreeSpace reports the free bytes on dir's file system (default:
	// statfs); tests inject a full disk with it.
	FreeSpace func(dir string) (uint64, error)
	// IdleClose is how long the database stays open after the last
	// operation (default DefaultIdleClose); a negative value keeps it open
	// until Close.
	IdleClose time.Duration
}

func (o Options) withDefaults() Options {
	if o.LockWait <= 0 {
		o.LockWait = DefaultLockWait
	}
	if o.MaxLearningsPerFunction <= 0 {
		o.MaxLearningsPerFunction = DefaultMaxLearningsPerFunction
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.MaxTextBytes <= 0 {
		o.MaxTextBytes = DefaultMaxTextBytes
	}
	if o.MaxRecordBytes <= 0 {
		o.MaxRecordBytes = DefaultMaxRecordBytes
	}
	if o.IdleClose == 0 {
		o.IdleClose = DefaultIdleClose
	}
	return o
}

// Store is a handle on the learning store in one directory. It opens the
// underlying database on demand and closes it when idle (see the package
// documentation). A *Store is safe for concurrent use by goroutines.
type Store struct {
	dir  string
	opts Options
	ids  *IDSource

	// mu guards the database handle and its lifecycle.
	mu        sync.Mutex
	idle      *sync.Cond // signalled when refs drops to 0
	db        *badger.DB
	lock      *fileLock
	refs      int
	epoch     atomic.Uint64 // incremented on every open (written under mu)
	closed    bool
	idleTimer *time.Timer
	idleSeq   uint64
	lastProbe time.Time
	yieldedAt time.Time // when the handle last closed early for a waiter
	openedAt  time.Time // when the database was last opened
	viewDir   string    // the read-only view in use (see makeView), or ""
	// verified remembers the tables already verified (see verifyTables).
	verified map[string]tableInfo
	// seq is the sequence number of the last commit and jrnl the commit
	// journal (writers only; see journal.go). Both are used under
	// writeMu and set when the database opens.
	seq  uint64
	jrnl *journal

	// writeMu serialises write transactions and the index updates that
	// follow them, so indexes see writes in commit order.
	writeMu sync.Mutex

	// idxMu guards indexes (the map; each index has its own lock).
	idxMu   sync.Mutex
	indexes map[string]*index

	// touchMu guards the LastUsed updates waiting to be written.
	touchMu    sync.Mutex
	touches    map[string]time.Time
	touchTimer *time.Timer
}

// Lazy returns a handle on the store in dir without touching the disk: the
// directory is created and the database opened on first use.
func Lazy(dir string, opts Options) *Store {
	s := &Store{
		dir:      dir,
		opts:     opts.withDefaults(),
		ids:      NewIDSource(nil),
		indexes:  map[string]*index{},
		touches:  map[string]time.Time{},
		verified: map[string]tableInfo{},
	}
	s.idle = sync.NewCond(&s.mu)
	return s
}

// Open returns a handle on the store in dir, opening it once to report
// problems (an unusable directory, a lock held past LockWait) right away.
// Like a Lazy handle it closes the database when idle and reopens it on
// demand.
func Open(dir string, opts Options) (*Store, error) {
	s := Lazy(dir, opts)
	if _, err := s.acquire(); err != nil {
		return nil, err
	}
	s.release()
	return s, nil
}

// DefaultDir returns the store directory: $DANA_HOME/store, where DANA_HOME
// defaults to ~/.dana. getenv is usually os.Getenv.
func DefaultDir(getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	home := getenv("DANA_HOME")
	if home == "" {
		userHome := getenv("HOME")
		if userHome == "" {
			var err error
			userHome, err = os.UserHomeDir()
			if err != nil {
				return "", fmt.Errorf("finding the learning store: DANA_HOME is not set and %w", err)
			}
		}
		home = filepath.Join(userHome, ".dana")
	}
	return filepath.Join(home, "store"), nil
}

// Dir returns the store directory.
func (s *Store) Dir() string { return s.dir }

// NewID returns a new time-ordered ULID for an execution or a learning.
func (s *Store) NewID() string { return s.ids.New(s.now()) }

func (s *Store) now() time.Time { return s.opts.Clock() }

// Close writes pending LastUsed updates, closes the database and releases
// the directory lock. It waits for operations in flight. Using the store
// after Close fails with ErrClosed.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	for s.refs > 0 {
		s.idle.Wait()
	}
	s.stopIdleTimerLocked()
	s.touchMu.Lock()
	if s.touchTimer != nil {
		s.touchTimer.Stop()
		s.touchTimer = nil
	}
	s.touchMu.Unlock()
	return s.closeDBLocked()
}

// acquire returns the open database (opening it if needed) and pins it
// until release. It returns a nil *badger.DB, and no error, for a
// read-only handle on a store that does not exist yet.
func (s *Store) acquire() (*badger.DB, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("learning store %s: %w", s.dir, ErrClosed)
	}
	if s.db == nil {
		if err := s.openLocked(); err != nil {
			return nil, err
		}
	}
	s.refs++
	s.stopIdleTimerLocked()
	return s.db, nil
}

// release unpins the database. When the last operation ends, the database
// is closed after IdleClose, or at once if another process is waiting.
func (s *Store) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refs--
	if s.refs > 0 {
		return
	}
	s.idle.Broadcast()
	if s.db == nil || s.closed {
		return
	}
	idle := s.opts.IdleClose
	now := time.Now()
	if now.Sub(s.lastProbe) >= waiterProbeEvery {
		s.lastProbe = now
		if othersWaiting(filepath.Join(s.dir, wantFileName)) {
			// Somebody waits: hand over once this handle has had its
			// quantum (reopening costs milliseconds, so handing over after
			// every single operation would waste most of the time).
			if held := now.Sub(s.openedAt); held >= holdQuantum {
				_ = s.closeDBLocked()
				s.yieldedAt = now
				return
			} else if idle < 0 || holdQuantum-held < idle {
				idle = holdQuantum - held
			}
		}
	}
	if idle < 0 {
		return
	}
	s.idleSeq++
	seq := s.idleSeq
	s.idleTimer = time.AfterFunc(idle, func() { s.idleClose(seq) })
}

func (s *Store) stopIdleTimerLocked() {
	if s.idleTimer != nil {
		s.idleTimer.Stop()
		s.idleTimer = nil
	}
	s.idleSeq++
}

func (s *Store) idleClose(seq uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq != s.idleSeq || s.refs > 0 || s.db == nil {
		return
	}
	s.idleTimer = nil
	_ = s.closeDBLocked()
}

// closeDBLocked writes pending touches and closes the database. s.mu is
// held and no operation is in flight, so nobody else holds writeMu.
func (s *Store) closeDBLocked() error {
	if s.db == nil {
		return nil
	}
	var errs []error
	if touches := s.takeTouches(); len(touches) > 0 {
		s.writeMu.Lock()
		if err := s.writeTouches(s.db, touches); err != nil {
			errs = append(errs, err)
		}
		s.writeMu.Unlock()
	}
	if err := closeBadger(s.db); err != nil {
		errs = append(errs, fmt.Errorf("closing the learning store at %s: %w", s.dir, err))
	}
	s.db = nil
	s.jrnl.close()
	s.jrnl = nil
	s.removeView()
	s.lock.unlock()
	s.lock = nil
	return errors.Join(errs...)
}

// openLocked opens the database, waiting for other processes' locks.
func (s *Store) openLocked() error {
	if s.opts.ReadOnly {
		in, err := inspect(s.dir, s.verified)
		if err != nil {
			return err
		}
		if !in.exists {
			return nil // nothing stored yet: read as empty
		}
	} else {
		if err := os.MkdirAll(s.dir, 0o700); err != nil {
			return fmt.Errorf("creating the learning store directory %s: %w", s.dir, err)
		}
		if err := s.checkSpace(); err != nil {
			return err
		}
	}
	lockPath := filepath.Join(s.dir, lockFileName)
	wantPath := filepath.Join(s.dir, wantFileName)

	start := time.Now()
	deadline := start.Add(s.opts.LockWait)
	var want *fileLock
	defer func() { want.unlock() }()
	notified := false
	backoff := time.Millisecond
	// If this handle just gave the store away to a waiting process, let
	// that process in before competing again.
	if !s.yieldedAt.IsZero() && time.Since(s.yieldedAt) < yieldDelay && othersWaiting(wantPath) {
		time.Sleep(yieldDelay - time.Since(s.yieldedAt))
	}
	for attempt := 0; ; attempt++ {
		db, lock, busy, err := s.tryOpen(lockPath)
		if err != nil {
			return err
		}
		if !busy {
			s.db, s.lock = db, lock
			s.epoch.Add(1)
			s.openedAt = time.Now()
			s.lastProbe = time.Now()
			return nil
		}
		if want == nil {
			// Announce that we are waiting so the holder yields at the end
			// of its current operation instead of idling on the lock.
			want, _ = waitLock(wantPath)
		}
		now := time.Now()
		if now.After(deadline) {
			who := "another dana process"
			if pid, cmd, ok := holder(lockPath); ok {
				who = fmt.Sprintf("pid %d (%s)", pid, cmd)
			}
			return fmt.Errorf("the learning store at %s is still in use by %s after %s; "+
				"try again when it has finished, or set DANA_STORE_WAIT (e.g. 60s) to wait longer: %w",
				s.dir, who, s.opts.LockWait.Round(time.Millisecond), ErrLocked)
		}
		if !notified && s.opts.OnWait != nil && now.Sub(start) >= min(waitNotice, s.opts.LockWait/2) {
			notified = true
			who := "another dana process"
			if pid, cmd, ok := holder(lockPath); ok {
				who = fmt.Sprintf("pid %d (%s)", pid, cmd)
			}
			s.opts.OnWait(fmt.Sprintf("store in use by %s; waiting (up to %s; store %s)",
				who, s.opts.LockWait.Round(time.Millisecond), s.dir))
		}
		sleep := backoff + time.Duration(rand.Int64N(int64(backoff)/2+1))
		if rest := time.Until(deadline); sleep > rest {
			sleep = max(rest, time.Millisecond)
		}
		time.Sleep(sleep)
		backoff = min(backoff*2, 5*time.Millisecond)
	}
}

// tryOpen makes one attempt at locking and opening the database. busy
// reports that another process holds the lock. The directory is inspected
// (see inspect) before Badger sees it: a damaged store is never opened,
// so nothing can write into it. A read-only handle on a store whose
// write-ahead log needs replaying (a writer was killed) opens a view of it
// (see makeView) instead of letting Badger truncate the log.
func (s *Store) tryOpen(lockPath string) (db *badger.DB, lock *fileLock, busy bool, err error) {
	readOnly := s.opts.ReadOnly
	lock, ok, err := tryLock(lockPath, readOnly)
	if err != nil {
		return nil, nil, false, fmt.Errorf("opening the learning store at %s: %w", s.dir, err)
	}
	if !ok {
		return nil, nil, true, nil
	}
	if !readOnly {
		writeHolder(lock)
	}
	in, err := inspect(s.dir, s.verified)
	if err != nil {
		lock.unlock()
		return nil, nil, false, err
	}
	if !readOnly {
		if err := in.removeEmptyLogs(s.dir); err != nil {
			lock.unlock()
			return nil, nil, false, fmt.Errorf("opening the learning store at %s: %w", s.dir, err)
		}
	}
	dir := s.dir
	if readOnly && in.needsView() {
		if dir, err = makeView(s.dir, in); err != nil {
			lock.unlock()
			return nil, nil, false, err
		}
		s.viewDir = dir
	}
	db, err = openBadger(dir, readOnly)
	if err != nil {
		lock.unlock()
		s.removeView()
		if isBadgerLocked(err) {
			return nil, nil, true, nil
		}
		if errors.Is(err, os.ErrPermission) {
			return nil, nil, false, fmt.Errorf("opening the learning store at %s: %w "+
				"(check the permissions of the directory and its files)", s.dir, err)
		}
		var de *DamageError
		if errors.As(err, &de) {
			de.Dir = s.dir
			return nil, nil, false, de
		}
		return nil, nil, false, damaged(s.dir, "Badger cannot open it: "+oneLine(err.Error()))
	}
	if !readOnly {
		if err := migrate(db); err != nil {
			_ = closeBadger(db)
			lock.unlock()
			return nil, nil, false, fmt.Errorf("migrating the learning store at %s to the current layout: %w", s.dir, err)
		}
		if err := s.startJournal(db); err != nil {
			_ = closeBadger(db)
			lock.unlock()
			return nil, nil, false, fmt.Errorf("opening the commit journal of the learning store at %s: %w", s.dir, err)
		}
	}
	return db, lock, false, nil
}

// openBadger opens the database in dir, turning a panic (Badger panics on
// some damaged files) into a *DamageError.
func openBadger(dir string, readOnly bool) (db *badger.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, damaged(dir, fmt.Sprintf("Badger failed opening it: %v", r))
		}
	}()
	return badger.Open(badgerOptions(dir, readOnly))
}

// removeView deletes the read-only view, if any.
func (s *Store) removeView() {
	if s.viewDir != "" {
		os.RemoveAll(s.viewDir)
		s.viewDir = ""
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func isBadgerLocked(err error) bool {
	return strings.Contains(err.Error(), "Cannot acquire directory lock")
}

// badgerOptions tunes Badger for a small, write-light, often reopened
// database: small memtables (cheap to open and flush), synchronous writes
// (durable when a call returns), no logging, no metrics.
func badgerOptions(dir string, readOnly bool) badger.Options {
	return badger.DefaultOptions(dir).
		WithLogger(nil).
		WithReadOnly(readOnly).
		WithSyncWrites(true).
		WithMetricsEnabled(false).
		WithMemTableSize(4 << 20).
		WithNumMemtables(2).
		WithValueThreshold(32 << 10).
		WithValueLogFileSize(16 << 20).
		WithBaseTableSize(2 << 20).
		WithNumCompactors(2).
		WithNumGoroutines(2).
		WithBlockCacheSize(8 << 20).
		WithIndexCacheSize(0).
		WithCompactL0OnClose(true).
		WithChecksumVerificationMode(options.OnBlockRead).
		WithVerifyValueChecksum(true)
}

// closeBadger closes db, turning a panic into an error.
func closeBadger(db *badger.DB) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("badger failed closing the database: %v", r)
		}
	}()
	return db.Close()
}
