// Package codecontext is mini-Dana's CodeContextAnalyzer (SPEC §9.2). When a
// file is loaded, before it runs, the analyzer visits every call to reason()
// and records what the call site says about the answer the program wants:
// the expected type and where it comes from (an assignment hint, the
// enclosing function's return hint, a typed parameter, the construct the
// call sits in), the comments around the statement, the surrounding source
// lines, the enclosing function's signature and docstring, and the variables
// in scope with their declared types.
//
// The analysis is static and runs once per file; reason() looks the result up
// by call position at each call, so a call in a loop costs a map lookup.
package codecontext

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// Source says where a call's expected type comes from, in the order of
// SPEC §9.2 (the first that applies wins).
type Source string

// The sources of an expected type.
const (
	// SourceExplicit is an expected_output_type given at call time (by an
	// enclosing @poet); the analyzer never produces it, reason() does.
	SourceExplicit Source = "explicit"
	// SourceAssignment is the hint of a typed assignment `x: float = ...`
	// (or of a variable or struct field declared with a type earlier).
	SourceAssignment Source = "assignment"
	// SourceCaller is the call site of the enclosing POET function, which
	// has neither an expected_output_type nor a return hint (SPEC §10.3):
	// `y: float = f()` makes reason() calls returned by f ask for a float.
	// The analyzer never produces it, reason() does.
	SourceCaller Source = "caller"
	// SourceReturn is the enclosing function's return hint, for a returned
	// call.
	SourceReturn Source = "return"
	// SourceParameter is the hint of the parameter (or struct field) the
	// call's value is passed to, e.g. area(r=reason(...)).
	SourceParameter Source = "parameter"
	// SourceConversion is a conversion call around the value: float(reason(...)).
	SourceConversion Source = "conversion"
	// SourceCondition is an if/while/assert condition or an operand of
	// not/and/or: bool.
	SourceCondition Source = "condition"
	// SourceIteration is a for (or comprehension) iterable: list.
	SourceIteration Source = "iteration"
	// SourceString is an f-string or a `+` with a string: str.
	SourceString Source = "string"
	// SourceArithmetic is an arithmetic operand: float.
	SourceArithmetic Source = "arithmetic"
	// SourceComparison is a comparison with a number (float) or a string.
	SourceComparison Source = "comparison"
	// SourceDefault is no information at all: str.
	SourceDefault Source = "default"
)

// Context is what the analyzer knows about one reason() call site.
type Context struct {
	// Pos is the position of the call (that of the callee name); File,
	// Line and Col repeat it.
	Pos  ast.Pos
	File string
	Line int
	Col  int
	// Call is the call expression.
	Call *ast.CallExpr
	// ExpectedType is the type the call site expects (never nil: `str` by
	// default). Struct names are resolved by the caller at run time.
	ExpectedType *ast.TypeExpr
	// TypeSource says where ExpectedType comes from.
	TypeSource Source
	// TypeReason explains it in words, e.g. "the result is assigned to
	// `ratio: float`".
	TypeReason string
	// Returned is true when the call's value is the enclosing function's
	// result (`return reason(...)`, possibly through `x if c else y`).
	Returned bool
	// Comments is the comment block directly above the statement that holds
	// the call; InlineComment the comment at the end of its line.
	Comments      []string
	InlineComment string
	// Before holds up to 3 source lines before the call's line (the first
	// is line FirstLine), Text the call's line, After up to 3 lines after.
	Before    []string
	Text      string
	After     []string
	FirstLine int
	// Function is the enclosing function (nil at the top level).
	Function *Function
	// Variables are the variables in scope at the call, with their declared
	// types ("" when undeclared): parameters and locals of the enclosing
	// functions first, innermost first, then the module's.
	Variables []Variable
}

// Function describes the function that encloses a call.
type Function struct {
	// Name is the function's name; a struct method is "Struct.name" and a
	// receiver method "(p: Point) name" is "Point.name".
	Name       string
	Params     []Variable
	Return     string
	Doc        string
	Decorators []string
	Line       int
}

// Variable is a name in scope and its declared type ("" when undeclared).
type Variable struct {
	Name string
	Type string
	// Line is where it is declared (or first assigned).
	Line int
}

// Signature renders the function's header, e.g. `def area(r: float) -> float`.
func (f *Function) Signature() string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("def ")
	b.WriteString(f.Name)
	b.WriteByte('(')
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		if p.Type != "" {
			b.WriteString(": ")
			b.WriteString(p.Type)
		}
	}
	b.WriteByte(')')
	if f.Return != "" {
		b.WriteString(" -> ")
		b.WriteString(f.Return)
	}
	return b.String()
}

// TypeName is the expected type as written, e.g. "float" or "list[str]".
func (c *Context) TypeName() string {
	if c == nil || c.ExpectedType == nil {
		return "str"
	}
	return c.ExpectedType.String()
}

// Where is the call's location for humans and prompts: the file's base name
// and the line (base name only, so prompts, and the record/replay keys made
// from them, do not depend on the directory a script is run from).
func (c *Context) Where() string {
	return filepath.Base(c.File) + ":" + strconv.Itoa(c.Line)
}

// Plain returns the context as plain Go data (maps, slices, strings, ints),
// ready for JSON and for execution records.
func (c *Context) Plain() map[string]any {
	if c == nil {
		return nil
	}
	m := map[string]any{
		"file":          c.File,
		"line":          c.Line,
		"column":        c.Col,
		"expected_type": c.TypeName(),
		"type_source":   string(c.TypeSource),
		"returned":      c.Returned,
		"text":          c.Text,
		"first_line":    c.FirstLine,
	}
	if c.TypeReason != "" {
		m["type_reason"] = c.TypeReason
	}
	if len(c.Comments) > 0 {
		m["comments"] = stringsAny(c.Comments)
	}
	if c.InlineComment != "" {
		m["inline_comment"] = c.InlineComment
	}
	if len(c.Before) > 0 {
		m["before"] = stringsAny(c.Before)
	}
	if len(c.After) > 0 {
		m["after"] = stringsAny(c.After)
	}
	if f := c.Function; f != nil {
		fm := map[string]any{"name": f.Name, "signature": f.Signature(), "line": f.Line}
		if f.Return != "" {
			fm["return"] = f.Return
		}
		if f.Doc != "" {
			fm["doc"] = f.Doc
		}
		if len(f.Decorators) > 0 {
			fm["decorators"] = stringsAny(f.Decorators)
		}
		ps := make([]any, len(f.Params))
		for i, p := range f.Params {
			ps[i] = map[string]any{"name": p.Name, "type": p.Type}
		}
		fm["params"] = ps
		m["function"] = fm
	}
	if len(c.Variables) > 0 {
		vs := make([]any, len(c.Variables))
		for i, v := range c.Variables {
			vs[i] = map[string]any{"name": v.Name, "type": v.Type, "line": v.Line}
		}
		m["variables"] = vs
	}
	return m
}

func stringsAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
