package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/dgraph-io/badger/v4"
)

// Standing preferences (SPEC §10.5, the 3-strike rule): corrections given
// to one function that are similar — the same text once normalized (case,
// punctuation and spacing ignored), or the same kind= (feedback(...,
// kind="style")) — are counted per function; at the threshold-th one (3
// by default) they are promoted to one learning of kind
// LearningPreference. A preference belongs to the function alone (not its
// domain), is applied to every call of it before any other learning, does
// not decay and is not weakened by negative feedback; positive feedback
// that names its kind (feedback(id, score=1, kind="style")) contradicts it:
// it becomes an ordinary correction learning again, weakened once
// (-WeakenStep) and subject to decay.
const (
	// LearningPreference is a standing preference.
	LearningPreference = "preference"
	// DefaultPreferenceStrikes is how many similar corrections promote a
	// preference when FeedbackInput.Strikes is 0.
	DefaultPreferenceStrikes = 3
	// ApplyBelow is the confidence under which a learning is not applied
	// to a call (it stays stored until it decays under PruneBelow).
	ApplyBelow = 0.3
)

// Strikes is the count of similar corrections of one function (stored by
// the Badger store under ps/<function>\x00<topic>, by store/pgstore in
// table preference_strikes), with the rule that promotes them (Strike).
type Strikes struct {
	Function string `json:"function"`
	// Topic is "kind:<kind>" or "text:<normalized correction>".
	Topic string `json:"topic"`
	// Kind is the kind= given, "" for text matches.
	Kind string `json:"kind,omitempty"`
	// Corrections are the distinct corrections given, latest last (at
	// most maxStrikeTexts).
	Corrections []string `json:"corrections"`
	// Executions are the executions corrected (each counts once).
	Executions []string `json:"executions"`
	// Preference is the id of the promoted learning, "" before promotion.
	Preference string `json:"preference,omitempty"`
}

const (
	pStrikes       = "ps/"
	maxStrikeTexts = 5
)

func strikesKey(fn, topic string) []byte { return []byte(pStrikes + fn + sep + topic) }

