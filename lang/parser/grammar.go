package parser

import (
	plexer "github.com/alecthomas/participle/v2/lexer"
)

// This file is the participle grammar of mini-Dana. It is deliberately LL(1):
// the parser is built with a lookahead of 0, so that a construct that has
// started to match is committed to and a syntax error is reported at the exact
// token where the input stops making sense. Trailing commas are handled with
// positive lookahead groups, which consume nothing.
//
// The grammar types (g*) are an intermediate concrete syntax tree; convert.go
// turns them into package ast. Binary operators are parsed as flat operand
// lists and given their precedence during conversion, which keeps the grammar
// small and fast to build.
//
// Token names: see lexer.Symbols (Newline, Indent, Dedent, Ident, Scoped, Int,
// Float, String, FStart, FText, FEnd).

// gTop is one top-level statement: ParseFile splits the token stream into
// top-level statements and parses them one by one (see splitStatements).
type gTop struct {
	Stmt *gStmt `parser:"@@"`
}

type gStmt struct {
	Simple    *gSimple    `parser:"  @@"`
	If        *gIf        `parser:"| @@"`
	While     *gWhile     `parser:"| @@"`
	For       *gFor       `parser:"| @@"`
	Try       *gTry       `parser:"| @@"`
	Def       *gDef       `parser:"| @@"`
	Struct    *gStruct    `parser:"| @@"`
	Interface *gInterface `parser:"| @@"`
	Enum      *gEnum      `parser:"| @@"`
}

type gBlock struct {
	Stmts  []*gStmt `parser:"  Newline Indent @@+ Dedent"`
	Simple *gSimple `parser:"| @@"`
}

type gIf struct {
	Pos   plexer.Position
	Cond  *gExpr   `parser:"'if' @@ ':'"`
	Body  *gBlock  `parser:"@@"`
	Elifs []*gElif `parser:"@@*"`
	Else  *gBlock  `parser:"( 'else' ':' @@ )?"`
}

type gElif struct {
	Pos  plexer.Position
	Cond *gExpr  `parser:"'elif' @@ ':'"`
	Body *gBlock `parser:"@@"`
}

type gWhile struct {
	Pos  plexer.Position
	Cond *gExpr  `parser:"'while' @@ ':'"`
	Body *gBlock `parser:"@@"`
	Else *gBlock `parser:"( 'else' ':' @@ )?"`
}

type gFor struct {
	Pos    plexer.Position
	Target *gTargets  `parser:"'for' @@ 'in'"`
	Iter   *gExprList `parser:"@@ ':'"`
	Body   *gBlock    `parser:"@@"`
	Else   *gBlock    `parser:"( 'else' ':' @@ )?"`
}

type gTry struct {
	Pos      plexer.Position
	Body     *gBlock    `parser:"'try' ':' @@"`
	Handlers []*gExcept `parser:"@@*"`
	Else     *gBlock    `parser:"( 'else' ':' @@ )?"`
	Finally  *gBlock    `parser:"( 'finally' ':' @@ )?"`
	EndPos   plexer.Position
}

type gExcept struct {
	Pos  plexer.Position
	Type *gExpr  `parser:"'except' ( @@"`
	Name string  `parser:"  ( 'as' @Ident )? )? ':'"`
	Body *gBlock `parser:"@@"`
}

type gDecorator struct {
	Pos plexer.Position
	X   *gPrimary `parser:"'@' @@ Newline"`
}

type gDef struct {
	Decorators []*gDecorator `parser:"@@*"`
	Def        plexer.Token  `parser:"@'def'"`
	Receiver   *gParam       `parser:"( '(' @@ ')' )?"`
	Name       plexer.Token  `parser:"@Ident"`
	Params     []*gParam     `parser:"'(' ( @@ ( (?= ',' ( Ident | '*' | '**' | '/' ) ) ',' @@ )* ','? )? ')'"`
	Return     *gType        `parser:"( '->' @@ )?"`
	Pipeline   *gPipeline    `parser:"( '=' @@"`
	PipeEnd    plexer.Token  `parser:"  @Newline"`
	Body       *gBlock       `parser:"| ':' @@ )"`
}

