package main

import (
	"debug/elf"
	"debug/gosym"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLinkerKeepsDeadMethodsOut builds dana and reads the function table of
// the binary. Go's linker drops the methods nothing calls, unless a
// reachable function calls reflect's Method or MethodByName with a name it
// cannot see: then it keeps every exported method of every type that is
// ever put in an interface. For dana that is most of openai-go's API and
// badger's: a 60 MB binary instead of 40, and ~8 MB more of it resident in
// every process (docs/perf.md, "Start-up"). Two things did that: cobra's
// SetVersionTemplate (its text/template executor), and protobuf before
// v1.36.12 (descfmt's MethodByName("Methods") reached reflect's
// Type.Methods iterator).
func TestLinkerKeepsDeadMethodsOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	names := funcNames(t, buildDana(t))
	for _, name := range []string{
		// an exported method nothing calls: kept only when the linker
		// gave up on dropping methods
		"github.com/spf13/cobra.(*Command).SetUsageTemplate",
		// functions that make it give up
		"text/template.(*state).evalField",
		"reflect.(*rtype).Methods.func1",
	} {
		if names[name] {
			t.Errorf("%s is linked into dana: some reachable function calls reflect.Value.Method or MethodByName with a computed name, and the linker keeps every exported method; find it with a linker built to print where deadcode sets reflectSeen (docs/perf.md)", name)
		}
	}
	if len(names) == 0 || !names["main.main"] {
		t.Fatalf("read %d function names and no main.main: the test does not read the table right", len(names))
	}
}

// TestPackageInitsStayLight runs an empty script with GODEBUG=inittrace=1:
// the package initialisers of everything linked into dana run before main
// in every process, so each one's work is start-up time and resident
// memory. The budget is today's total with some room; a dependency that
// builds tables at init shows up here.
func TestPackageInitsStayLight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	bin := buildDana(t)
	script := filepath.Join(t.TempDir(), "empty.na")
	if err := os.WriteFile(script, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", script)
	cmd.Env = append(cmd.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("dana run empty.na: %v\n%s", err, out)
	}
	inits, allocs, bytes := 0, 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		// init github.com/x/y @0.31 ms, 0.016 ms clock, 3464 bytes, 9 allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		b, err1 := strconv.Atoi(f[7])
		a, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			t.Fatalf("unexpected inittrace line %q", line)
		}
		inits++
		bytes += b
		allocs += a
	}
	if inits < 20 {
		t.Fatalf("found %d init lines in GODEBUG=inittrace=1 output:\n%s", inits, out)
	}
	t.Logf("%d package inits: %d allocations, %d bytes", inits, allocs, bytes)
	const maxAllocs, maxBytes = 6000, 768 << 10
	if allocs > maxAllocs || bytes > maxBytes {
		t.Errorf("package inits allocate %d objects, %d bytes (budget %d, %d): some package does work at init that could wait until it is needed\n%s",
			allocs, bytes, maxAllocs, maxBytes, out)
	}
}

// funcNames reads the names of the functions in a Go binary from its
// .gopclntab section (present in stripped binaries too).
func funcNames(t *testing.T, bin string) map[string]bool {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		t.Fatalf("%s has no .gopclntab or .text section", bin)
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	names := make(map[string]bool, len(tab.Funcs))
	for _, fn := range tab.Funcs {
		names[fn.Name] = true
	}
	return names
}
