// Command benchcmp runs each benchmark program beside its Python twin and
// prints the wall-clock times and their ratio (dana / python3). It is run by
// `make bench`.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	dana := flag.String("dana", "bin/dana", "path to the dana binary")
	dir := flag.String("dir", "../shared/bench", "folder of NAME.na / NAME.py pairs")
	runs := flag.Int("runs", 3, "runs per program (the best is kept)")
	flag.Parse()
	progs, _ := filepath.Glob(filepath.Join(*dir, "*.na"))
	if len(progs) == 0 {
		fmt.Fprintf(os.Stderr, "benchcmp: no programs in %s (is ../shared beside the repo?)\n", *dir)
		os.Exit(0)
	}
	sort.Strings(progs)
	fmt.Printf("%-14s %12s %12s %8s\n", "program", "dana", "python3", "ratio")
	for _, na := range progs {
		name := strings.TrimSuffix(filepath.Base(na), ".na")
		py := strings.TrimSuffix(na, ".na") + ".py"
		dt, dout, err := best(*runs, *dana, "run", na)
		if err != nil {
			fmt.Printf("%-14s dana failed: %v\n%s", name, err, dout)
			continue
		}
		if _, err := os.Stat(py); err != nil {
			if name == "empty" {
				pt, _, _ := best(*runs, "python3", "-c", "pass")
				fmt.Printf("%-14s %12s %12s %7.2fx  (start-up; python3 -c pass)\n", name, round(dt), round(pt), float64(dt)/float64(pt))
				continue
			}
			fmt.Printf("%-14s %12s %12s\n", name, round(dt), "-")
			continue
		}
		pt, pout, err := best(*runs, "python3", py)
		if err != nil {
			fmt.Printf("%-14s python3 failed: %v\n", name, err)
			continue
		}
		same := ""
		if strings.TrimSpace(dout) != strings.TrimSpace(pout) {
			same = fmt.Sprintf("  OUTPUT DIFFERS: dana %q python %q", strings.TrimSpace(dout), strings.TrimSpace(pout))
		}
		fmt.Printf("%-14s %12s %12s %7.2fx%s\n", name, round(dt), round(pt), float64(dt)/float64(pt), same)
	}
}

func round(d time.Duration) string { return d.Round(100 * time.Microsecond).String() }

func best(n int, name string, args ...string) (time.Duration, string, error) {
	var bestT time.Duration
	var out []byte
	for i := 0; i < n; i++ {
		start := time.Now()
		o, err := exec.Command(name, args...).CombinedOutput()
		el := time.Since(start)
		if err != nil {
			return 0, string(o), err
		}
		if i == 0 || el < bestT {
			bestT = el
		}
		out = o
	}
	return bestT, string(out), nil
}
