package storecli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/minidana/dana/internal/cli"
)

// fieldList renders "label: value" lines with aligned values; multi-line
// values are indented below their label.
type fieldList struct {
	labels, values []string
	multi          []bool
}

func (r *fieldList) field(label, value string) {
	r.labels = append(r.labels, label)
	r.values = append(r.values, value)
	r.multi = append(r.multi, false)
}

// block adds a value that may span lines.
func (r *fieldList) block(label, value string) {
	r.labels = append(r.labels, label)
	r.values = append(r.values, value)
	r.multi = append(r.multi, strings.Contains(value, "\n"))
}

func (r *fieldList) write(w io.Writer) {
	width := 0
	for _, l := range r.labels {
		width = max(width, len(l)+1)
	}
	for i, l := range r.labels {
		if r.multi[i] {
			fmt.Fprintf(w, "%s:\n", l)
			indentLines(w, "  ", r.values[i])
			continue
		}
		fmt.Fprintf(w, "%-*s %s\n", width, l+":", r.values[i])
	}
}

func indentLines(w io.Writer, prefix, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(prefix+line, " "))
	}
}

// value renders a JSON-able value: strings quoted, the rest as compact JSON.
func value(v any) string {
	if v == nil {
		return "None"
	}
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

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
