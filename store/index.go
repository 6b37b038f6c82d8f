package store

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/dgraph-io/badger/v4"
)

// stopWords are dropped from both learnings and inputs before matching.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true,
	"but": true, "by": true, "can": true, "do": true, "does": true, "for": true, "from": true,
	"has": true, "have": true, "how": true, "i": true, "if": true, "in": true, "into": true,
	"is": true, "it": true, "its": true, "me": true, "my": true, "no": true, "not": true,
	"of": true, "on": true, "or": true, "our": true, "so": true, "that": true, "the": true,
	"their": true, "then": true, "there": true, "these": true, "this": true, "to": true,
	"was": true, "we": true, "were": true, "what": true, "when": true, "which": true,
	"who": true, "will": true, "with": true, "you": true, "your": true,
}

// tokenize returns the distinct lower-cased word tokens of s, minus stop
// words and one-letter words, with plural "s" folded, appended to dst.
func tokenize(s string, dst []string) []string {
	s = strings.ToLower(s)
	base := len(dst)
	start := -1
	emit := func(end int) {
		w := s[start:end]
		start = -1
		if len(w) < 2 && !(len(w) == 1 && w[0] >= '0' && w[0] <= '9') {
			return
		}
		if w = stem(w); !stopWords[w] {
			dst = append(dst, w)
		}
	}
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			emit(i)
		}
	}
	if start >= 0 {
		emit(len(s))
	}
	// Drop repeated words: in place for short texts (keeping their order),
	// by sorting for long ones.
	toks := dst[base:]
	if len(toks) > 24 {
		slices.Sort(toks)
		return dst[:base+len(slices.Compact(toks))]
	}
	out := toks[:0]
	for _, w := range toks {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return dst[:base+len(out)]
}

// stem folds simple English plurals ("dates" → "date", "entries" →
// "entry") so singular and plural forms match.
func stem(w string) string {
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 3 && w[n-1] == 's' && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// decayPow[n] is DecayFactor^n; past its end the factor is treated as 0
// (0.9^64 is far below PruneBelow).
var decayPow = func() (p [64]float64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * DecayFactor
	}
	return p
}()

// decayBase is the instant idle time counts from: the latest of Created,
// LastUsed and DecayedThrough.
func decayBase(l *Learning) time.Time {
	if l.Kind == LearningPreference {
		return noDecay // standing preferences do not decay
	}
	b := l.Created
	if l.LastUsed.After(b) {
		b = l.LastUsed
	}
	if l.DecayedThrough.After(b) {
		b = l.DecayedThrough
	}
	return b
}

// noDecay is a decay base far enough ahead that idle time never counts.
var noDecay = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)

// decayedConfidence returns l's confidence after idle decay as of now.
func decayedConfidence(conf float64, baseNs, nowNs int64) float64 {
	if nowNs <= baseNs {
		return conf
	}
	n := (nowNs - baseNs) / int64(DecayPeriod)
	if n >= int64(len(decayPow)) {
		return 0
	}
	return conf * decayPow[n]
}

// applyDecay lowers l's confidence by DecayFactor for every full week idle
// not yet accounted for and records how far decay has been applied, so a
// second call with the same now changes nothing. It reports whether l
// changed.
func applyDecay(l *Learning, now time.Time) bool {
	base := decayBase(l)
	if !now.After(base) {
		return false
	}
	n := int64(now.Sub(base) / DecayPeriod)
	if n == 0 {
		return false
	}
	if n >= int64(len(decayPow)) {
		l.Confidence = 0
	} else {
		l.Confidence = roundConf(l.Confidence * decayPow[n])
	}
	l.DecayedThrough = base.Add(time.Duration(n) * DecayPeriod).UTC()
	return true
}

// entry is one learning in an index.
type entry struct {
	l      *Learning // never mutated once in the index: replaced instead
	baseNs int64     // decayBase(l) in Unix nanoseconds
	dead   bool
}

func newEntry(l *Learning) *entry {
	return &entry{l: l, baseNs: decayBase(l).UnixNano()}
}

