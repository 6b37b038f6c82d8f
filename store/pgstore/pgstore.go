// Package pgstore is a store.Backend on PostgreSQL (issue 17): one server
// shared by many processes on many machines, so feedback given to one
// agent is applied by all. It applies the same Train, decay and retrieval
// rules as the embedded Badger store (they live in package store).
package pgstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/minidana/dana/store"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// IsURL reports whether target names a PostgreSQL server rather than a
// Badger directory.
func IsURL(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

// Redact returns the URL without its password (for every message).
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	if q.Has("password") {
		q.Del("password")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// ServerError reports a server that could not be reached (after retries)
// or failed; it names the server without credentials.
type ServerError struct {
	Server string // redacted URL
	Op     string
	Err    error
}

// Error implements error.
func (e *ServerError) Error() string {
	return fmt.Sprintf("learning store server %s: %s: %v", e.Server, e.Op, e.Err)
}

// Unwrap returns the cause.
func (e *ServerError) Unwrap() error { return e.Err }

// Is maps the server's error codes to the store's sentinel errors: disk
// full (SQLSTATE 53100) matches store.ErrDiskFull, data or index
// corruption (XX001, XX002) store.ErrDamaged, a lock not obtained in time
// (55P03) store.ErrLocked, a read-only server (25006) store.ErrReadOnly.
func (e *ServerError) Is(target error) bool {
	var pe *pgconn.PgError
	if !errors.As(e.Err, &pe) {
		return false
	}
	switch pe.Code {
	case "53100":
		return target == store.ErrDiskFull
	case "XX001", "XX002":
		return target == store.ErrDamaged
	case "55P03":
		return target == store.ErrLocked
	case "25006":
		return target == store.ErrReadOnly
	}
	return false
}

// Options tune a Store.
type Options struct {
	// Clock returns the current time (time.Now when nil).
	Clock func() time.Time
	// Retries is how many times an operation that lost its connection is
	// retried (default 4), with backoff from RetryBase (default 100 ms).
	Retries   int
	RetryBase time.Duration
	// MaxLearningsPerFunction caps the learnings of one function (default
	// store.DefaultMaxLearningsPerFunction).
	MaxLearningsPerFunction int
	// ReadOnly: Retrieve does not record use (LastUsed) on the server, as
	// with a read-only Badger store. Other writes are not refused.
	ReadOnly bool
}

// Store is a learning store on a PostgreSQL server.
type Store struct {
	pool   *pgxpool.Pool
	server string // redacted URL
	opts   Options
	ids    *store.IDSource

	cacheMu sync.Mutex
	caches  map[string]*scopeCache // retrieval indexes by scope

	touchMu    sync.Mutex
	touches    map[string]time.Time // learnings used, not yet written
	touchTimer *time.Timer
	touchWG    sync.WaitGroup
	closed     bool

	schemaBefore, schemaNow int // schema versions before and after Open's migrations
}

var _ store.Backend = (*Store)(nil)

// Open connects to the server at rawURL and applies pending schema
// migrations. A server whose schema is newer than this binary is refused.
func Open(ctx context.Context, rawURL string, opts Options) (*Store, error) {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Retries <= 0 {
		opts.Retries = 4
	}
	if opts.RetryBase <= 0 {
		opts.RetryBase = 100 * time.Millisecond
	}
	if opts.MaxLearningsPerFunction <= 0 {
		opts.MaxLearningsPerFunction = store.DefaultMaxLearningsPerFunction
	}
	s := &Store{server: Redact(rawURL), opts: opts, ids: store.NewIDSource(nil),
		caches: map[string]*scopeCache{}, touches: map[string]time.Time{}}
	cfg, err := pgxpool.ParseConfig(rawURL)
	if err != nil {
		// pgx's parse errors may quote the URL: never show them verbatim.
		return nil, &ServerError{Server: s.server, Op: "parsing the URL", Err: errors.New("invalid PostgreSQL URL")}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, &ServerError{Server: s.server, Op: "connecting", Err: scrub(err, rawURL)}
	}
	s.pool = pool
	if err := s.retry(ctx, "applying schema migrations", func(ctx context.Context) error { return s.migrate(ctx) }); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// scrub removes the password from an error's text.
func scrub(err error, rawURL string) error {
	u, perr := url.Parse(rawURL)
	if perr != nil || u.User == nil {
		return err
	}
	if pw, ok := u.User.Password(); ok && pw != "" && strings.Contains(err.Error(), pw) {
		return errors.New(strings.ReplaceAll(err.Error(), pw, "xxxxx"))
	}
	return err
}

// Dir names the server (without credentials).
func (s *Store) Dir() string { return s.server }

// NewID returns a new ULID.
func (s *Store) NewID() string { return s.ids.New(s.now()) }

// Close writes the pending "marked used" updates and closes the
// connection pool.
func (s *Store) Close() error {
	s.touchMu.Lock()
	s.closed = true
	if s.touchTimer != nil && s.touchTimer.Stop() {
		s.touchTimer = nil
		s.touchWG.Done()
	}
	s.touchMu.Unlock()
	s.touchWG.Wait()
	err := s.flushTouches()
	s.pool.Close()
	return err
}

func (s *Store) now() time.Time { return s.opts.Clock() }

// retryable reports whether err is a lost or refused connection.
func retryable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// serialization failure, deadlock, admin shutdown, cannot connect now
		switch pe.Code {
		case "40001", "40P01", "57P01", "57P02", "57P03":
			return true
		}
		return false
	}
	// The connection broke mid-statement (the server went away): retried
	// whole; writes are idempotent across a lost COMMIT (see Feedback).
	var ne net.Error
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || errors.As(err, &ne) {
		return true
	}
	return pgconn.SafeToRetry(err) || pgconn.Timeout(err) || strings.Contains(err.Error(), "connection") ||
		strings.Contains(err.Error(), "conn closed")
}

// retry runs f, retrying with exponential backoff while the connection is
// lost; the last error becomes a *ServerError naming the server.
func (s *Store) retry(ctx context.Context, op string, f func(context.Context) error) error {
	delay := s.opts.RetryBase
	var err error
	for attempt := 0; ; attempt++ {
		err = f(ctx)
		if err == nil || !retryable(err) {
			break
		}
		if attempt >= s.opts.Retries {
			return &ServerError{Server: s.server, Op: op + fmt.Sprintf(" (gave up after %d retries)", s.opts.Retries), Err: err}
		}
		time.Sleep(delay)
		delay *= 2
	}
	if err == nil {
		return nil
	}
	var nf *store.NotFoundError
	var tm *store.TooManyLearningsError
	if errors.As(err, &nf) || errors.As(err, &tm) {
		return err
	}
	return s.serverError(op, err)
}

// serverError wraps an error from the server (a *pgconn.PgError or a
// connection failure) as a *ServerError naming the server; others are
// given the operation as context.
func (s *Store) serverError(op string, err error) error {
	if err == nil {
		return nil
	}
	var se *ServerError
	if errors.As(err, &se) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) || retryable(err) {
		return &ServerError{Server: s.server, Op: op, Err: err}
	}
	return fmt.Errorf("%s: %w", op, err)
}

