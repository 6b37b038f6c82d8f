package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

// The LLM response cache (store.ResponseCache): one row per request key in
// table llm_cache (migration 004), shared by every process using the
// server.

var _ store.ResponseCache = (*Store)(nil)

// GetCachedReply returns the cached reply of key; ok is false when there is
// none.
func (s *Store) GetCachedReply(key string) (r *store.CachedReply, ok bool, err error) {
	err = s.retry(context.Background(), "reading the response cache", func(ctx context.Context) error {
		r = nil
		var raw []byte
		err := s.pool.QueryRow(ctx, `SELECT rec FROM llm_cache WHERE key = $1`, key).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		r = new(store.CachedReply)
		return json.Unmarshal(raw, r)
	})
	if err != nil {
		return nil, false, fmt.Errorf("reading the response cache: %w", err)
	}
	return r, r != nil, nil
}

// PutCachedReply stores r under r.Key (replacing any reply there).
func (s *Store) PutCachedReply(r *store.CachedReply) error {
	if r == nil || r.Key == "" {
		return fmt.Errorf("caching a reply: no key")
	}
	if r.Created.IsZero() {
		r.Created = s.now().UTC()
	}
	rec, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("caching a reply: %w", err)
	}
	return s.tx("caching a reply", func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO llm_cache (key, model, created, size, rec) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (key) DO UPDATE SET model = EXCLUDED.model, created = EXCLUDED.created, size = EXCLUDED.size, rec = EXCLUDED.rec`,
			r.Key, r.Model, r.Created.UTC(), len(rec), rec)
		return err
	})
}

// CacheStats counts the cached replies.
func (s *Store) CacheStats() (*store.CacheStats, error) {
	st := &store.CacheStats{ByModel: map[string]int{}}
	err := s.retry(context.Background(), "reading the response cache", func(ctx context.Context) error {
		st.Entries, st.Bytes, st.ByModel = 0, 0, map[string]int{}
		rows, err := s.pool.Query(ctx, `SELECT model, count(*), coalesce(sum(size), 0), min(created), max(created)
			FROM llm_cache GROUP BY model`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g struct {
				model          string
				n              int
				bytes          int64
				oldest, newest time.Time
			}
			if err := rows.Scan(&g.model, &g.n, &g.bytes, &g.oldest, &g.newest); err != nil {
				return err
			}
			st.Entries += g.n
			st.Bytes += g.bytes
			st.ByModel[g.model] += g.n
			if st.Oldest.IsZero() || g.oldest.Before(st.Oldest) {
				st.Oldest = g.oldest.UTC()
			}
			if g.newest.After(st.Newest) {
				st.Newest = g.newest.UTC()
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("reading the response cache: %w", err)
	}
	return st, nil
}

// ClearCache deletes every cached reply and returns how many there were.
func (s *Store) ClearCache() (int, error) {
	var n int
	err := s.tx("clearing the response cache", func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM llm_cache`)
		n = int(tag.RowsAffected())
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}
