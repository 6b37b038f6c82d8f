package codecontext

import (
	"path/filepath"
	"strconv"

	"github.com/minidana/dana/lang/ast"
)

// Site is what the analyzer knows about a call of a function other than
// reason(), by name (`f(...)`) or attribute (`obj.f(...)`): the type the
// call site expects of the result, by the rules of SPEC §9.2. A POET
// function with neither an expected_output_type nor a return hint coerces
// its result to it (SPEC §10.3).
//
// Only calls whose site expects a type get a Site: the analyzer keeps none
// for `print(f())` or `x = f()`.
type Site struct {
	// Pos is the position of the call (that of the callee expression, as
	// for a Context).
	Pos ast.Pos
	// Call is the call expression.
	Call *ast.CallExpr
	// Callee is the name called: "f" for f(...) and for obj.f(...).
	Callee string
	// ExpectedType is the type the call site expects (never nil). Struct
	// names are resolved by the caller at run time.
	ExpectedType *ast.TypeExpr
	// TypeSource says where ExpectedType comes from; TypeReason explains
	// it in words ("the result is assigned to `n: int`").
	TypeSource Source
	TypeReason string
}

// Declared reports whether the expected type is declared in the program —
// an assignment, return or parameter hint, or a conversion such as
// float(...) — rather than inferred from the construct the call sits in
// (a condition, a for loop, arithmetic, a string). A POET function
// converts any result to a declared type, but a result of a merely
// inferred type only when it is a str (a model's text: "no", "42"); other
// values are left as they are, since the construct can use them.
func (s *Site) Declared() bool {
	if s == nil {
		return false
	}
	switch s.TypeSource {
	case SourceAssignment, SourceReturn, SourceParameter, SourceConversion, SourceExplicit:
		return true
	}
	return false
}

// TypeName is the expected type as written, e.g. "int" or "list[str]".
func (s *Site) TypeName() string {
	if s == nil || s.ExpectedType == nil {
		return ""
	}
	return s.ExpectedType.String()
}

// Where is the call's location for humans and prompts: the file's base
// name and the line.
func (s *Site) Where() string {
	return filepath.Base(s.Pos.File) + ":" + strconv.Itoa(s.Pos.Line)
}

// calleeName is the name a call calls: the function's name or the
// attribute's ("" for anything else).
func calleeName(call *ast.CallExpr) string {
	switch fn := call.Fn.(type) {
	case *ast.Name:
		return fn.Name
	case *ast.AttrExpr:
		return fn.Name
	}
	return ""
}

// site returns the Site of a named call, or nil when its site expects
// nothing.
func (w *walker) site(call *ast.CallExpr) *Site {
	if _, ok := w.parent[call].(*ast.ExprStmt); ok {
		return nil // a call for its effect: the common case, decided at once
	}
	s, _ := w.enclosing(call)
	e := w.expectOf(call, &s)
	if e.typ == nil {
		return nil
	}
	st := &Site{Pos: call.P, Call: call, Callee: calleeName(call),
		ExpectedType: e.typ, TypeSource: e.src, TypeReason: e.why}
	if st.Pos.File == "" {
		st.Pos.File = w.file.Name
	}
	return st
}
