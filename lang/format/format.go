// Package format lays out mini-Dana source in one canonical way, as
// `dana fmt` does: four spaces per block level, one space around binary
// operators and after commas and colons, none inside brackets, two blank
// lines around top-level definitions and one before nested ones, at most
// two (top level) or one (inside blocks) blank lines in a row, comments and
// blank-line groups kept where they are, trailing commas kept.
//
// The layout is computed from the parser's syntax tree and the scanner's
// tokens and comments: the block structure comes from the tree (via the
// layout tokens), the text of every token is copied as written (string
// literals, f-strings and numbers are never rewritten), and only the white
// space between tokens is decided here. Line breaks inside brackets and
// backslash continuations are kept; continuation lines are re-indented one
// level per bracket left open on an earlier line.
//
// Formatting never changes what a program does. Each logical line is
// re-scanned after formatting and must give the same tokens; a line that
// does not is left exactly as written (only its indentation is changed).
// The whole result must then parse to the same syntax tree as the input,
// or Source returns an error and no text.
package format

import (
	"errors"
	"fmt"
	"strings"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/lexer"
	"github.com/minidana/dana/lang/parser"
)

// indentUnit is one block level.
const indentUnit = "    "

// ErrChanged reports that the formatted text would not parse to the same
// program; the input is left as it is.
var ErrChanged = errors.New("formatting would change the program; left as written")

// Source formats a whole source file. It returns an error (a diag.List,
// as the parser reports it) when src does not parse, and ErrChanged (wrapped)
// in the unexpected case that the result would not be the same program.
func Source(filename, src string) (string, error) {
	orig, err := parser.ParseFile(filename, src)
	if err != nil {
		return "", err
	}
	if strings.ContainsRune(src, '\r') || strings.ContainsRune(src, '\f') {
		// Line terminators other than \n: left as written rather than risk
		// changing a multi-line string.
		return src, nil
	}
	toks, comments, err := lexer.Scan(filename, src)
	if err != nil {
		return "", err
	}
	p := newPrinter(src, toks, comments)
	for i := 1; i < len(p.logicals); i++ {
		if p.logicals[i].first <= p.logicals[i-1].last {
			// Two logical lines share a physical line: left as written.
			return src, nil
		}
	}
	out := p.print()
	got, err := parser.ParseFile(filename, out)
	if err != nil {
		return "", fmt.Errorf("%s: %w (the result does not parse: %v)", filename, ErrChanged, err)
	}
	if ast.DumpStmts(got.Stmts) != ast.DumpStmts(orig.Stmts) {
		return "", fmt.Errorf("%s: %w", filename, ErrChanged)
	}
	return out, nil
}

// logical is one logical line: the code tokens between two Newline tokens.
type logical struct {
	depth       int
	toks        []lexer.Token
	first, last int // physical lines, inclusive
}

// printer holds the file being formatted.
type printer struct {
	src      string
	lines    []string // physical lines, without terminators
	logicals []*logical
	own      map[int]ast.Comment // comment-only lines
	inline   map[int]ast.Comment // comments after code
	b        strings.Builder
}

func newPrinter(src string, toks []lexer.Token, comments []ast.Comment) *printer {
	p := &printer{src: src, lines: strings.Split(src, "\n"), own: map[int]ast.Comment{}, inline: map[int]ast.Comment{}}
	for _, c := range comments {
		if c.Inline {
			p.inline[c.Pos.Line] = c
		} else {
			p.own[c.Pos.Line] = c
		}
	}
	depth := 0
	var cur *logical
	for _, t := range toks {
		switch t.Type {
		case lexer.Indent:
			depth++
		case lexer.Dedent:
			depth--
		case lexer.Newline, lexer.EOF:
			if cur != nil {
				cur.last = max(cur.last, t.Pos.Line)
				if t.Type == lexer.EOF {
					cur.last = endLine(cur.toks[len(cur.toks)-1])
				}
				p.logicals = append(p.logicals, cur)
				cur = nil
			}
		default:
			if cur == nil {
				cur = &logical{depth: depth, first: t.Pos.Line, last: t.Pos.Line}
			}
			cur.toks = append(cur.toks, t)
			cur.last = max(cur.last, endLine(t))
		}
	}
	return p
}

// endLine is the physical line a token ends on.
func endLine(t lexer.Token) int {
	return t.Pos.Line + strings.Count(t.Value, "\n")
}

// entry kinds of the output, in source order.
type entryKind int

const (
	entryCode entryKind = iota
	entryComment
	entryBlank
)

type entry struct {
	kind  entryKind
	code  *logical
	line  int // the physical line of a comment or blank line
	depth int // the block depth of a comment (computed)
}

