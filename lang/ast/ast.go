// Package ast defines the syntax tree of mini-Dana programs.
//
// Every node carries the exact source position of its first token. Statements
// also carry the comments that surround them (the comment block directly above
// and the inline comment on their first line), because the CodeContextAnalyzer
// reads them when it builds the context of a reason() call.
//
// The tree is produced by package parser and consumed by the resolver and
// compiler in package interp and by package codecontext. It holds no runtime
// state and is safe to share between interpreters.
package ast

import (
	"fmt"
	"math/big"
	"strconv"
)

// Pos is a position in a source file. Line and Col count from 1; Col counts
// runes (not bytes) from the start of the line. Offset is the byte offset.
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int
}

// String renders the position as file:line:col.
func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// IsValid reports whether the position was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Node is implemented by every syntax tree node.
type Node interface {
	Position() Pos
}

// Comment is one `#` comment. Text excludes the leading '#' and surrounding
// white space.
type Comment struct {
	Pos  Pos
	Text string
	// Inline is true when code precedes the comment on its line.
	Inline bool
}

// File is a parsed .na source file.
type File struct {
	Name     string
	Source   string
	Stmts    []Stmt
	Comments []Comment // every comment of the file, in source order
	// Warnings are what the scanner accepted but the user should hear
	// about (an invalid escape kept as written, SPEC §1.4).
	Warnings []Warning
}

// Warning is a located remark about accepted source.
type Warning struct {
	Pos Pos
	Msg string
}

// ---------------------------------------------------------------------------
// Statements

// Stmt is implemented by every statement node.
type Stmt interface {
	Node
	Base() *StmtBase
}

// StmtBase holds what every statement has: its position, its extent and its
// comments.
type StmtBase struct {
	P Pos
	// EndLine is the last source line of the statement, including its block.
	EndLine int
	// Doc is the block of comment lines directly above the statement (no blank
	// line between them and the statement), in order, text only.
	Doc []string
	// Inline is the comment at the end of the statement's first line, or "".
	Inline string
}

// Position returns the position of the statement's first token.
func (b *StmtBase) Position() Pos { return b.P }

// Base returns the StmtBase itself.
func (b *StmtBase) Base() *StmtBase { return b }

// ExprStmt is an expression evaluated for its effect (at the REPL, its value is
// printed unless None).
type ExprStmt struct {
	StmtBase
	X Expr
}

// AssignStmt is `t1 = t2 = value`, `target: T = value` or the declaration
// `target: T` (Value nil, binds None). Each target is a Name, AttrExpr,
// IndexExpr, SliceExpr, or a TupleExpr/ListExpr of targets (unpacking).
// Type is set only for typed assignments, which have exactly one target.
type AssignStmt struct {
	StmtBase
	Targets []Expr
	Type    *TypeExpr
	Value   Expr
}

// AugAssignStmt is `target op= value`; Op is the binary operator without the
// '=' ("+", "-", "*", "/", "//", "%", "**", "|", "&", "^", "<<", ">>").
type AugAssignStmt struct {
	StmtBase
	Target Expr
	Op     string
	OpPos  Pos
	Value  Expr
}

// IfStmt is if/elif/else. An `elif` is represented as an IfStmt, flagged
// IsElif, that is the only statement of the Else block.
type IfStmt struct {
	StmtBase
	Cond   Expr
	Body   []Stmt
	Else   []Stmt
	IsElif bool
}

// WhileStmt is `while cond:` with an optional `else:` block.
type WhileStmt struct {
	StmtBase
	Cond Expr
	Body []Stmt
	Else []Stmt
}

// ForStmt is `for target in iter:` with an optional `else:` block.
type ForStmt struct {
	StmtBase
	Target Expr
	Iter   Expr
	Body   []Stmt
	Else   []Stmt
}

// BreakStmt is `break`.
type BreakStmt struct{ StmtBase }

// ContinueStmt is `continue`.
type ContinueStmt struct{ StmtBase }

// PassStmt is `pass`.
type PassStmt struct{ StmtBase }

// ReturnStmt is `return [value]`; Value is nil for a bare return.
type ReturnStmt struct {
	StmtBase
	Value Expr
}

