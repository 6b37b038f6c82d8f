package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/store"
)

const cacheSrc = `
n: int = reason("How many moons has Mars?")
colors: list[str] = reason("Two colors")
print(n, colors, usage()["cached_calls"])
`

func answers(srv *llmtest.Server) {
	srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
		if strings.HasPrefix(req.Prompt(), "How many") {
			return llmtest.Reply{Text: "FINAL_ANSWER: 2", PromptTokens: 10, CompletionTokens: 3}
		}
		return llmtest.Reply{Text: `["red", "green"]`, PromptTokens: 20, CompletionTokens: 5}
	})
}

func TestResponseCacheSecondRunMakesNoRequest(t *testing.T) {
	srv := llmtest.NewServer(t)
	answers(srv)
	dir := filepath.Join(t.TempDir(), "store")
	run := func(env map[string]string, cfg Config, src string) (string, *Engine) {
		var out bytes.Buffer
		cfg.Getenv = func(k string) string { return env[k] }
		cfg.StoreDir, cfg.Stdout, cfg.Stderr = dir, &out, &out
		e := New(cfg)
		defer e.Close()
		if err := e.Exec("c.na", src); err != nil {
			t.Fatal(err)
		}
		return out.String(), e
	}
	env := map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}
	out, _ := run(env, Config{Cache: true}, cacheSrc)
	if out != "2 ['red', 'green'] 0\n" || srv.Count() != 2 {
		t.Fatalf("first run printed %q after %d requests", out, srv.Count())
	}
	out, e := run(env, Config{Cache: true}, cacheSrc)
	if out != "2 ['red', 'green'] 2\n" || srv.Count() != 2 {
		t.Errorf("second run printed %q, %d requests in all (want 2)", out, srv.Count())
	}
	if r := e.LastReasonRecord(); r == nil || !r.Cached || r.Status != "ok" {
		t.Errorf("record %+v", r)
	}
	if u := e.Usage(); u.Calls != 2 || u.CachedCalls != 2 || u.PromptTokens != 0 {
		t.Errorf("usage %+v", u)
	}
	// DANA_LLM_CACHE=1 turns it on too; system:__llm_cache = False off.
	if out, _ = run(map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_CACHE": "1"}, Config{}, cacheSrc); srv.Count() != 2 {
		t.Errorf("DANA_LLM_CACHE=1: %d requests, printed %q", srv.Count(), out)
	}
	// system:__llm_cache = False turns it off (the source differs, and so
	// does the code context in the prompt: the first run fills nothing).
	off := "system:__llm_cache = False\n" + cacheSrc
	run(env, Config{Cache: true}, off)
	run(env, Config{Cache: true}, off)
	if srv.Count() != 6 {
		t.Errorf("system:__llm_cache = False: %d requests, want 6", srv.Count())
	}
	// Off by default; on with system:__llm_cache = True.
	on := "system:__llm_cache = True\n" + cacheSrc
	run(env, Config{}, on)
	run(env, Config{}, on)
	if srv.Count() != 8 {
		t.Errorf("system:__llm_cache = True: %d requests, want 8", srv.Count())
	}
	// Another temperature is another request.
	run(env, Config{Cache: true}, `x = reason("How many moons has Mars?", temperature=0.5)`)
	run(env, Config{Cache: true}, `x = reason("How many moons has Mars?", temperature=0.5)`)
	if srv.Count() != 9 {
		t.Errorf("temperature: %d requests, want 9", srv.Count())
	}

	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	stats, err := st.CacheStats()
	if err != nil || stats.Entries != 5 {
		t.Errorf("stats %+v, %v", stats, err)
	}
	if n, err := st.ClearCache(); n != 5 || err != nil {
		t.Errorf("cleared %d, %v", n, err)
	}
	if stats, _ := st.CacheStats(); stats.Entries != 0 {
		t.Errorf("after clear: %+v", stats)
	}
}

func TestUsageAndCost(t *testing.T) {
	srv := llmtest.NewServer(t)
	answers(srv)
	prices := filepath.Join(t.TempDir(), "prices.json")
	os.WriteFile(prices, []byte(`{"m1": {"prompt": 1000, "completion": 2000}}`), 0o644)
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_MODEL": "m1", "DANA_PRICES": prices}, Config{}, &out)
	if err := e.SetupError(); err != nil {
		t.Fatal(err)
	}
	src := cacheSrc + `
u = usage()
print(u["calls"], u["prompt_tokens"], u["completion_tokens"], round(u["cost_usd"], 4), u["llm_seconds"] >= 0)
`
	if err := e.Exec("u.na", src); err != nil {
		t.Fatal(err)
	}
	// 30 prompt tokens at $1000/M, 8 completion tokens at $2000/M.
	if got := strings.Split(out.String(), "\n")[1]; got != "2 30 8 0.046 True" {
		t.Errorf("printed %q", out.String())
	}
	var w bytes.Buffer
	WriteUsage(&w, e.Usage())
	if !strings.HasPrefix(w.String(), "LLM usage: 2 calls (0 cached, 0 failed), 30 prompt + 8 completion tokens, ") ||
		!strings.HasSuffix(w.String(), "cost $0.0460\n") {
		t.Errorf("stats line %q", w.String())
	}
}

func TestParallelRunReplaysOffline(t *testing.T) {
	srv, _ := echoServer(t, func(n int) time.Duration { return time.Duration(n%4) * 5 * time.Millisecond })
	file := filepath.Join(t.TempDir(), "cassette.jsonl")
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM": "record:" + file}, Config{}, &out)
	if err := e.Exec("par.na", parallelSrc); err != nil {
		t.Fatal(err)
	}
	recorded := out.String()
	srv.Close()
	out.Reset()
	e = newTestEngine(t, map[string]string{"DANA_LLM": "replay:" + file}, Config{}, &out)
	if err := e.Exec("par.na", parallelSrc); err != nil {
		t.Fatal(err)
	}
	if out.String() != recorded || !strings.HasPrefix(recorded, "[0, 1, 4, 9,") {
		t.Errorf("replay printed %q, recorded %q", out.String(), recorded)
	}
}
