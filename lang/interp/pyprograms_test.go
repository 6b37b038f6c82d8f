package interp_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// TestPythonPrograms is the differential suite of issue #12: every
// testdata/pyprograms/NAME.py is a small Python program; it runs under the
// interpreter (NAME.na instead when the syntax differs, e.g. lambdas or
// structs for classes) with NAME.in as standard input, and its output must be
// byte-identical to NAME.out, which CPython printed. When python3 is
// installed the test also re-runs each .py and checks that NAME.out is still
// what CPython prints, so the expectations cannot drift.
//
// Programs listed in KNOWN_FAILURES are expected to differ (each is reported);
// one that starts to pass fails the test until it is removed from the list,
// so the list is always exact.
func TestPythonPrograms(t *testing.T) {
	dir := filepath.Join("testdata", "pyprograms")
	progs, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil || len(progs) == 0 {
		t.Fatalf("no programs under %s: %v", dir, err)
	}
	known := readKnownFailures(t, filepath.Join(dir, "KNOWN_FAILURES"))
	cpython := runCPython(t, dir)
	passed, failed := 0, 0
	for _, py := range progs {
		name := strings.TrimSuffix(filepath.Base(py), ".py")
		base := strings.TrimSuffix(py, ".py")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(base + ".out")
			if err != nil {
				t.Fatalf("missing expected output: %v", err)
			}
			stdin, _ := os.ReadFile(base + ".in")
			if cpython != nil {
				got, ok := cpython[name]
				if !ok {
					t.Fatalf("python3 did not run %s", py)
				}
				if got != string(want) {
					t.Fatalf("%s.out is stale: python3 now prints\n%s", name, got)
				}
			}
			src := py
			if _, err := os.Stat(base + ".na"); err == nil {
				src = base + ".na"
			}
			code, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			in := interp.New(interp.Options{Stdout: &out, Stderr: &errOut, Stdin: bytes.NewReader(stdin), MaxSteps: 10_000_000})
			builtins.Install(in)
			runErr := in.Exec(src, string(code))
			same := runErr == nil && bytes.Equal(out.Bytes(), want)
			if same {
				passed++
			} else {
				failed++
			}
			switch {
			case same && known[name]:
				t.Errorf("%s now matches CPython: remove it from KNOWN_FAILURES", name)
			case !same && known[name]:
				t.Logf("known failure: %s", name)
			case !same:
				msg := ""
				if runErr != nil {
					msg = runErr.Error()
				}
				t.Errorf("output differs from CPython (%s)\n--- got\n%s--- want\n%s%s", src, out.String(), want, msg)
			}
		})
	}
	t.Logf("%d of %d programs give CPython's output", passed, passed+failed)
}

// pyDriver runs every program of a directory in one CPython process (one
// start-up instead of one per program), each in a fresh namespace with its
// own standard input and output, and prints {name: output} as JSON.
const pyDriver = `
import glob, io, json, os, sys
out = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.py"))):
    name = os.path.basename(path)[:-3]
    inp = path[:-3] + ".in"
    sys.stdin = io.StringIO(open(inp).read() if os.path.exists(inp) else "")
    buf = io.StringIO()
    sys.stdout = buf
    try:
        code = compile(open(path).read(), path, "exec")
        exec(code, {"__name__": "__main__"})
    except BaseException as e:
        buf.write("<<python raised %s: %s>>" % (type(e).__name__, e))
    sys.stdout = sys.__stdout__
    out[name] = buf.getvalue()
json.dump(out, sys.stdout)
`

// runCPython returns what CPython prints for each program, or nil when
// python3 is not installed.
func runCPython(t *testing.T, dir string) map[string]string {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 not installed: checking against the recorded .out files only")
		return nil
	}
	raw, err := exec.Command(python, "-c", pyDriver, dir).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	m := map[string]string{}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("python3 driver output: %v", err)
	}
	return m
}

func readKnownFailures(t *testing.T, path string) map[string]bool {
	m := map[string]bool{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return m
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, _, _ := strings.Cut(line, " ")
		m[name] = true
	}
	return m
}
