package llm_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minidana/dana/llm"
	"github.com/minidana/dana/llm/llmtest"
)

func TestRecordThenReplay(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
		return llmtest.Reply{Text: "reply " + req.Prompt() + " #" + string(rune('0'+n)), PromptTokens: 10, CompletionTokens: n}
	})
	file := filepath.Join(t.TempDir(), "nested", "dir", "session.jsonl")
	cfg := fastConfig(srv.BaseURL())
	cfg.Mode = "record:" + file
	rec := newClient(t, cfg)

	temp := 0.5
	reqs := []*llm.Request{ask("a"), ask("b"), ask("a"), schemaReq()}
	reqs[1].Temperature = &temp
	var recorded []*llm.Response
	for _, r := range reqs {
		resp, err := rec.Complete(context.Background(), r)
		if err != nil {
			t.Fatalf("record: %v", err)
		}
		recorded = append(recorded, resp)
	}

	// The file holds one JSON line per exchange.
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []llm.Exchange
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var ex llm.Exchange
		if err := json.Unmarshal(sc.Bytes(), &ex); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines = append(lines, ex)
	}
	if len(lines) != 4 || lines[1].Temperature == nil || *lines[1].Temperature != 0.5 ||
		lines[3].ResponseFormat == nil || !lines[3].UsedResponseFormat || lines[0].Usage.PromptTokens != 10 ||
		lines[0].Model != "test-model" || lines[0].Messages[1].Content != "a" {
		t.Fatalf("recorded lines: %+v", lines)
	}

	srv.Close() // replay must not need the network
	cfg.Mode = "replay:" + file
	rep := newClient(t, cfg)
	for i, r := range reqs {
		resp, err := rep.Complete(context.Background(), r)
		if err != nil {
			t.Fatalf("replay %d: %v", i, err)
		}
		if resp.Text != recorded[i].Text || resp.Usage != recorded[i].Usage || !resp.Replayed ||
			resp.UsedResponseFormat != recorded[i].UsedResponseFormat {
			t.Errorf("replay %d = %+v, recorded %+v", i, resp, recorded[i])
		}
	}
	// "a" was recorded twice: replies come in order, then the last repeats.
	resp, err := rep.Complete(context.Background(), ask("a"))
	if err != nil || resp.Text != recorded[2].Text {
		t.Errorf("repeat = %v %v, want %q", resp, err, recorded[2].Text)
	}

	// An unrecorded request fails loudly.
	_, err = rep.Complete(context.Background(), ask("something never asked before"))
	var le *llm.LLMError
	if !errors.As(err, &le) || !errors.Is(err, llm.ErrNoRecording) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"no recorded reply for this request in " + file, "recorded 4 exchanges", "DANA_LLM=record:" + file, "something never asked"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	// A different model is a different request.
	other := ask("a")
	other.Model = "another-model"
	if _, err := rep.Complete(context.Background(), other); !errors.Is(err, llm.ErrNoRecording) {
		t.Errorf("other model: %v", err)
	}
	if st := rep.Stats(); st.Calls != 7 || st.Failures != 2 {
		t.Errorf("replay stats %+v", st)
	}
}

func TestRecordDoesNotRecordFailures(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Status(401, "bad key"))
	file := filepath.Join(t.TempDir(), "r.jsonl")
	cfg := fastConfig(srv.BaseURL())
	cfg.Mode = "record:" + file
	rec := newClient(t, cfg)
	if _, err := rec.Complete(context.Background(), ask("x")); err == nil {
		t.Fatal("want an error")
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a failed call was recorded (%v)", err)
	}
}

func TestReplayBadFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(file, []byte("{\"key\":\"k\",\"text\":\"x\"}\nnot json\n"), 0o644)
	if _, err := llm.NewReplayer(file, "m"); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("err = %v, want the bad line's number", err)
	}
}