// RaiseStmt is `raise [exc [from cause]]`; Exc is nil for a bare re-raise,
// Cause nil without `from`.
type RaiseStmt struct {
	StmtBase
	Exc   Expr
	Cause Expr
}

// DelStmt is `del t1, t2`: each target a Name, IndexExpr, SliceExpr,
// AttrExpr or a TupleExpr/ListExpr of targets.
type DelStmt struct {
	StmtBase
	Targets []Expr
}

// GlobalStmt is `global a, b` (Nonlocal false) or `nonlocal a, b`.
type GlobalStmt struct {
	StmtBase
	Names    []string
	Nonlocal bool
}

// AssertStmt is `assert cond [, msg]`.
type AssertStmt struct {
	StmtBase
	Cond Expr
	Msg  Expr
}

// TryStmt is try/except/else/finally.
type TryStmt struct {
	StmtBase
	Body     []Stmt
	Handlers []*ExceptClause
	Else     []Stmt
	Finally  []Stmt
}

// ExceptClause is one `except [Types [as Name]]:` block. Types is empty for a
// bare `except:`; `except (A, B)` lists both.
type ExceptClause struct {
	P     Pos
	Types []Expr
	Name  string
	Body  []Stmt
}

// Position returns the position of the `except` keyword.
// Position returns the position of the ExceptClause's first token.
func (e *ExceptClause) Position() Pos { return e.P }

// ImportStmt is `import a.b.c [as alias]`.
type ImportStmt struct {
	StmtBase
	Module string // dotted path as written
	Alias  string // "" when absent
}

// ImportName is one `name [as alias]` of a from-import.
type ImportName struct {
	P     Pos
	Name  string
	Alias string
}

// FromImportStmt is `from a.b import x, y as z` or `from a.b import *`.
type FromImportStmt struct {
	StmtBase
	Module string
	Names  []*ImportName
	Star   bool
}

// ParamKind tells ordinary parameters from *args and **kwargs.
type ParamKind int

// Parameter kinds.
const (
	ParamNormal  ParamKind = iota
	ParamVarArgs           // *args
	ParamKwArgs            // **kwargs
)

// Param is a function, lambda or receiver parameter.
type Param struct {
	P       Pos
	Name    string
	Type    *TypeExpr // nil when absent
	Default Expr      // nil when absent
	Kind    ParamKind
	// KwOnly marks a parameter after a bare `*`: it can only be passed by
	// keyword. (Parameters after *args are keyword-only too, by position.)
	KwOnly bool
	// PosOnly marks a parameter before `/`: it cannot be passed by keyword.
	PosOnly bool
}

// Position returns the position of the parameter name.
func (p *Param) Position() Pos { return p.P }

// Decorator is one `@expr` line above a def.
type Decorator struct {
	P    Pos
	Expr Expr // a Name, AttrExpr or CallExpr
}

// Position returns the position of the '@'.
func (d *Decorator) Position() Pos { return d.P }

// FuncDef is a `def`, including receiver methods (`def (p: Point) norm():`)
// and declarative pipelines (`def f(x) = a | b`).
type FuncDef struct {
	StmtBase
	Name       string
	NamePos    Pos
	Receiver   *Param // nil unless a receiver method
	Params     []*Param
	Return     *TypeExpr // nil when absent
	Body       []Stmt    // nil for a pipeline
	Pipeline   *Pipeline // non-nil for `def f(x) = ...`
	Decorators []*Decorator
	// Doc is the docstring: the value of a string literal that is the first
	// statement of the body (that statement stays in Body).
	Doc string
}

// Pipeline is the right-hand side of a declarative pipeline definition.
type Pipeline struct {
	P      Pos
	Stages []*PipeStage
}

// PipeStage is one stage: a Name or AttrExpr (called with the current value),
// a CallExpr (the current value is inserted as first argument unless a
// PlaceholderExpr or a named stage result appears among its arguments), or a
// ListExpr of such stages (each runs; the stage yields the list of results).
// As names the stage's result for later stages ("" when absent).
type PipeStage struct {
	P    Pos
	Expr Expr
	As   string
}

// StructDef is `struct Name:` with fields, an optional docstring and methods.
type StructDef struct {
	StmtBase
	Name    string
	Doc     string
	Fields  []*Field
	Methods []*FuncDef
}

