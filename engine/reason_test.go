package engine

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
)

// newTestEngine returns an engine whose environment is env only, with a
// private store, printing to out.
func newTestEngine(t *testing.T, env map[string]string, cfg Config, out *bytes.Buffer) *Engine {
	t.Helper()
	cfg.Getenv = func(k string) string { return env[k] }
	cfg.StoreDir = filepath.Join(t.TempDir(), "store")
	cfg.Stdout, cfg.Stderr = out, out
	e := New(cfg)
	t.Cleanup(func() { e.Close() })
	return e
}

const recordSrc = `
n: int = reason("How many moons has Mars?")
colors: list[str] = reason("Two colors")
if reason("Is the sky blue?"):
    print("blue", n, colors)
`

func TestEngineRecordThenReplay(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
		p := req.Messages[1].Content
		switch {
		case strings.HasPrefix(p, "How many"):
			return llmtest.Text("FINAL_ANSWER: 2")
		case strings.HasPrefix(p, "Two colors"):
			return llmtest.Text(`["red", "green"]`)
		}
		return llmtest.Text("Yes.")
	})
	file := filepath.Join(t.TempDir(), "answers.jsonl")

	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_MODEL": "m1",
		"DANA_LLM": "record:" + file}, Config{}, &out)
	if err := e.Exec("moons.na", recordSrc); err != nil {
		t.Fatal(err)
	}
	recorded := out.String()
	if recorded != "blue 2 ['red', 'green']\n" {
		t.Fatalf("recorded run printed %q", recorded)
	}
	srv.Close()

	out.Reset()
	e = newTestEngine(t, map[string]string{"DANA_LLM_MODEL": "m1", "DANA_LLM": "replay:" + file}, Config{}, &out)
	if err := e.Exec(filepath.Join(t.TempDir(), "moons.na"), recordSrc); err != nil {
		t.Fatal(err)
	}
	if out.String() != recorded {
		t.Errorf("replay printed %q, want %q", out.String(), recorded)
	}
	if r := e.LastReasonRecord(); r == nil || !r.Replayed || r.Status != "ok" {
		t.Errorf("last record %+v", r)
	}
}

func TestEngineFlagsOverrideEnvironment(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetDefault("FINAL_ANSWER: 3")
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": llmtest.RefusedURL(t), "DANA_LLM_MODEL": "env-model"},
		Config{LLMBaseURL: srv.BaseURL(), Model: "flag-model"}, &out)
	if err := e.Exec("x.na", `n: int = reason("Three?")`); err != nil {
		t.Fatal(err)
	}
	if m := srv.LastRequest(t).Model; m != "flag-model" {
		t.Errorf("model %q", m)
	}
	cfg := LLMConfig(Config{Getenv: func(k string) string {
		return map[string]string{"DANA_LLM_TIMEOUT": "2.5", "OPENAI_API_KEY": "k"}[k]
	}})
	if cfg.Timeout != 2500*time.Millisecond || cfg.APIKey != "k" {
		t.Errorf("config %+v", cfg)
	}
	if LLMConfig(Config{Getenv: func(k string) string { return map[string]string{"DANA_LLM_TIMEOUT": "90s"}[k] }}).Timeout != 90*time.Second {
		t.Error("DANA_LLM_TIMEOUT=90s")
	}
}

func TestEngineNoLLMConfigured(t *testing.T) {
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{}, Config{}, &out)
	err := e.Exec("hello.na", "print(\"start\")\nanswer = reason(\"Hello?\")\n")
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "LLMError" || ex.Pos.Line != 2 {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(ex.Msg, "OPENAI_BASE_URL") || !strings.Contains(ex.Msg, "DANA_LLM=mock") || out.String() != "start\n" {
		t.Errorf("message %q, output %q", ex.Msg, out.String())
	}
}

func TestEngineLazyClient(t *testing.T) {
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"DANA_LLM": "bogus"}, Config{}, &out)
	if err := e.Exec("plain.na", "x = 1 + 1\nprint(x)\n"); err != nil {
		t.Fatal(err)
	}
	lc, ok := e.meter.Client.(*llm.CachingClient).Unwrap().(*limitClient).Client.(*lazyClient)
	if !ok || lc.made {
		t.Fatalf("the LLM client was created by a script that does not use it (%T)", e.Reason().Client())
	}
	// A bad configuration surfaces at the first reason() call.
	err := e.Exec("plain.na", "y = reason(\"hi\")\n")
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "LLMError" || !strings.Contains(ex.Msg, "unknown DANA_LLM value") || ex.Pos.Line != 1 {
		t.Errorf("err = %v", err)
	}
}