// normalizeCorrection is the form in which two corrections are similar:
// lower case, letters and digits only, single spaces.
func normalizeCorrection(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// topicOf is the similarity key of a correction.
func topicOf(kind, correction string) string {
	if k := strings.TrimSpace(kind); k != "" {
		return "kind:" + strings.ToLower(k)
	}
	if n := normalizeCorrection(correction); n != "" {
		return "text:" + n
	}
	return ""
}

// PreferenceStep is what one feedback does to standing preferences.
type PreferenceStep int

const (
	// PrefNone: nothing.
	PrefNone PreferenceStep = iota
	// PrefStrike: a correction given with a negative score (or none), or a
	// negative score with a kind, counts as a strike (Strikes.Strike).
	PrefStrike
	// PrefContradict: a positive score with a kind contradicts the
	// preference of that kind (DemotePreference).
	PrefContradict
)

// PreferenceStepOf says what fb does to standing preferences.
func PreferenceStepOf(fb FeedbackInput) PreferenceStep {
	negative := fb.Score == nil || *fb.Score < 0
	switch {
	case fb.Correction != "" && negative, fb.Kind != "" && fb.Score != nil && *fb.Score < 0:
		return PrefStrike
	case fb.Kind != "" && fb.Score != nil && *fb.Score > 0:
		return PrefContradict
	}
	return PrefNone
}

// StrikeTopic is the similarity key of a correction ("" when it has
// none: nothing to count).
func StrikeTopic(kind, correction string) string { return topicOf(kind, correction) }

// KindTopic is the topic of corrections given with kind.
func KindTopic(kind string) string { return "kind:" + strings.ToLower(strings.TrimSpace(kind)) }

// NewStrikes returns the empty count of topic for o's function.
func NewStrikes(o Owner, topic string, fb FeedbackInput) *Strikes {
	return &Strikes{Function: o.Function, Topic: topic, Kind: strings.ToLower(strings.TrimSpace(fb.Kind))}
}

// Strike counts a strike of execution execID (feedback fb, o its owner)
// and applies the 3-strike rule. pref is the learning st.Preference names
// (nil when there is none, or it is gone). counted is false when execID
// was counted already (nothing changed). Otherwise the caller stores st
// and l when not nil: either pref reinforced (promoted false), or a new
// preference learning with id newID() (promoted true).
func (st *Strikes) Strike(o Owner, execID string, fb FeedbackInput, pref *Learning, newID func() string, now time.Time) (l *Learning, promoted, counted bool) {
	if slices.Contains(st.Executions, execID) {
		return nil, false, false // the same execution corrected again counts once
	}
	st.Executions = append(st.Executions, execID)
	if c := strings.TrimSpace(fb.Correction); c != "" {
		st.Corrections = appendDistinct(st.Corrections, c)
	}
	if st.Preference != "" {
		if pref != nil && pref.Kind == LearningPreference {
			pref.Text = preferenceText(st)
			pref.Confidence = roundConf(math.Min(1, pref.Confidence+ReinforceStep))
			pref.TimesReinforced++
			pref.LastUsed = now.UTC()
			return pref, false, true
		}
		// Forgotten or contradicted: count again from here.
		st.Preference = ""
		st.Executions = []string{execID}
	}
	threshold := fb.Strikes
	if threshold <= 0 {
		threshold = DefaultPreferenceStrikes
	}
	if len(st.Executions) < threshold {
		return nil, false, true
	}
	l = &Learning{
		ID:              newID(),
		Text:            preferenceText(st),
		Function:        o.Function,
		Module:          o.Module,
		Confidence:      1,
		Created:         now,
		SourceExecution: execID,
		Kind:            LearningPreference,
	}
	st.Preference = l.ID
	return l, true, true
}

// DemotePreference turns a contradicted preference back into an ordinary
// correction learning, weakened once and subject to decay again; it
// reports false (and changes nothing) when l is not a preference.
func DemotePreference(l *Learning, now time.Time) bool {
	if l == nil || l.Kind != LearningPreference {
		return false
	}
	l.Kind = LearningCorrection
	l.Confidence = roundConf(math.Max(0, l.Confidence-WeakenStep))
	l.LastUsed = now.UTC()
	l.DecayedThrough = time.Time{}
	return true
}

// countStrikeTxn counts a negative correction of execution e and promotes
// a preference at the threshold; it reinforces an existing one.
func (s *Store) countStrikeTxn(w *wtx, e *Execution, fb FeedbackInput, now time.Time, res *TrainResult) error {
	topic := topicOf(fb.Kind, fb.Correction)
	if topic == "" {
		return nil
	}
	owner := OwnerOf(e)
	st := NewStrikes(owner, topic, fb)
	key := strikesKey(owner.key(), topic)
	if val, err := getValue(w.txn, key); err == nil {
		if err := json.Unmarshal(val, st); err != nil {
			return fmt.Errorf("decoding correction counts: %w", err)
		}
	} else if !isNotFound(err) {
		return err
	}
	var pref *Learning
	if st.Preference != "" && !slices.Contains(st.Executions, e.ID) {
		l, err := w.getLearning(st.Preference)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		pref = l
	}
	var old *Learning
	if pref != nil {
		c := *pref
		old = &c
	}
	l, promoted, counted := st.Strike(owner, e.ID, fb, pref, s.NewID, now)
	if !counted {
		return nil
	}
	if l != nil {
		if promoted {
			old = nil
		}
		if err := w.putLearning(l, old); err != nil {
			return err
		}
		if promoted {
			res.Created = append(res.Created, l)
			res.Promoted = append(res.Promoted, l)
		} else {
			res.Reinforced = append(res.Reinforced, l)
		}
	}
	return putStrikes(w, key, st)
}

func putStrikes(w *wtx, key []byte, st *Strikes) error {
	val, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return w.txn.Set(key, val)
}

func appendDistinct(list []string, s string) []string {
	n := normalizeCorrection(s)
	for i, x := range list {
		if normalizeCorrection(x) == n {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	list = append(list, s)
	if len(list) > maxStrikeTexts {
		list = list[len(list)-maxStrikeTexts:]
	}
	return list
}

// preferenceText phrases a preference: its kind, and the corrections that
// made it, latest first.
func preferenceText(st *Strikes) string {
	var b strings.Builder
	b.WriteString("Standing preference")
	if st.Kind != "" {
		fmt.Fprintf(&b, " (%s)", st.Kind)
	}
	fmt.Fprintf(&b, ", from %d corrections", len(st.Executions))
	if len(st.Corrections) > 0 {
		b.WriteString(": ")
		for i := len(st.Corrections) - 1; i >= 0; i-- {
			b.WriteString(st.Corrections[i])
			if i > 0 {
				b.WriteString("; ")
			}
		}
	}
	return b.String()
}

// contradictTxn demotes the preferences of e's function whose kind is
// kind (positive feedback naming that kind contradicts them).
func contradictTxn(w *wtx, e *Execution, kind string, now time.Time, res *TrainResult) error {
	key := strikesKey(OwnerOf(e).key(), KindTopic(kind))
	val, err := getValue(w.txn, key)
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	st := new(Strikes)
	if err := json.Unmarshal(val, st); err != nil {
		return fmt.Errorf("decoding correction counts: %w", err)
	}
	if st.Preference != "" {
		l, err := w.getLearning(st.Preference)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		if err == nil {
			old := *l
			if DemotePreference(l, now) {
				if err := w.putLearning(l, &old); err != nil {
					return err
				}
				res.Contradicted = append(res.Contradicted, l)
			}
		}
	}
	// Similar corrections from now on count from zero.
	return w.txn.Delete(key)
}

// Preferences returns the standing preferences of o's function (of its
// module), oldest first.
func (s *Store) Preferences(o Owner) ([]*Learning, error) {
	function := o.key()
	var out []*Learning
	err := s.view(func(txn *badger.Txn) error {
		var ids []string
		err := scan(txn, pStrikes+function+sep, scanOpts{}, func(_, val []byte) (bool, error) {
			st := new(Strikes)
			if err := json.Unmarshal(val, st); err != nil {
				return false, fmt.Errorf("decoding correction counts: %w", err)
			}
			if st.Preference != "" {
				ids = append(ids, st.Preference)
			}
			return true, nil
		})
		if err != nil {
			return err
		}
		for _, id := range ids {
			l, err := getLearningTxn(txn, id)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			if l.Kind == LearningPreference {
				out = append(out, l)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the preferences of %s: %w", function, err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// trainPreferences applies the 3-strike rule to one feedback (see
// PreferenceStepOf).
func (s *Store) trainPreferences(w *wtx, e *Execution, fb FeedbackInput, now time.Time, res *TrainResult) error {
	switch PreferenceStepOf(fb) {
	case PrefStrike:
		return s.countStrikeTxn(w, e, fb, now, res)
	case PrefContradict:
		return contradictTxn(w, e, fb.Kind, now, res)
	}
	return nil
}
