package engine

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
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
	lc, ok := e.Reason().Client().(*lazyClient)
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
