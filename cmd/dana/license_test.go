package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoticeNamesEveryModule: every third-party module compiled into dana
// is named in NOTICE with its licence. When this fails after adding a
// dependency, add a line for it to NOTICE (and name it in README.md).
func TestNoticeNamesEveryModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	notice, err := os.ReadFile(filepath.Join("..", "..", "NOTICE"))
	if err != nil {
		t.Fatal(err)
	}
	if lic, err := os.ReadFile(filepath.Join("..", "..", "LICENSE")); err != nil || !strings.Contains(string(lic), "Apache License\n                           Version 2.0, January 2004") || !strings.Contains(string(lic), "END OF TERMS AND CONDITIONS") {
		t.Fatalf("LICENSE is not the full Apache-2.0 text (%v)", err)
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]bool{}
	for _, m := range strings.Fields(string(out)) {
		if seen[m] {
			continue
		}
		seen[m] = true
		if !strings.Contains(string(notice), "\n"+m+" ") {
			t.Errorf("NOTICE does not name %s, which is compiled into dana", m)
		}
	}
	if len(seen) < 5 {
		t.Fatalf("go list found only %d modules", len(seen))
	}
}
