package storecli

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/storeopen"
)

// errNotForPostgres explains the Badger-only maintenance commands.
func errNotForPostgres(verb, target string) error {
	return fmt.Errorf("dana store %s works on a Badger directory; %s is a PostgreSQL server: "+
		"use the server's own tools (pg_amcheck to check, pg_dump/pg_restore to back up and restore; see docs/store.md)",
		verb, pgstore.Redact(target))
}

// storeMigrate applies pending schema migrations and reports the version.
func storeMigrate(c *runner, target string) error {
	st, err := c.store(false)
	if err != nil {
		return err
	}
	out := map[string]any{"store": st.Dir()}
	if pg, ok := st.(*pgstore.Store); ok {
		before, after := pg.Schema()
		out["backend"], out["schema_before"], out["schema"] = "postgres", before, after
		if !c.asJSON {
			if before == after {
				fmt.Fprintf(c.stdout, "%s: schema version %d, up to date\n", st.Dir(), after)
			} else {
				fmt.Fprintf(c.stdout, "%s: migrated schema version %d → %d\n", st.Dir(), before, after)
			}
		}
	} else {
		out["backend"] = "badger"
		if !c.asJSON {
			fmt.Fprintf(c.stdout, "%s: the Badger store is migrated when opened for writing; it is up to date\n", st.Dir())
		}
	}
	if c.asJSON {
		return c.printJSON(out)
	}
	return nil
}

// storeCopy copies every record of the store FROM into the empty store TO
// (either a Badger directory or a postgres:// URL).
func storeCopy(c *runner) error {
	fromT, toT := c.args[0], c.args[1]
	if fromT == toT {
		return c.usagef("store copy: FROM and TO are the same store")
	}
	from, err := storeopen.Open(fromT, store.Options{ReadOnly: true}, false)
	if err != nil {
		return err
	}
	defer from.Close()
	to, err := storeopen.Open(toT, store.Options{}, false)
	if err != nil {
		return err
	}
	res, err := store.Copy(from, to)
	if cerr := to.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"from": from.Dir(), "to": to.Dir(), "copied": res})
	}
	fmt.Fprintf(c.stdout, "copied %s to %s: %d executions (%d feedback entries), %d learnings, %d preference counts, %d tools, %d cached replies\n",
		from.Dir(), to.Dir(), res.Executions, res.Feedback, res.Learnings, res.Strikes, res.Tools, res.Replies)
	return nil
}

// restorePostgres loads a `dana store backup` of a PostgreSQL store into
// the (empty) PostgreSQL store target.
func restorePostgres(c *runner, target, file string, r *bufio.Reader) error {
	st, err := c.store(false)
	if err != nil {
		return err
	}
	pg, ok := st.(*pgstore.Store)
	if !ok {
		return errors.New("restoring: not a PostgreSQL store")
	}
	n, err := pg.Restore(r)
	if err != nil {
		return fmt.Errorf("restoring %s from %s: %w", pg.Dir(), file, err)
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"file": file, "store": pg.Dir(), "records": n})
	}
	fmt.Fprintf(c.stdout, "restored %s from %s (%d records)\n", pg.Dir(), file, n)
	return nil
}
