// Package lexer turns mini-Dana source text into tokens.
//
// The scanner is hand-written. It produces the layout tokens of an
// indentation-sensitive language (Newline, Indent, Dedent), keeps every
// comment with its exact position, splits f-strings into their literal and
// expression parts (so that the expressions embedded in an f-string carry
// their real file positions), and reports lexical errors as diag.Error values.
//
// Scan is the plain entry point. Definition adapts the scanner to participle
// v2 (github.com/alecthomas/participle/v2) so that a participle grammar can
// consume its tokens.
package lexer

import (
	"fmt"

	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
)

// Type is the kind of a token. It is participle's token type so that tokens
// can be handed to a participle parser without translation.
type Type = plexer.TokenType

// Token types. Their names (see Symbols) are what a participle grammar uses to
// refer to them, e.g. `@Ident` or `Newline`.
const (
	// EOF ends the token stream.
	EOF Type = plexer.EOF
	// Newline ends a logical line. It is positioned at the line's '\n' (or at
	// the '#' of a trailing comment, or at the end of the file when the last
	// line has no line terminator).
	Newline Type = iota + 1
	// Indent opens a block; it is positioned at the first character of the
	// more indented line.
	Indent
	// Dedent closes a block; it is positioned at the first character of the
	// less indented line (or at the end of the file).
	Dedent
	// Ident is an identifier that is not a keyword.
	Ident
	// Scoped is a scoped name such as `private:count`, scanned as one token.
	Scoped
	// Keyword is a reserved word (§1.3).
	Keyword
	// Int is an integer literal as written (`1_000`, `0x1f`).
	Int
	// Float is a floating point literal as written (`.5`, `1e-3`).
	Float
	// String is a string literal as written, prefix and quotes included.
	String
	// FStart opens an f-string; its value is the prefix and the opening
	// quote(s), e.g. `f"` or `rf'''`.
	FStart
	// FText is a run of literal text inside an f-string or a format spec, as
	// written (escapes and doubled braces not yet processed).
	FText
	// FEnd closes an f-string; its value is the closing quote(s).
	FEnd
	// Op is an operator or punctuation mark.
	Op
)

var typeNames = map[Type]string{
	EOF:     "EOF",
	Newline: "Newline",
	Indent:  "Indent",
	Dedent:  "Dedent",
	Ident:   "Ident",
	Scoped:  "Scoped",
	Keyword: "Keyword",
	Int:     "Int",
	Float:   "Float",
	String:  "String",
	FStart:  "FStart",
	FText:   "FText",
	FEnd:    "FEnd",
	Op:      "Op",
}

// TypeName returns the symbolic name of a token type ("Ident", "Newline"...).
func TypeName(t Type) string {
	if n, ok := typeNames[t]; ok {
		return n
	}
	return fmt.Sprintf("Type(%d)", int(t))
}

// Keywords are the reserved words of §1.3. The scope words (local, private,
// public, system) are not among them: they only matter when immediately
// followed by ':' and a name, and then the scanner produces a Scoped token.
var Keywords = map[string]bool{
	"if": true, "elif": true, "else": true, "while": true, "for": true, "in": true,
	"not": true, "and": true, "or": true, "is": true, "def": true, "return": true,
	"break": true, "continue": true, "pass": true, "struct": true, "interface": true,
	"try": true, "except": true, "finally": true, "raise": true, "assert": true,
	"import": true, "from": true, "as": true, "lambda": true, "True": true,
	"False": true, "None": true, "yield": true, "del": true, "global": true,
	"nonlocal": true, "enum": true,
}

// Contextual are the keywords that are keywords only at the start of a
// statement and followed by a name (`struct Point:`); elsewhere they are
// ordinary names (SPEC §1.3: `struct = {...}` is an assignment).
var Contextual = map[string]bool{"struct": true, "interface": true, "enum": true}

// ScopeWords are the words that form a Scoped token when immediately followed
// by ':' and an identifier.
var ScopeWords = map[string]bool{"local": true, "private": true, "public": true, "system": true}

// Token is one token of a mini-Dana source file.
type Token struct {
	Type Type
	// Value is the token's source text. It is empty for Newline, Indent,
	// Dedent and EOF.
	Value string
	Pos   ast.Pos
}

// String renders the token for debugging: Type("value")@line:col.
func (t Token) String() string {
	return fmt.Sprintf("%s(%q)@%d:%d", TypeName(t.Type), t.Value, t.Pos.Line, t.Pos.Col)
}

// Participle converts the token to participle's representation.
func (t Token) Participle() plexer.Token {
	return plexer.Token{Type: t.Type, Value: t.Value, Pos: plexer.Position{
		Filename: t.Pos.File, Offset: t.Pos.Offset, Line: t.Pos.Line, Column: t.Pos.Col,
	}}
}
