package poet

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/minidana/dana/lang/interp"
)

// Question is what a person is asked.
type Question struct {
	// Key identifies the question across runs (replay files match it).
	Key string
	// Text is shown to the person.
	Text string
}

// Person answers the questions of the human operator (SPEC §10.8):
// @poet(operator="human") functions and ask_human(). The engine attaches
// one when a person can answer (a terminal), or a replay file.
type Person interface {
	Ask(ctx context.Context, q Question) (string, error)
}

// TerminalPerson asks on a terminal: the question on Out, one line read
// from In (a trailing backslash continues the answer on the next line).
type TerminalPerson struct {
	Out io.Writer
	// ReadLine reads one line (without its newline) after showing prompt;
	// io.EOF means the person is gone.
	ReadLine func(prompt string) (string, error)
}

// NewTerminalPerson asks on out and reads lines from in.
func NewTerminalPerson(in io.Reader, out io.Writer) *TerminalPerson {
	r := bufio.NewReader(in)
	var mu sync.Mutex
	return &TerminalPerson{Out: out, ReadLine: func(prompt string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprint(out, prompt)
		line, err := r.ReadString('\n')
		if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
			return "", err
		}
		return strings.TrimRight(line, "\r\n"), nil
	}}
}

// Ask shows the question and reads the answer; the context cancels the
// wait (Ctrl-C).
func (p *TerminalPerson) Ask(ctx context.Context, q Question) (string, error) {
	fmt.Fprintf(p.Out, "\n[ask_human] %s\n", strings.ReplaceAll(strings.TrimSpace(q.Text), "\n", "\n  "))
	type res struct {
		s   string
		err error
	}
	ch := make(chan res, 1)
	go func() {
		var lines []string
		for {
			l, err := p.ReadLine("answer> ")
			if err != nil {
				ch <- res{err: err}
				return
			}
			if strings.HasSuffix(l, "\\") {
				lines = append(lines, strings.TrimSuffix(l, "\\"))
				continue
			}
			lines = append(lines, l)
			ch <- res{s: strings.Join(lines, "\n")}
			return
		}
	}()
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case r := <-ch:
		if errors.Is(r.err, io.EOF) {
			return "", interp.Errorf("OperatorError", "the person left without answering (end of input)")
		}
		return strings.TrimSpace(r.s), r.err
	}
}

// Answer is one line of a human-operator replay file (JSON Lines).
type Answer struct {
	Key    string    `json:"key"`
	Prompt string    `json:"prompt,omitempty"`
	Answer string    `json:"answer"`
	Time   time.Time `json:"time,omitzero"`
}

// ReplayPerson answers from a file of recorded answers: the first unused
// answer whose key matches the question. A question it cannot answer is
// an OperatorError that names the key.
type ReplayPerson struct {
	file    string
	mu      sync.Mutex
	answers []Answer
	used    []bool
}

// LoadReplay reads a replay file written by RecordingPerson (or by hand:
// one JSON object per line with "key" and "answer").
func LoadReplay(file string) (*ReplayPerson, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the answers file: %w", err)
	}
	p := &ReplayPerson{file: file}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var a Answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			return nil, fmt.Errorf("%s:%d: not a JSON answer: %v", file, i+1, err)
		}
		p.answers = append(p.answers, a)
	}
	p.used = make([]bool, len(p.answers))
	return p, nil
}

// Ask returns the recorded answer.
func (p *ReplayPerson) Ask(_ context.Context, q Question) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, a := range p.answers {
		if !p.used[i] && a.Key == q.Key {
			p.used[i] = true
			return a.Answer, nil
		}
	}
	return "", interp.Errorf("OperatorError", "no person is attached and the answers file %s has no (unused) answer for %q", p.file, q.Key)
}

// RecordingPerson asks Person and appends every answer to File, for
// replay with DANA_HUMAN=replay:FILE.
type RecordingPerson struct {
	Person Person
	File   string
	mu     sync.Mutex
}

// Ask asks and records.
func (p *RecordingPerson) Ask(ctx context.Context, q Question) (string, error) {
	if p.Person == nil {
		return "", interp.Errorf("OperatorError", "DANA_HUMAN=record:%s: no person is attached to record answers from (this run has no terminal)", p.File)
	}
	a, err := p.Person.Ask(ctx, q)
	if err != nil {
		return "", err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	line, _ := json.Marshal(Answer{Key: q.Key, Prompt: q.Text, Answer: a, Time: time.Now().UTC()})
	f, err := os.OpenFile(p.File, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return "", fmt.Errorf("recording the answer: %w", err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		return "", fmt.Errorf("recording the answer: %w", err)
	}
	return a, nil
}

// PersonFromEnv applies DANA_HUMAN to the person a run has (nil when none
// is attached): "replay:FILE" answers from FILE, "record:FILE" records the
// person's answers to FILE. Other values are an error.
func PersonFromEnv(value string, attached Person) (Person, error) {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		return attached, nil
	case strings.HasPrefix(value, "replay:"):
		return LoadReplay(strings.TrimPrefix(value, "replay:"))
	case strings.HasPrefix(value, "record:"):
		return &RecordingPerson{Person: attached, File: strings.TrimPrefix(value, "record:")}, nil
	}
	return nil, fmt.Errorf("DANA_HUMAN=%q: use replay:FILE or record:FILE", value)
}
