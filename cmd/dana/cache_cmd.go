package main

import (
	"fmt"
	"io"
	"sort"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/store"
)

// cacheCommand is `dana cache stats|clear`: the response cache that --cache
// (DANA_LLM_CACHE=1, system:__llm_cache = True) fills in the store.
func (a *app) cacheCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Show or clear the LLM response cache",
		Long: `The LLM response cache kept in the store: with --cache (or DANA_LLM_CACHE=1, or
system:__llm_cache = True in a script) an identical request (endpoint, model, messages,
parameters, schema) is answered from it, and its execution is recorded with cached: true.

  dana cache stats    how many replies are cached, by model
  dana cache clear    delete every cached reply`,
		GroupID: groupStore,
	}
	var asJSON bool
	stats := &cobra.Command{
		Use:   "stats",
		Short: "How many replies are cached, by model",
		Args:  cli.Args(),
		RunE: func(c *cobra.Command, args []string) error {
			return cli.Exit(a.runCache("stats", asJSON, a.stdout, a.stderr))
		},
	}
	stats.Flags().BoolVar(&asJSON, "json", false, "machine-readable JSON output")
	clear := &cobra.Command{
		Use:   "clear",
		Short: "Delete every cached reply",
		Args:  cli.Args(),
		RunE: func(c *cobra.Command, args []string) error {
			return cli.Exit(a.runCache("clear", false, a.stdout, a.stderr))
		},
	}
	cmd.AddCommand(stats, clear)
	return cmd
}

func (a *app) runCache(verb string, asJSON bool, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "dana: %v\n", err)
		return 1
	}
	st, err := a.openStore(verb == "stats")
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	rc, ok := st.(store.ResponseCache)
	if !ok {
		return fail(fmt.Errorf("the store at %s keeps no response cache", st.Dir()))
	}
	if verb == "clear" {
		n, err := rc.ClearCache()
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "cleared %d cached %s\n", n, map[bool]string{true: "reply", false: "replies"}[n == 1])
		return 0
	}
	s, err := rc.CacheStats()
	if err != nil {
		return fail(err)
	}
	if asJSON {
		return printJSON(stdout, s, fail)
	}
	writeCacheStats(stdout, s)
	return 0
}

func writeCacheStats(w io.Writer, s *store.CacheStats) {
	fmt.Fprintf(w, "%d cached %s, %s\n", s.Entries, map[bool]string{true: "reply", false: "replies"}[s.Entries == 1], sizeText(s.Bytes))
	if s.Entries == 0 {
		return
	}
	fmt.Fprintf(w, "oldest %s, newest %s\n", s.Oldest.Local().Format("2006-01-02 15:04"), s.Newest.Local().Format("2006-01-02 15:04"))
	models := make([]string, 0, len(s.ByModel))
	for m := range s.ByModel {
		models = append(models, m)
	}
	sort.Strings(models)
	for _, m := range models {
		fmt.Fprintf(w, "  %-30s %d\n", m, s.ByModel[m])
	}
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