// index is the in-memory retrieval index of one scope (the learnings of a
// function, or of a domain): an inverted word index plus the learnings
// sorted by stored confidence.
type index struct {
	scope string
	// gen is the scope's generation token when the index was built or last
	// updated; guarded by Store.writeMu.
	gen string
	// epoch is the Store open epoch in which gen was last checked.
	epoch atomic.Uint64

	mu       sync.Mutex
	entries  []*entry
	byID     map[string]int32
	postings map[string][]int32
	byConf   []int32 // live entries, by confidence desc, then id desc
	dead     int
	// dense caches the bitsets of frequent words (see search).
	dense  map[string][]uint64
	planes [][]uint64 // scratch: bit-sliced overlap counters
	level  []uint64   // scratch: entries at one overlap level
}

func newIndex(scope string) *index {
	return &index{scope: scope, byID: map[string]int32{}, postings: map[string][]int32{},
		dense: map[string][]uint64{}}
}

// belongs reports whether l is in the index's scope.
func (ix *index) belongs(l *Learning) bool {
	if fn, ok := strings.CutPrefix(ix.scope, "f:"); ok {
		return lkey(l) == fn
	}
	dom, _ := strings.CutPrefix(ix.scope, "d:")
	return dom != "" && l.Domain == dom
}

// confLess orders entries for byConf: higher confidence first, then newer
// (larger id) first.
func confBefore(a, b *Learning) bool {
	if a.Confidence != b.Confidence {
		return a.Confidence > b.Confidence
	}
	return a.ID > b.ID
}

func (ix *index) confPos(l *Learning) int {
	pos, _ := slices.BinarySearchFunc(ix.byConf, l, func(i int32, t *Learning) int {
		e := ix.entries[i].l
		switch {
		case e.ID == t.ID:
			return 0
		case confBefore(e, t):
			return -1
		default:
			return 1
		}
	})
	return pos
}

// add inserts a learning that is not in the index. ix.mu is held.
func (ix *index) add(l *Learning) {
	i := int32(len(ix.entries))
	ix.entries = append(ix.entries, newEntry(l))
	ix.byID[l.ID] = i
	var buf [32]string
	for _, w := range tokenize(l.Text, buf[:0]) {
		if _, ok := ix.postings[w]; !ok {
			w = strings.Clone(w)
		}
		ix.postings[w] = append(ix.postings[w], i)
		if bs, ok := ix.dense[w]; ok {
			if int(i>>6) >= len(bs) {
				bs = append(bs, make([]uint64, int(i>>6)+1-len(bs))...)
			}
			bs[i>>6] |= 1 << (i & 63)
			ix.dense[w] = bs
		}
	}
	pos := ix.confPos(l)
	ix.byConf = slices.Insert(ix.byConf, pos, i)
}

// remove deletes the learning with id, if present. ix.mu is held.
func (ix *index) remove(id string) {
	i, ok := ix.byID[id]
	if !ok {
		return
	}
	e := ix.entries[i]
	pos := ix.confPos(e.l)
	if pos < len(ix.byConf) && ix.byConf[pos] == i {
		ix.byConf = slices.Delete(ix.byConf, pos, pos+1)
	} else {
		ix.byConf = slices.DeleteFunc(ix.byConf, func(j int32) bool { return j == i })
	}
	e.dead = true
	delete(ix.byID, id)
	ix.dead++
	if ix.dead > 1024 && ix.dead > len(ix.byID) {
		ix.compact()
	}
}

// upsert adds l or replaces the stored learning with the same id.
func (ix *index) upsert(l *Learning) {
	i, ok := ix.byID[l.ID]
	if !ok {
		ix.add(l)
		return
	}
	e := ix.entries[i]
	if e.l.Text != l.Text {
		ix.remove(l.ID)
		ix.add(l)
		return
	}
	if e.l.Confidence != l.Confidence {
		pos := ix.confPos(e.l)
		if pos < len(ix.byConf) && ix.byConf[pos] == i {
			ix.byConf = slices.Delete(ix.byConf, pos, pos+1)
		} else {
			ix.byConf = slices.DeleteFunc(ix.byConf, func(j int32) bool { return j == i })
		}
		ix.entries[i] = newEntry(l)
		ix.byConf = slices.Insert(ix.byConf, ix.confPos(l), i)
		return
	}
	ix.entries[i] = newEntry(l)
}

