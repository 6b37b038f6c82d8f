package pgstore

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/minidana/dana/store"
)

// PutExecution stores e (without its feedback, kept in rows of its own).
func (s *Store) PutExecution(e *store.Execution) error {
	return s.PutExecutions([]*store.Execution{e})
}

// PutExecutions stores es in one transaction.
func (s *Store) PutExecutions(es []*store.Execution) error {
	for _, e := range es {
		if e == nil {
			return errors.New("storing execution: nil record")
		}
		if e.ID == "" {
			e.ID = s.NewID()
		}
		if e.Started.IsZero() {
			e.Started = s.now()
		}
	}
	return s.tx("storing executions", func(ctx context.Context, tx pgx.Tx) error {
		for _, e := range es {
			c := *e
			c.Feedback = nil
			rec, err := json.Marshal(&c)
			if err != nil {
				return fmt.Errorf("encoding execution %s: %w", e.ID, err)
			}
			_, err = tx.Exec(ctx, `INSERT INTO executions (id, function, started, rec) VALUES ($1,$2,$3,$4)
				ON CONFLICT (id) DO UPDATE SET function=EXCLUDED.function, started=EXCLUDED.started, rec=EXCLUDED.rec`,
				e.ID, e.Function, e.Started.UTC(), rec)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

func decodeExecution(rec []byte) (*store.Execution, error) {
	e := new(store.Execution)
	if err := json.Unmarshal(rec, e); err != nil {
		return nil, fmt.Errorf("decoding execution record: %w", err)
	}
	return e, nil
}

func getExecution(ctx context.Context, q pgx.Tx, id string, lock bool) (*store.Execution, error) {
	var rec []byte
	sql := `SELECT rec FROM executions WHERE id=$1`
	if lock {
		sql += ` FOR SHARE`
	}
	if err := q.QueryRow(ctx, sql, id).Scan(&rec); errors.Is(err, pgx.ErrNoRows) {
		return nil, &store.NotFoundError{What: "execution", ID: id}
	} else if err != nil {
		return nil, err
	}
	return decodeExecution(rec)
}

// GetExecution returns execution id with its feedback, oldest first.
func (s *Store) GetExecution(id string) (*store.Execution, error) {
	var e *store.Execution
	err := s.tx("reading execution "+id, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		if e, err = getExecution(ctx, tx, id, false); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT entry FROM feedback WHERE execution_id=$1 ORDER BY id`, id)
		if err != nil {
			return err
		}
		fbs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.FeedbackEntry, error) {
			var raw []byte
			var fe store.FeedbackEntry
			if err := r.Scan(&raw); err != nil {
				return fe, err
			}
			return fe, json.Unmarshal(raw, &fe)
		})
		e.Feedback = append(e.Feedback, fbs...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ListExecutions returns executions newest first.
func (s *Store) ListExecutions(f store.ExecutionFilter) ([]*store.Execution, error) {
	var out []*store.Execution
	err := s.retry(context.Background(), "listing executions", func(ctx context.Context) error {
		out = nil
		sql := `SELECT rec FROM executions WHERE ($1 = '' OR function = $1) AND started >= $2 ORDER BY id DESC`
		args := []any{f.Function, f.Since.UTC()}
		if f.Since.IsZero() {
			args[1] = time.Time{}.UTC().AddDate(1000, 0, 0)
		}
		if f.Limit > 0 {
			sql += fmt.Sprintf(" LIMIT %d", f.Limit)
		}
		rows, err := s.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (*store.Execution, error) {
			var raw []byte
			if err := r.Scan(&raw); err != nil {
				return nil, err
			}
			return decodeExecution(raw)
		})
		return err
	})
	return out, err
}

// norm is the text a duplicate learning is recognised by.
func norm(t string) string { return strings.ToLower(strings.Join(strings.Fields(t), " ")) }

// learningRow is l as the columns of a learnings row, in table order.
func learningRow(l *store.Learning) ([]any, error) {
	store.NormalizeLearning(l)
	rec, err := json.Marshal(l)
	if err != nil {
		return nil, fmt.Errorf("encoding learning %s: %w", l.ID, err)
	}
	toks := store.Tokenize(l.Text)
	if toks == nil {
		toks = []string{}
	}
	return []any{l.ID, store.OwnerKey(l.Module, l.Function), l.Function, l.Domain, l.Kind, l.Confidence,
		norm(l.Text), toks, json.RawMessage(rec)}, nil
}

var learningCols = []string{"id", "scope", "function", "domain", "kind", "confidence", "norm", "tokens", "rec"}

func putLearning(ctx context.Context, tx pgx.Tx, l *store.Learning) error {
	row, err := learningRow(l)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO learnings (id, scope, function, domain, kind, confidence, norm, tokens, rec)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
		ON CONFLICT (id) DO UPDATE SET scope=EXCLUDED.scope, function=EXCLUDED.function, domain=EXCLUDED.domain,
		  kind=EXCLUDED.kind, confidence=EXCLUDED.confidence, norm=EXCLUDED.norm, tokens=EXCLUDED.tokens, rec=EXCLUDED.rec`,
		row...)
	return err
}

func scanLearnings(rows pgx.Rows) ([]*store.Learning, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*store.Learning, error) {
		var raw []byte
		if err := r.Scan(&raw); err != nil {
			return nil, err
		}
		l := new(store.Learning)
		if err := json.Unmarshal(raw, l); err != nil {
			return nil, fmt.Errorf("decoding learning: %w", err)
		}
		return l, nil
	})
}

func getLearning(ctx context.Context, tx pgx.Tx, id string, lock bool) (*store.Learning, error) {
	sql := `SELECT rec FROM learnings WHERE id=$1`
	if lock {
		sql += ` FOR UPDATE`
	}
	rows, err := tx.Query(ctx, sql, id)
	if err != nil {
		return nil, err
	}
	ls, err := scanLearnings(rows)
	if err != nil {
		return nil, err
	}
	if len(ls) == 0 {
		return nil, &store.NotFoundError{What: "learning", ID: id}
	}
	return ls[0], nil
}

// checkCap refuses a new learning past the per-function cap.
func (s *Store) checkCap(ctx context.Context, tx pgx.Tx, l *store.Learning) error {
	if l.Function == "" {
		return nil
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM learnings WHERE scope=$1`, store.OwnerKey(l.Module, l.Function)).Scan(&n); err != nil {
		return err
	}
	if n >= s.opts.MaxLearningsPerFunction {
		return &store.TooManyLearningsError{Function: l.Function, Cap: s.opts.MaxLearningsPerFunction}
	}
	return nil
}

// AddLearning stores a new learning (defaults as in store.Store.AddLearning).
func (s *Store) AddLearning(l *store.Learning) error {
	if l != nil && l.Confidence == 0 {
		l.Confidence = 1
	}
	if err := store.ValidateLearning(l, s.NewID, s.now); err != nil {
		return fmt.Errorf("adding learning: %w", err)
	}
	store.NormalizeLearning(l)
	return s.tx("adding learning", func(ctx context.Context, tx pgx.Tx) error {
		old, err := getLearning(ctx, tx, l.ID, false)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if old != nil {
			if store.SameLearning(old, l) {
				return nil // written by an attempt whose COMMIT lost its connection
			}
			return fmt.Errorf("a learning with id %s already exists", l.ID)
		}
		if err := s.checkCap(ctx, tx, l); err != nil {
			return err
		}
		cp := *l
		return putLearning(ctx, tx, &cp)
	})
}

// GetLearning returns learning id.
func (s *Store) GetLearning(id string) (*store.Learning, error) {
	var l *store.Learning
	err := s.tx("reading learning "+id, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		l, err = getLearning(ctx, tx, id, false)
		return err
	})
	return l, err
}

// ListLearnings returns the learnings f selects, ordered by function then id.
func (s *Store) ListLearnings(f store.LearningFilter) ([]*store.Learning, error) {
	var out []*store.Learning
	err := s.retry(context.Background(), "listing learnings", func(ctx context.Context) error {
		sql := `SELECT rec FROM learnings WHERE ($1='' OR function=$1) AND ($2='' OR domain=$2) AND ($3='' OR kind=$3)
			AND confidence >= $4 ORDER BY scope, id`
		if f.Limit > 0 {
			sql += fmt.Sprintf(" LIMIT %d", f.Limit)
		}
		rows, err := s.pool.Query(ctx, sql, f.Function, f.Domain, f.Kind, f.MinConfidence)
		if err != nil {
			return err
		}
		out, err = scanLearnings(rows)
		return err
	})
	return out, err
}

// ForgetLearning deletes learning id.
func (s *Store) ForgetLearning(id string) error {
	return s.tx("forgetting learning "+id, func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM learnings WHERE id=$1`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return &store.NotFoundError{What: "learning", ID: id}
		}
		return nil
	})
}