// Field is one struct field `name: T [= default]  # comment`.
type Field struct {
	P       Pos
	Name    string
	Type    *TypeExpr
	Default Expr   // nil when absent
	Comment string // inline comment, "" when absent
	Doc     []string
}

// Position returns the position of the field name.
func (f *Field) Position() Pos { return f.P }

// EnumDef is `enum Name:` with members one per line (§6.7).
type EnumDef struct {
	StmtBase
	Name    string
	Doc     string
	Members []*EnumMember
}

// EnumMember is one enum member `NAME [= literal]  # description`.
type EnumMember struct {
	P       Pos
	Name    string
	Value   Expr   // nil: the member's value is its name
	Comment string // the inline comment (or the comment block above), its description
}

// Position returns the position of the member name.
func (m *EnumMember) Position() Pos { return m.P }

// InterfaceDef is `interface Name:` with method signatures and embedded
// interface names.
type InterfaceDef struct {
	StmtBase
	Name    string
	Doc     string
	Methods []*MethodSig
	Embeds  []string
}

// MethodSig is one `name(params) -> R` line of an interface.
type MethodSig struct {
	P      Pos
	Name   string
	Params []*Param
	Return *TypeExpr
}

// Position returns the position of the method name.
func (m *MethodSig) Position() Pos { return m.P }

// ---------------------------------------------------------------------------
// Type expressions

// TypeExpr is a type hint: a name (`int`, `Point`, `geo.Point`, `None`), a
// generic (`list[int]`, `dict[str, float]`, `tuple[int, str]`) or a union
// (`int | None`, Union set and Name empty).
type TypeExpr struct {
	P     Pos
	Name  string
	Args  []*TypeExpr
	Union []*TypeExpr
	// Lit is a literal type's value (§2.5): string, int64 or bool; Name
	// is then empty.
	Lit any
}

// Position returns the position of the type's first token.
func (t *TypeExpr) Position() Pos { return t.P }

// String renders the type as it would be written.
func (t *TypeExpr) String() string {
	if t == nil {
		return ""
	}
	if len(t.Union) > 0 {
		s := ""
		for i, u := range t.Union {
			if i > 0 {
				s += " | "
			}
			s += u.String()
		}
		return s
	}
	switch l := t.Lit.(type) {
	case string:
		return strconv.Quote(l)
	case int64:
		return strconv.FormatInt(l, 10)
	case bool:
		if l {
			return "True"
		}
		return "False"
	}
	if len(t.Args) == 0 {
		return t.Name
	}
	s := t.Name + "["
	for i, a := range t.Args {
		if i > 0 {
			s += ", "
		}
		s += a.String()
	}
	return s + "]"
}

// ---------------------------------------------------------------------------
// Expressions

// Expr is implemented by every expression node.
type Expr interface {
	Node
	exprNode()
}

// Name is a variable reference, optionally scoped: `x`, `local:x`,
// `private:count`. Scope is "" for a plain name.
type Name struct {
	P     Pos
	Scope string
	Name  string
}

// IntLit is an integer literal; V is its value.
type IntLit struct {
	P    Pos
	Text string
	V    *big.Int
}

// FloatLit is a float literal.
type FloatLit struct {
	P    Pos
	Text string
	V    float64
}

// StrLit is a string literal with escapes already processed (adjacent literals
// are concatenated).
type StrLit struct {
	P Pos
	V string
}

// BoolLit is True/False (also true/false).
type BoolLit struct {
	P Pos
	V bool
}

// NoneLit is None (also null).
type NoneLit struct{ P Pos }

// FString is an f-string: literal text and embedded expressions.
type FString struct {
	P     Pos
	Parts []FStringPart
}

// FStringPart is either literal text (Expr nil) or an embedded `{expr!c:spec}`.
type FStringPart struct {
	Lit  string
	Expr Expr
	// Conv is 'r', 's' or 'a' for `!r`, `!s`, `!a`; 0 when absent.
	Conv byte
	// Spec is the format spec after ':' (it may itself hold `{expr}` parts);
	// nil when absent.
	Spec *FString
	// Debug is true for `{expr=}`; DebugText is the source text `expr=`.
	Debug     bool
	DebugText string
}

