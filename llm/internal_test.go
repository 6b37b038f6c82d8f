package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestBackoffGrowsWithJitterAndCap(t *testing.T) {
	c := &OpenAI{cfg: Config{Backoff: 100 * time.Millisecond, MaxBackoff: 500 * time.Millisecond}}
	for attempt, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 3: 400 * time.Millisecond, 4: 500 * time.Millisecond, 9: 500 * time.Millisecond} {
		for range 20 {
			d := c.backoff(attempt)
			if d < want/2 || d > want {
				t.Fatalf("backoff(%d) = %v, want in [%v, %v]", attempt, d, want/2, want)
			}
		}
	}
}

func TestRetryAfterParsing(t *testing.T) {
	for _, tc := range []struct {
		h    http.Header
		want time.Duration
	}{
		{http.Header{"Retry-After": {"2"}}, 2 * time.Second},
		{http.Header{"Retry-After": {"0.5"}}, 500 * time.Millisecond},
		{http.Header{"Retry-After-Ms": {"150"}, "Retry-After": {"9"}}, 150 * time.Millisecond},
		{http.Header{"Retry-After": {"soon"}}, 0},
		{http.Header{}, 0},
	} {
		if got := retryAfter(tc.h); got != tc.want {
			t.Errorf("retryAfter(%v) = %v, want %v", tc.h, got, tc.want)
		}
	}
	future := time.Now().Add(3 * time.Second).UTC().Format(http.TimeFormat)
	if got := retryAfter(http.Header{"Retry-After": {future}}); got <= time.Second || got > 3*time.Second {
		t.Errorf("HTTP-date Retry-After gave %v", got)
	}
}

func TestRejectsResponseFormat(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		want   bool
	}{
		{400, `{"error":{"message":"response_format is not supported"}}`, true},
		{400, `Invalid 'json_schema': unsupported keyword`, true},
		{422, `structured outputs unavailable for this model`, true},
		{500, `Either "json_schema" or "grammar" can be specified, but not both`, true},
		{400, `Unsupported parameter: 'temperature'`, false},
		{503, `response_format overloaded`, false},
		{429, `response_format`, false},
	} {
		if got := rejectsResponseFormat(tc.status, tc.body); got != tc.want {
			t.Errorf("rejectsResponseFormat(%d, %q) = %v", tc.status, tc.body, got)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		want   string
	}{
		{500, `{"error":{"message":"boom","type":"server_error"}}`, "the server answered Internal Server Error: boom"},
		{400, `{"error":"model 'x' not found"}`, "the server answered Bad Request: model 'x' not found"},
		{422, `{"detail":"bad field"}`, "the server answered Unprocessable Entity: bad field"},
		{502, ``, "the server answered Bad Gateway"},
	} {
		if got := errorMessage(tc.status, tc.body); got != tc.want {
			t.Errorf("errorMessage(%d, %q) = %q, want %q", tc.status, tc.body, got, tc.want)
		}
	}
}

func TestSchemaName(t *testing.T) {
	if got := schemaName("list[Person]"); got != "list_Person_" {
		t.Errorf("schemaName = %q", got)
	}
	if got := schemaName(""); got != "reply" {
		t.Errorf("schemaName(\"\") = %q", got)
	}
}