// Feedback applies the Train step (see store.Store.Feedback) in one
// transaction. The feedback is appended as a row of its own; the learnings
// it reinforces or weakens are locked (SELECT ... FOR UPDATE), so two
// processes giving feedback at once both count. The 3-strike preference
// rule (store.Strikes) and tool retirement are applied in the same
// transaction.
func (s *Store) Feedback(execID string, fb store.FeedbackInput) (*store.TrainResult, error) {
	fb.Correction = strings.TrimSpace(fb.Correction)
	fb.Note = strings.TrimSpace(fb.Note)
	if fb.Score == nil && fb.Correction == "" && fb.Note == "" {
		return nil, fmt.Errorf("feedback on %s: give a score, a correction or a note", execID)
	}
	if fb.Score != nil && (math.IsNaN(*fb.Score) || *fb.Score < -1 || *fb.Score > 1) {
		return nil, fmt.Errorf("feedback on %s: score %v is outside [-1, 1]", execID, *fb.Score)
	}
	now := s.now()
	// The feedback row's id is chosen once: when the connection is lost
	// during COMMIT the transaction is retried, and finds its row if the
	// commit happened (the feedback then counts once, not twice).
	fbID := s.NewID()
	var res *store.TrainResult
	err := s.tx("writing feedback", func(ctx context.Context, tx pgx.Tx) error {
		res = &store.TrainResult{ExecutionID: execID}
		var rec []byte
		var done bool
		err := tx.QueryRow(ctx, `SELECT rec, EXISTS (SELECT 1 FROM feedback WHERE id = $2) FROM executions WHERE id = $1 FOR SHARE`,
			execID, fbID).Scan(&rec, &done)
		if errors.Is(err, pgx.ErrNoRows) {
			return &store.NotFoundError{What: "execution", ID: execID}
		}
		if err != nil {
			return err
		}
		if done {
			return nil // committed by the attempt that lost its connection
		}
		e, err := decodeExecution(rec)
		if err != nil {
			return err
		}
		owner := store.OwnerOf(e)
		entry := store.FeedbackEntry{At: now.UTC(), Correction: fb.Correction, Note: fb.Note}
		if fb.Score != nil {
			sc := *fb.Score
			entry.Score = &sc
		}
		newLearning := func(kind, text string) error {
			// One writer per owner decides "same advice again" at a time.
			if err := lockOwner(ctx, tx, owner); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `SELECT rec FROM learnings WHERE scope=$1 AND domain=$2 AND norm=$3 ORDER BY id LIMIT 1 FOR UPDATE`,
				store.OwnerKey(owner.Module, owner.Function), owner.Domain, norm(text))
			if err != nil {
				return err
			}
			same, err := scanLearnings(rows)
			if err != nil {
				return err
			}
			if len(same) > 0 {
				l := same[0]
				store.ApplyDecay(l, now)
				l.Confidence = store.RoundConf(math.Min(1, l.Confidence+store.ReinforceStep))
				l.TimesReinforced++
				l.LastUsed = now.UTC()
				if err := putLearning(ctx, tx, l); err != nil {
					return err
				}
				res.Reinforced = append(res.Reinforced, l)
				return nil
			}
			l := &store.Learning{ID: s.NewID(), Text: text, Function: owner.Function, Module: owner.Module,
				Domain: owner.Domain, Confidence: 1, Created: now, SourceExecution: e.ID, Kind: kind}
			if err := s.checkCap(ctx, tx, l); err != nil {
				return err
			}
			if err := putLearning(ctx, tx, l); err != nil {
				return err
			}
			res.Created = append(res.Created, l)
			entry.LearningsCreated = append(entry.LearningsCreated, l.ID)
			return nil
		}
		if fb.Correction != "" {
			if err := newLearning(store.LearningCorrection, store.CorrectionText(e, fb.Correction)); err != nil {
				return err
			}
		}
		if fb.Note != "" {
			if err := newLearning(store.LearningNote, fb.Note); err != nil {
				return err
			}
		}
		if fb.Score != nil && *fb.Score != 0 {
			if err := adjustApplied(ctx, tx, e, *fb.Score > 0, now, res); err != nil {
				return err
			}
		}
		if err := s.trainPreferences(ctx, tx, e, fb, now, res); err != nil {
			return err
		}
		if fb.Score != nil && *fb.Score < 0 {
			rows, err := tx.Query(ctx, `DELETE FROM tools WHERE source_execution=$1 RETURNING name`, e.ID)
			if err != nil {
				return err
			}
			if res.RetiredTools, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return err
			}
		}
		val, err := json.Marshal(entry)
		if err != nil {
			return fmt.Errorf("encoding feedback: %w", err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO feedback (id, execution_id, entry) VALUES ($1,$2,$3)`, fbID, e.ID, val)
		return err
	})
	if err != nil {
		var nf *store.NotFoundError
		if errors.As(err, &nf) {
			return nil, fmt.Errorf("feedback: %w", err)
		}
		return nil, fmt.Errorf("feedback on %s: %w", execID, err)
	}
	return res, nil
}

// adjustApplied reinforces (positive) or weakens the learnings e applied:
// all locked by one SELECT ... FOR UPDATE in id order (concurrent
// feedbacks lock in one order: no deadlock), all written by one batch.
func adjustApplied(ctx context.Context, tx pgx.Tx, e *store.Execution, positive bool, now time.Time, res *store.TrainResult) error {
	ids := slices.Compact(slices.Sorted(slices.Values(e.LearningsApplied)))
	if len(ids) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT rec FROM learnings WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
	if err != nil {
		return err
	}
	ls, err := scanLearnings(rows)
	if err != nil {
		return err
	}
	byID := map[string]*store.Learning{}
	for _, l := range ls {
		byID[l.ID] = l
	}
	var put []*store.Learning
	var drop []string
	seen := map[string]bool{}
	for _, id := range e.LearningsApplied { // in the order applied, as Badger reports them
		if seen[id] {
			continue
		}
		seen[id] = true
		l := byID[id]
		if l == nil {
			res.Missing = append(res.Missing, id)
			continue
		}
		store.ApplyDecay(l, now)
		if positive {
			l.Confidence = store.RoundConf(math.Min(1, l.Confidence+store.ReinforceStep))
			l.TimesReinforced++
			l.LastUsed = now.UTC()
			put = append(put, l)
			res.Reinforced = append(res.Reinforced, l)
			continue
		}
		if l.Kind == store.LearningPreference {
			continue // only contradicting it undoes a standing preference
		}
		l.Confidence = store.RoundConf(math.Max(0, l.Confidence-store.WeakenStep))
		if l.Confidence < store.PruneBelow {
			drop = append(drop, id)
			res.Pruned = append(res.Pruned, id)
			continue
		}
		put = append(put, l)
		res.Weakened = append(res.Weakened, l)
	}
	if len(drop) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM learnings WHERE id = ANY($1)`, drop); err != nil {
			return err
		}
	}
	return putLearnings(ctx, tx, put)
}

