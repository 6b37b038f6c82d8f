package pgstore

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

// PutTool stores t, replacing the tool of the same module and name.
func (s *Store) PutTool(t *store.Tool) error {
	if t == nil || t.Name == "" {
		return fmt.Errorf("storing tool: a tool needs a name")
	}
	if t.ID == "" {
		t.ID = s.NewID()
	}
	if t.Created.IsZero() {
		t.Created = s.now().UTC()
	}
	rec, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("storing tool %s: %w", t.Name, err)
	}
	return s.tx("storing tool "+t.Name, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO tools (module, name, id, source_execution, rec) VALUES ($1,$2,$3,$4,$5)
			ON CONFLICT (module, name) DO UPDATE SET id=EXCLUDED.id, source_execution=EXCLUDED.source_execution, rec=EXCLUDED.rec`,
			t.Module, t.Name, t.ID, t.SourceExecution, rec)
		return err
	})
}

func (s *Store) queryTools(op, where string, args ...any) ([]*store.Tool, error) {
	var out []*store.Tool
	err := s.retry(context.Background(), op, func(ctx context.Context) error {
		rows, err := s.pool.Query(ctx, `SELECT rec FROM tools `+where+` ORDER BY module, name`, args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (*store.Tool, error) {
			var raw []byte
			if err := r.Scan(&raw); err != nil {
				return nil, err
			}
			t := new(store.Tool)
			return t, json.Unmarshal(raw, t)
		})
		return err
	})
	return out, err
}

// GetTool returns the tool name of module.
func (s *Store) GetTool(module, name string) (*store.Tool, error) {
	ts, err := s.queryTools("reading tool "+name, `WHERE module=$1 AND name=$2`, module, name)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, &store.NotFoundError{What: "tool", ID: name}
	}
	return ts[0], nil
}

// ListTools returns every tool, by module then name.
func (s *Store) ListTools() ([]*store.Tool, error) { return s.queryTools("listing tools", "") }

// FindTool returns the tools whose id, name or "module:name" is ref.
func (s *Store) FindTool(ref string) ([]*store.Tool, error) {
	ts, err := s.queryTools("finding tool "+ref, `WHERE id=$1 OR name=$1 OR module || ':' || name = $1`, ref)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, &store.NotFoundError{What: "tool", ID: ref}
	}
	return ts, nil
}

// ForgetTool deletes the tool name of module.
func (s *Store) ForgetTool(module, name string) error {
	return s.tx("forgetting tool "+name, func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM tools WHERE module=$1 AND name=$2`, module, name)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return &store.NotFoundError{What: "tool", ID: name}
		}
		return nil
	})
}

// Backup writes every record (store.Record: executions with their
// feedback, learnings, preference counts, tools, cached replies) as JSON
// Lines from one consistent snapshot; Restore reads it back. For a backup
// of the whole server use pg_dump (docs/store.md).
func (s *Store) Backup(w io.Writer) error {
	bw := bufio.NewWriter(w)
	err := s.Dump(func(r *store.Record) error {
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		bw.Write(line)
		return bw.WriteByte('\n')
	})
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("backing up: %w", err)
	}
	return nil
}

// Restore loads a Backup stream into the store, which must be empty
// (store.CheckEmpty), and returns how many records it loaded.
func (s *Store) Restore(r io.Reader) (int, error) {
	if err := store.CheckEmpty(s); err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	var batch []*store.Record
	n := 0
	for lineNo := 1; sc.Scan(); lineNo++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		rec := new(store.Record)
		if err := json.Unmarshal(sc.Bytes(), rec); err != nil {
			return n, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if rec.Execution == nil && rec.Learning == nil && rec.Strikes == nil && rec.Tool == nil && rec.Reply == nil {
			return n, fmt.Errorf("line %d: not a record of a store backup", lineNo)
		}
		batch = append(batch, rec)
		if len(batch) == 500 {
			if err := s.Load(batch); err != nil {
				return n, err
			}
			n += len(batch)
			batch = batch[:0]
		}
	}
	if err := sc.Err(); err != nil {
		return n, err
	}
	if len(batch) > 0 {
		if err := s.Load(batch); err != nil {
			return n, err
		}
		n += len(batch)
	}
	return n, nil
}