func TestEngineMockAndServices(t *testing.T) {
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"DANA_LLM": "mock"}, Config{}, &out)
	if err := e.Exec("m.na", "n: int = reason(\"What is 6 times 7?\")\nprint(n, system:__last_execution_id == \"\")\n"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "42 False\n" {
		t.Errorf("printed %q", out.String())
	}
	if e.Reason() == nil || e.Reason().Analyzer() == nil {
		t.Fatal("no reason service")
	}
	if files, sites := e.Reason().Analyzer().Stats(); files != 1 || sites != 1 {
		t.Errorf("analyzer saw %d files, %d sites", files, sites)
	}
	if r := e.LastReasonRecord(); r == nil || !r.Mock || r.Output != int64(42) {
		t.Errorf("record %+v", r)
	}
}

func TestLLMLimitsFromEnvironment(t *testing.T) {
	env := map[string]string{"DANA_LLM_DEADLINE": "30s", "DANA_LLM_MAX_REQUESTS": "3", "DANA_LLM_MAX_REPLY": "2MB"}
	cfg := LLMConfig(Config{Getenv: func(k string) string { return env[k] }})
	if cfg.Deadline != 30*time.Second || cfg.MaxRequests != 3 || cfg.MaxReplyBytes != 2<<20 {
		t.Errorf("config %+v", cfg)
	}
	cfg = LLMConfig(Config{Getenv: func(k string) string { return env[k] }, LLMDeadline: time.Second})
	if cfg.Deadline != time.Second {
		t.Errorf("--llm-deadline: %v", cfg.Deadline)
	}
}

func TestGetenvAllowList(t *testing.T) {
	env := map[string]string{"DANA_MODE": "fast", "HOME": "/root", "OPENAI_API_KEY": "sk-secret",
		"DANA_API_KEY": "sk-2", "MY_SETTING": "on", "GITHUB_TOKEN": "ghp"}
	var out bytes.Buffer
	e := newTestEngine(t, env, Config{AllowEnv: []string{"MY_SETTING", "OPENAI_API_KEY", "GITHUB_TOKEN"}}, &out)
	src := `print(getenv("DANA_MODE"), getenv("MY_SETTING"), getenv("HOME"), getenv("HOME", "dflt"),
      getenv("OPENAI_API_KEY"), getenv("DANA_API_KEY"), getenv("GITHUB_TOKEN"))
`
	if err := e.Exec("env.na", src); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; last != "fast on None dflt None None None" {
		t.Errorf("printed %q", last)
	}
	if strings.Count(out.String(), "warning: getenv") != 4 || !strings.Contains(out.String(), `getenv("HOME") reads as unset`) {
		t.Errorf("warnings:\n%s", out.String())
	}
	if strings.Contains(out.String(), "sk-") || strings.Contains(out.String(), "ghp") {
		t.Errorf("a secret leaked:\n%s", out.String())
	}
}

func TestEveryProfileBoundedInRequests(t *testing.T) {
	for _, tc := range []struct {
		profile string
		reply   llmtest.Reply
		max     int
	}{
		{"fault_tolerant", llmtest.Status(503, "busy"), 6},
		{"fault_tolerant", llmtest.Status(401, "bad key"), 1},
		{"fault_tolerant", llmtest.Status(404, "no such model"), 1},
		{"default", llmtest.Status(500, "down"), 6},
		{"strict", llmtest.Status(429, "slow down"), 6},
		{"creative", llmtest.Status(502, "bad gateway"), 6},
		{"fault_tolerant", llmtest.Text("not a number"), 6},
	} {
		t.Run(fmt.Sprintf("%s-%d", tc.profile, tc.reply.Status), func(t *testing.T) {
			t.Parallel() // the backoff between retries takes seconds
			srv := llmtest.NewServer(t)
			srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return tc.reply })
			var out bytes.Buffer
			e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{}, &out)
			src := "@poet(profile=\"" + tc.profile + "\")\ndef f() -> int:\n    return reason(\"How many?\")\n\nf()\n"
			err := e.Exec("p.na", src)
			var ex *interp.Exception
			if !errors.As(err, &ex) || srv.Count() > tc.max || srv.Count() == 0 {
				t.Errorf("%d requests (max %d), err %v", srv.Count(), tc.max, err)
			}
		})
	}
}

func TestReasonReplyCap(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(llmtest.Request, int) llmtest.Reply { return llmtest.Reply{Endless: true} })
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_MAX_REPLY": "64KB"}, Config{}, &out)
	err := e.Exec("cap.na", "x = reason(\"Talk forever\")\n")
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "LLMError" || !strings.Contains(ex.Msg, "64 KB cap on reply size") || srv.Count() != 1 {
		t.Errorf("%d requests, err %v", srv.Count(), err)
	}
}
