package lexer

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
)

// Error types of the diagnostics the scanner reports.
const (
	SyntaxError      = "SyntaxError"
	IndentationError = "IndentationError"
	TabError         = "TabError"
)

// Scan splits src into tokens. It also returns every comment of the file, in
// source order.
//
// Scanning does not stop at the first lexical error: the scanner records it,
// skips what it cannot make sense of, and goes on, so that the tokens returned
// are usable for error recovery. The error, when not nil, is a diag.List with
// one diagnostic per problem, in source order.
//
// The token stream always ends with EOF, preceded by a Newline when the last
// logical line has code, and by the Dedent tokens that close the blocks still
// open.
func Scan(filename, src string) ([]Token, []ast.Comment, error) {
	toks, comments, _, err := ScanFile(filename, src)
	return toks, comments, err
}

// ScanFile is Scan that also returns the warnings: the invalid escape
// sequences of string literals, which are kept as written (SPEC §1.4).
func ScanFile(filename, src string) ([]Token, []ast.Comment, []ast.Warning, error) {
	return ScanFileCheck(filename, src, nil, 0)
}

// ScanFileCheck is ScanFile for a caller that bounds the work of scanning:
// check (when not nil) is called every `every` tokens; when it returns an
// error, scanning stops and ScanFileCheck returns that error as is, with no
// tokens.
func ScanFileCheck(filename, src string, check func() error, every int) ([]Token, []ast.Comment, []ast.Warning, error) {
	s := scanner{file: filename, src: src, line: 1, col: 1, check: check, every: every, nextCheck: every}
	// A first guess at the number of tokens, bounded: a big file grows the
	// slice as it goes, so that the memory bound is checked before most of
	// it is allocated.
	s.toks = make([]Token, 0, min(len(src)/3, 1<<16)+8)
	if strings.HasPrefix(src, bom) {
		// A UTF-8 byte order mark is not part of the first line.
		s.off = len(bom)
	}
	if bad, msg := badByte(src); bad >= 0 {
		// The whole file is refused, as CPython does, at the first bad byte.
		s.advance(bad)
		s.errorAt(s.pos(), SyntaxError, "%s", msg)
		s.advance(len(src) - s.off)
		s.emit(EOF, "", s.pos())
		return s.toks, nil, nil, s.errs
	}
	s.run()
	if s.stop != nil {
		return nil, nil, nil, s.stop
	}
	if len(s.errs) > 0 {
		return s.toks, s.comments, s.warns, s.errs
	}
	return s.toks, s.comments, s.warns, nil
}

const bom = "\ufeff"

// badByte returns the offset of the first NUL byte or invalid UTF-8
// sequence of src and the message for it (-1 when there is none).
func badByte(src string) (int, string) {
	nul := strings.IndexByte(src, 0)
	if utf8.ValidString(src) {
		if nul >= 0 {
			return nul, "source code cannot contain null bytes"
		}
		return -1, ""
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == 0 {
			return i, "source code cannot contain null bytes"
		}
		if r == utf8.RuneError && size <= 1 {
			return i, fmt.Sprintf("invalid UTF-8 byte 0x%02x (the source must be UTF-8)", src[i])
		}
		i += size
	}
	return -1, ""
}

type bracket struct {
	ch  byte
	pos ast.Pos
}

type scanner struct {
	file string
	src  string

	off, line, col int // the current position

	toks     []Token
	comments []ast.Comment
	errs     diag.List
	warns    []ast.Warning // invalid escapes kept as written (SPEC §1.4)

	indents  []int
	alt      []int // the indentation levels with tabs counted as one column
	brackets []bracket
	fields   int // depth of nested f-string replacement fields

	lineHasCode bool // a code token was emitted on the current logical line
	physCode    bool // a code token was emitted on the current physical line

	check     func() error // see ScanFileCheck
	every     int
	nextCheck int   // the token count at which check is called next
	stop      error // check's error: scanning stops
}

func (s *scanner) pos() ast.Pos {
	return ast.Pos{File: s.file, Line: s.line, Col: s.col, Offset: s.off}
}

