package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// CachedReply is a model's reply kept by the opt-in response cache (--cache,
// DANA_LLM_CACHE=1, system:__llm_cache = True): an identical request
// (endpoint, model, messages, parameters, schema; see llm.CacheKey) is
// answered from it without asking the model.
type CachedReply struct {
	// Key is the request's cache key (a SHA-256, hex).
	Key string `json:"key"`
	// Endpoint and Model are the request's, for `dana cache stats`.
	Endpoint string `json:"endpoint,omitempty"`
	Model    string `json:"model,omitempty"`
	// Text is the reply; ResponseModel the model that gave it.
	Text               string    `json:"text"`
	ResponseModel      string    `json:"response_model,omitempty"`
	PromptTokens       int64     `json:"prompt_tokens,omitempty"`
	CompletionTokens   int64     `json:"completion_tokens,omitempty"`
	UsedResponseFormat bool      `json:"used_response_format,omitempty"`
	Created            time.Time `json:"created"`
}

// ResponseCache is the LLM response cache a store backend may keep (the
// Badger store does); callers type-assert a Backend to it.
type ResponseCache interface {
	GetCachedReply(key string) (*CachedReply, bool, error)
	PutCachedReply(r *CachedReply) error
	CacheStats() (*CacheStats, error)
	ClearCache() (int, error)
}

var _ ResponseCache = (*Store)(nil)

// Key layout of the response cache: c/<key> → CachedReply JSON.
const pCache = "c/"

func cacheKey(key string) []byte { return []byte(pCache + key) }

// GetCachedReply returns the cached reply of key; ok is false when there is
// none.
func (s *Store) GetCachedReply(key string) (r *CachedReply, ok bool, err error) {
	err = s.view(func(txn *badger.Txn) error {
		val, err := getValue(txn, cacheKey(key))
		if isNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		r = &CachedReply{}
		return json.Unmarshal(val, r)
	})
	if err != nil {
		return nil, false, fmt.Errorf("reading the response cache: %w", err)
	}
	return r, r != nil, nil
}

// PutCachedReply stores r under r.Key (replacing any reply there).
func (s *Store) PutCachedReply(r *CachedReply) error {
	if r == nil || r.Key == "" {
		return fmt.Errorf("caching a reply: no key")
	}
	if r.Created.IsZero() {
		r.Created = s.now().UTC()
	}
	val, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("caching a reply: %w", err)
	}
	if err := s.update(func(w *wtx) error { return w.txn.Set(cacheKey(r.Key), val) }); err != nil {
		return fmt.Errorf("caching a reply: %w", err)
	}
	return nil
}

// CacheStats describes the response cache.
type CacheStats struct {
	// Entries is the number of cached replies, Bytes their stored size.
	Entries int   `json:"entries"`
	Bytes   int64 `json:"bytes"`
	// Oldest and Newest are the creation times of the oldest and newest
	// entries (zero when empty).
	Oldest time.Time `json:"oldest,omitempty"`
	Newest time.Time `json:"newest,omitempty"`
	// ByModel counts the entries of each model.
	ByModel map[string]int `json:"by_model"`
}

// CacheStats counts the cached replies.
func (s *Store) CacheStats() (*CacheStats, error) {
	st := &CacheStats{ByModel: map[string]int{}}
	err := s.view(func(txn *badger.Txn) error {
		return scan(txn, pCache, scanOpts{}, func(_, val []byte) (bool, error) {
			var r CachedReply
			if err := json.Unmarshal(val, &r); err != nil {
				return false, err
			}
			st.Entries++
			st.Bytes += int64(len(val))
			st.ByModel[r.Model]++
			if st.Oldest.IsZero() || r.Created.Before(st.Oldest) {
				st.Oldest = r.Created
			}
			if r.Created.After(st.Newest) {
				st.Newest = r.Created
			}
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("reading the response cache: %w", err)
	}
	return st, nil
}

// ClearCache deletes every cached reply and returns how many there were.
func (s *Store) ClearCache() (int, error) {
	var keys [][]byte
	err := s.view(func(txn *badger.Txn) error {
		return scan(txn, pCache, scanOpts{keysOnly: true}, func(key, _ []byte) (bool, error) {
			keys = append(keys, append([]byte(nil), key...))
			return true, nil
		})
	})
	if err != nil {
		return 0, fmt.Errorf("clearing the response cache: %w", err)
	}
	n := len(keys)
	for len(keys) > 0 {
		batch := keys[:min(len(keys), 1000)]
		keys = keys[len(batch):]
		err := s.update(func(w *wtx) error {
			for _, k := range batch {
				if err := w.txn.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return 0, fmt.Errorf("clearing the response cache: %w", err)
		}
	}
	return n, nil
}
