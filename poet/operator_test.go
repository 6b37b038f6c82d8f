package poet_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm/llmtest"
	"github.com/minidana/dana/poet"
)

// scripted is a person who gives prepared answers and remembers the
// questions.
type scripted struct {
	answers []string
	asked   []poet.Question
}

func (s *scripted) Ask(_ context.Context, q poet.Question) (string, error) {
	s.asked = append(s.asked, q)
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

// A person's answer is read against the expected type like a model's
// reply; an unusable one is asked again with the reason; the execution is
// recorded with the question and the answer.
func TestHumanOperator(t *testing.T) {
	var out bytes.Buffer
	e, _ := newEngine(t, &out, nil)
	p := &scripted{answers: []string{"lots", "12", "no", "yes", `{"city": "Oslo", "nights": "3"}`}}
	e.POET().SetPerson(p)
	src := `
struct Stay:
    city: str
    nights: int

seats: int = ask_human("How many seats?")
print(seats + 1)
rec = system:__last_execution_id

@poet(operator="human", validate=lambda ok :: ok)
def approve(request: str) -> bool:
    """Approve this refund request?"""

print(approve("refund 20 EUR"))
s = ask_human("Where, and how many nights?", expected_type=Stay)
print(s)
`
	if err := e.Exec("h.na", src); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "13\nTrue\nStay(city='Oslo', nights=3)\n" {
		t.Fatalf("printed %q", out.String())
	}
	if len(p.asked) != 5 {
		t.Fatalf("asked %d questions", len(p.asked))
	}
	if q := p.asked[1].Text; !strings.Contains(q, "How many seats?") || !strings.Contains(q, "The previous answer (lots) was not accepted") ||
		!strings.Contains(q, "Answer with a whole number (attempt 2 of 3):") {
		t.Errorf("second question:\n%s", q)
	}
	if q := p.asked[2].Text; !strings.Contains(q, "The function `approve` needs an answer.") || !strings.Contains(q, "Approve this refund request?") ||
		!strings.Contains(q, "Input: refund 20 EUR") || !strings.Contains(q, "Answer with yes or no") {
		t.Errorf("approve's question:\n%s", q)
	}
	if !strings.Contains(p.asked[3].Text, "The previous answer (False) was not accepted: <lambda>() returned False") || p.asked[3].Key != "approve(refund 20 EUR) #2" {
		t.Errorf("approve's second question %q:\n%s", p.asked[3].Key, p.asked[3].Text)
	}
	rec := e.POET().LastRecord()
	if rec.Model != "human" || len(rec.Attempts) != 1 || rec.Attempts[0].Reply != `{"city": "Oslo", "nights": "3"}` ||
		!strings.Contains(rec.Attempts[0].Prompt, "Where, and how many nights?") || rec.Function != "ask_human" {
		t.Errorf("record %+v", rec)
	}
}

// A replay file answers when no person is attached; a question it does
// not hold is an OperatorError naming it.
func TestHumanReplayFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "answers.jsonl")
	if err := os.WriteFile(file, []byte(`{"key": "Your name?", "answer": "Ada"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	e, _ := newEngine(t, &out, map[string]string{"DANA_HUMAN": "replay:" + file})
	err := e.Exec("r.na", "print(ask_human(\"Your name?\"))\nask_human(\"Your age?\")\n")
	if out.String() != "Ada\n" || err == nil || !strings.Contains(err.Error(), `OperatorError: no person is attached and the answers file `+file+` has no (unused) answer for "Your age?"`) {
		t.Fatalf("printed %q, err %v", out.String(), err)
	}
}

// Recording then replaying gives the same run without a person.
func TestHumanRecordReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "answers.jsonl")
	var out bytes.Buffer
	e, _ := newEngine(t, &out, map[string]string{"DANA_HUMAN": "record:" + file})
	e.Config.Person = nil
	if err := e.AttachPerson(&scripted{answers: []string{"7"}}); err != nil {
		t.Fatal(err)
	}
	src := "n: int = ask_human(\"Lucky number?\")\nprint(n * 2)\n"
	if err := e.Exec("rr.na", src); err != nil || out.String() != "14\n" {
		t.Fatalf("record: %q %v", out.String(), err)
	}
	out.Reset()
	e2, _ := newEngine(t, &out, map[string]string{"DANA_HUMAN": "replay:" + file})
	if err := e2.Exec("rr.na", src); err != nil || out.String() != "14\n" {
		t.Fatalf("replay: %q %v", out.String(), err)
	}
}

// Code, model and person are one contract: operator="model" asks the
// model with the same question a person would see, and reads the reply
// against the type.
func TestModelOperator(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Enqueue(llmtest.Text("maybe"), llmtest.Text("FINAL_ANSWER: no"))
	var out bytes.Buffer
	e := loopbackEngine(t, srv, t.TempDir(), &out)
	src := `
@poet(operator="model")
def is_spam(message: str) -> bool:
    """Is this message spam?"""

print(is_spam("WIN A PRIZE"))
`
	if err := e.Exec("m.na", src); err != nil {
		t.Fatal(render(err))
	}
	if out.String() != "False\n" || srv.Count() != 2 {
		t.Fatalf("printed %q after %d requests", out.String(), srv.Count())
	}
	p := srv.Requests()[1].Prompt()
	if !strings.Contains(p, "Is this message spam?") || !strings.Contains(p, "Input: WIN A PRIZE") || !strings.Contains(p, "The previous answer (maybe) was not accepted") {
		t.Errorf("second prompt:\n%s", p)
	}
	if rec := e.POET().LastRecord(); rec.Model != "m" || len(rec.Attempts) != 2 || rec.Attempts[1].Reply != "FINAL_ANSWER: no" {
		t.Errorf("record %+v", rec)
	}
}

// waiting is a person who answers only once released.
type waiting struct{ release chan struct{} }

func (w waiting) Ask(ctx context.Context, q poet.Question) (string, error) {
	select {
	case <-w.release:
		return "42", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// While a person thinks, the interpreter lock is free: the other parallel()
// workers run (here, the one that lets the person answer).
func TestAskHumanReleasesTheLock(t *testing.T) {
	var out bytes.Buffer
	e, _ := newEngine(t, &out, nil)
	release := make(chan struct{})
	e.POET().SetPerson(waiting{release})
	e.Interpreter.RegisterBuiltin("release_person", func(*interp.Thread, []interp.Value, []interp.KwArg) (interp.Value, error) {
		close(release)
		return interp.Str("released"), nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	e.Interpreter.SetContext(ctx)
	src := `
def ask() -> int:
    return ask_human("How many?")
print(parallel([ask, lambda :: release_person()]))
`
	if err := e.Exec("h.na", src); err != nil {
		t.Fatalf("%s (did ask_human keep the lock?)", render(err))
	}
	if out.String() != "[42, 'released']\n" {
		t.Errorf("printed %q", out.String())
	}
}
