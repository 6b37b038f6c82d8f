package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

// candidateLimit bounds each candidate query of Retrieve.
const candidateLimit = 200

// Retrieve returns the learnings most relevant to input for o's function
// (and domain), at most k, best first, ranked as the Badger store ranks
// them: keyword overlap (store.Tokenize; GIN index on the tokens), then
// confidence after idle decay, then newest first; those decayed below
// store.PruneBelow are left out. The returned learnings are marked used
// (decay applied, LastUsed now) unless someone changed them meanwhile.
//
// Candidates are the best candidateLimit by overlap among those sharing a
// keyword plus the most confident candidateLimit by stored confidence: a
// learning outside both is not considered (Badger considers all).
func (s *Store) Retrieve(o store.Owner, input string, k int) ([]*store.Learning, error) {
	if k <= 0 {
		k = store.DefaultRetrieveK
	}
	scope := ""
	if o.Function != "" {
		scope = store.OwnerKey(o.Module, o.Function)
	}
	if scope == "" && o.Domain == "" {
		return nil, nil
	}
	q := store.Tokenize(input)
	if q == nil {
		q = []string{}
	}
	now := s.now()
	type cand struct {
		l   *store.Learning
		raw []byte
		ov  int
	}
	var out []*store.Learning
	err := s.retry(context.Background(), "retrieving learnings", func(ctx context.Context) error {
		out = nil
		byID := map[string]*cand{}
		add := func(rows pgx.Rows) error {
			defer rows.Close()
			for rows.Next() {
				var raw []byte
				var ov int
				if err := rows.Scan(&raw, &ov); err != nil {
					return err
				}
				l := new(store.Learning)
				if err := json.Unmarshal(raw, l); err != nil {
					return fmt.Errorf("decoding learning: %w", err)
				}
				if c, ok := byID[l.ID]; !ok || ov > c.ov {
					byID[l.ID] = &cand{l: l, raw: raw, ov: ov}
				}
			}
			return rows.Err()
		}
		where := `(scope = $1 OR ($2 <> '' AND domain = $2))`
		if len(q) > 0 {
			rows, err := s.pool.Query(ctx, `SELECT rec, cardinality(ARRAY(SELECT unnest(tokens) INTERSECT SELECT unnest($3::text[]))) AS ov
				FROM learnings WHERE `+where+` AND tokens && $3::text[] ORDER BY ov DESC, confidence DESC LIMIT $4`,
				scope, o.Domain, q, candidateLimit)
			if err != nil {
				return err
			}
			if err := add(rows); err != nil {
				return err
			}
		}
		rows, err := s.pool.Query(ctx, `(SELECT rec, 0 FROM learnings WHERE scope = $1 ORDER BY confidence DESC, id DESC LIMIT $3)
			UNION ALL (SELECT rec, 0 FROM learnings WHERE $2 <> '' AND domain = $2 ORDER BY confidence DESC, id DESC LIMIT $3)`,
			scope, o.Domain, candidateLimit)
		if err != nil {
			return err
		}
		if err := add(rows); err != nil {
			return err
		}
		cs := make([]*cand, 0, len(byID))
		for _, c := range byID {
			store.ApplyDecay(c.l, now)
			if c.l.Confidence < store.PruneBelow {
				continue
			}
			cs = append(cs, c)
		}
		sort.Slice(cs, func(i, j int) bool {
			a, b := cs[i], cs[j]
			if a.ov != b.ov {
				return a.ov > b.ov
			}
			if a.l.Confidence != b.l.Confidence {
				return a.l.Confidence > b.l.Confidence
			}
			return a.l.ID > b.l.ID
		})
		if len(cs) > k {
			cs = cs[:k]
		}
		ids := make([]string, len(cs))
		olds := make([]string, len(cs))
		news := make([]string, len(cs))
		confs := make([]float64, len(cs))
		for i, c := range cs {
			c.l.LastUsed = now.UTC()
			store.NormalizeLearning(c.l)
			nb, err := json.Marshal(c.l)
			if err != nil {
				return err
			}
			ids[i], olds[i], news[i], confs[i] = c.l.ID, string(c.raw), string(nb), c.l.Confidence
			cp := *c.l
			out = append(out, &cp)
		}
		if len(ids) == 0 {
			return nil
		}
		// Mark used, unless a writer changed the learning meanwhile (its
		// change wins; only this LastUsed is lost).
		_, err = s.pool.Exec(ctx, `UPDATE learnings l SET rec = v.rec::jsonb, confidence = v.conf
			FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[]) AS v(id, old, rec, conf)
			WHERE l.id = v.id AND l.rec = v.old::jsonb`, ids, olds, news, confs)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

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