// entries walks the physical lines: code (one entry per logical line),
// comment-only lines and blank lines.
func (p *printer) entries() []entry {
	var out []entry
	li := 0
	for n := 1; n <= len(p.lines); n++ {
		if li < len(p.logicals) && p.logicals[li].first == n {
			out = append(out, entry{kind: entryCode, code: p.logicals[li], line: n})
			n = p.logicals[li].last
			li++
			continue
		}
		if _, ok := p.own[n]; ok {
			out = append(out, entry{kind: entryComment, line: n})
			continue
		}
		if strings.TrimSpace(p.lines[n-1]) == "" {
			out = append(out, entry{kind: entryBlank, line: n})
			continue
		}
		// Anything else (it should not happen) is kept as a comment-like
		// verbatim line at the depth of its surroundings.
		out = append(out, entry{kind: entryComment, line: n})
	}
	// The trailing empty "line" after the final newline is not a line.
	for len(out) > 0 && out[len(out)-1].kind == entryBlank {
		out = out[:len(out)-1]
	}
	p.commentDepths(out)
	return out
}

// commentDepths gives each comment-only line the block depth whose
// original indentation is the deepest not beyond the comment's column,
// among the blocks open at the code lines before and after it.
func (p *printer) commentDepths(es []entry) {
	var widths []int // original indentation width per depth, as last seen
	for i := range es {
		e := &es[i]
		if e.kind == entryCode {
			d := e.code.depth
			w := indentWidth(p.lines[e.code.first-1])
			if d < len(widths) {
				widths = widths[:d]
			}
			for len(widths) < d {
				widths = append(widths, w) // should not happen: depths grow by one
			}
			widths = append(widths, w)
			continue
		}
		if e.kind != entryComment {
			continue
		}
		stack := widths
		for j := i + 1; j < len(es); j++ {
			if es[j].kind == entryCode {
				d := es[j].code.depth
				if d >= len(stack) {
					stack = append(append([]int(nil), stack...), indentWidth(p.lines[es[j].code.first-1]))
				}
				break
			}
		}
		w := indentWidth(p.lines[e.line-1])
		e.depth = 0
		for d, sw := range stack {
			if sw <= w {
				e.depth = d
			}
		}
	}
}

// indentWidth is the width of a line's leading white space (a tab moves to
// the next multiple of 8, as the scanner counts it).
func indentWidth(line string) int {
	w := 0
	for _, c := range line {
		switch c {
		case ' ':
			w++
		case '\t':
			w = (w/8 + 1) * 8
		default:
			return w
		}
	}
	return w
}

// isDefinition reports whether a logical line starts a definition: def,
// struct, interface, or a decorator.
func isDefinition(l *logical) bool {
	t := l.toks[0]
	switch {
	case t.Type == lexer.Keyword && (t.Value == "def" || t.Value == "struct" || t.Value == "interface" || t.Value == "enum"):
		return true
	case t.Type == lexer.Ident && (t.Value == "struct" || t.Value == "interface" || t.Value == "enum") &&
		len(l.toks) > 2 && l.toks[1].Type == lexer.Ident && l.toks[len(l.toks)-1].Value == ":":
		// struct, interface and enum are keywords only at the start of a
		// statement; the scanner may give them as names.
		return true
	case t.Type == lexer.Op && t.Value == "@":
		return true
	}
	return false
}

func isDecorator(l *logical) bool { return l.toks[0].Type == lexer.Op && l.toks[0].Value == "@" }

// opensBlock reports whether the logical line at index i is followed by a
// deeper one.
func (p *printer) opensBlock(i int) bool {
	return i+1 < len(p.logicals) && p.logicals[i+1].depth > p.logicals[i].depth
}

