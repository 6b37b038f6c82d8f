package parser

import (
	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/lexer"
)

// Operator classes. A participle disjunction of literals such as
// @( '+' | '-' | ... ) tries each literal in its own branch, which is the
// hottest path of the parser: it runs after every operand, and usually
// matches nothing. These participle.Parseable types match a whole class of
// operator tokens with a single table look-up instead. They consume only the
// operator token(s), so the grammar around them is unchanged.

// infixTable maps the binary operators of gInfix to their class: 1 for a
// one-token operator, 2 for `not` (only as `not in`), 3 for `is` (optionally
// followed by `not`).
var infixTable = map[string]uint8{
	"or": 1, "and": 1, "<": 1, ">": 1, "==": 1, ">=": 1, "<=": 1, "!=": 1, "in": 1,
	"not": 2, "is": 3,
	"|": 1, "^": 1, "&": 1, "<<": 1, ">>": 1, "+": 1, "-": 1, "*": 1, "/": 1, "//": 1, "%": 1, "**": 1,
	":=": 1,
}

// arithTable lists the binary operators of gArith.
var arithTable = map[string]bool{
	"|": true, "^": true, "&": true, "<<": true, ">>": true,
	"+": true, "-": true, "*": true, "/": true, "//": true, "%": true, "**": true,
}

// augTable lists the augmented assignment operators.
var augTable = map[string]bool{
	"+=": true, "-=": true, "*=": true, "/=": true, "//=": true, "%=": true,
	"**=": true, "|=": true, "&=": true, "^=": true, "<<=": true, ">>=": true,
}

// infixOp is a binary operator; `not in` and `is not` are captured as
// "notin" and "isnot", as participle concatenates the tokens of a capture.
type infixOp string

// Parse implements participle.Parseable.
func (o *infixOp) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	switch infixTable[t.Value] {
	case 1:
		*o = infixOp(t.Value)
		lex.Next()
	case 2:
		lex.Next()
		if lex.Peek().Value != "in" {
			// As the literals 'not' 'in' would: committed after 'not'.
			return &participle.UnexpectedTokenError{Unexpected: *lex.Peek(), Expect: `"in"`}
		}
		lex.Next()
		*o = "notin"
	case 3:
		lex.Next()
		*o = "is"
		if lex.Peek().Value == "not" {
			lex.Next()
			*o = "isnot"
		}
	default:
		return participle.NextMatch
	}
	return nil
}

// arithOp is an arithmetic or bitwise binary operator.
type arithOp string

// Parse implements participle.Parseable.
func (o *arithOp) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	if !arithTable[t.Value] {
		return participle.NextMatch
	}
	*o = arithOp(t.Value)
	lex.Next()
	return nil
}

// prefixOp is a prefix operator: - + ~ not.
type prefixOp string

// Parse implements participle.Parseable.
func (o *prefixOp) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	switch t.Value {
	case "-", "+", "~", "not":
	default:
		return participle.NextMatch
	}
	*o = prefixOp(t.Value)
	lex.Next()
	return nil
}

// augOp is an augmented assignment operator token.
type augOp struct{ plexer.Token }

// Parse implements participle.Parseable.
func (o *augOp) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	if !augTable[t.Value] {
		return participle.NextMatch
	}
	o.Token = *t
	lex.Next()
	return nil
}

// Guards. A guard consumes nothing: it lets participle skip an alternative
// that cannot match at the next token before it builds the alternative's
// structs and tries its sub-alternatives one by one. Each guard only rejects
// tokens that the alternative would reject anyway.

// trailerGuard matches before '.', '(' or '[' (the tokens that start a
// trailer).
type trailerGuard struct{}

// Parse implements participle.Parseable.
func (*trailerGuard) Parse(lex *plexer.PeekingLexer) error {
	switch lex.Peek().Value {
	case ".", "(", "[":
		return nil
	}
	return participle.NextMatch
}

// simpleGuard rejects the keywords that start a compound statement, and '@'.
type simpleGuard struct{}

// Parse implements participle.Parseable.
func (*simpleGuard) Parse(lex *plexer.PeekingLexer) error {
	switch lex.Peek().Value {
	case "if", "while", "for", "try", "def", "struct", "interface":
		if lex.Peek().Type == lexer.Keyword {
			return participle.NextMatch
		}
	case "@":
		return participle.NextMatch
	}
	return nil
}

// enumGuard matches (consuming nothing) where an enum definition starts:
// `enum` followed by a name, so that enum stays usable as a name.
type enumGuard struct{}

// Parse implements participle.Parseable.
func (*enumGuard) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Value == "enum" && isEnumStart(lex) {
		return nil
	}
	return participle.NextMatch
}

// isEnumStart reports whether the next tokens are `enum Name`.
func isEnumStart(lex *plexer.PeekingLexer) bool {
	cp := lex.MakeCheckpoint()
	defer lex.LoadCheckpoint(cp)
	if t := lex.Next(); t.Value != "enum" || t.Type != lexer.Ident && t.Type != lexer.Keyword {
		return false
	}
	return lex.Peek().Type == lexer.Ident
}

// exprStmtGuard rejects the keywords that start a simple statement other
// than an expression statement.
type exprStmtGuard struct{}

// Parse implements participle.Parseable.
func (*exprStmtGuard) Parse(lex *plexer.PeekingLexer) error {
	switch lex.Peek().Value {
	case "pass", "break", "continue", "return", "raise", "assert", "import", "from", "del", "global", "nonlocal":
		return participle.NextMatch
	}
	return nil
}

