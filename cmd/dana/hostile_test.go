package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestHostileScripts runs every script of testdata/hostile through the dana
// binary with a time limit and a memory bound, as the sandbox's acceptance
// corpus (docs/sandbox.md): each must end on its own, within its limits,
// with the named error its header expects and no Go crash text.
//
// A script's header says what it expects:
//
//	# expect: REGEXP      the stderr must match (and the exit status be 1);
//	                      "ok" alone: the run must succeed
//	# flags: ARGS         flags instead of the default ones
//	# cpu: DURATION       the CPU time allowed (default: the time limit + 10s)
//
// Scripts too big to keep in the repository (a million-element literal) are
// written with templates that expand before the run: {{ints N}} is
// "0, 1, ..., N-1", {{negs N}} "-0, -1, ...", {{strs N}} "'s0', 's1', ...",
// {{names N}} "a0, a1, ...",
// {{pairs N}} "0: 0, 1: 1, ...", {{rows N}} "[0, 's0', -0.5], [1, ...], ...",
// {{lines N TEXT}} is N lines of TEXT (after the one space), each with {i}
// replaced by its index and \n by a line break, and {{rep N TEXT}} is TEXT
// N times on one line. The module big_mod.na (3,000,000 lines) is
// there to import.
func TestHostileScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the dana binary on the hostile corpus")
	}
	files, _ := filepath.Glob("../../testdata/hostile/*.na")
	if len(files) < 40 {
		t.Fatalf("the hostile corpus has %d scripts, want at least 40", len(files))
	}
	bin := buildDana(t)
	dir := t.TempDir()
	// Modules that are not regular files, for the import cases.
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo_mod.na"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero_mod.na")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/urandom", filepath.Join(dir, "random_mod.na")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir_mod.na"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big_mod.na"), bytes.Repeat([]byte("x = 1\n"), 3_000_000), 0o600); err != nil {
		t.Fatal(err)
	}
	defaults := []string{"--timeout", "2s", "--max-memory", "512M"}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".na")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src = expandTemplates(src)
		expect, flags := header(string(src))
		if expect == "" {
			t.Fatalf("%s: no '# expect:' line", file)
		}
		if flags == nil {
			flags = defaults
		}
		script := filepath.Join(dir, name+".na")
		if err := os.WriteFile(script, src, 0o600); err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			runHostile(t, bin, dir, script, expect, flags)
		})
	}
}

var template = regexp.MustCompile(`\{\{(ints|negs|strs|names|pairs|rows) (\d+)\}\}`)

var linesTemplate = regexp.MustCompile(`\{\{(lines|rep) (\d+) (.*?)\}\}\n?`)

// expandTemplates expands the {{kind N}} templates of a hostile script.
func expandTemplates(src []byte) []byte {
	src = linesTemplate.ReplaceAllFunc(src, func(m []byte) []byte {
		sub := linesTemplate.FindSubmatch(m)
		n, _ := strconv.Atoi(string(sub[2]))
		text := bytes.ReplaceAll(sub[3], []byte(`\n`), []byte("\n"))
		var b bytes.Buffer
		for i := range n {
			b.Write(bytes.ReplaceAll(text, []byte("{i}"), []byte(strconv.Itoa(i))))
			if string(sub[1]) == "lines" {
				b.WriteByte('\n')
			}
		}
		if string(sub[1]) == "rep" && bytes.HasSuffix(m, []byte("\n")) {
			b.WriteByte('\n')
		}
		return b.Bytes()
	})
	return template.ReplaceAllFunc(src, func(m []byte) []byte {
		sub := template.FindSubmatch(m)
		n, _ := strconv.Atoi(string(sub[2]))
		var b bytes.Buffer
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			switch string(sub[1]) {
			case "ints":
				fmt.Fprintf(&b, "%d", i)
			case "negs":
				fmt.Fprintf(&b, "-%d", i)
			case "strs":
				fmt.Fprintf(&b, "'s%d'", i)
			case "names":
				fmt.Fprintf(&b, "a%d", i)
			case "pairs":
				fmt.Fprintf(&b, "%d: %d", i, i)
			case "rows":
				fmt.Fprintf(&b, "[%d, 's%d', -%d.5]", i, i, i)
			}
		}
		return b.Bytes()
	})
}