// advance moves the current position n bytes forward, keeping line and
// column (in runes) up to date.
func (s *scanner) advance(n int) {
	end := s.off + n
	if end > len(s.src) {
		end = len(s.src)
	}
	s.line, s.col = lineCol(s.src, s.off, end, s.line, s.col)
	s.off = end
}

// lineCol moves line and col (in runes, as utf8.RuneCount counts them, so
// that an invalid byte is one column) over src[from:to].
func lineCol(src string, from, to, line, col int) (int, int) {
	for i := from; i < to; {
		c := src[i]
		switch {
		case c == '\n':
			line++
			col = 1
			i++
		case c < utf8.RuneSelf:
			col++
			i++
		default:
			_, size := utf8.DecodeRuneInString(src[i:to])
			col++
			i += size
		}
	}
	return line, col
}

// posAt returns the position of byte offset off, which lies at or after the
// position from.
func (s *scanner) posAt(from ast.Pos, off int) ast.Pos {
	if off > len(s.src) {
		off = len(s.src)
	}
	p := from
	p.Line, p.Col = lineCol(s.src, from.Offset, off, from.Line, from.Col)
	p.Offset = off
	return p
}

// MaxErrors is the number of lexical errors after which Scan gives up: the
// rest of the file is not scanned.
const MaxErrors = 50

// Nesting limits, as in Python: deeper nesting is an error.
const (
	MaxIndent  = 100 // levels of indentation
	MaxNesting = 200 // open brackets and f-string replacement fields
)

func (s *scanner) errorAt(p ast.Pos, typ, format string, args ...any) {
	s.openErrorAt(diag.OpenNone, p, typ, format, args...)
}

// openErrorAt records an error that says the source ended inside a
// construct (open says which; see diag.Open).
func (s *scanner) openErrorAt(open diag.Open, p ast.Pos, typ, format string, args ...any) {
	if len(s.errs) >= MaxErrors {
		return
	}
	s.errs = append(s.errs, &diag.Error{
		Pos:  p,
		Type: typ,
		Msg:  fmt.Sprintf(format, args...),
		Line: diag.SourceLine(s.src, p.Line),
		Open: open,
	})
}

func (s *scanner) emit(t Type, value string, p ast.Pos) {
	if len(s.toks) == cap(s.toks) {
		s.grow()
	}
	s.toks = append(s.toks, Token{Type: t, Value: value, Pos: p})
	if t != Newline && t != Indent && t != Dedent {
		s.lineHasCode = true
		s.physCode = true
	}
}

// grow enlarges the token slice to the number of tokens the file will have
// at the rate seen so far (plus a tenth), or at least doubles it. (append
// grows big slices by a quarter at a time, which allocates five times the
// final size.)
func (s *scanner) grow() {
	n := 2*cap(s.toks) + 8
	if s.off > 0 {
		if est := int(float64(len(s.toks))/float64(s.off)*float64(len(s.src))*1.1) + 64; est > n {
			n = est
		}
	}
	toks := make([]Token, len(s.toks), n)
	copy(toks, s.toks)
	s.toks = toks
}

// newlineLen returns the length of the line terminator at offset i (1 for
// "\n", 2 for "\r\n"), or 0 when there is none.
func (s *scanner) newlineLen(i int) int {
	if i < len(s.src) {
		switch s.src[i] {
		case '\n':
			return 1
		case '\r':
			if i+1 < len(s.src) && s.src[i+1] == '\n' {
				return 2
			}
		}
	}
	return 0
}

func (s *scanner) skipSpace() {
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case ' ', '\t', '\f':
			s.off++
			s.col++
		default:
			return
		}
	}
}

func (s *scanner) run() {
	s.indents = append(s.indents, 0)
	s.alt = append(s.alt, 0)
	atLineStart := true
	for {
		if atLineStart {
			atLineStart = false
			if len(s.brackets) == 0 {
				s.indentation()
			}
		}
		s.skipSpace()
		if s.off >= len(s.src) || len(s.errs) >= MaxErrors {
			break
		}
		if s.check != nil && len(s.toks) >= s.nextCheck {
			s.nextCheck = len(s.toks) + s.every
			if s.stop = s.check(); s.stop != nil {
				return
			}
		}
		c := s.src[s.off]
		if nl := s.newlineLen(s.off); nl > 0 {
			if len(s.brackets) == 0 && s.lineHasCode {
				s.emit(Newline, "", s.pos())
				s.lineHasCode = false
			}
			s.advance(nl)
			s.physCode = false
			atLineStart = true
			continue
		}
		switch c {
		case '#':
			s.comment()
		case '\\':
			s.continuation()
		default:
			n := len(s.toks)
			s.token()
			if len(s.toks) == n+1 && s.toks[n].Type == Op {
				s.trackBracket(s.toks[n])
			}
		}
	}
	s.finish()
}

