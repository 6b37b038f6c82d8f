package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dgraph-io/badger/v4"
)

// Key layout (all keys are ASCII prefixes followed by names and ULIDs;
// names never contain NUL, which separates them from ids):
//
//	x/<execID>                  → Execution JSON
//	xf/<function>\x00<execID>   → "" (executions of a function)
//	l/<function>\x00<id>        → Learning JSON (primary learning record)
//	li/<id>                     → function (find a learning by id)
//	ld/<domain>\x00<id>         → function (learnings of a domain)
//	n/<function>                → number of learnings of the function
//	xb/<execID>\x00<feedbackID> → FeedbackEntry JSON (feedback on an execution)
//	m/version                   → the layout version (see migrate.go)
//	g/<scope>                   → generation token of a scope ("f:<function>"
//	                              or "d:<domain>"), changed by every write
//	                              to a learning in that scope
const (
	pExec     = "x/"
	pExecFn   = "xf/"
	pLearn    = "l/"
	pLearnID  = "li/"
	pLearnDom = "ld/"
	pCount    = "n/"
	pGen      = "g/"
	pFeedback = "xb/"
	pMeta     = "m/"
	sep       = "\x00"
)

func execKey(id string) []byte             { return []byte(pExec + id) }
func execFnKey(fn, id string) []byte       { return []byte(pExecFn + fn + sep + id) }
func learnKey(fn, id string) []byte        { return []byte(pLearn + fn + sep + id) }
func learnIDKey(id string) []byte          { return []byte(pLearnID + id) }
func learnDomKey(dom, id string) []byte    { return []byte(pLearnDom + dom + sep + id) }
func feedbackKey(execID, id string) []byte { return []byte(pFeedback + execID + sep + id) }
func countKey(fn string) []byte            { return []byte(pCount + fn) }
func genKey(scope string) []byte           { return []byte(pGen + scope) }
func funcScope(fn string) string           { return "f:" + fn }
func domainScope(dom string) string        { return "d:" + dom }
func idFromKey(key []byte) string          { return string(key[strings.LastIndexByte(string(key), 0)+1:]) }

// checkName rejects names that would break the key layout.
func checkName(what, name string) error {
	if strings.ContainsRune(name, 0) {
		return fmt.Errorf("%s %q contains a NUL byte", what, name)
	}
	return nil
}

// getValue reads key in txn; a nil txn (an empty read-only store) has no
// keys. The error matches badger.ErrKeyNotFound for a missing key.
func getValue(txn *badger.Txn, key []byte) ([]byte, error) {
	if txn == nil {
		return nil, badger.ErrKeyNotFound
	}
	item, err := txn.Get(key)
	if err != nil {
		return nil, err
	}
	return item.ValueCopy(nil)
}

// scanOpts configures scan.
type scanOpts struct {
	reverse  bool
	keysOnly bool
}

// scan calls fn for every key with the given prefix, in key order (or
// reverse order). fn returns false to stop. val is only valid during the
// call, and is nil with keysOnly.
func scan(txn *badger.Txn, prefix string, o scanOpts, fn func(key, val []byte) (bool, error)) error {
	if txn == nil {
		return nil
	}
	io := badger.DefaultIteratorOptions
	io.Prefix = []byte(prefix)
	io.Reverse = o.reverse
	io.PrefetchValues = !o.keysOnly
	it := txn.NewIterator(io)
	defer it.Close()
	seek := []byte(prefix)
	if o.reverse {
		seek = append([]byte(prefix), 0xff)
	}
	for it.Seek(seek); it.ValidForPrefix([]byte(prefix)); it.Next() {
		item := it.Item()
		var val []byte
		if !o.keysOnly {
			var err error
			if val, err = item.ValueCopy(nil); err != nil {
				return fmt.Errorf("reading %q: %w", item.Key(), err)
			}
		}
		more, err := fn(item.Key(), val)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}

func isNotFound(err error) bool { return errors.Is(err, badger.ErrKeyNotFound) }

// decodeExecution decodes a stored execution record, keeping numbers as
// json.Number so integers round-trip exactly.
func decodeExecution(val []byte) (*Execution, error) {
	d := json.NewDecoder(strings.NewReader(string(val)))
	d.UseNumber()
	e := new(Execution)
	if err := d.Decode(e); err != nil {
		return nil, fmt.Errorf("decoding execution record: %w", err)
	}
	return e, nil
}

func parseCount(val []byte) int {
	n, _ := strconv.Atoi(string(val))
	return n
}

// marshalLearning encodes a learning record for storage.
func marshalLearning(l *Learning) ([]byte, error) {
	return encodeLearning(l), nil
}