// tx runs f in one transaction, retried as a whole on a lost connection.
func (s *Store) tx(op string, f func(ctx context.Context, tx pgx.Tx) error) error {
	return s.retry(context.Background(), op, func(ctx context.Context) error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return f(ctx, tx) })
	})
}

// migrate applies the embedded migrations under an advisory lock.
func (s *Store) migrate(ctx context.Context) error {
	files, err := migrationFS.ReadDir("migrations")
	if err != nil {
		return err
	}
	type mig struct {
		v   int
		sql string
	}
	var migs []mig
	for _, f := range files {
		n, err := strconv.Atoi(strings.SplitN(f.Name(), "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration file %s: no version number", f.Name())
		}
		b, err := migrationFS.ReadFile("migrations/" + f.Name())
		if err != nil {
			return err
		}
		migs = append(migs, mig{n, string(b)})
	}
	sort.Slice(migs, func(i, j int) bool { return migs[i].v < migs[j].v })
	latest := migs[len(migs)-1].v
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// One migrating process at a time, across the fleet.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7170017)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version int NOT NULL)`); err != nil {
			return err
		}
		var cur int
		err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&cur)
		if err != nil {
			return err
		}
		if cur > latest {
			return &SchemaTooNewError{Server: s.server, Server_: cur, Binary: latest}
		}
		for _, m := range migs {
			if m.v <= cur {
				continue
			}
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("schema migration %d: %w", m.v, err)
			}
		}
		s.schemaBefore, s.schemaNow = cur, max(cur, latest)
		if latest > cur {
			if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version VALUES ($1)`, latest); err != nil {
				return err
			}
		}
		return nil
	})
}

// Schema returns the server's schema version before Open applied the
// pending migrations, and after.
func (s *Store) Schema() (before, after int) { return s.schemaBefore, s.schemaNow }

// SchemaVersion is the schema version this binary writes.
func SchemaVersion() int {
	files, _ := migrationFS.ReadDir("migrations")
	v := 0
	for _, f := range files {
		if n, err := strconv.Atoi(strings.SplitN(f.Name(), "_", 2)[0]); err == nil && n > v {
			v = n
		}
	}
	return v
}

// SchemaTooNewError reports a server migrated by a newer mini-Dana.
type SchemaTooNewError struct {
	Server          string
	Server_, Binary int
}

// Error implements error.
func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("learning store server %s has schema version %d, newer than this dana (version %d): upgrade dana",
		e.Server, e.Server_, e.Binary)
}