// putLearnings writes ls with one statement.
func putLearnings(ctx context.Context, tx pgx.Tx, ls []*store.Learning) error {
	if len(ls) == 0 {
		return nil
	}
	if len(ls) == 1 {
		return putLearning(ctx, tx, ls[0])
	}
	var ids, scopes, fns, doms, kinds, norms, toks, recs []string
	var confs []float64
	for _, l := range ls {
		store.NormalizeLearning(l)
		rec, err := json.Marshal(l)
		if err != nil {
			return fmt.Errorf("encoding learning %s: %w", l.ID, err)
		}
		tk := store.Tokenize(l.Text)
		if tk == nil {
			tk = []string{}
		}
		tb, _ := json.Marshal(tk)
		ids, scopes, fns = append(ids, l.ID), append(scopes, store.OwnerKey(l.Module, l.Function)), append(fns, l.Function)
		doms, kinds, confs = append(doms, l.Domain), append(kinds, l.Kind), append(confs, l.Confidence)
		norms, toks, recs = append(norms, norm(l.Text)), append(toks, string(tb)), append(recs, string(rec))
	}
	_, err := tx.Exec(ctx, `INSERT INTO learnings (id, scope, function, domain, kind, confidence, norm, tokens, rec)
		SELECT v.id, v.scope, v.function, v.domain, v.kind, v.confidence, v.norm,
		  ARRAY(SELECT jsonb_array_elements_text(v.tokens::jsonb)), v.rec::jsonb
		FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::text[], $8::text[], $9::text[])
		  AS v(id, scope, function, domain, kind, confidence, norm, tokens, rec)
		ON CONFLICT (id) DO UPDATE SET scope=EXCLUDED.scope, function=EXCLUDED.function, domain=EXCLUDED.domain,
		  kind=EXCLUDED.kind, confidence=EXCLUDED.confidence, norm=EXCLUDED.norm, tokens=EXCLUDED.tokens, rec=EXCLUDED.rec`,
		ids, scopes, fns, doms, kinds, confs, norms, toks, recs)
	return err
}

