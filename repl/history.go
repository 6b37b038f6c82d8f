package repl

import "strings"

// HistorySep stands for a line break inside a history entry. A multi-line
// block is saved as one entry, on one line (line editors and history files
// are line-based), with its lines joined by HistorySep (U+2424 SYMBOL FOR
// NEWLINE, one column wide). Recalled and entered again, the entry is split
// back into lines by Feed and run as a whole.
const HistorySep = "\u2424"

// HistoryEntry returns the history entry for an input: its lines joined by
// HistorySep, trailing blank lines dropped.
func HistoryEntry(src string) string {
	lines := strings.Split(strings.TrimRight(src, " \t\r\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, "\r")
	}
	return strings.Join(lines, HistorySep)
}

// SplitHistoryEntry returns the lines of a history entry.
func SplitHistoryEntry(entry string) []string {
	return strings.Split(entry, HistorySep)
}