// compact rebuilds the index without dead entries.
func (ix *index) compact() {
	live := make([]*Learning, 0, len(ix.byID))
	for _, e := range ix.entries {
		if !e.dead {
			live = append(live, e.l)
		}
	}
	ix.build(live)
}

// build replaces the index contents with ls.
func (ix *index) build(ls []*Learning) {
	ix.entries = make([]*entry, 0, len(ls))
	ix.byID = make(map[string]int32, len(ls))
	ix.postings = map[string][]int32{}
	ix.byConf = make([]int32, 0, len(ls))
	ix.dead = 0
	ix.dense = map[string][]uint64{}
	var buf [32]string
	for _, l := range ls {
		i := int32(len(ix.entries))
		ix.entries = append(ix.entries, newEntry(l))
		ix.byID[l.ID] = i
		for _, w := range tokenize(l.Text, buf[:0]) {
			if _, ok := ix.postings[w]; !ok {
				w = strings.Clone(w)
			}
			ix.postings[w] = append(ix.postings[w], i)
		}
		ix.byConf = append(ix.byConf, i)
	}
	slices.SortFunc(ix.byConf, func(a, b int32) int {
		la, lb := ix.entries[a].l, ix.entries[b].l
		switch {
		case la.ID == lb.ID:
			return 0
		case confBefore(la, lb):
			return -1
		default:
			return 1
		}
	})
}

// hit is a ranked retrieval candidate.
type hit struct {
	l       *Learning
	overlap int
	conf    float64 // decayed confidence
}

// better reports whether a ranks above b: more overlap, then higher
// (decayed) confidence, then newer.
func (a hit) better(b hit) bool {
	if a.overlap != b.overlap {
		return a.overlap > b.overlap
	}
	if a.conf != b.conf {
		return a.conf > b.conf
	}
	return a.l.ID > b.l.ID
}

// topK keeps the best k hits, sorted best first.
type topK struct {
	k    int
	hits []hit
}

func (t *topK) full() bool { return len(t.hits) >= t.k }

// worst returns the lowest-ranked kept hit; call only when full.
func (t *topK) worst() hit { return t.hits[len(t.hits)-1] }

func (t *topK) offer(h hit) {
	if t.full() && !h.better(t.worst()) {
		return
	}
	pos := len(t.hits)
	for pos > 0 && h.better(t.hits[pos-1]) {
		pos--
	}
	if t.full() {
		t.hits = t.hits[:len(t.hits)-1]
	}
	t.hits = slices.Insert(t.hits, pos, h)
}

