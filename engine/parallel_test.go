package engine

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm/llmtest"
)

// inFlight counts the requests a handler is serving at once.
type inFlight struct {
	mu       sync.Mutex
	now, max int
}

func (f *inFlight) enter() {
	f.mu.Lock()
	f.now++
	f.max = max(f.max, f.now)
	f.mu.Unlock()
}

func (f *inFlight) leave() {
	f.mu.Lock()
	f.now--
	f.mu.Unlock()
}

// echoServer answers "Item N" with N*N after delay, counting concurrency.
func echoServer(t *testing.T, delay func(n int) time.Duration) (*llmtest.Server, *inFlight) {
	srv := llmtest.NewServer(t)
	fl := &inFlight{}
	srv.SetHandler(func(req llmtest.Request, _ int) llmtest.Reply {
		fl.enter()
		defer fl.leave()
		p := req.Prompt()
		i := strings.Index(p, "Item ")
		n, _ := strconv.Atoi(strings.Fields(p[i+5:])[0])
		time.Sleep(delay(n))
		if n == 13 && strings.Contains(p, "fail13") {
			return llmtest.Status(400, "item thirteen is refused")
		}
		return llmtest.Text("FINAL_ANSWER: " + strconv.Itoa(n*n))
	})
	return srv, fl
}

const parallelSrc = `
def square(i: int) -> int:
    n: int = reason(f"Item {i} squared?")
    return n

out = parallel(square, range(20), workers=10)
print(out)
`

func TestParallelOverlapsModelCalls(t *testing.T) {
	// A long delay keeps the check about overlap, not speed: one after
	// another the calls take 20 delays; the bound below allows 10.
	const delay = 300 * time.Millisecond
	srv, fl := echoServer(t, func(int) time.Duration { return delay })
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{MaxConcurrency: 16}, &out)
	start := time.Now()
	if err := e.Exec("par.na", parallelSrc); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	want := "[0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225, 256, 289, 324, 361]\n"
	if out.String() != want {
		t.Errorf("printed %q", out.String())
	}
	// 20 calls on 10 workers: two rounds of the delay, not twenty.
	if fl.max != 10 || srv.Count() != 20 {
		t.Errorf("%d requests, at most %d at once (want 10)", srv.Count(), fl.max)
	}
	if took > 10*delay {
		t.Errorf("took %v for 20 calls of %v on 10 workers", took, delay)
	}
	t.Logf("20 calls of %v through parallel(workers=10): %v", delay, took)
}

func TestParallelKeepsInputOrder(t *testing.T) {
	// Later items answer first.
	srv, _ := echoServer(t, func(n int) time.Duration { return time.Duration(20-n) * 5 * time.Millisecond })
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{}, &out)
	if err := e.Exec("order.na", parallelSrc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "[0, 1, 4, 9, 16,") {
		t.Errorf("printed %q", out.String())
	}
}

func TestParallelMaxConcurrency(t *testing.T) {
	srv, fl := echoServer(t, func(int) time.Duration { return 20 * time.Millisecond })
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{MaxConcurrency: 3}, &out)
	if err := e.Exec("cap.na", parallelSrc); err != nil {
		t.Fatal(err)
	}
	if fl.max != 3 || srv.Count() != 20 {
		t.Errorf("%d requests, at most %d at once (want 3)", srv.Count(), fl.max)
	}
}

func TestParallelErrorCarriesIndexAndCancelsTheRest(t *testing.T) {
	srv, _ := echoServer(t, func(n int) time.Duration {
		if n == 13 {
			return 0
		}
		return 100 * time.Millisecond
	})
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{MaxConcurrency: 50}, &out)
	src := `
def square(i: int) -> int:
    n: int = reason(f"Item {i} squared? fail13")
    return n

try:
    parallel(square, range(40), workers=20)
except LLMError as e:
    print("caught:", e.message.startswith("parallel item 13: LLM call to"), "HTTP status 400" in e.message)
res = parallel(square, range(15), workers=15, return_exceptions=True)
print(res[12], type(res[13]), res[14])
`
	start := time.Now()
	if err := e.Exec("err.na", src); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if lines[0] != "caught: True True" || lines[1] != "144 LLMError 196" {
		t.Errorf("printed %q", out.String())
	}
	// The first error cancelled the other workers: items 20..39 were never
	// asked (40 items at 20 workers would make 40 + 15 requests).
	if n := srv.Count(); n > 20+15 {
		t.Errorf("%d requests: the error did not cancel the other workers", n)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v", took)
	}
}

func TestParallelCancellationStopsEveryWorker(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetHang(true)
	const src = `
def ask(i):
    return reason(f"Item {i}")

try:
    parallel(ask, range(16), workers=8)
except:
    print("a bare except must not swallow it")
`
	// Ctrl-C once the 8 workers are all waiting on the model.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for srv.Count() < 8 {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{Context: ctx}, &out)
	err := e.Exec("stop.na", src)
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "KeyboardInterrupt" || out.Len() != 0 {
		t.Errorf("Ctrl-C: err %v, printed %q", err, out.String())
	}
	time.Sleep(50 * time.Millisecond)
	if n := srv.Count(); n != 8 {
		t.Errorf("Ctrl-C: %d requests (want the 8 first, no more after the stop)", n)
	}

	// --timeout: the same, at the deadline.
	before := srv.Count()
	e = newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{Timeout: time.Second}, &out)
	start := time.Now()
	err = e.Exec("stop.na", src)
	if !errors.As(err, &ex) || ex.Type.Name != "TimeoutError" || out.Len() != 0 {
		t.Errorf("timeout: err %v, printed %q", err, out.String())
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("timeout: took %v", took)
	}
	time.Sleep(50 * time.Millisecond)
	if n := srv.Count() - before; n > 8 {
		t.Errorf("timeout: %d requests (want at most the 8 first)", n)
	}
}

func TestParallelPOETExecutionsHaveTheirOwnIDs(t *testing.T) {
	srv, _ := echoServer(t, func(n int) time.Duration { return time.Duration(n%3) * 10 * time.Millisecond })
	var out bytes.Buffer
	e := newTestEngine(t, map[string]string{"OPENAI_BASE_URL": srv.BaseURL()}, Config{}, &out)
	src := `
@poet()
def square(i: int) -> list:
    n: int = reason(f"Item {i} squared?")
    return [i, n, poet_status.execution_id]

res = parallel(square, range(12), workers=6)
ids = set([r[2] for r in res])
print(len(ids), [r[1] for r in res] == [i * i for i in range(12)], [r[0] for r in res] == list(range(12)))
`
	if err := e.Exec("ids.na", src); err != nil {
		t.Fatal(err)
	}
	if out.String() != "12 True True\n" {
		t.Errorf("printed %q", out.String())
	}
	// Each reason() is recorded as a child of its own POET execution.
	if r := e.LastReasonRecord(); r == nil || r.ParentID == "" {
		t.Errorf("last reason record %+v", r)
	}
}
