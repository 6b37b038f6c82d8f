package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/internal/proctest"
	"github.com/minidana/dana/llm/llmtest"
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
	assertReadable(t, storeDir, printed)
	t.Logf("%d printed ids, all readable", len(printed))
}

// TestKill9AgainstLLMServer kills `dana run` with SIGKILL, round after
// round, while its script calls reason() against a loopback
// chat-completions server (some prompts large enough for the value log)
// and prints each execution id. Every round opens the store the last one
// left (so a false damage report fails the test), every printed id must
// be readable at the end, and `store check` must find nothing wrong.
func TestKill9AgainstLLMServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the dana binary")
	}
	bin := buildDana(t)
	srv := llmtest.NewServer(t)
	srv.SetDefault("3")
	dir := t.TempDir()
	script := filepath.Join(dir, "loop.na")
	src := "i = 0\nwhile True:\n    pad = \"\"\n    if i % 3 == 0:\n        pad = \"x\" * 40000\n" +
		"    n: int = reason(\"How many in batch \" + str(i) + \"?\" + pad)\n" +
		"    print(\"id\", system:__last_execution_id)\n    i += 1\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	storeDir := filepath.Join(dir, "store")
	var printed []string
	for round, after := range []int{1, 7, 25, 3, 60, 12, 40, 2} {
		cmd := exec.Command(bin, "--store", storeDir, "run", script)
		cmd.Env = append(os.Environ(), "DANA_LLM=", "OPENAI_BASE_URL="+srv.BaseURL(), "OPENAI_API_KEY=test",
			"DANA_LLM_MODEL=m", "DANA_LLM_CACHE=")
		ids := proctest.SignalAfterIDs(t, cmd, after, syscall.SIGKILL, 10*time.Second)
		if len(ids) < after {
			t.Fatalf("round %d: %d ids", round, len(ids))
		}
		printed = append(printed, ids...)
	}
	rep, err := store.Check(storeDir)
	if err != nil || !rep.OK {
		t.Fatalf("store check after the kills: %+v, %v", rep, err)
	}
	assertReadable(t, storeDir, printed)
	t.Logf("%d printed ids over 8 SIGKILLs, all readable; %d executions stored", len(printed), rep.Executions)
}

// TestDiskFullDanaRun runs a reason() loop on a small tmpfs until the disk
// is full: the script ends with a StoreError naming the disk, not a
// crash (SIGBUS), and every printed id is readable.
func TestDiskFullDanaRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the dana binary")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", mnt).Run() })
	bin := buildDana(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "fill.na")
	src := "i = 0\nwhile True:\n    n: int = reason(\"How many in batch \" + str(i) + \"?\" + \"y\" * 100000)\n" +
		"    print(\"id\", system:__last_execution_id)\n    i += 1\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	storeDir := filepath.Join(mnt, "store")
	cmd := exec.Command(bin, "--store", storeDir, "run", script)
	cmd.Env = append(os.Environ(), "DANA_LLM=mock")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() <= 0 {
		t.Fatalf("dana run on a full disk: %v (want a non-zero exit); stderr:\n%s", err, stderr.String())
	}
	msg := stderr.String()
	for _, bad := range []string{"SIGBUS", "fatal error", "panic:", "goroutine "} {
		if strings.Contains(msg, bad) {
			t.Fatalf("dana run crashed on a full disk:\n%s", msg)
		}
	}
	if !strings.Contains(msg, "StoreError") || !strings.Contains(msg, "disk") {
		t.Errorf("want a StoreError about the disk; stderr:\n%s", msg)
	}
	var ids []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "id" {
			ids = append(ids, f[1])
		}
	}
	if len(ids) == 0 {
		t.Fatalf("nothing was stored before the disk was full; stderr:\n%s", msg)
	}
	st, err := store.Open(storeDir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, id := range ids {
		if _, err := st.GetExecution(id); err != nil {
			t.Fatalf("printed id %s lost: %v", id, err)
		}
	}
	t.Logf("%d ids before the disk was full, all readable; stderr:\n%s", len(ids), msg)
}

// assertReadable opens the store read-only and fails the test unless every
// id in ids is an execution in it.
func assertReadable(t *testing.T, storeDir string, ids []string) {
	t.Helper()
	st, err := store.Open(storeDir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, id := range ids {
		if _, err := st.GetExecution(id); err != nil {
			t.Fatalf("printed id %s lost: %v", id, err)
		}
	}
}
