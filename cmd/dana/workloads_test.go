package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

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

// ptyRun runs `dana ARGS` in-process with stderr on a pseudo-terminal and
// returns stdout and what the terminal received.
func ptyRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Rows: 30, Cols: 120}); err != nil {
		t.Fatal(err)
	}
	var screen bytes.Buffer
	read := make(chan struct{})
	go func() {
		io.Copy(&screen, ptmx)
		close(read)
	}()
	var out bytes.Buffer
	code := run(args, strings.NewReader(""), &out, tty)
	tty.Close()
	select {
	case <-read:
	case <-time.After(5 * time.Second):
		t.Fatal("the terminal was not closed")
	}
	return code, out.String(), screen.String()
}

func TestProgressOnATerminal(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
		if n == 1 {
			return llmtest.RateLimited(400 * time.Millisecond)
		}
		return llmtest.Reply{Chunks: []string{"Two ", "and ", "two ", "make ", "four.\n", "FINAL_ANSWER: 4"}, ChunkDelay: 150 * time.Millisecond}
	})
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("DANA_LLM", "")
	dir := t.TempDir()
	script := filepath.Join(dir, "p.na")
	os.WriteFile(script, []byte("def f(i) -> int:\n    return reason(f\"How much is two plus two, take {i}?\")\nprint(parallel(f, range(3)))\n"), 0o644)

	code, out, screen := ptyRun(t, "run", "--store", filepath.Join(dir, "store"), script)
	if code != 0 || out != "[4, 4, 4]\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{"How much is two plus two, take", "parallel", "/3", "429 from 127.0.0.1:", "retry 2/", "\x1b[J"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the terminal did not show %q:\n%q", want, screen)
		}
	}
	if !regexp.MustCompile(`[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]\s+0\.[1-9]s`).MatchString(screen) {
		t.Errorf("no elapsed time on the call lines:\n%q", screen)
	}
	if !regexp.MustCompile(`↓ [1-6] tokens?`).MatchString(screen) {
		t.Errorf("no count of the tokens streamed so far on the call lines:\n%q", screen)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("escape codes in stdout: %q", out)
	}

	// --quiet: nothing on the terminal.
	code, out, screen = ptyRun(t, "run", "--quiet", "--store", filepath.Join(dir, "store"), script)
	if code != 0 || out != "[4, 4, 4]\n" || screen != "" {
		t.Errorf("--quiet: exit %d, stdout %q, terminal %q", code, out, screen)
	}
}

func TestNoProgressWhenStderrIsNotATerminal(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply {
		return llmtest.Reply{Text: "FINAL_ANSWER: 4", Delay: 300 * time.Millisecond}
	})
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("DANA_LLM", "")
	dir := t.TempDir()
	script := filepath.Join(dir, "p.na")
	os.WriteFile(script, []byte("print(parallel(lambda i :: reason(f\"Two plus two, take {i}?\"), range(2)))\n"), 0o644)
	f, err := os.Create(filepath.Join(dir, "stderr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	code := run([]string{"run", "--store", filepath.Join(dir, "store"), script}, strings.NewReader(""), &out, f)
	f.Close()
	errText, _ := os.ReadFile(f.Name())
	if code != 0 || out.String() != "['4', '4']\n" || len(errText) != 0 {
		t.Errorf("exit %d, stdout %q, stderr file %q", code, out.String(), errText)
	}
}

// testREPLStreaming runs the REPL on a terminal against a loopback model
// that streams slowly: an untyped reason() prints its reply as it arrives
// (part of it is on the screen while the server still holds the rest) and
// is not echoed again; a typed one shows the progress line with the tokens
// streamed so far, never the raw reply, and then its value.
func testREPLStreaming(t *testing.T, bin string) {
	story, sum := make(chan struct{}), make(chan struct{})
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
		if strings.Contains(req.Prompt(), "story") {
			return llmtest.Reply{Chunks: []string{"Once ", "upon ", "a ", "time."}, Hold: story}
		}
		return llmtest.Reply{Chunks: []string{"Two and two make four.\n", "FINAL_ANSWER: ", "4"}, Hold: sum}
	})
	tm := startTerm(t, bin, "DANA_HOME="+t.TempDir(), "TERM=xterm", "DANA_LLM=",
		"OPENAI_BASE_URL="+srv.BaseURL(), "OPENAI_API_KEY=test", "DANA_LLM_MODEL=test")
	tm.expect(">>> ")
	tm.send("reason(\"Tell me a story\")\r")
	tm.expect("reason(\"Tell me a story\")")
	tm.expect("Once upon a ") // while the server holds the last chunk
	close(story)
	tm.expect("time.\n>>> ")
	if strings.Contains(tm.visible(), "'Once upon a time.'") {
		t.Errorf("the streamed reply was echoed again:\n%s", tm.visible())
	}
	tm.send("len(_)\r")
	tm.expect("17\n>>> ")

	tm.send("n: int = reason(\"How much is two and two?\")\r")
	tm.expect("n: int = reason(\"How much is two and two?\")")
	tm.expect("s  ↓ 2 tokens  How much is two and two?") // the progress line: "⠙   0.3s  ↓ 2 tokens  How much..."
	close(sum)
	tm.expect(">>> ")
	tm.send("n + 1\r")
	tm.expect("n + 1\n5\n>>> ")
	if v := tm.visible(); strings.Contains(v, "FINAL_ANSWER") || strings.Contains(v, "Two and two make four") {
		t.Errorf("the reply of a typed call was printed:\n%s", v)
	}
}

// Without a terminal there is no progress display, but a retry still says
// why the run waits, as a line on stderr (not with --quiet).
func TestRetryNoticeWithoutATerminal(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.RateLimited(300 * time.Millisecond))
	srv.SetDefault("FINAL_ANSWER: 4")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("DANA_LLM", "")
	dir := t.TempDir()
	script := filepath.Join(dir, "r.na")
	os.WriteFile(script, []byte("x: int = reason(\"Two plus two?\")\nprint(x)\n"), 0o644)
	code, out, errOut := runCLI(t, "run", "--store", filepath.Join(dir, "store"), script)
	if code != 0 || out != "4\n" || !regexp.MustCompile(`^dana: 429 from 127\.0\.0\.1:\d+: retry 2/4 in 300ms\n$`).MatchString(errOut) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	srv.Enqueue(llmtest.RateLimited(300 * time.Millisecond))
	os.WriteFile(script, []byte("x: int = reason(\"Two plus two, again?\")\nprint(x)\n"), 0o644)
	code, out, errOut = runCLI(t, "run", "--quiet", "--store", filepath.Join(dir, "store"), script)
	if code != 0 || out != "4\n" || errOut != "" || srv.Count() != 4 {
		t.Errorf("--quiet: exit %d, stdout %q, stderr %q, %d requests", code, out, errOut, srv.Count())
	}
}
