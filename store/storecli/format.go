package storecli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/minidana/dana/internal/cli"
)

// clip puts s on one line, at most n cells wide (a CJK character is two).
func clip(s string, n int) string { return cli.Clip(s, n) }

// newTable starts a table aligned by display width.
func newTable(header ...string) *cli.Table { return cli.NewTable(header...) }

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func conf(c float64) string { return strconv.FormatFloat(c, 'f', 2, 64) }

// when formats a time in local time; the zero time is "never".
func when(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// shortPath shows a module's file relative to the current directory when
// it is below it, else from the home directory (~/...), else in full.
func shortPath(p string) string {
	if p == "" || !filepath.IsAbs(p) {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return rel
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "/" && strings.HasPrefix(p, home+string(filepath.Separator)) {
		return "~" + p[len(home):]
	}
	return p
}
