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
	"unicode/utf8"

	"github.com/dgraph-io/badger/v4"
)

// Feedback applies the Train step (SPEC §10.5) to execution execID, in one
// durable transaction:
//
//   - a correction becomes a LearningCorrection learning and a note a
//     LearningNote learning, attached to the execution's function and
//     domain, with confidence 1.0 and SourceExecution set;
//   - a score > 0 reinforces every learning the execution applied
//     (+ReinforceStep, capped at 1.0, TimesReinforced+1, LastUsed now);
//   - a score < 0 weakens them (-WeakenStep, floored at 0) and drops those
//     left below PruneBelow; a score of 0 is recorded only;
//   - the feedback is appended to the execution record.
//
// Scores are in [-1.0, 1.0]. Pending idle decay is applied to a learning
// before it is reinforced or weakened. An unknown execution id is an error
// (a *NotFoundError), as is feedback with no score, correction or note.
func (s *Store) Feedback(execID string, fb FeedbackInput) (*TrainResult, error) {
	fb.Correction = strings.TrimSpace(fb.Correction)
	fb.Note = strings.TrimSpace(fb.Note)
	if fb.Score == nil && fb.Correction == "" && fb.Note == "" {
		return nil, fmt.Errorf("feedback on %s: give a score, a correction or a note", execID)
	}
	if fb.Score != nil && (math.IsNaN(*fb.Score) || *fb.Score < -1 || *fb.Score > 1) {
		return nil, fmt.Errorf("feedback on %s: score %v is outside [-1, 1]", execID, *fb.Score)
	}
	now := s.now()
	var res *TrainResult
	err := s.update(func(w *wtx) error {
		res = &TrainResult{ExecutionID: execID}
		e, err := getExecutionTxn(w.txn, execID)
		if err != nil {
			return err
		}
		owner := OwnerOf(e)
		entry := FeedbackEntry{At: now.UTC(), Correction: fb.Correction, Note: fb.Note}
		if fb.Score != nil {
			sc := *fb.Score
			entry.Score = &sc
		}
		newLearning := func(kind, text string) error {
			// The same advice given again reinforces the learning that
			// already holds it instead of piling up duplicates.
			if same, err := findSameLearning(w, owner, text); err != nil {
				return err
			} else if same != nil {
				old := *same
				applyDecay(same, now)
				same.Confidence = roundConf(math.Min(1, same.Confidence+ReinforceStep))
				same.TimesReinforced++
				same.LastUsed = now.UTC()
				if err := w.putLearning(same, &old); err != nil {
					return err
				}
				res.Reinforced = append(res.Reinforced, same)
				return nil
			}
			l := &Learning{
				ID:              s.NewID(),
				Text:            text,
				Function:        owner.Function,
				Module:          owner.Module,
				Domain:          owner.Domain,
				Confidence:      1,
				Created:         now,
				SourceExecution: e.ID,
				Kind:            kind,
			}
			if err := w.putLearning(l, nil); err != nil {
				return err
			}
			res.Created = append(res.Created, l)
			entry.LearningsCreated = append(entry.LearningsCreated, l.ID)
			return nil
		}
		if fb.Correction != "" {
			if err := newLearning(LearningCorrection, correctionText(e, fb.Correction)); err != nil {
				return err
			}
		}
		if fb.Note != "" {
			if err := newLearning(LearningNote, fb.Note); err != nil {
				return err
			}
		}
		if fb.Score != nil && *fb.Score != 0 {
			if err := adjustApplied(w, e, *fb.Score > 0, now, res); err != nil {
				return err
			}
		}
		if err := s.trainPreferences(w, e, fb, now, res); err != nil {
			return err
		}
		if fb.Score != nil && *fb.Score < 0 {
			// A tool written by this execution is retired (SPEC §10.7).
			if res.RetiredTools, err = retireToolsTxn(w, e.ID); err != nil {
				return err
			}
		}
		// Feedback is a small record of its own: giving feedback never
		// rewrites the (possibly large) execution record.
		val, err := json.Marshal(entry)
		if err != nil {
			return fmt.Errorf("encoding feedback: %w", err)
		}
		if err := w.txn.Set(feedbackKey(e.ID, s.NewID()), val); err != nil {
			return fmt.Errorf("writing feedback: %w", err)
		}
		return nil
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return nil, fmt.Errorf("feedback: %w", err)
		}
		return nil, fmt.Errorf("feedback on %s: %w", execID, err)
	}
	return res, nil
}