// Comma guards replace positive lookaheads (?= ',' ( ... ) ): they match,
// without consuming anything, a ',' followed by a token that can start the
// next item, and fail as the lookahead would (with an UnexpectedTokenError
// at the ','), without trying the alternatives of the inner disjunction one
// by one.

// startsItem reports whether t can start an expression (exprStart in
// grammar.go), plus the extra literals allowed.
func startsItem(t *plexer.Token, extra ...string) bool {
	switch t.Type {
	case lexer.Ident, lexer.Scoped, lexer.Int, lexer.Float, lexer.String, lexer.FStart, runTok, pairsTok:
		return true
	}
	switch t.Value {
	case "(", "[", "{", "-", "+", "~", "*", "not", "lambda", "True", "False", "None", "$$", "yield", "...":
		return true
	}
	for _, e := range extra {
		if t.Value == e {
			return true
		}
	}
	return false
}

// commaThen matches a ',' followed by a token for which ok holds.
func commaThen(lex *plexer.PeekingLexer, ok func(*plexer.Token) bool) error {
	t := lex.Peek()
	if t.Value == "," {
		cp := lex.MakeCheckpoint()
		lex.Next()
		next := lex.Peek()
		lex.LoadCheckpoint(cp)
		if ok(next) {
			return nil
		}
	}
	return &participle.UnexpectedTokenError{Unexpected: *t}
}

func isExprStart(t *plexer.Token) bool  { return startsItem(t) }
func isArgStart(t *plexer.Token) bool   { return startsItem(t, "**") }
func isSliceStart(t *plexer.Token) bool { return startsItem(t, ":", "::") }
func isTargetStart(t *plexer.Token) bool {
	if t.Type == lexer.Ident || t.Type == lexer.Scoped {
		return true
	}
	switch t.Value {
	case "(", "[", "*":
		return true
	}
	return false
}

// commaExpr is (?= ',' exprStart ).
type commaExpr struct{}

// Parse implements participle.Parseable.
func (*commaExpr) Parse(lex *plexer.PeekingLexer) error { return commaThen(lex, isExprStart) }

// commaArg is (?= ',' ( exprStart | '**' ) ).
type commaArg struct{}

// Parse implements participle.Parseable.
func (*commaArg) Parse(lex *plexer.PeekingLexer) error { return commaThen(lex, isArgStart) }

// commaSlice is (?= ',' ( exprStart | ':' | '::' ) ).
type commaSlice struct{}

// Parse implements participle.Parseable.
func (*commaSlice) Parse(lex *plexer.PeekingLexer) error { return commaThen(lex, isSliceStart) }

// commaTarget is (?= ',' ( Ident | Scoped | '(' | '[' | '*' ) ).
type commaTarget struct{}

// Parse implements participle.Parseable.
func (*commaTarget) Parse(lex *plexer.PeekingLexer) error { return commaThen(lex, isTargetStart) }

// atomTok is a one-token atom: a name, a number, a scoped name, True, False,
// None or $$. Matching them with one look-up spares the string, bracket and
// brace atoms a walk through eight failing alternatives.
type atomTok struct {
	Kind  atomKind
	Value string
}

type atomKind uint8

const (
	atomNone atomKind = iota // no token: the atom is a string or bracket
	atomName
	atomInt
	atomFloat
	atomScoped
	atomTrue
	atomFalse
	atomNoneLit
	atomPlaceholder
	atomEllipsis
)

// Parse implements participle.Parseable.
func (a *atomTok) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	k := atomKindOf(t.Type, t.Value)
	if k == atomNone {
		return participle.NextMatch
	}
	a.Kind, a.Value = k, t.Value
	lex.Next()
	return nil
}

// atomKindOf classifies a one-token atom (atomNone: not one).
func atomKindOf(typ lexer.Type, value string) atomKind {
	switch typ {
	case lexer.Ident:
		return atomName
	case lexer.Int:
		return atomInt
	case lexer.Float:
		return atomFloat
	case lexer.Scoped:
		return atomScoped
	case lexer.String, lexer.FStart, lexer.FText, lexer.FEnd:
		return atomNone
	}
	switch value {
	case "True":
		return atomTrue
	case "False":
		return atomFalse
	case "None":
		return atomNoneLit
	case "$$":
		return atomPlaceholder
	case "...":
		return atomEllipsis
	}
	return atomNone
}

// compGuard matches before 'for', which starts a comprehension.
type compGuard struct{}

// Parse implements participle.Parseable.
func (*compGuard) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Value == "for" {
		return nil
	}
	return participle.NextMatch
}

// Parse implements participle.Parseable: string literals (adjacent ones
// joined), an integer with an optional '-', True or False; anything else is
// not a literal type (NextMatch, nothing consumed).
func (g *gTypeLit) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	switch {
	case t.Type == lexer.String:
		for lex.Peek().Type == lexer.String {
			g.Str = append(g.Str, lex.Next().Value)
		}
		return nil
	case t.Type == lexer.Int:
		g.Int = lex.Next().Value
		return nil
	case t.Value == "True" || t.Value == "False":
		g.Bool = lex.Next().Value
		return nil
	case t.Value == "-":
		cp := lex.MakeCheckpoint()
		lex.Next()
		if lex.Peek().Type == lexer.Int {
			g.Neg, g.Int = true, lex.Next().Value
			return nil
		}
		lex.LoadCheckpoint(cp)
	}
	return participle.NextMatch
}