// search offers the index's best candidates for the query tokens to t.
// Candidates whose decayed confidence is below PruneBelow are skipped.
//
// Overlap counts are kept as a bit-sliced counter: plane j holds bit j of
// every entry's count, 64 entries per word. A frequent word is added as a
// whole bitset, 64 entries per operation, so words that occur in most
// learnings cost little; a rare word is added posting by posting. Levels
// (entries with exactly overlap L) are then visited from the highest
// down. A small level is walked bit by bit; a large one is walked in
// stored-confidence order, which stops as soon as nothing further down can
// rank (stored confidence bounds decayed confidence). Level 0 (no shared
// word) fills up the result the same way.
func (ix *index) search(qtok []string, nowNs int64, t *topK) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	n := len(ix.entries)
	if n == 0 {
		return
	}
	words := (n + 63) / 64
	np := bits.Len(uint(len(qtok)))
	planes := ix.scratchPlanes(np, words)
	for _, w := range qtok {
		post := ix.postings[w]
		if len(post) == 0 {
			continue
		}
		if len(post) >= 2*words {
			addBitset(planes, ix.denseSet(w, words))
			continue
		}
		for _, i := range post {
			addBit(planes, i)
		}
	}
	// The highest non-empty plane bounds the maximum overlap.
	maxLevel := 0
	for j := np - 1; j >= 0 && maxLevel == 0; j-- {
		for _, x := range planes[j][:words] {
			if x != 0 {
				maxLevel = min(len(qtok), 1<<(j+1)-1)
				break
			}
		}
	}
	if cap(ix.level) < words {
		ix.level = make([]uint64, words)
	}
	lvl := ix.level[:words]
	for level := maxLevel; level >= 1; level-- {
		pop := 0
		for w := range lvl {
			m := ^uint64(0)
			for j, p := range planes {
				if level>>j&1 == 1 {
					m &= p[w]
				} else {
					m &^= p[w]
				}
			}
			lvl[w] = m
			pop += bits.OnesCount64(m)
		}
		if pop == 0 {
			continue
		}
		if pop <= 256 {
			for w, m := range lvl {
				for m != 0 {
					i := w*64 + bits.TrailingZeros64(m)
					m &= m - 1
					ix.offer(t, int32(i), level, nowNs)
				}
			}
		} else {
			ix.offerByConf(t, level, nowNs, func(i int32) bool { return lvl[i>>6]>>(i&63)&1 == 1 })
		}
		if t.full() && t.worst().overlap >= level {
			return
		}
	}
	ix.offerByConf(t, 0, nowNs, func(i int32) bool {
		for _, p := range planes {
			if p[i>>6]>>(i&63)&1 == 1 {
				return false
			}
		}
		return true
	})
}

// offer offers entry i with the given overlap to t.
func (ix *index) offer(t *topK, i int32, overlap int, nowNs int64) {
	e := ix.entries[i]
	if e.dead {
		return
	}
	c := decayedConfidence(e.l.Confidence, e.baseNs, nowNs)
	if c < PruneBelow {
		return
	}
	t.offer(hit{l: e.l, overlap: overlap, conf: c})
}

// offerByConf offers the live entries for which in returns true, all with
// the given overlap, in stored-confidence order, stopping once none of the
// rest can rank.
func (ix *index) offerByConf(t *topK, overlap int, nowNs int64, in func(int32) bool) {
	for _, i := range ix.byConf {
		if t.full() {
			w := t.worst()
			if w.overlap > overlap || ix.entries[i].l.Confidence < w.conf {
				return
			}
		}
		if in(i) {
			ix.offer(t, i, overlap, nowNs)
		}
	}
}

// scratchPlanes returns np zeroed counter planes of words words each.
func (ix *index) scratchPlanes(np, words int) [][]uint64 {
	for len(ix.planes) < np {
		ix.planes = append(ix.planes, nil)
	}
	planes := ix.planes[:np]
	for j := range planes {
		if cap(planes[j]) < words {
			planes[j] = make([]uint64, words+words/4)
		}
		planes[j] = planes[j][:words]
		clear(planes[j])
	}
	return planes
}

// denseSet returns the bitset of the entries containing word w, building
// and caching it on first use (add keeps cached sets up to date).
func (ix *index) denseSet(w string, words int) []uint64 {
	bs, ok := ix.dense[w]
	if !ok {
		bs = make([]uint64, words)
		for _, i := range ix.postings[w] {
			bs[i>>6] |= 1 << (i & 63)
		}
		ix.dense[w] = bs
	}
	return bs
}

// addBitset adds 1 to the counter of every entry set in bs.
func addBitset(planes [][]uint64, bs []uint64) {
	for w, carry := range bs {
		for j := 0; carry != 0 && j < len(planes); j++ {
			p := planes[j][w]
			planes[j][w] = p ^ carry
			carry &= p
		}
	}
}

// addBit adds 1 to the counter of entry i.
func addBit(planes [][]uint64, i int32) {
	w, carry := i>>6, uint64(1)<<(i&63)
	for j := 0; carry != 0 && j < len(planes); j++ {
		p := planes[j][w]
		planes[j][w] = p ^ carry
		carry &= p
	}
}