// gParam is one parameter, or one of Python's markers: a bare `*` (the
// parameters after it are keyword-only) or `/` (those before it are
// positional-only).
type gParam struct {
	Pos     plexer.Position
	Slash   bool   `parser:"(  @'/'"`
	Star    string `parser:" | ( @( '*' | '**' )"`
	Name    string `parser:"     @Ident? | @Ident )"`
	Type    *gType `parser:"   ( ':' @@ )?"`
	Default *gExpr `parser:"   ( '=' @@ )? )"`
}

type gPipeline struct {
	Pos    plexer.Position
	Stages []*gStage `parser:"@@ ( '|' @@ )*"`
}

// gStage is one stage of a declarative definition. It is parsed as a whole
// expression, so `a | b` inside X is split into stages during conversion
// (funcDef), and `def f(x) = x + 1` (an expression body) parses too.
type gStage struct {
	Pos plexer.Position
	X   *gExpr `parser:"@@"`
	As  string `parser:"( 'as' @Ident )?"`
}

type gStruct struct {
	Pos   plexer.Position
	Name  plexer.Token   `parser:"'struct' @Ident ':' Newline Indent"`
	Items []*gStructItem `parser:"@@+ Dedent"`
}

type gStructItem struct {
	Def  *gDef        `parser:"  @@"`
	Line *gStructLine `parser:"| @@"`
}

type gStructLine struct {
	Pos     plexer.Position
	Doc     []string     `parser:"(   @String+"`
	Pass    bool         `parser:"  | @'pass'"`
	Name    string       `parser:"  | @Ident ':'"`
	Type    *gType       `parser:"    @@"`
	Default *gExpr       `parser:"    ( '=' @@ )? )"`
	End     plexer.Token `parser:"@Newline"`
}

// gEnum is `enum Name:` with one member per line (§6.7); `enum` is a
// keyword only there (enumGuard).
type gEnum struct {
	Pos   plexer.Position
	G     enumGuard    `parser:"@@"`
	Name  plexer.Token `parser:"'enum' @Ident ':' Newline Indent"`
	Items []*gEnumLine `parser:"@@+ Dedent"`
}

type gEnumLine struct {
	Pos   plexer.Position
	Doc   []string     `parser:"(   @String+"`
	Pass  bool         `parser:"  | @'pass'"`
	Name  plexer.Token `parser:"  | @Ident"`
	Value *gExpr       `parser:"    ( '=' @@ )? )"`
	End   plexer.Token `parser:"@Newline"`
}

type gInterface struct {
	Pos   plexer.Position
	Name  plexer.Token  `parser:"'interface' @Ident ':' Newline Indent"`
	Items []*gIfaceLine `parser:"@@+ Dedent"`
}

type gIfaceLine struct {
	Pos    plexer.Position
	Doc    []string     `parser:"(   @String+"`
	Pass   bool         `parser:"  | @'pass'"`
	Def    bool         `parser:"  | @'def'?"`
	Name   plexer.Token `parser:"    @Ident"`
	Dotted string       `parser:"    ( @'.' @Ident )*"`
	Sig    *gSig        `parser:"    @@? )"`
	End    plexer.Token `parser:"@Newline"`
}

type gSig struct {
	Params []*gParam `parser:"'(' ( @@ ( (?= ',' ( Ident | '*' | '**' | '/' ) ) ',' @@ )* ','? )? ')'"`
	Return *gType    `parser:"( '->' @@ )?"`
}

type gSimple struct {
	G     simpleGuard  `parser:"@@"`
	Stmts []*gSmall    `parser:"@@ ( (?! ';' Newline ) ';' @@ )* ';'?"`
	End   plexer.Token `parser:"@Newline"`
}

type gSmall struct {
	Pos      plexer.Position
	Expr     *gExprStmt `parser:"  @@"`
	Pass     bool       `parser:"| @'pass'"`
	Break    bool       `parser:"| @'break'"`
	Continue bool       `parser:"| @'continue'"`
	Return   *gReturn   `parser:"| @@"`
	Raise    *gRaise    `parser:"| @@"`
	Assert   *gAssert   `parser:"| @@"`
	Import   *gImport   `parser:"| @@"`
	From     *gFrom     `parser:"| @@"`
	Del      *gExprList `parser:"| 'del' @@"`
	Global   []string   `parser:"| 'global' @Ident ( ',' @Ident )*"`
	Nonlocal []string   `parser:"| 'nonlocal' @Ident ( ',' @Ident )*"`
}

