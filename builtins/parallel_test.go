package builtins_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/minidana/dana/lang/interp"
)

func TestParallel(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`parallel(lambda x :: x * x, range(10), workers=3)`, `[0, 1, 4, 9, 16, 25, 36, 49, 64, 81]`},
		{`parallel(lambda x :: x + 1, [])`, `[]`},
		{`parallel([lambda :: 1, lambda :: "two", lambda :: None])`, `[1, 'two', None]`},
		{`parallel(str, (1, 2), 1)`, `['1', '2']`},
		{`parallel(len, ["a", "bb", "ccc"], workers=256)`, `[1, 2, 3]`},
		{"total = [0]\ndef add(x):\n    total[0] += x\n    return x\nparallel(add, range(1000), workers=16)\ntotal[0]", `499500`},
		{"def f(x):\n    if x % 4 == 3:\n        raise ValueError(str(x))\n    return x\nparallel(f, range(8), return_exceptions=True)",
			`[0, 1, 2, ValueError('3'), 4, 5, 6, ValueError('7')]`},
		// Nested parallel() calls share the one interpreter lock.
		{`parallel(lambda n :: sum(parallel(lambda x :: x * n, range(4), workers=2)), range(5), workers=5)`, `[0, 6, 12, 18, 24]`},
	} {
		got, err := evalRepr(t, tc.src)
		if err != nil || got != tc.want {
			t.Errorf("%s\n got %s, %v\nwant %s", tc.src, got, err, tc.want)
		}
	}
}

func TestParallelErrors(t *testing.T) {
	for _, tc := range []struct{ src, typ, msg string }{
		{"def f(x):\n    if x == 5:\n        raise KeyError(\"five\")\n    return x\nparallel(f, range(10))", "KeyError", "parallel item 5: 'five'"}, // str(KeyError("five")) is quoted, as in Python
		{`parallel(1, [1])`, "TypeError", "parallel() argument 'fn' must be callable, not int"},
		{`parallel([1, 2])`, "TypeError", "item 0 is int"},
		{`parallel(str, 5)`, "TypeError", "not iterable"},
		{`parallel(str, [1], workers=0)`, "ValueError", "workers must be between 1 and 256"},
		{`parallel(str, [1], workers="2")`, "TypeError", "workers must be an int"},
		{`parallel(str, [1], bogus=1)`, "TypeError", "bogus"},
	} {
		_, err := evalRepr(t, tc.src)
		var ex *interp.Exception
		if !errors.As(err, &ex) || ex.Type.Name != tc.typ || !strings.Contains(ex.Msg, tc.msg) {
			t.Errorf("%s: err %v", tc.src, err)
		}
	}
	// The error points into the function that raised it, under the
	// parallel() call in the traceback.
	_, err := evalRepr(t, "def f(x):\n    return 1 // x\n\nparallel(f, [1, 0, 2])")
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "ZeroDivisionError" || ex.Pos.Line != 2 ||
		len(ex.Stack) != 2 || ex.Stack[0].Pos.Line != 4 || ex.Msg != "parallel item 1: integer division or modulo by zero" {
		t.Errorf("err %v, stack %v", err, ex.Stack)
	}
}

func TestParallelStepBudgetCoversWorkers(t *testing.T) {
	in, _, _ := newInterp(t) // MaxSteps 1,000,000
	_, err := in.Eval("b.na", "def spin(x):\n    n = 0\n    while True:\n        n += 1\n\nparallel(spin, range(4))")
	var ex *interp.Exception
	if !errors.As(err, &ex) || ex.Type.Name != "TimeoutError" {
		t.Errorf("err %v", err)
	}
}

// The workers share the step budget: however the lock passes between them,
// together they stop where one thread running the same work would.
func TestParallelWorkersShareTheStepBudget(t *testing.T) {
	const src = `count = [0]
def work(x):
    for i in range(10000000):
        count[0] += 1
        if i % 1000 == 0:
            handoff()
`
	run := func(call string) int64 {
		t.Helper()
		in, _, _ := newInterp(t) // MaxSteps 1,000,000
		// handoff() lets the other workers run, as a reason() call does.
		in.RegisterBuiltin("handoff", func(th *interp.Thread, _ []interp.Value, _ []interp.KwArg) (interp.Value, error) {
			th.Unlocked(func() { time.Sleep(200 * time.Microsecond) })
			return interp.None, nil
		})
		_, err := in.Eval("b.na", src+call)
		var ex *interp.Exception
		if !errors.As(err, &ex) || ex.Type.Name != "TimeoutError" || !strings.Contains(ex.Msg, "step budget") {
			t.Fatalf("%s: err %v", call, err)
		}
		v, err := in.Eval("c.na", "count[0]")
		if err != nil {
			t.Fatal(err)
		}
		return int64(v.(interp.Int))
	}
	seq := run("for x in range(8):\n    work(x)\n")
	par := run("parallel(work, range(8), workers=8)\n")
	t.Logf("iterations within the budget: sequential %d, parallel %d", seq, par)
	if par > seq+seq/100 || par < seq-seq/10 {
		t.Errorf("parallel workers ran %d iterations within the step budget, one thread %d", par, seq)
	}
}