// Decay applies idle decay to every learning as of now (store.ApplyDecay),
// dropping those left below store.PruneBelow, in one transaction.
func (s *Store) Decay(now time.Time) (*store.DecayResult, error) {
	if now.IsZero() {
		now = s.now()
	}
	var res *store.DecayResult
	err := s.tx("decaying learnings", func(ctx context.Context, tx pgx.Tx) error {
		res = &store.DecayResult{}
		rows, err := tx.Query(ctx, `SELECT rec FROM learnings ORDER BY id FOR UPDATE`)
		if err != nil {
			return err
		}
		ls, err := scanLearnings(rows)
		if err != nil {
			return err
		}
		var put []*store.Learning
		var drop []string
		for _, l := range ls {
			res.Examined++
			if !store.ApplyDecay(l, now) {
				continue
			}
			if l.Confidence < store.PruneBelow {
				drop = append(drop, l.ID)
				res.Dropped++
				continue
			}
			put = append(put, l)
			res.Decayed++
		}
		if len(drop) > 0 {
			if _, err := tx.Exec(ctx, `DELETE FROM learnings WHERE id = ANY($1)`, drop); err != nil {
				return err
			}
		}
		return putLearnings(ctx, tx, put)
	})
	return res, err
}

// Stats summarises the store.
func (s *Store) Stats() (*store.Stats, error) {
	st := &store.Stats{Dir: s.server}
	err := s.retry(context.Background(), "reading statistics", func(ctx context.Context) error {
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM executions`).Scan(&st.Executions); err != nil {
			return err
		}
		if err := s.pool.QueryRow(ctx, `SELECT count(*), coalesce(avg(confidence),0) FROM learnings`).Scan(&st.Learnings, &st.MeanConfidence); err != nil {
			return err
		}
		group := func(col string) ([]store.GroupStats, error) {
			rows, err := s.pool.Query(ctx, `SELECT `+col+`, count(*), avg(confidence) FROM learnings WHERE `+col+` <> '' GROUP BY 1 ORDER BY 1`)
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.GroupStats, error) {
				var g store.GroupStats
				err := r.Scan(&g.Name, &g.Learnings, &g.MeanConfidence)
				return g, err
			})
		}
		var err error
		if st.Functions, err = group("function"); err != nil {
			return err
		}
		if st.Domains, err = group("domain"); err != nil {
			return err
		}
		return s.pool.QueryRow(ctx, `SELECT pg_database_size(current_database())`).Scan(&st.SizeBytes)
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// Export writes every learning as JSON Lines (the Badger store's format).
func (s *Store) Export(w io.Writer) error {
	ls, err := s.ListLearnings(store.LearningFilter{})
	if err != nil {
		return fmt.Errorf("exporting learnings: %w", err)
	}
	bw := bufio.NewWriter(w)
	for _, l := range ls {
		line, err := json.Marshal(l)
		if err != nil {
			return fmt.Errorf("exporting learnings: %w", err)
		}
		bw.Write(line)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("exporting learnings: %w", err)
	}
	return nil
}

// Import reads learnings as JSON Lines (the Export format), keyed by id:
// identical lines are skipped, others added or replaced, in one transaction.
func (s *Store) Import(r io.Reader) (added, skipped int, err error) {
	var ls []*store.Learning
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		l := new(store.Learning)
		if err := json.Unmarshal(line, l); err != nil {
			return 0, 0, fmt.Errorf("importing learnings: line %d: %w", lineNo, err)
		}
		if l.ID == "" {
			return 0, 0, fmt.Errorf("importing learnings: line %d: the learning has no id", lineNo)
		}
		if l.Kind != store.LearningPreference {
			if err := store.ValidateLearning(l, s.NewID, s.now); err != nil {
				return 0, 0, fmt.Errorf("importing learnings: line %d: %w", lineNo, err)
			}
		}
		store.NormalizeLearning(l)
		ls = append(ls, l)
	}
	if err := sc.Err(); err != nil {
		return 0, 0, fmt.Errorf("importing learnings: reading: %w", err)
	}
	err = s.tx("importing learnings", func(ctx context.Context, tx pgx.Tx) error {
		added, skipped = 0, 0
		return s.importLearnings(ctx, tx, ls, &added, &skipped)
	})
	if err != nil {
		return 0, 0, err
	}
	if added > 1000 {
		// Fresh planner statistics: with none, lookups by id on a table
		// that just grew can be planned as full scans.
		_ = s.retry(context.Background(), "analyzing learnings", func(ctx context.Context) error {
			_, err := s.pool.Exec(ctx, `ANALYZE learnings`)
			return err
		})
	}
	return added, skipped, nil
}

// importLearnings adds or replaces ls (identical ones skipped, the
// per-function cap enforced) with COPY into a temporary table and one
// INSERT ... ON CONFLICT.
func (s *Store) importLearnings(ctx context.Context, tx pgx.Tx, ls []*store.Learning, added, skipped *int) error {
	ids := make([]string, len(ls))
	for i, l := range ls {
		ids[i] = l.ID
	}
	cur := map[string]*store.Learning{}
	rows, err := tx.Query(ctx, `SELECT rec FROM learnings WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
	if err != nil {
		return err
	}
	olds, err := scanLearnings(rows)
	if err != nil {
		return err
	}
	for _, l := range olds {
		cur[l.ID] = l
	}
	counts := map[string]int{} // learnings per function scope
	var scopes []string
	for _, l := range ls {
		if _, ok := cur[l.ID]; !ok && l.Function != "" {
			scopes = append(scopes, store.OwnerKey(l.Module, l.Function))
		}
	}
	if len(scopes) > 0 {
		rows, err := tx.Query(ctx, `SELECT scope, count(*) FROM learnings WHERE scope = ANY($1) GROUP BY scope`, scopes)
		if err != nil {
			return err
		}
		for rows.Next() {
			var sc string
			var n int
			if err := rows.Scan(&sc, &n); err != nil {
				rows.Close()
				return err
			}
			counts[sc] = n
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	changed := map[string]bool{}
	var order []string
	for _, l := range ls {
		old := cur[l.ID]
		if old != nil && store.SameLearning(old, l) {
			*skipped++
			continue
		}
		if old == nil && l.Function != "" {
			sc := store.OwnerKey(l.Module, l.Function)
			if counts[sc] >= s.opts.MaxLearningsPerFunction {
				return &store.TooManyLearningsError{Function: l.Function, Cap: s.opts.MaxLearningsPerFunction}
			}
			counts[sc]++
		}
		cp := *l
		cur[l.ID] = &cp
		if !changed[l.ID] {
			changed[l.ID] = true
			order = append(order, l.ID)
		}
		*added++
	}
	if len(order) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE import_learnings (LIKE learnings) ON COMMIT DROP`); err != nil {
		return err
	}
	data := make([][]any, 0, len(order))
	for _, id := range order {
		row, err := learningRow(cur[id])
		if err != nil {
			return err
		}
		data = append(data, row)
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"import_learnings"}, learningCols, pgx.CopyFromRows(data)); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO learnings (id, scope, function, domain, kind, confidence, norm, tokens, rec)
		SELECT id, scope, function, domain, kind, confidence, norm, tokens, rec FROM import_learnings
		ON CONFLICT (id) DO UPDATE SET scope=EXCLUDED.scope, function=EXCLUDED.function, domain=EXCLUDED.domain,
		  kind=EXCLUDED.kind, confidence=EXCLUDED.confidence, norm=EXCLUDED.norm, tokens=EXCLUDED.tokens, rec=EXCLUDED.rec`)
	return err
}
