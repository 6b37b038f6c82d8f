package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Tool is a mini-Dana function written by synthesize() that passed every
// example it was given (SPEC §10.7, the "tool self-generation" loop). It is
// stored under the module that asked for it and its name; a later run with
// the same task and examples (the same Fingerprint) reuses it without
// asking the model.
type Tool struct {
	// ID identifies the tool (a ULID) for `dana tools show|forget`.
	ID string `json:"id"`
	// Module is the file of the program that synthesized the tool.
	Module string `json:"module"`
	// Name is the function's name (synthesize's name=, or one derived
	// from the task).
	Name string `json:"name"`
	// Task is the task description given to synthesize().
	Task string `json:"task"`
	// Examples are the (input, expected) examples, as plain JSON data.
	Examples any `json:"examples,omitempty"`
	// Fingerprint identifies the task and the examples: a run with another
	// task or other examples does not reuse the tool.
	Fingerprint string `json:"fingerprint"`
	// Source is the function's mini-Dana source.
	Source string `json:"source"`
	// Score is the accuracy on the examples (1 for a tool that passed).
	Score float64 `json:"score"`
	// Rounds is how many propose-test-refine rounds it took.
	Rounds int `json:"rounds"`
	// SourceExecution is the synthesize() execution that wrote it:
	// negative feedback on that execution retires the tool.
	SourceExecution string    `json:"source_execution,omitempty"`
	Created         time.Time `json:"created"`
}

// Key layout of tools: t/<module>\x00<name> → Tool JSON.
const pTool = "t/"

func toolKey(module, name string) []byte { return []byte(pTool + module + sep + name) }

// PutTool stores (or replaces) the tool of t.Module and t.Name; it is
// durable when PutTool returns. An empty ID is filled in.
func (s *Store) PutTool(t *Tool) error {
	if t == nil || t.Name == "" {
		return errors.New("storing tool: a tool needs a name")
	}
	if err := checkName("module", t.Module); err != nil {
		return fmt.Errorf("storing tool: %w", err)
	}
	if err := checkName("tool name", t.Name); err != nil {
		return fmt.Errorf("storing tool: %w", err)
	}
	if t.ID == "" {
		t.ID = s.NewID()
	}
	if t.Created.IsZero() {
		t.Created = s.now().UTC()
	}
	val, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("storing tool %s: %w", t.Name, err)
	}
	err = s.update(func(w *wtx) error { return w.txn.Set(toolKey(t.Module, t.Name), val) })
	if err != nil {
		return fmt.Errorf("storing tool %s: %w", t.Name, err)
	}
	return nil
}

// GetTool returns the tool named name of module, or a *NotFoundError.
func (s *Store) GetTool(module, name string) (*Tool, error) {
	var t *Tool
	err := s.view(func(txn *badger.Txn) error {
		val, err := getValue(txn, toolKey(module, name))
		if isNotFound(err) {
			return &NotFoundError{What: "tool", ID: name}
		}
		if err != nil {
			return err
		}
		t, err = decodeTool(val)
		return err
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return nil, err
		}
		return nil, fmt.Errorf("getting tool %s: %w", name, err)
	}
	return t, nil
}

// ListTools returns every stored tool, by module then name.
func (s *Store) ListTools() ([]*Tool, error) {
	var out []*Tool
	err := s.view(func(txn *badger.Txn) error {
		return scan(txn, pTool, scanOpts{}, func(_, val []byte) (bool, error) {
			t, err := decodeTool(val)
			if err != nil {
				return false, err
			}
			out = append(out, t)
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("listing tools: %w", err)
	}
	return out, nil
}

// FindTool returns the tools whose ID is ref, or whose name is ref, or
// whose "module:name" is ref (several when a name is used by several
// modules). None found is a *NotFoundError.
func (s *Store) FindTool(ref string) ([]*Tool, error) {
	all, err := s.ListTools()
	if err != nil {
		return nil, err
	}
	var out []*Tool
	for _, t := range all {
		if t.ID == ref || t.Name == ref || t.Module+":"+t.Name == ref {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, &NotFoundError{What: "tool", ID: ref}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Module < out[j].Module })
	return out, nil
}

// ForgetTool deletes the tool named name of module; an unknown tool is a
// *NotFoundError.
func (s *Store) ForgetTool(module, name string) error {
	err := s.update(func(w *wtx) error {
		if _, err := getValue(w.txn, toolKey(module, name)); isNotFound(err) {
			return &NotFoundError{What: "tool", ID: name}
		} else if err != nil {
			return err
		}
		return w.txn.Delete(toolKey(module, name))
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return err
		}
		return fmt.Errorf("forgetting tool %s: %w", name, err)
	}
	return nil
}

// retireToolsTxn deletes the tools written by execution execID (negative
// feedback on a synthesize() execution retires what it produced) and
// returns their names.
func retireToolsTxn(w *wtx, execID string) ([]string, error) {
	var keys [][]byte
	var names []string
	err := scan(w.txn, pTool, scanOpts{}, func(key, val []byte) (bool, error) {
		t, err := decodeTool(val)
		if err != nil {
			return false, err
		}
		if t.SourceExecution == execID {
			keys = append(keys, append([]byte(nil), key...))
			names = append(names, t.Name)
		}
		return true, nil
	})
	if err != nil {
		return nil, fmt.Errorf("looking for tools of execution %s: %w", execID, err)
	}
	for _, k := range keys {
		if err := w.txn.Delete(k); err != nil {
			return nil, fmt.Errorf("retiring tool %s: %w", strings.TrimPrefix(string(k), pTool), err)
		}
	}
	return names, nil
}

func decodeTool(val []byte) (*Tool, error) {
	d := json.NewDecoder(strings.NewReader(string(val)))
	d.UseNumber()
	t := new(Tool)
	if err := d.Decode(t); err != nil {
		return nil, fmt.Errorf("decoding tool record: %w", err)
	}
	return t, nil
}
