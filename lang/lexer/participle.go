package lexer

import (
	"fmt"
	"io"

	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
)

// Definition is the participle lexer.Definition of mini-Dana. Lexing through
// it fails on the first lexical error; use Scan to get every diagnostic.
type Definition struct{}

var (
	_ plexer.Definition       = Definition{}
	_ plexer.StringDefinition = Definition{}
)

var symbols = func() map[string]Type {
	m := make(map[string]Type, len(typeNames))
	for t, n := range typeNames {
		m[n] = t
	}
	return m
}()

// Symbols maps the token type names used in grammars to token types.
func (Definition) Symbols() map[string]Type { return symbols }

// Lex reads all of r and scans it.
func (d Definition) Lex(filename string, r io.Reader) (plexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("lex %s: %w", filename, err)
	}
	return d.LexString(filename, string(src))
}

// LexString scans src.
func (Definition) LexString(filename, src string) (plexer.Lexer, error) {
	toks, _, err := Scan(filename, src)
	if err != nil {
		return nil, err
	}
	return NewSliceLexer(toks), nil
}

// SliceLexer hands a slice of tokens to participle, for instance one
// statement of a file at a time. After the last token it returns EOF tokens.
type SliceLexer struct {
	toks   []Token
	i      int
	eof    ast.Pos
	eofSet bool
}

// NewSliceLexer returns a participle lexer over toks. When toks does not end
// with EOF, an EOF token positioned after the last token is supplied.
func NewSliceLexer(toks []Token) *SliceLexer { return &SliceLexer{toks: toks} }

// NewSliceLexerAt returns a participle lexer over toks, which must not end
// with EOF, followed by an EOF token positioned at eof.
func NewSliceLexerAt(toks []Token, eof ast.Pos) *SliceLexer {
	return &SliceLexer{toks: toks, eof: eof, eofSet: true}
}

// Next returns the next token.
func (l *SliceLexer) Next() (plexer.Token, error) {
	if l.i < len(l.toks) {
		t := l.toks[l.i]
		l.i++
		return t.Participle(), nil
	}
	var eof Token
	if l.eofSet {
		eof.Pos = l.eof
	} else if len(l.toks) > 0 {
		eof.Pos = l.toks[len(l.toks)-1].Pos
	}
	eof.Type = EOF
	return eof.Participle(), nil
}
