package store

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Helper processes: the test binary re-executes itself with helperEnv set
// to a mode; TestMain then runs that mode instead of the tests.
const (
	helperEnv    = "DANA_STORE_TEST_HELPER"
	helperDirEnv = "DANA_STORE_TEST_DIR"
	helperArgEnv = "DANA_STORE_TEST_ARG"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		if err := runHelper(mode, os.Getenv(helperDirEnv), os.Getenv(helperArgEnv)); err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func runHelper(mode, dir, arg string) error {
	switch mode {
	case "writer":
		// Write and read arg rounds as fast as possible.
		n, _ := strconv.Atoi(arg)
		s := Lazy(dir, Options{})
		defer s.Close()
		if err := writeRounds(s, "child", 0, 1); err != nil {
			return err
		}
		fmt.Println("ready")
		return writeRounds(s, "child", 1, n)
	case "hold":
		// Hold the store open until killed.
		s, err := Open(dir, Options{IdleClose: -1})
		if err != nil {
			return err
		}
		defer s.Close()
		fmt.Println("holding")
		time.Sleep(time.Minute)
		return nil
	case "feedback":
		// Give feedback, report, then wait to be killed.
		s := Lazy(dir, Options{})
		res, err := s.Feedback(arg, FeedbackInput{Score: ptr(1.0), Note: "killed right after this"})
		if err != nil {
			return err
		}
		e := &Execution{Function: "after", Kind: KindReason, Status: StatusOK, Output: "x"}
		if err := s.PutExecution(e); err != nil {
			return err
		}
		fmt.Printf("done %s %s\n", res.Created[0].ID, e.ID)
		time.Sleep(time.Minute)
		return nil
	case "fill":
		return fillHelper(dir, arg)
	case "kill":
		return killHelper(dir)
	}
	return fmt.Errorf("unknown helper mode %q", mode)
}

// writeRounds does rounds from..to-1 of: store an execution, add a
// learning, retrieve, read the execution back.
func writeRounds(s *Store, who string, from, to int) error {
	for i := from; i < to; i++ {
		e := &Execution{Function: "shared", Kind: KindPoet, Status: StatusOK,
			Inputs: map[string]any{"who": who, "i": i}}
		if err := s.PutExecution(e); err != nil {
			return fmt.Errorf("%s round %d: %w", who, i, err)
		}
		if err := s.AddLearning(&Learning{Function: "shared", Text: fmt.Sprintf("%s learning %d", who, i)}); err != nil {
			return fmt.Errorf("%s round %d: %w", who, i, err)
		}
		if _, err := s.Retrieve(Owner{Function: "shared", Domain: ""}, who+" learning", 3); err != nil {
			return fmt.Errorf("%s round %d: %w", who, i, err)
		}
		if _, err := s.GetExecution(e.ID); err != nil {
			return fmt.Errorf("%s round %d: %w", who, i, err)
		}
	}
	return nil
}

func helperCmd(t *testing.T, mode, dir, arg string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, helperDirEnv+"="+dir, helperArgEnv+"="+arg)
	return cmd
}

