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

// Standing preferences: the 3-strike rule of store.Strikes, applied in the
// feedback's transaction. Counts of one function are serialized by the
// same per-owner advisory lock as "same advice again" (lockOwner).

// lockOwner serializes, until commit, the writers deciding on the
// learnings and correction counts of o's function.
func lockOwner(ctx context.Context, tx pgx.Tx, o store.Owner) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, store.OwnerKey(o.Module, o.Function))
	return err
}

func getStrikes(ctx context.Context, tx pgx.Tx, scope, topic string) (*store.Strikes, error) {
	var raw []byte
	err := tx.QueryRow(ctx, `SELECT rec FROM preference_strikes WHERE scope=$1 AND topic=$2`, scope, topic).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	st := new(store.Strikes)
	if err := json.Unmarshal(raw, st); err != nil {
		return nil, fmt.Errorf("decoding correction counts: %w", err)
	}
	return st, nil
}

func putStrikes(ctx context.Context, tx pgx.Tx, scope string, st *store.Strikes) error {
	rec, err := json.Marshal(st)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO preference_strikes (scope, topic, preference, rec) VALUES ($1,$2,$3,$4)
		ON CONFLICT (scope, topic) DO UPDATE SET preference=EXCLUDED.preference, rec=EXCLUDED.rec`,
		scope, st.Topic, st.Preference, rec)
	return err
}

// trainPreferences applies the 3-strike rule to one feedback on e.
func (s *Store) trainPreferences(ctx context.Context, tx pgx.Tx, e *store.Execution, fb store.FeedbackInput, now time.Time, res *store.TrainResult) error {
	owner := store.OwnerOf(e)
	scope := store.OwnerKey(owner.Module, owner.Function)
	switch store.PreferenceStepOf(fb) {
	case store.PrefStrike:
		topic := store.StrikeTopic(fb.Kind, fb.Correction)
		if topic == "" {
			return nil
		}
		if err := lockOwner(ctx, tx, owner); err != nil {
			return err
		}
		st, err := getStrikes(ctx, tx, scope, topic)
		if err != nil {
			return err
		}
		if st == nil {
			st = store.NewStrikes(owner, topic, fb)
		}
		var pref *store.Learning
		if st.Preference != "" {
			if pref, err = getLearning(ctx, tx, st.Preference, true); errors.Is(err, store.ErrNotFound) {
				pref = nil
			} else if err != nil {
				return err
			}
		}
		l, promoted, counted := st.Strike(owner, e.ID, fb, pref, s.NewID, now)
		if !counted {
			return nil
		}
		if l != nil {
			if err := putLearning(ctx, tx, l); err != nil {
				return err
			}
			if promoted {
				res.Created = append(res.Created, l)
				res.Promoted = append(res.Promoted, l)
			} else {
				res.Reinforced = append(res.Reinforced, l)
			}
		}
		return putStrikes(ctx, tx, scope, st)
	case store.PrefContradict:
		if err := lockOwner(ctx, tx, owner); err != nil {
			return err
		}
		topic := store.KindTopic(fb.Kind)
		st, err := getStrikes(ctx, tx, scope, topic)
		if err != nil || st == nil {
			return err
		}
		if st.Preference != "" {
			l, err := getLearning(ctx, tx, st.Preference, true)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			if err == nil && store.DemotePreference(l, now) {
				if err := putLearning(ctx, tx, l); err != nil {
					return err
				}
				res.Contradicted = append(res.Contradicted, l)
			}
		}
		// Similar corrections from now on count from zero.
		_, err = tx.Exec(ctx, `DELETE FROM preference_strikes WHERE scope=$1 AND topic=$2`, scope, topic)
		return err
	}
	return nil
}

// Preferences returns the standing preferences of o's function (of its
// module), oldest first.
func (s *Store) Preferences(o store.Owner) ([]*store.Learning, error) {
	var out []*store.Learning
	err := s.retry(context.Background(), "reading preferences", func(ctx context.Context) error {
		rows, err := s.pool.Query(ctx, `SELECT l.rec FROM preference_strikes p JOIN learnings l ON l.id = p.preference
			WHERE p.scope = $1 AND l.kind = $2 ORDER BY l.id`,
			store.OwnerKey(o.Module, o.Function), store.LearningPreference)
		if err != nil {
			return err
		}
		out, err = scanLearnings(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the preferences of %s: %w", o.Function, err)
	}
	return out, nil
}