// ListExpr is `[a, b]`.
type ListExpr struct {
	P     Pos
	Elems []Expr
}

// TupleExpr is `(a, b)`, `(a,)`, `()` or a bare `a, b`.
type TupleExpr struct {
	P     Pos
	Elems []Expr
}

// SetExpr is `{a, b}`.
type SetExpr struct {
	P     Pos
	Elems []Expr
}

// YieldExpr is `yield [value]` or `yield from value` (From true); a function
// whose body contains one is a generator.
type YieldExpr struct {
	P     Pos
	Value Expr // nil for a bare yield
	From  bool
}

// NamedExpr is the assignment expression `name := value`.
type NamedExpr struct {
	P      Pos
	Target *Name
	Value  Expr
}

// EllipsisLit is `...`.
type EllipsisLit struct{ P Pos }

// DictExpr is `{k: v, ...}`. A nil key marks `**mapping` (its Value is the
// mapping to unpack).
type DictExpr struct {
	P      Pos
	Keys   []Expr
	Values []Expr
}

// CompKind says what a comprehension builds.
type CompKind int

// Comprehension kinds. A generator expression (`sum(x for x in xs)`) is
// evaluated eagerly to a list.
const (
	CompList CompKind = iota
	CompSet
	CompDict
	CompGen
)

// CompClause is one `for Target in Iter` (If nil) or `if Cond` clause.
type CompClause struct {
	P      Pos
	Target Expr
	Iter   Expr
	If     Expr
}

// CompExpr is a comprehension. Elt is the element (list, set, generator);
// Key and Value are set for dict comprehensions (`{k: v for ...}` and Dana's
// `{(k: v) for ...}`).
type CompExpr struct {
	P       Pos
	Kind    CompKind
	Elt     Expr
	Key     Expr
	Value   Expr
	Clauses []*CompClause
}

// UnaryExpr is `-x`, `+x`, `~x` or `not x`.
type UnaryExpr struct {
	P  Pos
	Op string
	X  Expr
}

// BinaryExpr is an arithmetic or bitwise operation; Op is one of
// + - * / // % ** | & ^ << >>. P is the position of the left operand and
// OpPos of the operator.
type BinaryExpr struct {
	P     Pos
	Op    string
	OpPos Pos
	X, Y  Expr
}

// BoolExpr is `x and y` / `x or y` (short-circuit).
type BoolExpr struct {
	P    Pos
	Op   string
	X, Y Expr
}

// CompareExpr is a (possibly chained) comparison: First Ops[0] Rest[0]
// Ops[1] Rest[1] ... Ops are < <= > >= == != in "not in" is "is not".
type CompareExpr struct {
	P     Pos
	First Expr
	Ops   []string
	OpPos []Pos
	Rest  []Expr
}

// CondExpr is `Then if Cond else Else`.
type CondExpr struct {
	P    Pos
	Cond Expr
	Then Expr
	Else Expr
}

// LambdaExpr is `lambda params :: body`.
type LambdaExpr struct {
	P      Pos
	Params []*Param
	Body   Expr
}

// Arg is one call argument: positional (Name ""), keyword (Name set), `*x`
// (Star) or `**x` (DoubleStar).
type Arg struct {
	P          Pos
	Name       string
	Value      Expr
	Star       bool
	DoubleStar bool
}

// CallExpr is `Fn(args)`. P is the position of Fn's first token, LParen that
// of the '('.
type CallExpr struct {
	P      Pos
	Fn     Expr
	LParen Pos
	Args   []*Arg
}

// IndexExpr is `X[Index]`.
type IndexExpr struct {
	P      Pos
	X      Expr
	LBrack Pos
	Index  Expr
}

// SliceExpr is `X[Lo:Hi:Step]`; absent parts are nil.
type SliceExpr struct {
	P            Pos
	X            Expr
	LBrack       Pos
	Lo, Hi, Step Expr
}

// AttrExpr is `X.Name`.
type AttrExpr struct {
	P       Pos
	X       Expr
	Name    string
	NamePos Pos
}

// PlaceholderExpr is `$$` in a pipeline stage.
type PlaceholderExpr struct{ P Pos }

// StarredExpr is `*x` in a list/tuple display or an assignment target.
type StarredExpr struct {
	P Pos
	X Expr
}