// TestTwoProcesses runs a child process that writes and reads as fast as
// it can while this process does the same on the same directory: both
// must finish, and every write of both must be there.
func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	const rounds = 100
	dir := t.TempDir()
	cmd := helperCmd(t, "writer", dir, strconv.Itoa(rounds))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Start once the child is busy writing.
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child said %q (%v): %s", line, err, stderr.String())
	}
	start := time.Now()
	s := Lazy(dir, Options{})
	defer s.Close()
	var wg sync.WaitGroup
	var parentErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		parentErr = writeRounds(s, "parent", 0, rounds)
	}()
	childErr := cmd.Wait()
	wg.Wait()
	if parentErr != nil {
		t.Errorf("parent: %v", parentErr)
	}
	if childErr != nil {
		t.Errorf("child: %v: %s", childErr, stderr.String())
	}
	opens := s.epoch.Load()
	t.Logf("%d rounds in each of two processes: %v (parent opened the store %d times)", rounds, time.Since(start), opens)
	es, err := s.ListExecutions(ExecutionFilter{Function: "shared"})
	if err != nil {
		t.Fatal(err)
	}
	ls, err := s.ListLearnings(LearningFilter{Function: "shared"})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2*rounds || len(ls) != 2*rounds {
		t.Errorf("found %d executions and %d learnings, want %d of each", len(es), len(ls), 2*rounds)
	}
	// The processes took turns rather than one waiting for the other to
	// finish: the writers alternate several times in time order.
	turns, prev := 0, ""
	for _, e := range es {
		who := e.Inputs.(map[string]any)["who"].(string)
		if who != prev {
			turns++
			prev = who
		}
	}
	t.Logf("the writers took %d turns", turns)
	if turns < 3 {
		t.Errorf("writers took %d turns, want them to alternate", turns)
	}
	// The parent's index picked up the child's learnings.
	got, err := s.Retrieve(Owner{Function: "shared", Domain: ""}, "child learning", 2*rounds)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2*rounds {
		t.Errorf("retrieve sees %d learnings, want %d", len(got), 2*rounds)
	}
}

// TestSIGKILLDurability kills a child with SIGKILL as soon as it reports
// that Feedback and PutExecution returned, then checks both writes.
func TestSIGKILLDurability(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	applied := addLearning(t, s, "classify", "", "prefer billing for refunds", 0.5)
	e := putExec(t, s, "classify", "", map[string]any{"text": "refund please"}, applied.ID)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	cmd := helperCmd(t, "feedback", dir, e.ID)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child said %q: %v; stderr: %s", line, err, stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	fields := strings.Fields(line)
	if len(fields) != 3 || fields[0] != "done" {
		t.Fatalf("child said %q", line)
	}
	learningID, execID := fields[1], fields[2]

	check := func(s *Store) {
		t.Helper()
		l, err := s.GetLearning(learningID)
		if err != nil || l.Text != "killed right after this" {
			t.Errorf("learning from the killed process: %v, %v", l, err)
		}
		rec, err := s.GetExecution(e.ID)
		if err != nil || len(rec.Feedback) != 1 {
			t.Errorf("feedback entry from the killed process: %v", err)
		}
		if a, err := s.GetLearning(applied.ID); err != nil || a.Confidence != 0.6 {
			t.Errorf("reinforcement from the killed process: %v, %v", a, err)
		}
		if _, err := s.GetExecution(execID); err != nil {
			t.Errorf("execution from the killed process: %v", err)
		}
	}
	// A read-only open must cope with the log the killed writer left.
	ro, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	check(ro)
	ro.Close()
	rw, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(rw)
	rw.Close()
}

// TestWaitNamesHolder: a process that needs the store while another holds
// it says which process it waits for (pid and command line), then gives up
// after its lock wait with an error naming the holder.
func TestWaitNamesHolder(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=hold", helperDirEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if sc := bufio.NewScanner(out); !sc.Scan() || sc.Text() != "holding" {
		t.Fatal("helper did not start")
	}
	var msgs []string
	_, err = Open(dir, Options{LockWait: 800 * time.Millisecond, OnWait: func(m string) { msgs = append(msgs, m) }})
	want := fmt.Sprintf("store in use by pid %d (", cmd.Process.Pid)
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) || !strings.Contains(msgs[0], "; waiting") {
		t.Errorf("wait messages %q, want one starting %q", msgs, want)
	}
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", cmd.Process.Pid)) ||
		!strings.Contains(err.Error(), "DANA_STORE_WAIT") {
		t.Errorf("error %v", err)
	}
	// Once the holder is gone, the store opens at once.
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	s, err := Open(dir, Options{LockWait: time.Second})
	if err != nil {
		t.Fatalf("after the holder died: %v", err)
	}
	s.Close()
}