// print lays out the whole file.
func (p *printer) print() string {
	es := p.entries()
	// defGroup[i] is true for an entry that begins a definition: the first
	// of the comment lines directly above it (no blank line between), or the
	// definition's first line.
	defGroup := make([]bool, len(es))
	for i, e := range es {
		if e.kind != entryCode || !isDefinition(e.code) {
			continue
		}
		if i > 0 && es[i-1].kind == entryCode && isDecorator(es[i-1].code) {
			continue // part of the decorator's group
		}
		j := i
		for j > 0 && es[j-1].kind == entryComment && es[j-1].depth == e.code.depth {
			j--
		}
		defGroup[j] = true
	}
	logicalIndex := map[*logical]int{}
	for i, l := range p.logicals {
		logicalIndex[l] = i
	}

	emitted := false
	pending := 0
	var prev *entry      // the last non-blank entry written
	afterTopDef := false // a top-level definition was written and not yet followed by top-level code
	inTopDef := false
	for i := range es {
		e := &es[i]
		if e.kind == entryBlank {
			pending++
			continue
		}
		depth := e.depth
		if e.kind == entryCode {
			depth = e.code.depth
		}
		blanks := pending
		pending = 0
		limit := 1
		if depth == 0 {
			limit = 2
		}
		blanks = min(blanks, limit)
		switch {
		case !emitted:
			blanks = 0
		case prev.kind == entryCode && p.opensBlock(logicalIndex[prev.code]):
			blanks = 0
		case prev.kind == entryCode && isDecorator(prev.code):
			blanks = 0
		case depth == 0 && (defGroup[i] || afterTopDef && inTopDef):
			blanks = 2
		case defGroup[i]:
			blanks = max(blanks, 1)
		}
		if depth == 0 && inTopDef && !(e.kind == entryCode && isDecorator(e.code)) {
			// The first top-level line after a definition's block.
			afterTopDef, inTopDef = false, false
		}
		for range blanks {
			p.b.WriteByte('\n')
		}
		if e.kind == entryComment {
			p.b.WriteString(strings.Repeat(indentUnit, depth))
			p.b.WriteString(commentText(p.lines[e.line-1], e.line == 1))
			p.b.WriteByte('\n')
		} else {
			p.b.WriteString(p.logicalText(e.code))
			p.b.WriteByte('\n')
			if depth == 0 && isDefinition(e.code) && !isDecorator(e.code) {
				afterTopDef, inTopDef = true, true
			}
		}
		emitted = true
		prev = e
	}
	return p.b.String()
}

// commentText renders a comment-only line: "# text". A shebang on the
// first line and decorative comments (#!, #:, ##, #-, #=, #*) keep their
// form.
func commentText(line string, first bool) string {
	s := strings.TrimSpace(line)
	if first && strings.HasPrefix(s, "#!") {
		return s
	}
	return normalizeComment(s)
}

// normalizeComment puts one space after '#' unless the comment is empty or
// decorative.
func normalizeComment(s string) string {
	body := strings.TrimPrefix(s, "#")
	if body == "" || body[0] == ' ' || body[0] == '\t' {
		if strings.TrimSpace(body) == "" {
			return "#"
		}
		return "# " + strings.TrimSpace(body)
	}
	if strings.ContainsRune("!:#-=*/", rune(body[0])) {
		return strings.TrimRight(s, " \t")
	}
	return "# " + strings.TrimRight(body, " \t")
}

// inlineComment is the text of the comment ending physical line n, with
// its two leading spaces, or "".
func (p *printer) inlineComment(n int) string {
	c, ok := p.inline[n]
	if !ok {
		return ""
	}
	line := p.lines[n-1]
	col := runeOffset(line, c.Pos.Col)
	return "  " + normalizeComment(strings.TrimSpace(line[col:]))
}

// runeOffset converts a 1-based rune column to a byte offset in line.
func runeOffset(line string, col int) int {
	n := 1
	for i := range line {
		if n == col {
			return i
		}
		n++
	}
	return len(line)
}

// logicalText renders one logical line at its depth: the canonical layout
// when re-scanning it gives the same tokens, else the source as written.
func (p *printer) logicalText(l *logical) string {
	indent := strings.Repeat(indentUnit, l.depth)
	text, ok := p.layout(l)
	if ok && sameTokens(l, text, p.commentsIn(l)) {
		return indent + text
	}
	return indent + p.verbatim(l)
}

// commentsIn counts the comments on the physical lines of l.
func (p *printer) commentsIn(l *logical) int {
	n := 0
	for line := l.first; line <= l.last; line++ {
		if _, ok := p.inline[line]; ok {
			n++
		}
		if _, ok := p.own[line]; ok {
			n++
		}
	}
	return n
}

// verbatim is the source of l from its first token to the end of its last
// line, as written.
func (p *printer) verbatim(l *logical) string {
	start := l.toks[0].Pos.Offset
	end := len(p.src)
	if l.last < len(p.lines) {
		// The offset of the end of line l.last.
		off := 0
		for n := 0; n < l.last; n++ {
			off += len(p.lines[n]) + 1
		}
		end = off - 1
	}
	return strings.TrimRight(p.src[start:end], " \t")
}

// sameTokens re-scans text (l laid out, without its first indentation) and
// reports whether it holds the same code tokens and as many comments.
func sameTokens(l *logical, text string, comments int) bool {
	toks, cs, err := lexer.Scan("", text+"\n")
	if err != nil || len(cs) != comments {
		return false
	}
	i := 0
	for _, t := range toks {
		switch t.Type {
		case lexer.Newline, lexer.Indent, lexer.Dedent, lexer.EOF:
			continue
		}
		if i >= len(l.toks) || l.toks[i].Type != t.Type || l.toks[i].Value != t.Value {
			return false
		}
		i++
	}
	return i == len(l.toks)
}