type gReturn struct {
	Kw bool       `parser:"@'return'"`
	X  *gExprList `parser:"@@?"`
}

type gRaise struct {
	Kw    bool   `parser:"@'raise'"`
	X     *gExpr `parser:"( @@"`
	Cause *gExpr `parser:"  ( 'from' @@ )? )?"`
}

type gAssert struct {
	Cond *gExpr `parser:"'assert' @@"`
	Msg  *gExpr `parser:"( ',' @@ )?"`
}

type gImport struct {
	Names []*gDotted `parser:"'import' @@ ( ',' @@ )*"`
}

type gDotted struct {
	Pos   plexer.Position
	Name  string `parser:"@Ident ( @'.' @Ident )*"`
	Alias string `parser:"( 'as' @Ident )?"`
}

type gFrom struct {
	Module string         `parser:"'from' @Ident ( @'.' @Ident )* 'import'"`
	Star   bool           `parser:"(   @'*'"`
	Names  []*gImportName `parser:"  | '(' @@ ( (?= ',' Ident ) ',' @@ )* ','? ')'"`
	Names2 []*gImportName `parser:"  | @@ ( ',' @@ )* )"`
}

type gImportName struct {
	Pos   plexer.Position
	Name  string `parser:"@Ident"`
	Alias string `parser:"( 'as' @Ident )?"`
}

type gExprStmt struct {
	G       exprStmtGuard `parser:"@@"`
	X       *gExprList    `parser:"@@"`
	Type    *gType        `parser:"( ':' @@"`
	TypeVal *gExprList    `parser:"  ( '=' @@ )? )?"`
	Assign  []*gExprList  `parser:"( '=' @@ )*"`
	AugOp   augOp         `parser:"( @@"`
	AugVal  *gExprList    `parser:"  @@ )?"`
}

// ---------------------------------------------------------------------------
// Expressions

// exprStart (in the lookahead groups below) lists the tokens that can start
// an expression: Ident Scoped Int Float String FStart ( [ { - + ~ * not lambda
// True False None $$.

type gExprList struct {
	Pos   plexer.Position
	Items []*gStarExpr `parser:"@@"`
	CG    commaExpr    `parser:"( @@"`
	More  []*gStarExpr `parser:"  ',' @@ )*"`
	Comma bool         `parser:"@','?"`
}

type gStarExpr struct {
	Pos  plexer.Position
	Run  litRun `parser:"  @@"`
	X    *gExpr `parser:"| @@"`
	Star *gBin  `parser:"| '*' @@"`
}

type gTargets struct {
	Pos   plexer.Position
	Items []*gTarget  `parser:"@@"`
	CG    commaTarget `parser:"( @@"`
	More  []*gTarget  `parser:"  ',' @@ )*"`
	Comma bool        `parser:"@','?"`
}

type gTarget struct {
	Pos  plexer.Position
	Star bool  `parser:"@'*'?"`
	X    *gBin `parser:"@@"`
}

// The expression chain is kept short (gExpr, gOperand, gPrimary, gAtom):
// every level costs participle a struct and a few branches per operand. The
// operators between operands are captured as a flat list, prefix operators as
// a list of strings, and precedence is applied during conversion (see
// flat.go).

type gExpr struct {
	Pos    plexer.Position
	First  *gOperand `parser:"  @@"`
	Rest   []*gInfix `parser:"  @@*"`
	If     *gOr      `parser:"  ( 'if' @@"`
	Else   *gExpr    `parser:"    'else' @@ )?"`
	Lambda *gLambda  `parser:"| @@"`
	Yield  *gYield   `parser:"| @@"`
}

// gYield is `yield [exprs]` or `yield from expr`.
type gYield struct {
	Pos  plexer.Position
	Kw   bool       `parser:"@'yield'"`
	From bool       `parser:"( @'from'"`
	Src  *gExpr     `parser:"  @@"`
	X    *gExprList `parser:"| @@ )?"`
}