// indentation measures the indentation of a new logical line and emits the
// Indent or Dedent tokens it calls for. Blank and comment-only lines are left
// alone.
//
// As in CPython, the indentation is also measured with tabs counted as one
// column (alt): when the two measures disagree on whether a line is indented
// more, less or as much as the block, its meaning would change with the tab
// width, and that is a TabError.
func (s *scanner) indentation() {
	w, alt := 0, 0
	j := s.off
loop:
	for ; j < len(s.src); j++ {
		switch s.src[j] {
		case ' ':
			w++
			alt++
		case '\t':
			w = (w/8 + 1) * 8
			alt++
		case '\f':
			w, alt = 0, 0
		default:
			break loop
		}
	}
	if j >= len(s.src) || s.src[j] == '#' || s.newlineLen(j) > 0 {
		return
	}
	s.advance(j - s.off)
	p := s.pos()
	top := s.indents[len(s.indents)-1]
	topAlt := s.alt[len(s.alt)-1]
	inconsistent := func() {
		s.errorAt(p, TabError, "inconsistent use of tabs and spaces in indentation")
	}
	switch {
	case w == top:
		if alt != topAlt {
			inconsistent()
		}
	case w > top:
		if alt <= topAlt {
			inconsistent()
		}
		if len(s.indents) > MaxIndent {
			s.errorAt(p, IndentationError, "too many levels of indentation")
		}
		s.indents = append(s.indents, w)
		s.alt = append(s.alt, alt)
		s.emit(Indent, "", p)
	case w < top:
		for len(s.indents) > 1 && s.indents[len(s.indents)-1] > w {
			s.indents = s.indents[:len(s.indents)-1]
			s.alt = s.alt[:len(s.alt)-1]
			s.emit(Dedent, "", p)
		}
		if s.indents[len(s.indents)-1] != w {
			s.errorAt(p, IndentationError, "unindent does not match any outer indentation level")
			// Recover with a block of its own, so that Indent and Dedent
			// tokens stay balanced.
			s.indents = append(s.indents, w)
			s.alt = append(s.alt, alt)
			s.emit(Indent, "", p)
		} else if alt != s.alt[len(s.alt)-1] {
			inconsistent()
		}
	}
}

func (s *scanner) comment() {
	p := s.pos()
	if len(s.brackets) == 0 && s.lineHasCode {
		s.emit(Newline, "", p)
		s.lineHasCode = false
	}
	j := s.off
	for j < len(s.src) && s.src[j] != '\n' && s.newlineLen(j) == 0 {
		j++
	}
	s.comments = append(s.comments, ast.Comment{
		Pos:    p,
		Text:   strings.TrimSpace(s.src[s.off+1 : j]),
		Inline: s.physCode,
	})
	s.advance(j - s.off)
}

// continuation handles a backslash outside a string: it joins the next line
// to the current one.
func (s *scanner) continuation() {
	nl := s.newlineLen(s.off + 1)
	if nl == 0 {
		s.advance(1)
		if s.off >= len(s.src) {
			s.openErrorAt(diag.OpenContinuation, s.pos(), SyntaxError, "unexpected end of file after line continuation character")
			return
		}
		s.errorAt(s.pos(), SyntaxError, "unexpected character after line continuation character")
		return
	}
	s.advance(1 + nl)
	s.physCode = false
	if s.off >= len(s.src) {
		s.openErrorAt(diag.OpenContinuation, s.pos(), SyntaxError, "unexpected end of file after line continuation character")
	}
}

var closers = map[byte]byte{')': '(', ']': '[', '}': '{'}

