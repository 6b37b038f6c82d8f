package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

// Retrieval: each process keeps, per scope it retrieves from (a function,
// "f:<store.OwnerKey>", or a domain, "d:<domain>"), the Badger store's
// in-memory index (store.RankIndex), so the ranking is the same code and
// the same result on both backends. Before each Retrieve one statement asks
// the server for the scope's generation and, when it moved, the learnings
// changed since (migration 002 keeps both with a trigger on learnings);
// those are applied to the index. So the server does bounded work per
// Retrieve (a primary-key read and an index range scan of the changes),
// and a Retrieve never waits for a writer: it only reads (MVCC), and the
// "marked used" updates are written in the background.

// scopeCache is the index of one scope as of generation gen.
type scopeCache struct {
	scope  string
	mu     sync.Mutex // held while refreshing
	loaded bool
	gen    int64
	ix     *store.RankIndex
}

// touchFlushDelay is how long "marked used" updates wait to be written
// together.
const touchFlushDelay = 100 * time.Millisecond

// touchChunk is the most "marked used" updates written by one statement
// (below the 1000 rows from which the trigger of migration 002 makes
// readers reload a scope instead of logging each row).
const touchChunk = 500

func funcScope(o store.Owner) string { return "f:" + store.OwnerKey(o.Module, o.Function) }

// belongs reports whether l is in scope.
func belongs(scope string, l *store.Learning) bool {
	switch scope[:2] {
	case "f:":
		return "f:"+store.OwnerKey(l.Module, l.Function) == scope
	default:
		return l.Domain != "" && "d:"+l.Domain == scope
	}
}

func (s *Store) scopeCache(scope string) *scopeCache {
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	c := s.caches[scope]
	if c == nil {
		c = &scopeCache{scope: scope}
		s.caches[scope] = c
	}
	return c
}

// Retrieve returns the learnings most relevant to input for o's function
// (and domain), at most k, best first, ranked as the Badger store ranks
// them (store.Rank): keyword overlap, then confidence after idle decay,
// then newest first; those decayed below store.PruneBelow are left out.
//
// The returned learnings are marked used (pending decay applied, LastUsed
// now) at once in this process and on the server within about 100 ms, in
// the background (and in any case by Close), never overwriting a
// concurrent writer's change. A process killed in that window loses only
// the LastUsed update.
//
// The first Retrieve of a scope in a process loads all its learnings
// (about a second per 100k); later ones fetch only what changed.
func (s *Store) Retrieve(o store.Owner, input string, k int) ([]*store.Learning, error) {
	if k <= 0 {
		k = store.DefaultRetrieveK
	}
	var scopes []string
	if o.Function != "" {
		scopes = append(scopes, funcScope(o))
	}
	if o.Domain != "" {
		scopes = append(scopes, "d:"+o.Domain)
	}
	if len(scopes) == 0 {
		return nil, nil
	}
	cs := make([]*scopeCache, len(scopes))
	for i, sc := range scopes {
		cs[i] = s.scopeCache(sc)
	}
	if err := s.refresh(cs); err != nil {
		return nil, err
	}
	ixs := make([]*store.RankIndex, len(cs))
	for i, c := range cs {
		c.mu.Lock()
		ixs[i] = c.ix
		c.mu.Unlock()
	}
	now := s.now()
	ranked := store.Rank(ixs, input, k, now)
	out := make([]*store.Learning, 0, len(ranked))
	for _, l := range ranked {
		var u *store.Learning
		for _, ix := range ixs {
			if t := ix.Touch(l.ID, now); t != nil && u == nil {
				u = t
			}
		}
		if u == nil {
			c := *l
			store.ApplyDecay(&c, now)
			u = &c
		}
		out = append(out, u)
	}
	s.queueTouches(out, now)
	return out, nil
}