// header reads the expectation and flags of a hostile script.
func header(src string) (expect string, flags []string) {
	for _, l := range strings.SplitN(src, "\n", 6) {
		if v, ok := strings.CutPrefix(l, "# expect: "); ok {
			expect = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "# flags: "); ok {
			flags = strings.Fields(v)
		}
	}
	return expect, flags
}

var crashText = regexp.MustCompile(`goroutine \d|fatal error|panic:|internal error|runtime\.|\.go:\d`)

func runHostile(t *testing.T, bin, dir, script, expect string, flags []string) {
	limit := 2 * time.Second
	maxMem := int64(512 << 20)
	for i := 0; i+1 < len(flags); i++ {
		switch flags[i] {
		case "--timeout":
			limit, _ = time.ParseDuration(flags[i+1])
		case "--max-memory":
			v := flags[i+1]
			unit := int64(1 << 20)
			if strings.HasSuffix(v, "G") {
				unit = 1 << 30
			}
			if n, err := strconv.ParseInt(strings.TrimRight(v, "MG"), 10, 64); err == nil {
				maxMem = n * unit
			}
		}
	}
	// The run must end by itself. Its CPU time is held to the limit plus
	// room for start-up and one uninterruptible Go call; the wall-clock
	// bound leaves room for a loaded machine (tests run beside others), and
	// the kill is only a backstop.
	cpuBound := limit + 10*time.Second
	if src, err := os.ReadFile(script); err == nil {
		for _, l := range strings.SplitN(string(src), "\n", 6) {
			if v, ok := strings.CutPrefix(l, "# cpu: "); ok {
				if d, err := time.ParseDuration(strings.TrimSpace(v)); err == nil {
					cpuBound = d
				}
			}
		}
	}
	bound := limit + 90*time.Second
	ctx, cancel := context.WithTimeout(context.Background(), bound+30*time.Second)
	defer cancel()
	args := append(append([]string{}, flags...), "run", script)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DANA_HOME="+filepath.Join(dir, "home"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	hwm := watchPeakRSS(cmd.Process.Pid)
	err := cmd.Wait()
	took := time.Since(start)
	polled := hwm()
	if ctx.Err() != nil {
		t.Fatalf("killed after %s: the run did not end by itself\nstderr: %.2000s", took, stderr.String())
	}
	if took > bound {
		t.Errorf("took %s, want at most %s", took, bound)
	}
	t.Logf("%s in %s", filepath.Base(script), took)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu := time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
		if cpu > cpuBound {
			t.Errorf("used %s of CPU, want at most %s", cpu, cpuBound)
		}
		// The child's ru_maxrss starts at this test process's own peak (Go
		// starts children with vfork, and Linux keeps the peak of the
		// memory the child began in), so it only measures the child when
		// it is above ours; otherwise the peak polled from /proc is used.
		rss := ru.Maxrss << 10 // KiB on Linux
		if rss <= selfPeakRSS() {
			rss = polled
		}
		if rss > maxMem+maxMem/2+300<<20 {
			t.Errorf("peak RSS %d MiB, memory bound %d MiB", rss>>20, maxMem>>20)
		}
	}
	errText := stderr.String()
	if crashText.MatchString(errText) {
		t.Fatalf("Go crash text in stderr:\n%.3000s", errText)
	}
	okAllowed := expect == "ok" || strings.HasPrefix(expect, "ok|")
	if err == nil {
		if !okAllowed {
			t.Fatalf("succeeded, want an error matching %q\nstdout: %.500s", expect, stdout.String())
		}
		return
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit status %d, want 1\nstderr: %.2000s", code, errText)
	}
	re := regexp.MustCompile(strings.TrimPrefix(expect, "ok|"))
	if expect == "ok" || !re.MatchString(errText) {
		t.Fatalf("stderr does not match %q:\n%.2000s", expect, errText)
	}
}

// selfPeakRSS is this process's peak resident size in bytes.
func selfPeakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10
}

// watchPeakRSS polls the VmHWM (peak resident size) of process pid every
// 5 ms until the returned function is called, which returns the last value
// read in bytes (0 if none was): a lower bound of the process's peak.
func watchPeakRSS(pid int) func() int64 {
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		path := fmt.Sprintf("/proc/%d/status", pid)
		for {
			if b, err := os.ReadFile(path); err == nil {
				for _, l := range strings.Split(string(b), "\n") {
					if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
						kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
						if kb<<10 > peak.Load() {
							peak.Store(kb << 10)
						}
					}
				}
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		return peak.Load()
	}
}
