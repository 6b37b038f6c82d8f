// Package diag renders mini-Dana diagnostics the way SPEC §12.2 asks:
// `file.na:LINE:COL: ErrorType: message`, the source line, a caret under the
// column, and (for runtime errors) the call stack.
package diag

import (
	"fmt"
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// Error is one located diagnostic (a syntax, indentation or resolve error).
type Error struct {
	Pos  ast.Pos
	Type string // "SyntaxError", "IndentationError", "NameError", ...
	Msg  string
	// Line is the source line the error points into (without its newline),
	// quoted under the message. Empty when unknown.
	Line string
	// Open is set when the error is that the source ended inside a
	// construct (an unclosed bracket or triple-quoted string, a line
	// continuation, a block header with no body yet): a REPL then reads
	// another line instead of reporting it.
	Open Open
}

// Open tells what construct a source left open at its end.
type Open uint8

// What a source can leave open at its end.
const (
	OpenNone         Open = iota
	OpenBracket           // a '(', '[' or '{' is not closed
	OpenString            // a triple-quoted string is not closed
	OpenContinuation      // the last line ends with '\'
	OpenBlock             // the input ends right after a block header's ':'
)

// Error renders the diagnostic on one line: file:line:col: Type: msg.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Type, e.Msg)
}

// Render writes the full diagnostic: the header line, the quoted source line
// and a caret.
func (e *Error) Render() string {
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteByte('\n')
	b.WriteString(Quote(e.Line, e.Pos.Col))
	return b.String()
}

// List is a list of diagnostics reported together.
type List []*Error

// Error renders every diagnostic, one per line.
func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Render renders every diagnostic with its source line and caret.
func (l List) Render() string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Render())
	}
	return b.String()
}

// SourceLine returns line n (1-based) of src without its line terminator, or
// "" when out of range.
func SourceLine(src string, n int) string {
	if n < 1 {
		return ""
	}
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(src, "\r")
}

// Quote returns "    <line>\n    <spaces>^\n" for a 1-based rune column, or ""
// when line is empty. Tabs in the line are kept under the caret so it lines up.
func Quote(line string, col int) string {
	if strings.TrimSpace(line) == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("    ")
	b.WriteString(line)
	b.WriteString("\n    ")
	i := 1
	for _, r := range line {
		if i >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	b.WriteString("^\n")
	return b.String()
}