type gLambda struct {
	Pos    plexer.Position
	Params []*gParam `parser:"'lambda' ( @@ ( (?= ',' ( Ident | '*' | '**' | '/' ) ) ',' @@ )* ','? )?"`
	Body   *gExpr    `parser:"'::' @@"`
}

// gOr is an or_test: a conditional expression without its `if`, as used in
// comprehension clauses and in the condition of a conditional expression.
type gOr struct {
	First *gOperand `parser:"@@"`
	Rest  []*gInfix `parser:"@@*"`
}

// gInfix is any binary operator and its right operand.
type gInfix struct {
	Pos plexer.Position
	Op  infixOp   `parser:"@@"`
	Y   *gOperand `parser:"@@"`
}

// gBin is an or_expr: arithmetic and bitwise operators only, as in starred
// expressions and assignment targets (where `in` must not be taken for a
// comparison).
type gBin struct {
	First *gOperand `parser:"@@"`
	Ops   []*gArith `parser:"@@*"`
}

type gArith struct {
	Pos plexer.Position
	Op  arithOp   `parser:"@@"`
	Y   *gOperand `parser:"@@"`
}

// gOperand is a primary with its prefix operators.
type gOperand struct {
	Pos plexer.Position
	Pre []prefixOp `parser:"@@*"`
	gPrimary
}

type gPrimary struct {
	Pos plexer.Position
	gAtom
	Trailers []*gTrailer `parser:"@@*"`
}

type gTrailer struct {
	G     trailerGuard `parser:"@@"`
	Attr  plexer.Token `parser:"(  '.' @Ident"`
	Call  *gCall       `parser:"| @@"`
	Index *gSubscript  `parser:"| @@ )"`
}

type gCall struct {
	Pos   plexer.Position
	Args  []*gArg  `parser:"'(' ( @@"`
	CG    commaArg `parser:"  ( @@"`
	More  []*gArg  `parser:"    ',' @@ )*"`
	Comma bool     `parser:"  @','? )? ')'"`
}

type gArg struct {
	Pos   plexer.Position
	Run   litRun    `parser:"(  @@"`
	X     *gExpr    `parser:"|  @@"`
	KwVal *gExpr    `parser:"   ( '=' @@"`
	FG    compGuard `parser:"   | @@"`
	Comp  *gComp    `parser:"     @@ )?"`
	Star  string    `parser:"|  @( '*' | '**' )"`
	SX    *gExpr    `parser:"   @@ )"`
}

type gSubscript struct {
	Pos   plexer.Position
	Items []*gSliceItem `parser:"'[' @@"`
	CG    commaSlice    `parser:"( @@"`
	More  []*gSliceItem `parser:"  ',' @@ )*"`
	Comma bool          `parser:"@','? ']'"`
}

type gSliceItem struct {
	Pos   plexer.Position
	Run   litRun `parser:"@@?"` // then ',' or ']' follows: nothing else matches
	Lo    *gExpr `parser:"@@?"`
	DCol  bool   `parser:"( @'::'"`
	DStep *gExpr `parser:"  @@?"`
	Col   bool   `parser:"| @':'"`
	Hi    *gExpr `parser:"  @@?"`
	Col2  bool   `parser:"  ( @':'"`
	Step  *gExpr `parser:"    @@? )? )?"`

	EndPos plexer.Position
}

type gAtom struct {
	Tok   atomTok `parser:"(  @@"`
	Strs  []*gStr `parser:"| @@+"`
	Paren *gParen `parser:"| @@"`
	List  *gList  `parser:"| @@"`
	Brace *gBrace `parser:"| @@ )"`
}

type gStr struct {
	Pos plexer.Position
	S   string    `parser:"  @String"`
	F   *gFString `parser:"| @@"`
}

type gFString struct {
	Start plexer.Token `parser:"@FStart"`
	Parts []*gFPart    `parser:"@@*"`
	End   plexer.Token `parser:"@FEnd"`
}

