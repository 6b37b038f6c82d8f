package storecli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
)

// errProblems makes `dana store check` exit with status 1 when it found
// problems (after printing them).
var errProblems = errors.New("the store has problems")

// StoreCommand returns `dana store` (check, repair, backup FILE, restore
// FILE). dir returns the store directory; open opens the store (backup
// reads through it, so it waits for a writer like the other commands).
func StoreCommand(dir func() (string, error), open OpenFunc) *cobra.Command {
	root := &cobra.Command{
		Use:   "store",
		Short: "Check, repair, back up and restore the learning store",
		Long: `Maintain the learning store (SPEC §11.1).

  dana store check          verify every file and record; exit 1 on a problem
  dana store repair         copy every readable record into a fresh store;
                            the damaged one is kept aside as DIR.damaged-TIME
  dana store backup FILE    write every record to FILE (Badger's backup format)
  dana store restore FILE   replace the store with a backup; the old one is
                            kept aside as DIR.before-restore-TIME
  dana store migrate        apply pending schema migrations; report the version
  dana store copy FROM TO   copy every record (executions with feedback,
                            learnings, preferences, tools, cached replies)
                            from one store to another, empty one: Badger
                            directories or postgres:// URLs

On a PostgreSQL store (--store postgres://... or DANA_STORE_URL), backup
writes every record as JSON lines and restore loads such a file into an
empty database; check and repair are Badger's: use the server's tools
(pg_amcheck, pg_dump/pg_restore).

Every subcommand accepts --json.`,
	}
	mk := func(use, short string, args []string, run func(c *runner, dir string) error) *cobra.Command {
		return command(open, use, short, args, func(c *runner) error {
			d, err := dir()
			if err != nil {
				return err
			}
			return run(c, d)
		})
	}
	root.AddCommand(
		mk("check", "Verify every file and record of the store; exit 1 on a problem", []string{}, storeCheck),
		mk("repair", "Salvage every readable record into a fresh store; keep the damaged one aside", []string{}, storeRepair),
		mk("backup FILE", "Write every record of the store to FILE", []string{"FILE"}, storeBackup),
		mk("restore FILE", "Replace the store with the backup in FILE; keep the old one aside", []string{"FILE"}, storeRestore),
		mk("migrate", "Apply pending schema migrations and report the schema version", []string{}, storeMigrate),
		command(open, "copy FROM TO", "Copy every record from one store to another, empty one (Badger or PostgreSQL)",
			[]string{"FROM", "TO"}, storeCopy),
	)
	return root
}

func storeCheck(c *runner, dir string) error {
	if pgstore.IsURL(dir) {
		return errNotForPostgres("check", dir)
	}
	rep, err := store.Check(dir)
	if err != nil {
		return err
	}
	if c.asJSON {
		if err := c.printJSON(rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(c.stdout, "store %s: %d executions, %d learnings, %d feedback entries, %d other records, %s\n",
			rep.Dir, rep.Executions, rep.Learnings, rep.Feedback, rep.Other, humanBytes(rep.SizeBytes))
		if rep.OK {
			fmt.Fprintln(c.stdout, "ok: every file and record is readable")
		}
		for _, p := range rep.Problems {
			fmt.Fprintf(c.stdout, "problem: %s\n", p)
		}
	}
	if !rep.OK {
		return fmt.Errorf("the learning store at %s has %d problem(s); run `dana store repair` to salvage "+
			"every readable record into a fresh store (the damaged one is kept aside): %w", dir, len(rep.Problems), errProblems)
	}
	return nil
}

func storeRepair(c *runner, dir string) error {
	if pgstore.IsURL(dir) {
		return errNotForPostgres("repair", dir)
	}
	rep, err := store.Repair(dir)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(rep)
	}
	fmt.Fprintf(c.stdout, "salvaged %d executions, %d learnings, %d feedback entries and %d other records into a fresh store at %s\n",
		rep.Executions, rep.Learnings, rep.Feedback, rep.Other, rep.Dir)
	fmt.Fprintf(c.stdout, "the damaged store is kept at %s (delete it when you no longer need it)\n", rep.KeptAside)
	for _, u := range rep.Unreadable {
		fmt.Fprintf(c.stdout, "not salvaged: %s\n", u)
	}
	return nil
}

func storeBackup(c *runner, dir string) error {
	file := c.args[0]
	st, err := c.store(true)
	if err != nil {
		return err
	}
	// Write next to the target and rename, so a failed backup never leaves
	// a truncated file behind.
	tmp, err := os.CreateTemp(filepath.Dir(file), ".dana-backup-*")
	if err != nil {
		return fmt.Errorf("backing up: %w", err)
	}
	defer os.Remove(tmp.Name())
	err = st.Backup(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		return fmt.Errorf("backing up the learning store at %s to %s: %w", dir, file, err)
	}
	info, _ := os.Stat(file)
	if c.asJSON {
		return c.printJSON(map[string]any{"file": file, "bytes": info.Size(), "store": dir})
	}
	fmt.Fprintf(c.stdout, "backed up %s to %s (%s)\n", dir, file, humanBytes(info.Size()))
	return nil
}

func storeRestore(c *runner, dir string) error {
	file := c.args[0]
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("restoring: %w", err)
	}
	defer f.Close()
	if pgstore.IsURL(dir) {
		return restorePostgres(c, dir, file, bufio.NewReader(f))
	}
	// Take the store's lock, so no other process uses it meanwhile.
	if _, err := os.Stat(dir); err == nil {
		st, err := c.store(false)
		if err != nil && !errors.Is(err, store.ErrDamaged) {
			return err
		}
		if st != nil {
			st.Close()
			c.st = nil
		}
	}
	aside, err := store.Restore(dir, f)
	if err != nil {
		return err
	}
	if c.asJSON {
		return c.printJSON(map[string]any{"file": file, "store": dir, "kept_aside": aside})
	}
	fmt.Fprintf(c.stdout, "restored %s from %s\n", dir, file)
	if aside != "" {
		fmt.Fprintf(c.stdout, "the previous store is kept at %s\n", aside)
	}
	return nil
}
