package poet_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/proctest"
	"github.com/minidana/dana/store"
)

// Helper processes: the test binary re-executes itself with helperEnv set;
// TestMain then runs the script in helperScriptEnv with DANA_HOME from the
// environment, prints its output, and either exits or (helperHang) waits
// to be killed without closing anything.
const (
	helperEnv       = "DANA_POET_TEST_HELPER"
	helperScriptEnv = "DANA_POET_TEST_SCRIPT"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(runHelper(mode))
	}
	os.Exit(m.Run())
}

func runHelper(mode string) int {
	// Unbuffered: every print reaches the parent at once.
	e := engine.New(engine.Config{Stdout: os.Stdout, Stderr: os.Stderr})
	if err := e.Exec("helper.na", os.Getenv(helperScriptEnv)); err != nil {
		fmt.Fprintln(os.Stderr, render(err))
		return 1
	}
	if mode == "hang" {
		fmt.Println("hanging")
		time.Sleep(time.Minute)
		return 0
	}
	if err := e.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// helper starts the test binary as a helper running script with DANA_HOME
// set to home.
func helper(t *testing.T, mode, home, script string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, helperScriptEnv+"="+script,
		"DANA_HOME="+home, "DANA_LLM=mock")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// TestSIGKILLAfterFeedback kills a process with SIGKILL right after
// feedback() returned and checks that the execution, the feedback and the
// learnings it created are all in the store.
func TestSIGKILLAfterFeedback(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	home := t.TempDir()
	cmd := helper(t, "hang", home, `
@poet()
def extract(text: str) -> str:
    return text.upper()

extract("invoice 42")
r = feedback(system:__last_execution_id, score=-1, correction="INVOICE #42", note="keep the hash sign")
print("done", system:__last_execution_id, r["learnings_created"][0], r["learnings_created"][1])
`)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var fields []string
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 4 && f[0] == "done" {
			fields = f
			break
		}
	}
	// Kill at once: the store may still be open in the child.
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if fields == nil {
		t.Fatalf("helper did not report; stderr:\n%s", stderr.String())
	}
	st := openStore(t, home+"/store")
	rec, err := st.GetExecution(fields[1])
	if err != nil {
		t.Fatalf("execution lost after SIGKILL: %v", err)
	}
	if len(rec.Feedback) != 1 || rec.Feedback[0].Correction != "INVOICE #42" || *rec.Feedback[0].Score != -1 {
		t.Errorf("feedback lost after SIGKILL: %+v", rec.Feedback)
	}
	for _, id := range fields[2:] {
		l, err := st.GetLearning(id)
		if err != nil {
			t.Fatalf("learning %s lost after SIGKILL: %v", id, err)
		}
		if l.Function != "extract" || l.SourceExecution != fields[1] {
			t.Errorf("learning %+v", l)
		}
	}
}

// TestTwoProcesses runs two processes making POET executions and giving
// feedback on the same store at the same time: both succeed and everything
// both wrote is there.
func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	home := t.TempDir()
	const rounds = 15
	script := func(who string) string {
		return fmt.Sprintf(`
@poet(domain="shared")
def work(i):
    return [i, len(poet_status.learnings_applied)]

for i in range(%d):
    work(i)
    feedback(system:__last_execution_id, note="%s note " + str(i))
print("ok %s")
`, rounds, who, who)
	}
	var wg sync.WaitGroup
	outs := make([]bytes.Buffer, 2)
	errs := make([]error, 2)
	for i, who := range []string{"alpha", "beta"} {
		cmd := helper(t, "run", home, script(who))
		cmd.Stdout = &outs[i]
		cmd.Stderr = &outs[i]
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = cmd.Run()
		}()
	}
	wg.Wait()
	for i, who := range []string{"alpha", "beta"} {
		if errs[i] != nil || !strings.Contains(outs[i].String(), "ok "+who) {
			t.Fatalf("%s: %v\n%s", who, errs[i], outs[i].String())
		}
	}
	st := openStore(t, home+"/store")
	ls, err := st.ListLearnings(store.LearningFilter{Function: "work"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2*rounds {
		t.Fatalf("%d learnings, want %d", len(ls), 2*rounds)
	}
	xs, err := st.ListExecutions(store.ExecutionFilter{Function: "work"})
	if err != nil {
		t.Fatal(err)
	}
	if len(xs) != 2*rounds {
		t.Fatalf("%d executions, want %d", len(xs), 2*rounds)
	}
}

// TestKill9ReasonLoop kills, with SIGKILL, processes that call reason()
// in a loop and print each execution id as soon as the call returned:
// every printed id must be readable afterwards (SPEC §11.1: writes are
// durable when the call returns). Each round kills after a different
// number of calls; the store is reused from round to round, so later
// rounds also recover the previous rounds' crash leftovers.
func TestKill9ReasonLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	home := t.TempDir()
	script := `
i = 0
while True:
    n: int = reason("How many items are in batch " + str(i) + "?")
    print("id", system:__last_execution_id)
    i += 1
`
	var printed []string
	for round, after := range []int{1, 7, 40, 3, 120, 25} {
		cmd := helper(t, "run", home, script)
		ids := proctest.SignalAfterIDs(t, cmd, after, syscall.SIGKILL, time.Minute)
		t.Logf("round %d: %d ids", round, len(ids))
		printed = append(printed, ids...)
	}
	st := openStore(t, home+"/store")
	for _, id := range printed {
		rec, err := st.GetExecution(id)
		if err != nil {
			t.Fatalf("printed id %s lost after SIGKILL: %v", id, err)
		}
		if rec.Status != store.StatusOK || rec.Kind != store.KindReason || !rec.Mock {
			t.Errorf("record %s: %+v", id, rec)
		}
	}
	t.Logf("%d printed ids, all readable", len(printed))
}