// Position implementations.

// Position returns the position of the Name's first token.
func (e *Name) Position() Pos { return e.P }

// Position returns the position of the IntLit's first token.
func (e *IntLit) Position() Pos { return e.P }

// Position returns the position of the FloatLit's first token.
func (e *FloatLit) Position() Pos { return e.P }

// Position returns the position of the StrLit's first token.
func (e *StrLit) Position() Pos { return e.P }

// Position returns the position of the BoolLit's first token.
func (e *BoolLit) Position() Pos { return e.P }

// Position returns the position of the NoneLit's first token.
func (e *NoneLit) Position() Pos { return e.P }

// Position returns the position of the FString's first token.
func (e *FString) Position() Pos { return e.P }

// Position returns the position of the ListExpr's first token.
func (e *ListExpr) Position() Pos { return e.P }

// Position returns the position of the TupleExpr's first token.
func (e *TupleExpr) Position() Pos { return e.P }

// Position returns the position of the SetExpr's first token.
func (e *SetExpr) Position() Pos { return e.P }

// Position returns the position of the `yield` keyword.
func (e *YieldExpr) Position() Pos { return e.P }

// Position returns the position of the assigned name.
func (e *NamedExpr) Position() Pos { return e.P }

// Position returns the position of the `...`.
func (e *EllipsisLit) Position() Pos { return e.P }

// Position returns the position of the DictExpr's first token.
func (e *DictExpr) Position() Pos { return e.P }

// Position returns the position of the CompExpr's first token.
func (e *CompExpr) Position() Pos { return e.P }

// Position returns the position of the UnaryExpr's first token.
func (e *UnaryExpr) Position() Pos { return e.P }

// Position returns the position of the BinaryExpr's first token.
func (e *BinaryExpr) Position() Pos { return e.P }

// Position returns the position of the BoolExpr's first token.
func (e *BoolExpr) Position() Pos { return e.P }

// Position returns the position of the CompareExpr's first token.
func (e *CompareExpr) Position() Pos { return e.P }

// Position returns the position of the CondExpr's first token.
func (e *CondExpr) Position() Pos { return e.P }

// Position returns the position of the LambdaExpr's first token.
func (e *LambdaExpr) Position() Pos { return e.P }

// Position returns the position of the CallExpr's first token.
func (e *CallExpr) Position() Pos { return e.P }

// Position returns the position of the IndexExpr's first token.
func (e *IndexExpr) Position() Pos { return e.P }

// Position returns the position of the SliceExpr's first token.
func (e *SliceExpr) Position() Pos { return e.P }

// Position returns the position of the AttrExpr's first token.
func (e *AttrExpr) Position() Pos { return e.P }

// Position returns the position of the PlaceholderExpr's first token.
func (e *PlaceholderExpr) Position() Pos { return e.P }

// Position returns the position of the StarredExpr's first token.
func (e *StarredExpr) Position() Pos { return e.P }

func (*Name) exprNode()            {}
func (*YieldExpr) exprNode()       {}
func (*NamedExpr) exprNode()       {}
func (*EllipsisLit) exprNode()     {}
func (*IntLit) exprNode()          {}
func (*FloatLit) exprNode()        {}
func (*StrLit) exprNode()          {}
func (*BoolLit) exprNode()         {}
func (*NoneLit) exprNode()         {}
func (*FString) exprNode()         {}
func (*ListExpr) exprNode()        {}
func (*TupleExpr) exprNode()       {}
func (*SetExpr) exprNode()         {}
func (*DictExpr) exprNode()        {}
func (*CompExpr) exprNode()        {}
func (*UnaryExpr) exprNode()       {}
func (*BinaryExpr) exprNode()      {}
func (*BoolExpr) exprNode()        {}
func (*CompareExpr) exprNode()     {}
func (*CondExpr) exprNode()        {}
func (*LambdaExpr) exprNode()      {}
func (*CallExpr) exprNode()        {}
func (*IndexExpr) exprNode()       {}
func (*SliceExpr) exprNode()       {}
func (*AttrExpr) exprNode()        {}
func (*PlaceholderExpr) exprNode() {}
func (*StarredExpr) exprNode()     {}
