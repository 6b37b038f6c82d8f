// Command benchcmp runs each benchmark program beside its Python twin and
// prints, per program, the best wall-clock time and the peak RSS of both, the
// time ratio (dana / python3), and at the end the geometric mean of the
// ratios. It is run by `make bench`.
//
// Each folder given with -dir holds NAME.na / NAME.py pairs. The runs of the
// two interpreters alternate (dana, python, dana, python...) so that both see
// the same machine load; the best of -runs is kept. A program whose outputs
// differ is reported and left out of the geometric mean. A program named
// "empty" measures start-up and is reported apart from the mean.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// dirList is a repeatable -dir flag.
type dirList []string

func (d *dirList) String() string     { return strings.Join(*d, ",") }
func (d *dirList) Set(s string) error { *d = append(*d, s); return nil }

// result is the best run of one program under one interpreter.
type result struct {
	time time.Duration
	rss  int64 // peak resident set size, KiB
	out  string
}

func main() {
	dana := flag.String("dana", "bin/dana", "path to the dana binary")
	python := flag.String("python", "python3", "the Python interpreter to compare with")
	runs := flag.Int("runs", 3, "runs per program and interpreter (the best time is kept)")
	only := flag.String("run", "", "only programs whose name contains this text")
	var dirs dirList
	flag.Var(&dirs, "dir", "folder of NAME.na / NAME.py pairs (repeatable; a missing folder is skipped)")
	flag.Parse()
	if len(dirs) == 0 {
		dirs = dirList{"bench"}
	}
	var progs []string
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			fmt.Fprintf(os.Stderr, "benchcmp: skipping %s: %v\n", d, err)
			continue
		}
		ps, _ := filepath.Glob(filepath.Join(d, "*.na"))
		sort.Strings(ps)
		for _, p := range ps {
			if strings.Contains(filepath.Base(p), *only) {
				progs = append(progs, p)
			}
		}
	}
	if len(progs) == 0 {
		fmt.Fprintln(os.Stderr, "benchcmp: no programs found")
		os.Exit(1)
	}
	fmt.Printf("%-26s %10s %10s %7s  %9s %9s %6s\n", "program", "dana", "python3", "ratio", "dana RSS", "py RSS", "ratio")
	var logSum, logRSS float64
	var n int
	worst, worstName := 0.0, ""
	failed := 0
	for _, na := range progs {
		name := strings.TrimSuffix(filepath.Base(na), ".na")
		label := filepath.Join(filepath.Base(filepath.Dir(na)), name)
		py := strings.TrimSuffix(na, ".na") + ".py"
		pyArgs := []string{py}
		if _, err := os.Stat(py); err != nil {
			if name != "empty" {
				fmt.Printf("%-26s no Python twin\n", label)
				continue
			}
			pyArgs = []string{"-c", "pass"}
		}
		d, p, err := compare(*runs, []string{*dana, "run", na}, append([]string{*python}, pyArgs...))
		if err != nil {
			fmt.Printf("%-26s %v\n", label, err)
			failed++
			continue
		}
		ratio := float64(d.time) / float64(p.time)
		rssRatio := float64(d.rss) / float64(p.rss)
		note := ""
		switch {
		case strings.TrimSpace(d.out) != strings.TrimSpace(p.out):
			note = "  OUTPUT DIFFERS (left out of the mean)"
			failed++
		case name == "empty":
			note = "  (start-up, not in the mean)"
		default:
			logSum += math.Log(ratio)
			logRSS += math.Log(rssRatio)
			n++
			if ratio > worst {
				worst, worstName = ratio, label
			}
		}
		fmt.Printf("%-26s %10s %10s %6.2fx  %7.1fMB %7.1fMB %5.2fx%s\n", label, round(d.time), round(p.time), ratio,
			float64(d.rss)/1024, float64(p.rss)/1024, rssRatio, note)
	}
	if n > 0 {
		fmt.Printf("geometric mean of %d programs: time %.2fx, peak RSS %.2fx; slowest %s %.2fx\n",
			n, math.Exp(logSum/float64(n)), math.Exp(logRSS/float64(n)), worstName, worst)
	}
	if failed > 0 {
		fmt.Printf("%d program(s) failed or differ from Python\n", failed)
		os.Exit(1)
	}
}

func round(d time.Duration) string {
	if d >= time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Microsecond).String()
}

// compare runs both commands runs times, alternating, and keeps the best time
// and the highest peak RSS of each.
func compare(runs int, danaCmd, pyCmd []string) (d, p result, err error) {
	for i := 0; i < runs; i++ {
		if err := runOnce(danaCmd, &d, i == 0); err != nil {
			return d, p, fmt.Errorf("dana failed: %w", err)
		}
		if err := runOnce(pyCmd, &p, i == 0); err != nil {
			return d, p, fmt.Errorf("python failed: %w", err)
		}
	}
	return d, p, nil
}

func runOnce(argv []string, r *result, first bool) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Run()
	el := time.Since(start)
	if err != nil {
		return fmt.Errorf("%v\n%s", err, out.String())
	}
	if first || el < r.time {
		r.time = el
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && int64(ru.Maxrss) > r.rss {
		r.rss = int64(ru.Maxrss)
	}
	r.out = out.String()
	return nil
}
