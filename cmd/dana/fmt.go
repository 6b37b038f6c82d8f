package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lang/format"
)

// fmtCommand is `dana fmt [--check] [PATHS...]`.
func (a *app) fmtCommand() *cobra.Command {
	var check, list bool
	cmd := &cobra.Command{
		Use:   "fmt [--check] [PATHS...]",
		Short: "Format .na files in the one canonical layout",
		Long: `Format .na files in place: four spaces per block, one space around binary
operators and after commas, two blank lines around top-level definitions,
comments and blank-line groups kept, trailing commas kept. Formatting is
idempotent and never changes what a program does: a line that cannot be
re-laid out safely is left as written.

Folders are searched recursively for .na files (hidden folders are skipped);
with no PATHS the current folder is formatted. The path - formats standard
input to standard output.

With --check nothing is written: the files that are not formatted are
listed and the exit status is 1 when there is any.`,
		Example: `  dana fmt                   # format every .na file under the current folder
  dana fmt --check .         # CI: fail when a file is not formatted
  dana fmt - < in.na > out.na`,
		GroupID: groupTools,
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return []string{"na"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.format(args, check, list)
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; list the files that are not formatted and exit 1 if any")
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list the files whose formatting changed")
	return cmd
}

func (a *app) format(paths []string, check, list bool) error {
	if len(paths) == 1 && paths[0] == "-" {
		src, err := io.ReadAll(a.stdin)
		if err != nil {
			return fmt.Errorf("fmt: reading standard input: %w", err)
		}
		out, err := format.Source("<stdin>", string(src))
		if err != nil {
			printError(a.stderr, err)
			return cli.Exit(cli.ExitFailure)
		}
		if check {
			if out != string(src) {
				fmt.Fprintln(a.stdout, "<stdin>")
				return cli.Exit(cli.ExitFailure)
			}
			return nil
		}
		_, err = io.WriteString(a.stdout, out)
		return err
	}
	files, err := findSources(paths)
	if err != nil {
		return fmt.Errorf("fmt: %w", err)
	}
	failed, unformatted := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(a.stderr, "dana: cannot read %s: %v\n", f, unwrapPathErr(err))
			failed++
			continue
		}
		out, err := format.Source(f, string(src))
		if err != nil {
			printError(a.stderr, err)
			failed++
			continue
		}
		if out == string(src) {
			continue
		}
		unformatted++
		if check || list {
			fmt.Fprintln(a.stdout, f)
		}
		if check {
			continue
		}
		if err := writeFileKeepMode(f, []byte(out)); err != nil {
			fmt.Fprintf(a.stderr, "dana: %v\n", err)
			failed++
		}
	}
	if failed > 0 || check && unformatted > 0 {
		return cli.Exit(cli.ExitFailure)
	}
	return nil
}

// writeFileKeepMode replaces path's content through a temporary file in the
// same folder, keeping its permissions, so that a failure never leaves a
// half-written file.
func writeFileKeepMode(path string, data []byte) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".dana-fmt-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), st.Mode().Perm()); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// findSources expands paths to .na files: folders recursively (hidden
// folders skipped), files as given; no paths means the current folder.
func findSources(paths []string) ([]string, error) {
	return findFiles(paths, ".na")
}

// findFiles expands paths to the files whose names end in suffix: folders
// recursively (hidden folders skipped), files as given; no paths means the
// current folder. The result is sorted.
func findFiles(paths []string, suffix string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("cannot open %s: %w", p, unwrapPathErr(err))
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), suffix) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("searching %s: %w", p, err)
		}
	}
	sort.Strings(out)
	return out, nil
}