// refresh brings the caches up to date with the server: a cache never
// loaded is loaded whole, the others get the changes since their
// generation (one statement, one snapshot, per scope).
func (s *Store) refresh(cs []*scopeCache) error {
	sorted := slices.Clone(cs)
	slices.SortFunc(sorted, func(a, b *scopeCache) int { return strings.Compare(a.scope, b.scope) })
	for _, c := range sorted {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	for _, c := range sorted {
		if !c.loaded {
			if err := s.loadScope(c); err != nil {
				return err
			}
			continue
		}
		if err := s.applyChanges(c); err != nil {
			return err
		}
	}
	return nil
}

// applyChanges applies to c's index the learnings of its scope changed
// since its generation. c.mu is held.
func (s *Store) applyChanges(c *scopeCache) error {
	type change struct {
		id  string
		rec []byte
	}
	var (
		changes []change
		gen     int64
		reload  bool
	)
	err := s.retry(context.Background(), "retrieving learnings", func(ctx context.Context) error {
		changes = changes[:0]
		// QueryExecModeExec: planned with the actual generation, so the
		// log is read through its (scope, gen) index whatever its size.
		rows, err := s.pool.Query(ctx, `SELECT g.gen, g.reset > $2, lg.id, (SELECT l.rec FROM learnings l WHERE l.id = lg.id)
			FROM (SELECT coalesce(max(gen), 0) AS gen, coalesce(max(reset), 0) AS reset FROM scope_gen WHERE scope = $1) g
			LEFT JOIN learning_log lg ON g.gen <> $2 AND g.reset <= $2 AND lg.scope = $1 AND lg.gen > $2`,
			pgx.QueryExecModeExec, c.scope, c.gen)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var ch change
			var id *string
			if err := rows.Scan(&gen, &reload, &id, &ch.rec); err != nil {
				return err
			}
			if id != nil {
				ch.id = *id
				changes = append(changes, ch)
			}
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	if reload || gen < c.gen {
		// A bulk change, or the server's generation went back (the
		// schema was restored): load the scope again.
		return s.loadScope(c)
	}
	for _, ch := range changes {
		if ch.rec == nil {
			c.ix.Remove(ch.id)
			continue
		}
		l := new(store.Learning)
		if err := json.Unmarshal(ch.rec, l); err != nil {
			return fmt.Errorf("retrieving learnings: decoding learning %s: %w", ch.id, err)
		}
		if belongs(c.scope, l) {
			c.ix.Upsert(l)
		} else {
			c.ix.Remove(l.ID)
		}
	}
	c.gen = gen
	return nil
}

// loadScope loads every learning of c's scope and its generation from one
// snapshot. c.mu is held.
func (s *Store) loadScope(c *scopeCache) error {
	col, val := "scope", c.scope[2:]
	if c.scope[:2] == "d:" {
		col = "domain"
	}
	var ls []*store.Learning
	var gen int64
	err := s.retry(context.Background(), "loading learnings", func(ctx context.Context) error {
		ls = ls[:0]
		rows, err := s.pool.Query(ctx, `SELECT g.gen, l.rec
			FROM (SELECT coalesce((SELECT gen FROM scope_gen WHERE scope = $1), 0) AS gen) g
			LEFT JOIN learnings l ON l.`+col+` = $2`, c.scope, val)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var raw []byte
			if err := rows.Scan(&gen, &raw); err != nil {
				return err
			}
			if raw == nil {
				continue
			}
			l := new(store.Learning)
			if err := json.Unmarshal(raw, l); err != nil {
				return fmt.Errorf("decoding learning: %w", err)
			}
			ls = append(ls, l)
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	c.ix = store.NewRankIndex(ls)
	c.gen = gen
	c.loaded = true
	return nil
}

// queueTouches records "marked used" updates to write in the background.
func (s *Store) queueTouches(ls []*store.Learning, now time.Time) {
	if len(ls) == 0 || s.opts.ReadOnly {
		return
	}
	s.touchMu.Lock()
	defer s.touchMu.Unlock()
	for _, l := range ls {
		if t, ok := s.touches[l.ID]; !ok || now.After(t) {
			s.touches[l.ID] = now
		}
	}
	if s.touchTimer == nil && !s.closed {
		s.touchWG.Add(1)
		s.touchTimer = time.AfterFunc(touchFlushDelay, func() {
			defer s.touchWG.Done()
			s.touchMu.Lock()
			s.touchTimer = nil
			s.touchMu.Unlock()
			_ = s.flushTouches()
		})
	}
}

// flushTouches writes the waiting "marked used" updates: each learning is
// re-read under a row lock, pending decay applied as of its use, LastUsed
// set, unless it was used later already. The commit is asynchronous
// (synchronous_commit off): this is bookkeeping, not an acknowledged write.
func (s *Store) flushTouches() error {
	s.touchMu.Lock()
	touches := s.touches
	s.touches = map[string]time.Time{}
	s.touchMu.Unlock()
	if len(touches) == 0 {
		return nil
	}
	ids := slices.Sorted(maps.Keys(touches))
	return s.tx("recording learning use", func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT rec FROM learnings WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
		if err != nil {
			return err
		}
		ls, err := scanLearnings(rows)
		if err != nil {
			return err
		}
		var uids, recs []string
		var confs []float64
		for _, l := range ls {
			at := touches[l.ID]
			store.ApplyDecay(l, at)
			if !at.After(l.LastUsed) {
				continue
			}
			l.LastUsed = at.UTC()
			store.NormalizeLearning(l)
			b, err := json.Marshal(l)
			if err != nil {
				return err
			}
			uids, recs, confs = append(uids, l.ID), append(recs, string(b)), append(confs, l.Confidence)
		}
		if len(uids) == 0 {
			return nil
		}
		// In statements of at most touchChunk rows: the trigger logs them
		// one by one instead of making every process reload the scope.
		for len(uids) > 0 {
			n := min(len(uids), touchChunk)
			_, err = tx.Exec(ctx, `UPDATE learnings l SET rec = v.rec::jsonb, confidence = v.conf
				FROM unnest($1::text[], $2::text[], $3::float8[]) AS v(id, rec, conf) WHERE l.id = v.id`, uids[:n], recs[:n], confs[:n])
			if err != nil {
				return err
			}
			uids, recs, confs = uids[n:], recs[n:], confs[n:]
		}
		return nil
	})
}
