package store

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/dgraph-io/badger/v4"
)

// layoutVersion is the store's current layout:
//
//	1 (no version key): learnings keyed by the bare function name,
//	  feedback inside the execution record;
//	2: learnings owned by module + function (Owner), feedback as records
//	  of their own (xb/).
const layoutVersion = 2

// versionKey holds the layout version.
var versionKey = []byte(pMeta + "version")

// migrate brings a store written by an older version up to layoutVersion,
// in one transaction, when a writer opens it:
//
//   - learnings without a module get the module of the execution they
//     were made from (its Module, else the absolute file of its code
//     context); those whose module cannot be told stay unscoped: they are
//     listed and exported but never applied, since they might belong to
//     any project (`dana learnings list --json` shows "module" missing);
//   - feedback kept inside old execution records is read as before (the
//     record's own entries come first), so it needs no rewriting.
func migrate(db *badger.DB) error {
	return db.Update(func(txn *badger.Txn) error {
		val, err := getValue(txn, versionKey)
		if err != nil && !isNotFound(err) {
			return err
		}
		v, _ := strconv.Atoi(string(val))
		if v >= layoutVersion {
			return nil
		}
		w := &wtx{txn: txn, counts: map[string]int{}, dirty: map[string]bool{}, s: &Store{opts: Options{}.withDefaults()}}
		w.s.opts.MaxLearningsPerFunction = 1 << 30
		var legacy []*Learning
		err = scan(txn, pLearn, scanOpts{}, func(_, val []byte) (bool, error) {
			l, err := decodeLearning(val)
			if err != nil {
				return false, err
			}
			if l.Module == "" {
				legacy = append(legacy, l)
			}
			return true, nil
		})
		if err != nil {
			return err
		}
		for _, l := range legacy {
			mod := ""
			if l.SourceExecution != "" {
				if e, err := getExecutionTxn(txn, l.SourceExecution); err == nil {
					mod = moduleOf(e)
				}
			}
			if mod == "" {
				continue
			}
			old := *l
			l.Module = mod
			if err := w.putLearning(l, &old); err != nil {
				return fmt.Errorf("migrating learning %s: %w", l.ID, err)
			}
		}
		for fn, n := range w.counts {
			if err := txn.Set(countKey(fn), []byte(strconv.Itoa(n))); err != nil {
				return err
			}
		}
		for scope := range w.dirty {
			if err := txn.Set(genKey(scope), []byte(fmt.Sprint("migrated-", layoutVersion))); err != nil {
				return err
			}
		}
		return txn.Set(versionKey, []byte(strconv.Itoa(layoutVersion)))
	})
}

// moduleOf tells the module of an old execution record: its Module, else
// the absolute file of its code context (a reason() call's "file", a POET
// function's definition file).
func moduleOf(e *Execution) string {
	if e.Module != "" {
		return e.Module
	}
	cc, _ := e.CodeContext.(map[string]any)
	file, _ := cc["file"].(string)
	if def, ok := cc["definition"].(map[string]any); ok && file == "" {
		file, _ = def["file"].(string)
	}
	if filepath.IsAbs(file) {
		return file
	}
	return ""
}
