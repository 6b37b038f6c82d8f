package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/cli"
)

// revision and revisionTime are set by the Makefile with -ldflags -X when
// the go command cannot stamp VCS information itself (a git worktree, or
// GOFLAGS=-buildvcs=false); the build information wins when it has them.
var (
	revision     string
	revisionTime string
)

// buildInfo is what `dana version` reports.
type buildInfo struct {
	Version   string `json:"version"`
	Module    string `json:"module,omitempty"`
	Revision  string `json:"revision,omitempty"`
	Time      string `json:"time,omitempty"`
	Modified  bool   `json:"modified,omitempty"`
	GoVersion string `json:"go"`
	Platform  string `json:"platform"`
}

// readBuildInfo collects the version from engine.Version and the build
// information the Go toolchain embeds: the module version (set by
// `go install ...@version`), the VCS revision and commit time (set when
// building inside a git checkout), and the Go version.
func readBuildInfo() buildInfo {
	b := buildInfo{Version: engine.Version, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Revision: revision, Time: revisionTime}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.GoVersion = info.GoVersion
	if v := info.Main.Version; v != "" && v != "(devel)" {
		b.Module = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// versionText is the human form of `dana version` (and of --version).
func versionText() string {
	b := readBuildInfo()
	var s strings.Builder
	fmt.Fprintf(&s, "dana %s\n", b.Version)
	t := cli.NewTable("", "")
	if b.Module != "" {
		t.Row("module", b.Module)
	}
	rev := "unknown (built outside a git checkout, or with -buildvcs=false)"
	if b.Revision != "" {
		rev = b.Revision
		if b.Modified {
			rev += " (modified)"
		}
	}
	t.Row("revision", rev)
	if b.Time != "" {
		t.Row("date", b.Time)
	}
	t.Row("go", b.GoVersion)
	t.Row("platform", b.Platform)
	var rows strings.Builder
	t.Write(&rows)
	// Drop the empty header row.
	_, body, _ := strings.Cut(rows.String(), "\n")
	for _, line := range strings.SplitAfter(body, "\n") {
		if line != "" {
			s.WriteString("  " + line)
		}
	}
	return s.String()
}

// versionCommand is `dana version [--json]`.
func (a *app) versionCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "version",
		Short:   "Print the version, VCS revision and date, and Go version",
		GroupID: groupTools,
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				return cli.PrintJSON(a.stdout, readBuildInfo())
			}
			fmt.Fprint(a.stdout, versionText())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the build information as JSON")
	return cmd
}
