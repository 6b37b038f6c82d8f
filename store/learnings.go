package store

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// validateLearning checks a learning before it is stored and fills in
// defaults (ID, Created, Kind, Confidence 0 → 1).
func (s *Store) validateLearning(l *Learning) error {
	return ValidateLearning(l, s.NewID, s.now)
}

// ValidateLearning checks a learning before any backend stores it and fills
// in defaults (ID from newID, Created from now, Kind).
func ValidateLearning(l *Learning, newID func() string, now func() time.Time) error {
	if l == nil {
		return errors.New("nil learning")
	}
	if strings.TrimSpace(l.Text) == "" {
		return errors.New("a learning needs a text")
	}
	if l.Function == "" && l.Domain == "" {
		return errors.New("a learning needs a function or a domain")
	}
	if err := checkName("function", l.Function); err != nil {
		return err
	}
	if err := checkName("domain", l.Domain); err != nil {
		return err
	}
	if err := checkName("id", l.ID); err != nil {
		return err
	}
	if math.IsNaN(l.Confidence) || l.Confidence < 0 || l.Confidence > 1 {
		return fmt.Errorf("confidence %v is outside [0, 1]", l.Confidence)
	}
	if l.TimesReinforced < 0 {
		return fmt.Errorf("times reinforced %d is negative", l.TimesReinforced)
	}
	for _, t := range []time.Time{l.Created, l.LastUsed, l.DecayedThrough} {
		if !t.IsZero() && (t.Year() < 1700 || t.Year() > 2200) {
			return fmt.Errorf("time %s is out of range", t)
		}
	}
	switch l.Kind {
	case "":
		l.Kind = LearningNote
	case LearningCorrection, LearningNote:
	default:
		return fmt.Errorf("unknown learning kind %q (want %q or %q)", l.Kind, LearningCorrection, LearningNote)
	}
	if l.ID == "" {
		l.ID = newID()
	}
	if l.Created.IsZero() {
		l.Created = now()
	}
	return nil
}

