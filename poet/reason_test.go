package poet_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/store"
)

// llmEngine returns an engine talking to the loopback server srv, with its
// learning store under home.
func llmEngine(t *testing.T, srv *llmtest.Server, home string) *engine.Engine {
	t.Helper()
	var out bytes.Buffer
	e := engine.New(engine.Config{
		Stdout:     &out,
		Stderr:     &out,
		LLMBaseURL: srv.BaseURL(),
		Getenv: func(k string) string {
			if k == "DANA_HOME" {
				return home
			}
			return ""
		},
	})
	t.Cleanup(func() { _ = e.Close() })
	return e
}

// TestRetryQuotesValidationFailure: a POET function calling reason() whose
// first reply fails the user's validate is retried, and the retried
// request quotes the failure and the rejected output.
func TestRetryQuotesValidationFailure(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Text("-5"), llmtest.Text("7"))
	home := t.TempDir()
	e := llmEngine(t, srv, home)
	run(t, e, `
def positive(n):
    if n <= 0:
        return f"the number must be positive, got {n}"
    return True

@poet(validate=positive)
def pick() -> int:
    return reason("Pick a number")

n = pick()
pick_id = system:__last_execution_id
`)
	if got := global(t, e, "n"); got != "7" {
		t.Fatalf("pick() = %s, want 7", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first, second := reqs[0].Prompt(), reqs[1].Prompt()
	if strings.Contains(first, "must be positive") {
		t.Errorf("first prompt already mentions a failure:\n%s", first)
	}
	for _, want := range []string{"the number must be positive, got -5", "-5", "pick"} {
		if !strings.Contains(second, want) {
			t.Errorf("retried prompt lacks %q:\n%s", want, second)
		}
	}
	// The reason() executions are recorded with the POET execution as
	// parent, and the POET record carries the model's usage and replies.
	pickID := global(t, e, "pick_id")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, home+"/store")
	rec, err := st.GetExecution(pickID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Attempts) != 2 || rec.Attempts[0].Reply != "-5" || rec.Attempts[1].Reply != "7" ||
		!strings.Contains(rec.Attempts[0].Failure, "must be positive") {
		t.Errorf("attempts: %+v", rec.Attempts)
	}
	if rec.Usage.TotalTokens == 0 || rec.Model == "" {
		t.Errorf("usage/model not aggregated: %+v %q", rec.Usage, rec.Model)
	}
	xs, err := st.ListExecutions(store.ExecutionFilter{Function: "pick"})
	if err != nil {
		t.Fatal(err)
	}
	children := 0
	for _, x := range xs {
		if x.Kind == store.KindReason {
			children++
			if x.ParentID != pickID {
				t.Errorf("reason() record %s has parent %q, want %s", x.ID, x.ParentID, pickID)
			}
		}
	}
	if children != 2 {
		t.Errorf("%d reason() records under pick, want 2", children)
	}
}

// TestLearningReachesPrompt: feedback given in another process becomes a
// learning that reaches the prompt of every reason() call of the function
// in the next one, as delimited notes.
func TestLearningReachesPrompt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	home := t.TempDir()
	cmd := helper(t, "run", home, `
@poet(domain="mail")
def subject(body: str) -> str:
    return reason(f"Write a subject line for this email: {body}")

subject("The quarterly report is attached.")
feedback(system:__last_execution_id, score=-1, note="Subject lines start with the project code in brackets, like [ACME]")
print("ok")
`)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("first process: %v\n%s", err, out)
	}

	srv := llmtest.NewServer(t)
	srv.SetDefault("[ACME] Quarterly report")
	e := llmEngine(t, srv, home)
	run(t, e, `
@poet(domain="mail")
def subject(body: str) -> str:
    helper = reason(f"Summarise in three words: {body}")
    return reason(f"Write a subject line for this email: {body}")

s = subject("The quarterly report for the board.")
`)
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	for i, r := range reqs {
		p := r.Prompt()
		if !strings.Contains(p, "Subject lines start with the project code in brackets") || !strings.Contains(p, "<notes>") {
			t.Errorf("request %d lacks the learning:\n%s", i+1, p)
		}
	}
}

// TestPlainReasonLearnings: reason() outside any POET function is an
// execution too; feedback on it becomes a learning of "reason" applied to
// later similar prompts.
func TestPlainReasonLearnings(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetDefault("Paris")
	home := t.TempDir()
	e := llmEngine(t, srv, home)
	run(t, e, `
c = reason("What is the capital of France?")
feedback(system:__last_execution_id, note="Answer capitals with the country in parentheses")
c2 = reason("What is the capital of Italy?")
`)
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	if strings.Contains(reqs[0].Prompt(), "<notes>") || !strings.Contains(reqs[1].Prompt(), "- Answer capitals with the country in parentheses") {
		t.Errorf("learning not applied to the second prompt:\n%s", reqs[1].Prompt())
	}
}
