// Package pgtest starts a throwaway PostgreSQL server for tests (initdb +
// pg_ctl on a temp directory and a free port) and skips, with a message
// saying why, where it cannot.
package pgtest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Server is a running throwaway server.
type Server struct {
	dir, bin, data string
	opts           string // postgres options (for Resume)
	port           int
	asPostgres     bool
	n              atomic.Int64
}

// findBin returns the directory holding initdb and pg_ctl.
func findBin() (string, error) {
	if d := os.Getenv("DANA_PG_BIN"); d != "" {
		return d, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	ms, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(ms) == 0 {
		return "", fmt.Errorf("initdb not found (install PostgreSQL, e.g. apt-get install postgresql, or set DANA_PG_BIN)")
	}
	return filepath.Dir(ms[len(ms)-1]), nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	if s.asPostgres {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(s.bin, name)}, args...)...)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %v: %s", name, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// Start initialises and starts a server; Stop removes it.
func Start() (*Server, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "dana-pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: bin, data: filepath.Join(dir, "data")}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root: run it as postgres.
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root and there is no postgres user to run the server as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		s.asPostgres = true
	}
	if s.port, err = freePort(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.run("initdb", "-D", s.data, "-U", "dana", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1", s.port, dir)
	if os.Getenv("DANA_PG_DURABLE") == "" {
		// Fast and not crash-safe; DANA_PG_DURABLE=1 keeps the defaults
		// (fsync, synchronous commit) to measure what a real server costs.
		opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	}
	if extra := os.Getenv("DANA_PG_OPTS"); extra != "" {
		opts += " " + extra // e.g. "-c log_min_duration_statement=1"
	}
	s.opts = opts
	if err := s.run("pg_ctl", "-D", s.data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-s", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%v\n%s", err, log)
	}
	return s, nil
}

// URL is the URL of database db on the server.
func (s *Server) URL(db string) string {
	return fmt.Sprintf("postgres://dana@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// Port is the server's TCP port.
func (s *Server) Port() int { return s.port }

// NewDatabase creates an empty database and returns its URL.
func (s *Server) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d", s.n.Add(1))
	conn, err := pgx.Connect(context.Background(), s.URL("postgres"))
	if err != nil {
		t.Fatalf("connecting to the test server: %v", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatalf("creating a test database: %v", err)
	}
	return s.URL(name)
}

// Halt stops the server at once (as a crash would: no shutdown
// checkpoint), keeping its files; Resume starts it again.
func (s *Server) Halt() error { return s.run("pg_ctl", "-D", s.data, "-m", "immediate", "-s", "stop") }

// Resume starts a halted server again on the same port.
func (s *Server) Resume() error {
	return s.run("pg_ctl", "-D", s.data, "-o", s.opts, "-l", filepath.Join(s.dir, "log"), "-w", "-s", "start")
}

// Stop stops the server and removes its files.
func (s *Server) Stop() {
	_ = s.run("pg_ctl", "-D", s.data, "-m", "immediate", "-s", "stop")
	os.RemoveAll(s.dir)
}

// Shared starts one server for a test binary on first use; call the
// returned stop from TestMain. Tests call Get.
type Shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// Get returns the shared server, starting it on first use, or skips t.
func (sh *Shared) Get(t testing.TB) *Server {
	t.Helper()
	sh.once.Do(func() {
		if os.Getenv("DANA_SKIP_PG") != "" {
			sh.err = fmt.Errorf("DANA_SKIP_PG is set")
			return
		}
		sh.srv, sh.err = Start()
	})
	if sh.err != nil {
		t.Skipf("PostgreSQL tests skipped: cannot start a throwaway server: %v", sh.err)
	}
	return sh.srv
}

// Stop stops the shared server if it was started.
func (sh *Shared) Stop() {
	if sh.srv != nil {
		sh.srv.Stop()
	}
}
