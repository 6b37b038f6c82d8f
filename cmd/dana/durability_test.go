package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/internal/proctest"
	"github.com/minidana/dana/store"
)

// TestSIGTERMDuringReasonLoop sends SIGTERM (and, in a second round,
// SIGINT) to `dana run` while it calls reason() in a loop and prints each
// execution id: the process must end promptly, and every id it printed
// must be readable afterwards.
func TestSIGTERMDuringReasonLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the dana binary")
	}
	bin := buildDana(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "loop.na")
	src := "i = 0\nwhile True:\n    n: int = reason(\"How many in batch \" + str(i) + \"?\")\n    print(\"id\", system:__last_execution_id)\n    i += 1\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	storeDir := filepath.Join(dir, "store")
	var printed []string
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "--store", storeDir, "run", script)
		cmd.Env = append(os.Environ(), "DANA_LLM=mock")
		printed = append(printed, proctest.SignalAfterIDs(t, cmd, 30, sig, 10*time.Second)...)
	}
	st, err := store.Open(storeDir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, id := range printed {
		if _, err := st.GetExecution(id); err != nil {
			t.Fatalf("printed id %s lost: %v", id, err)
		}
	}
	t.Logf("%d printed ids, all readable", len(printed))
}