type gFPart struct {
	Text  plexer.Token `parser:"  @FText"`
	Field *gField      `parser:"| @@"`
}

type gField struct {
	Open  plexer.Token `parser:"@'{'"`
	X     *gExprList   `parser:"@@"`
	Debug plexer.Token `parser:"@'='?"`
	Bang  plexer.Token `parser:"( @'!'"`
	Conv  string       `parser:"  @Ident )?"`
	Colon plexer.Token `parser:"( @':'"`
	Spec  []*gFPart    `parser:"  @@* )?"`
	Close plexer.Token `parser:"@'}'"`
}

type gParen struct {
	Pos   plexer.Position
	First *gStarExpr   `parser:"'(' ( @@"`
	Pair  *gExpr       `parser:"  ( ':' @@ )?"`
	FG    compGuard    `parser:"  ( @@"`
	Comp  *gComp       `parser:"    @@ )?"`
	CG    commaExpr    `parser:"  ( @@"`
	Rest  []*gStarExpr `parser:"    ',' @@ )*"`
	Comma bool         `parser:"  @','? )? ')'"`
}

type gList struct {
	Pos   plexer.Position
	First *gStarExpr   `parser:"'[' ( @@"`
	FG    compGuard    `parser:"  ( @@"`
	Comp  *gComp       `parser:"    @@ )?"`
	CG    commaExpr    `parser:"  ( @@"`
	Rest  []*gStarExpr `parser:"    ',' @@ )*"`
	Comma bool         `parser:"  @','? )? ']'"`
}

type gBrace struct {
	Pos   plexer.Position
	First *gBraceItem   `parser:"'{' ( @@"`
	FG    compGuard     `parser:"  ( @@"`
	Comp  *gComp        `parser:"    @@ )?"`
	CG    commaArg      `parser:"  ( @@"`
	Rest  []*gBraceItem `parser:"    ',' @@ )*"`
	Comma bool          `parser:"  @','? )? '}'"`
}

type gBraceItem struct {
	Pos   plexer.Position
	Pairs litPairs   `parser:"  @@"`
	DStar *gBin      `parser:"| '**' @@"`
	Key   *gStarExpr `parser:"| @@"`
	Value *gExpr     `parser:"  ( ':' @@ )?"`

	EndPos plexer.Position
}

type gComp struct {
	For     *gCompFor    `parser:"@@"`
	Clauses []*gCompIter `parser:"@@*"`
}

type gCompFor struct {
	Pos    plexer.Position
	Target *gTargets `parser:"'for' @@"`
	Iter   *gOr      `parser:"'in' @@"`
}

type gCompIter struct {
	Pos plexer.Position
	For *gCompFor `parser:"  @@"`
	If  *gOr      `parser:"| 'if' @@"`
}

// ---------------------------------------------------------------------------
// Type expressions

type gType struct {
	Pos  plexer.Position
	Alts []*gTypeAtom `parser:"@@ ( '|' @@ )*"`
}

type gTypeAtom struct {
	Pos  plexer.Position
	Lit  *gTypeLit `parser:"(   @@"`
	Name string    `parser:"  | ( @'None' | @Ident ( @'.' @Ident )* )"`
	Args []*gType  `parser:"    ( '[' @@ ( (?= ',' ( Ident | 'None' ) ) ',' @@ )* ','? ']' )? )"`
}

// gTypeLit is a literal type (§2.5): "low", 3, -1, True. It is matched by
// hand (ops.go) so that a missing type is still reported as "a type".
type gTypeLit struct {
	Str  []string
	Neg  bool
	Int  string
	Bool string
}

// The lists above capture their first item and the items after a comma
// separately (the comma guard sits between them); these join them.

func (g *gExprList) items() []*gStarExpr   { return joinItems(g.Items, g.More) }
func (g *gTargets) items() []*gTarget      { return joinItems(g.Items, g.More) }
func (g *gSubscript) items() []*gSliceItem { return joinItems(g.Items, g.More) }
func (g *gCall) args() []*gArg             { return joinItems(g.Args, g.More) }

func joinItems[T any](first, more []T) []T {
	if len(more) == 0 {
		return first
	}
	return append(first[:len(first):len(first)], more...)
}
