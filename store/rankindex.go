package store

import (
	"slices"
	"time"
)

// RankIndex is the in-memory retrieval index of one scope (the learnings
// of a function, or of a domain), exported so that another Backend (the
// PostgreSQL one keeps one per scope, refreshed from the server) ranks
// exactly as the Badger store does: keyword overlap (Tokenize), then
// confidence after idle decay, then newest first. It is safe for
// concurrent use.
type RankIndex struct{ ix *index }

// NewRankIndex returns an index of ls.
func NewRankIndex(ls []*Learning) *RankIndex {
	ix := newIndex("")
	ix.build(ls)
	return &RankIndex{ix: ix}
}

// Upsert adds l or replaces the learning of the same id. l must not be
// changed afterwards.
func (r *RankIndex) Upsert(l *Learning) {
	r.ix.mu.Lock()
	defer r.ix.mu.Unlock()
	r.ix.upsert(l)
}

// Remove drops the learning with id, if present.
func (r *RankIndex) Remove(id string) {
	r.ix.mu.Lock()
	defer r.ix.mu.Unlock()
	r.ix.remove(id)
}

// Len returns the number of learnings indexed.
func (r *RankIndex) Len() int { return r.ix.len() }

// Touch marks the learning with id as used at now (pending decay applied,
// LastUsed now) in the index and returns a copy of the updated record, or
// nil when it is not indexed.
func (r *RankIndex) Touch(id string, now time.Time) *Learning {
	l := r.ix.touch(id, now)
	if l == nil {
		return nil
	}
	c := *l
	return &c
}

// Rank returns the best k learnings for input among the indexes (a
// learning in several counts once), best first, as Retrieve ranks them;
// those decayed below PruneBelow as of now are left out. The learnings
// returned are the indexed records (not copies, not marked used).
func Rank(rs []*RankIndex, input string, k int, now time.Time) []*Learning {
	ixs := make([]*index, len(rs))
	for i, r := range rs {
		ixs[i] = r.ix
	}
	hits := searchIndexes(ixs, tokenize(input, nil), now.UnixNano(), k)
	out := make([]*Learning, len(hits))
	for i, h := range hits {
		out[i] = h.l
	}
	return out
}

// searchIndexes returns the best k hits of the query tokens among ixs. A
// learning in several indexes (of its function and of its domain) counts
// once: each index's top k is merged, and each global top-k member is in
// the top k of an index holding it.
func searchIndexes(ixs []*index, qtok []string, nowNs int64, k int) []hit {
	t := &topK{k: k, hits: make([]hit, 0, k+1)}
	for i, ix := range ixs {
		if i == 0 {
			ix.search(qtok, nowNs, t)
			continue
		}
		t2 := &topK{k: k, hits: make([]hit, 0, k+1)}
		ix.search(qtok, nowNs, t2)
		for _, h := range t2.hits {
			if !slices.ContainsFunc(t.hits, func(o hit) bool { return o.l.ID == h.l.ID }) {
				t.offer(h)
			}
		}
	}
	return t.hits
}
