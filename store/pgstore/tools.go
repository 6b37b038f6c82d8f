package pgstore

import (
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

// Backup writes every record as JSON Lines, each {"table": ..., "rec": ...}
// (feedback rows carry their execution id), from one consistent snapshot.
// For a whole-server backup use pg_dump (docs/store.md).
func (s *Store) Backup(w io.Writer) error {
	return s.retry(context.Background(), "backing up", func(ctx context.Context) error {
		return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			for _, q := range []struct{ table, sql string }{
				{"execution", `SELECT rec FROM executions ORDER BY id`},
				{"feedback", `SELECT jsonb_build_object('execution_id', execution_id, 'id', id, 'entry', entry) FROM feedback ORDER BY id`},
				{"learning", `SELECT rec FROM learnings ORDER BY id`},
				{"tool", `SELECT rec FROM tools ORDER BY module, name`},
			} {
				rows, err := tx.Query(ctx, q.sql)
				if err != nil {
					return err
				}
				for rows.Next() {
					var raw json.RawMessage
					if err := rows.Scan(&raw); err != nil {
						rows.Close()
						return err
					}
					line, _ := json.Marshal(map[string]any{"table": q.table, "rec": raw})
					if _, err := w.Write(append(line, '\n')); err != nil {
						rows.Close()
						return err
					}
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
			}
			return nil
		})
	})
}
