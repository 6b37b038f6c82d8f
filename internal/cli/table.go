package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// Table renders rows as columns aligned by display width: a CJK character
// or an emoji takes two terminal cells, a combining mark none.
type Table struct {
	rows [][]string
}

// NewTable starts a table with a header row.
func NewTable(header ...string) *Table { return &Table{rows: [][]string{header}} }

// Row adds a row.
func (t *Table) Row(cells ...string) { t.rows = append(t.rows, cells) }

// Write writes the table, two spaces between columns, no trailing blanks.
func (t *Table) Write(w io.Writer) {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], Width(c))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-Width(c)+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// Width is the display width of s in terminal cells.
func Width(s string) int { return runewidth.StringWidth(s) }

// Clip puts s on one line (runs of white space become one space) and
// shortens it to at most width cells, ending with "…" when cut.
func Clip(s string, width int) string {
	s = strings.Join(strings.Fields(s), " ")
	if Width(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}

// PadRight pads s with spaces to width cells.
func PadRight(s string, width int) string {
	if n := width - Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}
