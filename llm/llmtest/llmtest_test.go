package llmtest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string) (*http.Response, map[string]any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	json.NewDecoder(resp.Body).Decode(&v)
	return resp, v
}

func TestServerScriptAndRecord(t *testing.T) {
	s := NewServer(t)
	s.Enqueue(Status(503, "busy"), Text("first"))
	s.SetHandler(func(req Request, n int) Reply { return Text(req.Prompt() + "!") })
	url := s.BaseURL() + "/chat/completions"
	body := `{"model":"m","temperature":0.5,"max_tokens":9,"messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema"}}`

	resp, v := post(t, url, body)
	if resp.StatusCode != 503 || v["error"].(map[string]any)["message"] != "busy" {
		t.Errorf("scripted 503: %d %v", resp.StatusCode, v)
	}
	_, v = post(t, url, body)
	msg := v["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
	if msg["content"] != "first" || v["usage"] == nil || v["model"] != "m" {
		t.Errorf("scripted text: %v", v)
	}
	_, v = post(t, url, body)
	if v["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"] != "hi!" {
		t.Errorf("handler: %v", v)
	}
	reqs := s.Requests()
	if len(reqs) != 3 || reqs[0].Model != "m" || *reqs[0].Temperature != 0.5 || *reqs[0].MaxTokens != 9 ||
		!reqs[0].HasResponseFormat() || reqs[0].Prompt() != "hi" {
		t.Errorf("recorded %+v", reqs)
	}
	s.SetRejectResponseFormat(true)
	if resp, _ := post(t, url, body); resp.StatusCode != 400 {
		t.Errorf("reject response_format: %d", resp.StatusCode)
	}
	if resp, _ := post(t, s.URL()+"/chat/completions", body); resp.StatusCode != 404 {
		t.Errorf("path without /v1: %d", resp.StatusCode)
	}
}

// TestFinishReasonAndRefusalBodies: Truncated sends finish_reason "length",
// Refused a message.refusal with null content; the default is "stop".
func TestFinishReasonAndRefusalBodies(t *testing.T) {
	s := NewServer(t)
	s.Enqueue(Truncated("[1, 2"), Refused("I can't help with that."), Text("ok"))
	url := s.BaseURL() + "/chat/completions"
	body := `{"model":"m","messages":[{"role":"user","content":"hi"}]}`
	for _, want := range []struct {
		finish  string
		content any
		refusal any
	}{
		{"length", "[1, 2", nil},
		{"stop", nil, "I can't help with that."},
		{"stop", "ok", nil},
	} {
		_, v := post(t, url, body)
		choice := v["choices"].([]any)[0].(map[string]any)
		msg := choice["message"].(map[string]any)
		if choice["finish_reason"] != want.finish || msg["content"] != want.content || msg["refusal"] != want.refusal {
			t.Errorf("got finish %v content %v refusal %v, want %+v", choice["finish_reason"], msg["content"], msg["refusal"], want)
		}
	}
}
