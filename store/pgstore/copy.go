package pgstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

var _ store.Copier = (*Store)(nil)

// Dump calls fn with every record (store.Copier), from one consistent
// snapshot. It is not retried: a lost connection ends it with an error.
func (s *Store) Dump(fn func(*store.Record) error) error {
	ctx := context.Background()
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		each := func(sql string, row func(raw, extra []byte, scope string) error) error {
			rows, err := tx.Query(ctx, sql)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var raw, extra []byte
				var scope string
				if err := rows.Scan(&raw, &extra, &scope); err != nil {
					return err
				}
				if err := row(raw, extra, scope); err != nil {
					return err
				}
			}
			return rows.Err()
		}
		err := each(`SELECT e.rec, coalesce((SELECT jsonb_agg(f.entry ORDER BY f.id) FROM feedback f WHERE f.execution_id = e.id), '[]'), ''
			FROM executions e ORDER BY e.id`, func(raw, fbs []byte, _ string) error {
			e, err := decodeExecution(raw)
			if err != nil {
				return err
			}
			if err := json.Unmarshal(fbs, &e.Feedback); err != nil {
				return fmt.Errorf("decoding feedback of %s: %w", e.ID, err)
			}
			return fn(&store.Record{Execution: e})
		})
		if err != nil {
			return err
		}
		steps := []struct {
			sql string
			rec func(raw []byte, scope string) (*store.Record, error)
		}{
			{`SELECT rec, NULL, '' FROM learnings ORDER BY scope, id`, func(raw []byte, _ string) (*store.Record, error) {
				l := new(store.Learning)
				return &store.Record{Learning: l}, json.Unmarshal(raw, l)
			}},
			{`SELECT rec, NULL, scope FROM preference_strikes ORDER BY scope, topic`, func(raw []byte, scope string) (*store.Record, error) {
				st := new(store.Strikes)
				return &store.Record{Strikes: st, Scope: scope}, json.Unmarshal(raw, st)
			}},
			{`SELECT rec, NULL, '' FROM tools ORDER BY module, name`, func(raw []byte, _ string) (*store.Record, error) {
				t := new(store.Tool)
				return &store.Record{Tool: t}, json.Unmarshal(raw, t)
			}},
			{`SELECT rec, NULL, '' FROM llm_cache ORDER BY key`, func(raw []byte, _ string) (*store.Record, error) {
				r := new(store.CachedReply)
				return &store.Record{Reply: r}, json.Unmarshal(raw, r)
			}},
		}
		for _, st := range steps {
			err := each(st.sql, func(raw, _ []byte, scope string) error {
				r, err := st.rec(raw, scope)
				if err != nil {
					return fmt.Errorf("decoding a record: %w", err)
				}
				return fn(r)
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.serverError("reading every record", err)
	}
	return nil
}

// Load writes rs as they are (store.Copier), in one transaction.
func (s *Store) Load(rs []*store.Record) error {
	// Feedback row ids are chosen once, so a transaction retried after a
	// lost COMMIT does not add the entries twice.
	fbIDs := map[*store.FeedbackEntry]string{}
	for _, r := range rs {
		if r.Execution != nil {
			for i := range r.Execution.Feedback {
				fb := &r.Execution.Feedback[i]
				fbIDs[fb] = s.ids.New(fb.At)
			}
		}
	}
	return s.tx("loading records", func(ctx context.Context, tx pgx.Tx) error {
		var ls []*store.Learning
		for _, r := range rs {
			switch {
			case r.Execution != nil:
				e := *r.Execution
				c := e
				c.Feedback = nil
				rec, err := json.Marshal(&c)
				if err != nil {
					return fmt.Errorf("encoding execution %s: %w", e.ID, err)
				}
				if _, err := tx.Exec(ctx, `INSERT INTO executions (id, function, started, rec) VALUES ($1,$2,$3,$4)
					ON CONFLICT (id) DO UPDATE SET function=EXCLUDED.function, started=EXCLUDED.started, rec=EXCLUDED.rec`,
					e.ID, e.Function, e.Started.UTC(), rec); err != nil {
					return err
				}
				for i := range r.Execution.Feedback {
					fb := &r.Execution.Feedback[i]
					val, err := json.Marshal(fb)
					if err != nil {
						return err
					}
					// Feedback ids are time-ordered: the entries keep their order.
					if _, err := tx.Exec(ctx, `INSERT INTO feedback (id, execution_id, entry) VALUES ($1,$2,$3)
						ON CONFLICT (id) DO NOTHING`, fbIDs[fb], e.ID, val); err != nil {
						return err
					}
				}
			case r.Learning != nil:
				l := *r.Learning
				ls = append(ls, &l)
			case r.Strikes != nil:
				if err := putStrikes(ctx, tx, r.Scope, r.Strikes); err != nil {
					return err
				}
			case r.Tool != nil:
				t := r.Tool
				rec, err := json.Marshal(t)
				if err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO tools (module, name, id, source_execution, rec) VALUES ($1,$2,$3,$4,$5)
					ON CONFLICT (module, name) DO UPDATE SET id=EXCLUDED.id, source_execution=EXCLUDED.source_execution, rec=EXCLUDED.rec`,
					t.Module, t.Name, t.ID, t.SourceExecution, rec); err != nil {
					return err
				}
			case r.Reply != nil:
				rep := r.Reply
				rec, err := json.Marshal(rep)
				if err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO llm_cache (key, model, created, size, rec) VALUES ($1, $2, $3, $4, $5)
					ON CONFLICT (key) DO UPDATE SET model = EXCLUDED.model, created = EXCLUDED.created, size = EXCLUDED.size, rec = EXCLUDED.rec`,
					rep.Key, rep.Model, rep.Created.UTC(), len(rec), rec); err != nil {
					return err
				}
			}
		}
		return putLearnings(ctx, tx, ls)
	})
}
