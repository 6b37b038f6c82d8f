package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/llm/llmtest"
)

func TestCacheStatsAndCommands(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetDefault("FINAL_ANSWER: 4")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("DANA_LLM", "")
	t.Setenv("DANA_LLM_CACHE", "")
	t.Setenv("DANA_PRICES", "")
	dir := t.TempDir()
	script := filepath.Join(dir, "four.na")
	os.WriteFile(script, []byte("def f(i) -> int:\n    return reason(f\"Two plus two, take {i}?\")\nprint(parallel(f, range(3)))\n"), 0o644)
	storeDir := filepath.Join(dir, "store")

	code, out, errOut := runCLI(t, "run", "--store", storeDir, "--cache", "--stats", script)
	if code != 0 || out != "[4, 4, 4]\n" || !strings.HasPrefix(errOut, "LLM usage: 3 calls (0 cached, 0 failed)") || srv.Count() != 3 {
		t.Fatalf("first run: %d %q %q, %d requests", code, out, errOut, srv.Count())
	}
	code, out, errOut = runCLI(t, "run", "--store", storeDir, "--cache", "--stats", script)
	if code != 0 || out != "[4, 4, 4]\n" || !strings.HasPrefix(errOut, "LLM usage: 3 calls (3 cached, 0 failed), 0 prompt + 0 completion tokens") || srv.Count() != 3 {
		t.Errorf("second run: %d %q %q, %d requests", code, out, errOut, srv.Count())
	}
	code, out, _ = runCLI(t, "cache", "stats", "--store", storeDir)
	if code != 0 || !strings.HasPrefix(out, "3 cached replies, ") || !strings.Contains(out, "gpt-4o-mini") {
		t.Errorf("cache stats: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "executions", "list", "--store", storeDir)
	if code != 0 || !strings.Contains(out, "TOKENS") || !strings.Contains(out, "(cached)") {
		t.Errorf("executions list: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "cache", "clear", "--store", storeDir)
	if code != 0 || out != "cleared 3 cached replies\n" {
		t.Errorf("cache clear: %d %q", code, out)
	}
	if code, out, _ = runCLI(t, "cache", "stats", "--store", storeDir); out != "0 cached replies, 0 bytes\n" {
		t.Errorf("cache stats after clear: %d %q", code, out)
	}
}