// AddLearning stores a new learning. ID, Created and Kind are filled in
// when empty, and a zero Confidence means 1.0. It fails with a
// *TooManyLearningsError (matching ErrTooManyLearnings) when the function
// already has Options.MaxLearningsPerFunction learnings, and when a
// learning with the same ID exists.
func (s *Store) AddLearning(l *Learning) error {
	if l != nil && l.Confidence == 0 {
		l.Confidence = 1
	}
	if err := s.validateLearning(l); err != nil {
		return fmt.Errorf("adding learning: %w", err)
	}
	err := s.update(func(w *wtx) error {
		if _, err := w.getLearning(l.ID); err == nil {
			return fmt.Errorf("a learning with id %s already exists", l.ID)
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		cp := *l
		return w.putLearning(&cp, nil)
	})
	if err != nil {
		return fmt.Errorf("adding learning: %w", err)
	}
	normalizeLearning(l)
	return nil
}

// GetLearning returns the learning with id; an unknown id gives a
// *NotFoundError (matching ErrNotFound).
func (s *Store) GetLearning(id string) (*Learning, error) {
	var l *Learning
	err := s.view(func(txn *badger.Txn) error {
		var err error
		l, err = getLearningTxn(txn, id)
		return err
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return nil, err
		}
		return nil, fmt.Errorf("getting learning %s: %w", id, err)
	}
	return l, nil
}

// ListLearnings returns the learnings matching f, newest first.
func (s *Store) ListLearnings(f LearningFilter) ([]*Learning, error) {
	var out []*Learning
	keep := func(l *Learning) {
		if (f.Function == "" || l.Function == f.Function) &&
			(f.Domain == "" || l.Domain == f.Domain) &&
			(f.Kind == "" || l.Kind == f.Kind) &&
			l.Confidence >= f.MinConfidence {
			out = append(out, l)
		}
	}
	err := s.view(func(txn *badger.Txn) error {
		if f.Function == "" && f.Domain != "" {
			ls, err := loadScope(txn, domainScope(f.Domain))
			for _, l := range ls {
				keep(l)
			}
			return err
		}
		// Keys start with the module, so a function filter scans everything.
		return scan(txn, pLearn, scanOpts{}, func(_, val []byte) (bool, error) {
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			keep(l)
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("listing learnings: %w", err)
	}
	slices.SortFunc(out, func(a, b *Learning) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	if f.Limit > 0 && len(out) > f.Limit {
		out = out[:f.Limit]
	}
	return out, nil
}

// ForgetLearning deletes the learning with id; an unknown id gives a
// *NotFoundError.
func (s *Store) ForgetLearning(id string) error {
	err := s.update(func(w *wtx) error {
		l, err := w.getLearning(id)
		if err != nil {
			return err
		}
		return w.deleteLearning(l)
	})
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return err
		}
		return fmt.Errorf("forgetting learning %s: %w", id, err)
	}
	return nil
}

// Stats summarises the store: learnings per function and domain with their
// mean confidence, the number of executions, and the size on disk.
func (s *Store) Stats() (*Stats, error) {
	st := &Stats{Dir: s.dir, Functions: []GroupStats{}, Domains: []GroupStats{}}
	fns := map[string]*GroupStats{}
	doms := map[string]*GroupStats{}
	add := func(m map[string]*GroupStats, name string, conf float64) {
		g := m[name]
		if g == nil {
			g = &GroupStats{Name: name}
			m[name] = g
		}
		g.Learnings++
		g.MeanConfidence += conf
	}
	var total float64
	err := s.view(func(txn *badger.Txn) error {
		err := scan(txn, pLearn, scanOpts{}, func(_, val []byte) (bool, error) {
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			st.Learnings++
			total += l.Confidence
			add(fns, l.Function, l.Confidence)
			if l.Domain != "" {
				add(doms, l.Domain, l.Confidence)
			}
			return true, nil
		})
		if err != nil {
			return err
		}
		return scan(txn, pExec, scanOpts{keysOnly: true}, func(_, _ []byte) (bool, error) {
			st.Executions++
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("computing store statistics: %w", err)
	}
	if st.Learnings > 0 {
		st.MeanConfidence = roundConf(total / float64(st.Learnings))
	}
	collect := func(m map[string]*GroupStats) []GroupStats {
		out := make([]GroupStats, 0, len(m))
		for _, g := range m {
			g.MeanConfidence = roundConf(g.MeanConfidence / float64(g.Learnings))
			out = append(out, *g)
		}
		slices.SortFunc(out, func(a, b GroupStats) int { return cmp.Compare(a.Name, b.Name) })
		return out
	}
	st.Functions = collect(fns)
	st.Domains = collect(doms)
	st.SizeBytes = dirSize(s.dir)
	return st, nil
}

// dirSize returns the disk usage of the files under dir (allocated blocks
// where the platform reports them, so preallocated logs do not count).
func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			n += diskUsage(info)
		}
		return nil
	})
	return n
}

// Export writes every learning to w as JSON Lines, one learning per line,
// ordered by function then id (a stable order).
func (s *Store) Export(w io.Writer) error {
	bw := bufio.NewWriter(w)
	err := s.view(func(txn *badger.Txn) error {
		return scan(txn, pLearn, scanOpts{}, func(_, val []byte) (bool, error) {
			// Re-encode rather than copy so every line has the current
			// canonical form, even for records written by older versions.
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			line, err := json.Marshal(l)
			if err != nil {
				return false, fmt.Errorf("encoding learning %s: %w", l.ID, err)
			}
			bw.Write(line)
			if err := bw.WriteByte('\n'); err != nil {
				return false, err
			}
			return true, nil
		})
	})
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("exporting learnings: %w", err)
	}
	return nil
}

// importBatch is how many lines Import writes per transaction.
const importBatch = 256

// Import reads learnings as JSON Lines (the Export format) and stores
// them, keyed by ID. A line identical to the stored learning is skipped; a
// new ID is added; a known ID with different content replaces the stored
// learning (the imported line wins). Importing the same file twice
// therefore changes nothing the second time. added counts the lines that
// changed the store, skipped those that did not. Blank lines are ignored.
// The whole input is parsed and validated before anything is written; the
// write itself goes in batches, so a cap error part-way leaves the earlier
// batches stored (added says how many).
func (s *Store) Import(r io.Reader) (added, skipped int, err error) {
	var ls []*Learning
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		l := new(Learning)
		if err := json.Unmarshal(line, l); err != nil {
			return 0, 0, fmt.Errorf("importing learnings: line %d: %w", lineNo, err)
		}
		if l.ID == "" {
			return 0, 0, fmt.Errorf("importing learnings: line %d: the learning has no id", lineNo)
		}
		if err := s.validateLearning(l); err != nil {
			return 0, 0, fmt.Errorf("importing learnings: line %d: %w", lineNo, err)
		}
		normalizeLearning(l)
		ls = append(ls, l)
	}
	if err := sc.Err(); err != nil {
		return 0, 0, fmt.Errorf("importing learnings: reading: %w", err)
	}
	for len(ls) > 0 {
		batch := ls[:min(len(ls), importBatch)]
		ls = ls[len(batch):]
		var a, sk int
		err := s.update(func(w *wtx) error {
			for _, l := range batch {
				old, err := w.getLearning(l.ID)
				if err != nil && !errors.Is(err, ErrNotFound) {
					return err
				}
				if old != nil && sameLearning(old, l) {
					sk++
					continue
				}
				cp := *l
				if err := w.putLearning(&cp, old); err != nil {
					return err
				}
				a++
			}
			return nil
		})
		if err != nil {
			return added, skipped, fmt.Errorf("importing learnings: %w", err)
		}
		added += a
		skipped += sk
	}
	return added, skipped, nil
}

// sameLearning reports whether two learnings have the same canonical
// encoding.
func sameLearning(a, b *Learning) bool {
	ca, cb := *a, *b
	normalizeLearning(&ca)
	normalizeLearning(&cb)
	ja, err1 := json.Marshal(&ca)
	jb, err2 := json.Marshal(&cb)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}