func (s *scanner) trackBracket(t Token) {
	if len(t.Value) != 1 {
		return
	}
	switch c := t.Value[0]; c {
	case '(', '[', '{':
		if len(s.brackets) == MaxNesting {
			s.errorAt(t.Pos, SyntaxError, "too many nested parentheses")
		}
		s.brackets = append(s.brackets, bracket{c, t.Pos})
	case ')', ']', '}':
		if len(s.brackets) == 0 {
			return // the parser reports the unmatched bracket
		}
		open := s.brackets[len(s.brackets)-1]
		if open.ch != closers[c] {
			s.errorAt(t.Pos, SyntaxError, "closing parenthesis '%c' does not match opening parenthesis '%c'%s",
				c, open.ch, onLine(open.pos, t.Pos))
		}
		s.brackets = s.brackets[:len(s.brackets)-1]
	}
}

func onLine(open, at ast.Pos) string {
	if open.Line == at.Line {
		return ""
	}
	return fmt.Sprintf(" on line %d", open.Line)
}

func (s *scanner) finish() {
	if len(s.brackets) > 0 {
		b := s.brackets[len(s.brackets)-1]
		s.openErrorAt(diag.OpenBracket, b.pos, SyntaxError, "'%c' was never closed", b.ch)
	}
	p := s.pos()
	if s.lineHasCode {
		s.emit(Newline, "", p)
	}
	for len(s.indents) > 1 {
		s.indents = s.indents[:len(s.indents)-1]
		s.emit(Dedent, "", p)
	}
	s.toks = append(s.toks, Token{Type: EOF, Pos: p})
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// token scans one token starting at the current (non-blank) character.
func (s *scanner) token() {
	c := s.src[s.off]
	switch {
	case isIdentStart(c):
		s.name()
	case isDigit(c) || c == '.' && s.off+1 < len(s.src) && isDigit(s.src[s.off+1]):
		s.number()
	case c == '"' || c == '\'':
		s.str("")
	default:
		if n := opLen(s.src[s.off:]); n > 0 {
			s.emit(Op, s.src[s.off:s.off+n], s.pos())
			s.advance(n)
			return
		}
		p := s.pos()
		r, size := utf8.DecodeRuneInString(s.src[s.off:])
		switch {
		case r == utf8.RuneError && size <= 1:
			s.errorAt(p, SyntaxError, "invalid UTF-8 byte 0x%02x", c)
			size = 1
		case r == '\r':
			s.errorAt(p, SyntaxError, "invalid character '\\r' (carriage return not followed by a line feed)")
		default:
			s.errorAt(p, SyntaxError, "invalid character %s (U+%04X)", quoteRune(r), r)
		}
		s.advance(size)
	}
}

func quoteRune(r rune) string {
	if r < ' ' || r == 0x7f {
		return fmt.Sprintf("%q", r)
	}
	return "'" + string(r) + "'"
}

// opLen returns the length of the operator at the start of s, or 0.
func opLen(s string) int {
	if len(s) >= 3 {
		switch s[:3] {
		case "**=", "//=", "<<=", ">>=", "...":
			return 3
		}
	}
	if len(s) >= 2 {
		switch s[:2] {
		case "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "::", "$$", ":=",
			"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=":
			return 2
		}
	}
	switch s[0] {
	case '+', '-', '*', '/', '%', '<', '>', '=', '(', ')', '[', ']', '{', '}',
		',', ':', ';', '.', '@', '|', '&', '^', '~', '!':
		return 1
	}
	return 0
}

func (s *scanner) name() {
	start := s.off
	j := start + 1
	for j < len(s.src) && isIdentChar(s.src[j]) {
		j++
	}
	word := s.src[start:j]
	if j < len(s.src) && (s.src[j] == '"' || s.src[j] == '\'') && isStringPrefix(word) {
		s.str(word)
		return
	}
	p := s.pos()
	switch {
	case Contextual[word] && Keywords[word] && !s.startsDefinition(j):
		s.emit(Ident, word, p)
	case Keywords[word]:
		s.emit(Keyword, word, p)
	case ScopeWords[word] && j+1 < len(s.src) && s.src[j] == ':' && isIdentStart(s.src[j+1]):
		j += 2
		for j < len(s.src) && isIdentChar(s.src[j]) {
			j++
		}
		s.emit(Scoped, s.src[start:j], p)
	default:
		s.emit(Ident, word, p)
	}
	s.advance(j - start)
}

// startsDefinition reports whether the contextual keyword ending at byte j
// begins a definition: it is the first token of a statement and a name
// follows it on the same line.
func (s *scanner) startsDefinition(j int) bool {
	if n := len(s.toks); n > 0 {
		switch t := s.toks[n-1]; {
		case t.Type == Newline, t.Type == Indent, t.Type == Dedent:
		case t.Type == Op && t.Value == ";":
		default:
			return false
		}
	}
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	return j < len(s.src) && isIdentStart(s.src[j])
}

func isStringPrefix(w string) bool {
	if len(w) > 2 {
		return false
	}
	switch strings.ToLower(w) {
	case "r", "u", "f", "b", "rf", "fr", "rb", "br":
		return true
	}
	return false
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

func (s *scanner) number() {
	start := s.off
	p := s.pos()
	src := s.src
	n := len(src)
	typ := Int
	errOff := -1
	errMsg := ""
	fail := func(off int, msg string) {
		if errOff < 0 {
			errOff, errMsg = off, msg
		}
	}
	// digits scans ("_"? digit)* of the given base from j, requiring a digit
	// first when first is true. It returns the end offset and the number of
	// digits seen.
	digits := func(j, base int, first bool, name string) (int, int) {
		count := 0
		for j < n {
			c := src[j]
			if c == '_' {
				if (count == 0 && first) || j+1 >= n || digitVal(src[j+1]) >= base {
					fail(j, "invalid "+name+" literal")
					return j, count
				}
				j++
				continue
			}
			if digitVal(c) >= base {
				break
			}
			count++
			j++
		}
		return j, count
	}
	j := start
	if src[j] == '0' && j+1 < n && strings.IndexByte("xXoObB", src[j+1]) >= 0 {
		base, name := 16, "hexadecimal"
		switch src[j+1] {
		case 'o', 'O':
			base, name = 8, "octal"
		case 'b', 'B':
			base, name = 2, "binary"
		}
		j += 2
		var count int
		// An underscore may follow the prefix directly (0x_1f).
		if j < n && src[j] == '_' {
			j++
		}
		j, count = digits(j, base, false, name)
		if errOff < 0 {
			switch {
			case j < n && isDigit(src[j]):
				fail(j, fmt.Sprintf("invalid digit '%c' in %s literal", src[j], name))
			case count == 0:
				fail(start, "invalid "+name+" literal")
			case j < n && isIdentChar(src[j]):
				fail(j, "invalid "+name+" literal")
			}
		}
	} else {
		name := "decimal"
		intStart := j
		var count int
		j, count = digits(j, 10, false, name)
		if j < n && src[j] == '.' && errOff < 0 {
			typ = Float
			j++
			if j < n && src[j] == '_' {
				fail(j, "invalid decimal literal")
			}
			j, _ = digits(j, 10, false, name)
		}
		if j < n && (src[j] == 'e' || src[j] == 'E') && errOff < 0 {
			k := j + 1
			if k < n && (src[k] == '+' || src[k] == '-') {
				k++
			}
			if k < n && isDigit(src[k]) {
				typ = Float
				j, _ = digits(k, 10, true, name)
			} else {
				fail(j, "invalid decimal literal")
			}
		}
		if errOff < 0 && typ == Int && count > 1 && src[intStart] == '0' {
			if strings.Trim(src[intStart:j], "0_") != "" {
				fail(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
			}
		}
		if errOff < 0 && j < n && (src[j] == 'j' || src[j] == 'J') {
			fail(start, "imaginary number literals are not supported")
		}
		if errOff < 0 && j < n && isIdentChar(src[j]) {
			fail(start, "invalid decimal literal")
		}
	}
	// On error, swallow the rest of the malformed literal so that a single
	// diagnostic covers it.
	if errOff >= 0 {
		for j < n && (isIdentChar(src[j]) || src[j] == '.') {
			j++
		}
		s.errorAt(s.posAt(p, errOff), SyntaxError, "%s", errMsg)
	}
	s.emit(typ, src[start:j], p)
	s.advance(j - start)
}

// str scans a string or f-string literal; prefix ("", "r", "f", "rb"...) has
// already been read but not consumed.
func (s *scanner) str(prefix string) {
	start := s.pos()
	lower := strings.ToLower(prefix)
	raw := strings.Contains(lower, "r")
	if strings.Contains(lower, "b") {
		s.errorAt(start, SyntaxError, "bytes literals are not supported")
	}
	qoff := s.off + len(prefix)
	q := s.src[qoff]
	triple := qoff+2 < len(s.src) && s.src[qoff+1] == q && s.src[qoff+2] == q
	qlen := 1
	if triple {
		qlen = 3
	}
	if strings.Contains(lower, "f") {
		s.emit(FStart, s.src[s.off:qoff+qlen], start)
		s.advance(len(prefix) + qlen)
		f := &fctx{q: q, triple: triple, raw: raw, start: start}
		s.fstring(f, false)
		return
	}
	body := qoff + qlen
	k := body
	closed := false
	end := len(s.src)
	for k < len(s.src) {
		c := s.src[k]
		if c == '\\' {
			k += 1 + max(1, s.newlineLen(k+1))
			continue
		}
		if c == q && (!triple || k+2 < len(s.src) && s.src[k+1] == q && s.src[k+2] == q) {
			closed = true
			end = k + qlen
			break
		}
		if !triple && s.newlineLen(k) > 0 {
			end = k
			break
		}
		if !triple && c == '\r' {
			end = k
			break
		}
		k++
	}
	if k > len(s.src) {
		k = len(s.src)
	}
	if !closed {
		s.unterminated(start, k, triple, "string")
	} else if !raw {
		s.checkEscapes(start, body, k, false)
	}
	s.emit(String, s.src[s.off:end], start)
	s.advance(end - s.off)
}

func (s *scanner) unterminated(start ast.Pos, at int, triple bool, what string) {
	line := s.posAt(start, at).Line
	if triple {
		s.openErrorAt(diag.OpenString, start, SyntaxError, "unterminated triple-quoted %s literal (detected at line %d)", what, line)
	} else {
		s.errorAt(start, SyntaxError, "unterminated %s literal (detected at line %d)", what, line)
	}
}

// checkEscapes reports the invalid escape sequences of src[from:to], a part of
// the literal that starts at position start.
func (s *scanner) checkEscapes(start ast.Pos, from, to int, fstr bool) {
	body := s.src[from:to]
	if strings.IndexByte(body, '\\') < 0 {
		return
	}
	decode(body, fstr, func(off int, msg string, fatal bool) {
		if !fatal {
			if len(s.warns) < MaxErrors {
				s.warns = append(s.warns, ast.Warning{Pos: s.posAt(start, from+off), Msg: msg})
			}
			return
		}
		if len(s.errs) >= MaxErrors {
			return
		}
		s.errorAt(s.posAt(start, from+off), SyntaxError, "%s", msg)
	})
}

// fctx describes the f-string being scanned.
type fctx struct {
	q      byte
	triple bool
	raw    bool
	start  ast.Pos
	failed bool
}

func (f *fctx) closesAt(src string, k int) bool {
	return src[k] == f.q && (!f.triple || k+2 < len(src) && src[k+1] == f.q && src[k+2] == f.q)
}

// fstring scans the literal text and the replacement fields of an f-string
// up to and including its closing quote; in a format spec (spec true) it stops
// before the '}' that closes the field.
func (s *scanner) fstring(f *fctx, spec bool) {
	src := s.src
	for {
		textPos := s.pos()
		k := s.off
	text:
		for k < len(src) {
			c := src[k]
			switch {
			case c == '\\':
				if k+1 < len(src) && (src[k+1] == '{' || src[k+1] == '}') {
					k++
					continue
				}
				k += 1 + max(1, s.newlineLen(k+1))
			case f.closesAt(src, k):
				break text
			case !f.triple && (c == '\n' || c == '\r'):
				break text
			case c == '{':
				if !spec && k+1 < len(src) && (src[k+1] == '{' || src[k+1] == '}') {
					// `{{` is a brace; an empty `{}` is kept as the text
					// `{}` (SPEC §1.4, a Dana convenience).
					k += 2
					continue
				}
				break text
			case c == '}':
				if spec {
					break text
				}
				if k+1 < len(src) && src[k+1] == '}' {
					k += 2
					continue
				}
				if !f.failed {
					s.errorAt(s.posAt(textPos, k), SyntaxError, "f-string: single '}' is not allowed")
					f.failed = true
				}
				k++
			default:
				k++
			}
		}
		if k > len(src) {
			k = len(src)
		}
		if k > s.off {
			if !f.raw && !f.failed {
				s.checkEscapes(textPos, s.off, k, true)
			}
			s.emit(FText, src[s.off:k], textPos)
			s.advance(k - s.off)
		}
		if s.off >= len(src) || !f.triple && (src[s.off] == '\n' || src[s.off] == '\r') {
			if !f.failed {
				s.unterminated(f.start, s.off, f.triple, "f-string")
				f.failed = true
			}
			return
		}
		switch src[s.off] {
		case '{':
			s.field(f)
			if f.failed {
				s.closeFailed(f)
				return
			}
		case '}':
			return // the end of a format spec
		default: // the closing quote
			if spec {
				if !f.failed {
					s.errorAt(s.pos(), SyntaxError, "f-string: expecting '}'")
					f.failed = true
				}
				return
			}
			n := 1
			if f.triple {
				n = 3
			}
			s.emit(FEnd, src[s.off:s.off+n], s.pos())
			s.advance(n)
			return
		}
	}
}

// closeFailed skips to the end of a malformed f-string (its closing quote on
// the same line, or the end of the line) so that scanning resumes after it.
func (s *scanner) closeFailed(f *fctx) {
	for s.off < len(s.src) {
		c := s.src[s.off]
		if f.closesAt(s.src, s.off) {
			n := 1
			if f.triple {
				n = 3
			}
			s.emit(FEnd, s.src[s.off:s.off+n], s.pos())
			s.advance(n)
			return
		}
		if !f.triple && (c == '\n' || c == '\r') {
			return
		}
		_, size := utf8.DecodeRuneInString(s.src[s.off:])
		s.advance(size)
	}
}

// field scans one replacement field `{expr[=][!c][:spec]}` of an f-string,
// starting at its '{'.
func (s *scanner) field(f *fctx) {
	if s.fields++; s.fields > MaxNesting {
		s.errorAt(s.pos(), SyntaxError, "too many nested f-strings")
		f.failed = true
		return
	}
	defer func() { s.fields-- }()
	s.emit(Op, "{", s.pos())
	s.advance(1)
	depth := 0
	empty := true
	fail := func(format string, args ...any) {
		if !f.failed {
			s.errorAt(s.pos(), SyntaxError, format, args...)
			f.failed = true
		}
	}
	for {
		s.skipSpace()
		if s.off >= len(s.src) {
			if !f.failed {
				s.unterminated(f.start, s.off, f.triple, "f-string")
				f.failed = true
			}
			return
		}
		c := s.src[s.off]
		switch {
		case c == '\n' || c == '\r':
			if !f.triple {
				if !f.failed {
					s.unterminated(f.start, s.off, f.triple, "f-string")
					f.failed = true
				}
				return
			}
			s.advance(1)
		case c == '\\':
			fail("f-string expression part cannot include a backslash")
			return
		case c == '#':
			fail("f-string expression part cannot include '#'")
			return
		case f.closesAt(s.src, s.off):
			fail("f-string: expecting '}'")
			return
		case depth == 0 && (c == '}' || c == ':' || c == '!' && (s.off+1 >= len(s.src) || s.src[s.off+1] != '=')):
			if empty {
				fail("f-string: empty expression not allowed")
				return
			}
			s.emit(Op, string(c), s.pos())
			s.advance(1)
			switch c {
			case '}':
				return
			case ':':
				s.fstring(f, true)
				if f.failed {
					return
				}
				s.emit(Op, "}", s.pos())
				s.advance(1)
				return
			}
		default:
			n := len(s.toks)
			s.token()
			if len(s.toks) > n {
				empty = false
			}
			if len(s.toks) == n+1 && s.toks[n].Type == Op {
				switch s.toks[n].Value {
				case "(", "[", "{":
					depth++
				case ")", "]", "}":
					if depth > 0 {
						depth--
					}
				}
			}
		}
	}
}