// touch marks the learning with id as used at now (applying pending decay
// first) and returns the updated record, or nil if it is not indexed.
func (ix *index) touch(id string, now time.Time) *Learning {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	i, ok := ix.byID[id]
	if !ok {
		return nil
	}
	l := *ix.entries[i].l
	applyDecay(&l, now)
	if now.After(l.LastUsed) {
		l.LastUsed = now.UTC()
	}
	ix.upsert(&l)
	return &l
}

// len returns the number of live learnings.
func (ix *index) len() int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return len(ix.byID)
}

// getIndex returns the up-to-date index of scope, loading it on first use
// and reloading it when another process changed the scope since (detected
// through the scope's generation token, checked once per open epoch). db
// is pinned by the caller; nil means an empty read-only store.
func (s *Store) getIndex(db *badger.DB, scope string) (*index, error) {
	if db == nil {
		return newIndex(scope), nil
	}
	epoch := s.epoch.Load()
	s.idxMu.Lock()
	ix := s.indexes[scope]
	s.idxMu.Unlock()
	if ix != nil && ix.epoch.Load() == epoch {
		return ix, nil
	}
	// Loading holds writeMu so no write can slip between the snapshot the
	// index is built from and the moment it starts receiving updates.
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.idxMu.Lock()
	ix = s.indexes[scope]
	s.idxMu.Unlock()
	if ix != nil && ix.epoch.Load() == epoch {
		return ix, nil
	}
	err := db.View(func(txn *badger.Txn) error {
		genVal, err := getValue(txn, genKey(scope))
		if err != nil && !isNotFound(err) {
			return fmt.Errorf("reading generation of %s: %w", scope, err)
		}
		gen := string(genVal)
		if ix != nil && ix.gen == gen {
			ix.epoch.Store(epoch)
			return nil
		}
		ls, err := loadScope(txn, scope)
		if err != nil {
			return err
		}
		nix := newIndex(scope)
		nix.build(ls)
		nix.gen = gen
		nix.epoch.Store(epoch)
		ix = nix
		s.idxMu.Lock()
		s.indexes[scope] = nix
		s.idxMu.Unlock()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("loading learnings index: %w", err)
	}
	return ix, nil
}

// loadScope reads every learning of a scope.
func loadScope(txn *badger.Txn, scope string) ([]*Learning, error) {
	var ls []*Learning
	if fn, ok := strings.CutPrefix(scope, "f:"); ok {
		err := scan(txn, pLearn+fn+sep, scanOpts{}, func(_, val []byte) (bool, error) {
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			ls = append(ls, l)
			return true, nil
		})
		return ls, err
	}
	dom, _ := strings.CutPrefix(scope, "d:")
	err := scan(txn, pLearnDom+dom+sep, scanOpts{}, func(key, val []byte) (bool, error) {
		id := idFromKey(key)
		raw, err := getValue(txn, learnKey(string(val), id))
		if isNotFound(err) {
			return true, nil
		}
		if err != nil {
			return false, fmt.Errorf("reading learning %s: %w", id, err)
		}
		l, err := decodeLearning(raw)
		if err != nil {
			return false, err
		}
		ls = append(ls, l)
		return true, nil
	})
	return ls, err
}

// applyChanges brings the loaded indexes up to date after a commit.
// writeMu is held.
func (s *Store) applyChanges(changes []indexChange, gens map[string]string) {
	if len(gens) == 0 {
		return
	}
	epoch := s.epoch.Load()
	s.idxMu.Lock()
	defer s.idxMu.Unlock()
	for scope, ix := range s.indexes {
		if ix.epoch.Load() != epoch {
			// Not checked since the store was last opened: it may miss
			// other processes' writes, so rebuild it on next use.
			delete(s.indexes, scope)
			continue
		}
		ix.mu.Lock()
		for _, c := range changes {
			if !c.deleted && ix.belongs(c.l) {
				ix.upsert(c.l)
			} else {
				ix.remove(c.l.ID)
			}
		}
		ix.mu.Unlock()
		if gen, ok := gens[scope]; ok {
			ix.gen = gen
		}
	}
}