// findSameLearning returns the learning of o's function (and domain) whose
// text is text up to case and white space, or nil.
func findSameLearning(w *wtx, o Owner, text string) (*Learning, error) {
	fn, domain := o.key(), o.Domain
	norm := func(t string) string { return strings.ToLower(strings.Join(strings.Fields(t), " ")) }
	want := norm(text)
	var found *Learning
	err := scan(w.txn, pLearn+fn+sep, scanOpts{}, func(_, val []byte) (bool, error) {
		l, err := decodeLearning(val)
		if err != nil {
			return false, err
		}
		if l.Domain == domain && norm(l.Text) == want {
			found = l
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, fmt.Errorf("looking for an identical learning: %w", err)
	}
	return found, nil
}

// adjustApplied reinforces (positive) or weakens the learnings e applied.
func adjustApplied(w *wtx, e *Execution, positive bool, now time.Time, res *TrainResult) error {
	seen := map[string]bool{}
	for _, id := range e.LearningsApplied {
		if seen[id] {
			continue
		}
		seen[id] = true
		l, err := w.getLearning(id)
		if errors.Is(err, ErrNotFound) {
			res.Missing = append(res.Missing, id)
			continue
		}
		if err != nil {
			return err
		}
		old := *l
		applyDecay(l, now)
		if positive {
			l.Confidence = roundConf(math.Min(1, l.Confidence+ReinforceStep))
			l.TimesReinforced++
			l.LastUsed = now.UTC()
			if err := w.putLearning(l, &old); err != nil {
				return err
			}
			res.Reinforced = append(res.Reinforced, l)
			continue
		}
		if l.Kind == LearningPreference {
			continue // only contradicting it undoes a standing preference
		}
		l.Confidence = roundConf(math.Max(0, l.Confidence-WeakenStep))
		if l.Confidence < PruneBelow {
			if err := w.deleteLearning(&old); err != nil {
				return err
			}
			res.Pruned = append(res.Pruned, id)
			continue
		}
		if err := w.putLearning(l, &old); err != nil {
			return err
		}
		res.Weakened = append(res.Weakened, l)
	}
	return nil
}

// correctionText phrases a correction as guidance for later prompts.
func correctionText(e *Execution, correction string) string {
	in := excerpt(e.Inputs)
	if in == "" {
		in = excerpt(e.PerceivedInput)
	}
	if in == "" && e.Prompt != "" {
		in = excerpt(e.Prompt)
	}
	var b strings.Builder
	b.WriteString("Correction")
	if in != "" {
		b.WriteString(" for input ")
		b.WriteString(in)
	}
	if out := excerpt(e.Output); out != "" {
		b.WriteString(" (the output was ")
		b.WriteString(out)
		b.WriteString(")")
	}
	b.WriteString(": ")
	b.WriteString(correction)
	return b.String()
}

// excerptLen is the longest input or output excerpt quoted in a
// correction learning, in runes.
const excerptLen = 160

// excerpt renders a JSON-able value briefly: a string quoted, a map as
// key=value pairs in key order (a single-entry map as just its value),
// anything else as compact JSON; truncated to excerptLen runes.
func excerpt(v any) string {
	if raw, ok := v.(json.RawMessage); ok {
		var dec any
		if json.Unmarshal(raw, &dec) == nil {
			v = dec
		}
	}
	var s string
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		s = fmt.Sprintf("%q", x)
	case map[string]any:
		if len(x) == 0 {
			return ""
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 1 {
			return excerpt(x[keys[0]])
		}
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + excerpt(x[k])
		}
		s = strings.Join(parts, ", ")
	default:
		j, err := json.Marshal(x)
		if err != nil {
			s = fmt.Sprint(x)
		} else {
			s = string(j)
		}
	}
	if utf8.RuneCountInString(s) > excerptLen {
		r := []rune(s)
		s = string(r[:excerptLen]) + "…"
	}
	return s
}

// decayBatch is how many learnings Decay rewrites per transaction.
const decayBatch = 256

// Decay applies idle decay to every learning as of now (the store's clock
// when now is zero): confidence × DecayFactor per full DecayPeriod since
// the learning was last used, reinforced or decayed. Each learning records
// how far decay has been applied (DecayedThrough), so running Decay twice
// in a row changes nothing. Learnings left below PruneBelow are dropped.
// Changes are written in batches, each durable; an interrupted Decay can
// simply be run again.
func (s *Store) Decay(now time.Time) (*DecayResult, error) {
	if now.IsZero() {
		now = s.now()
	}
	res := &DecayResult{}
	var ids []string
	err := s.view(func(txn *badger.Txn) error {
		return scan(txn, pLearn, scanOpts{}, func(_, val []byte) (bool, error) {
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			res.Examined++
			c := *l
			if applyDecay(&c, now) {
				ids = append(ids, l.ID)
			}
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("decaying learnings: %w", err)
	}
	slices.Sort(ids)
	for len(ids) > 0 {
		batch := ids[:min(len(ids), decayBatch)]
		ids = ids[len(batch):]
		var decayed, dropped int
		err := s.update(func(w *wtx) error {
			decayed, dropped = 0, 0
			for _, id := range batch {
				l, err := w.getLearning(id)
				if errors.Is(err, ErrNotFound) {
					continue
				}
				if err != nil {
					return err
				}
				old := *l
				if !applyDecay(l, now) {
					continue
				}
				if l.Confidence < PruneBelow {
					if err := w.deleteLearning(&old); err != nil {
						return err
					}
					dropped++
					continue
				}
				if err := w.putLearning(l, &old); err != nil {
					return err
				}
				decayed++
			}
			return nil
		})
		if err != nil {
			return res, fmt.Errorf("decaying learnings: %w", err)
		}
		res.Decayed += decayed
		res.Dropped += dropped
	}
	return res, nil
}
