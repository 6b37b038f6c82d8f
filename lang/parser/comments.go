package parser

import (
	"strings"

	"github.com/minidana/dana/lang/ast"
)

// attachComments fills StmtBase.Doc and Inline of every statement, and
// Field.Doc and Comment of every struct field: Doc is the block of
// comment-only lines directly above the node's first line (no blank line in
// between), Inline the comment that ends the node's first line.
func attachComments(stmts []ast.Stmt, comments []ast.Comment) {
	if len(comments) == 0 {
		return
	}
	a := commentIndex{own: map[int]string{}, inline: map[int]string{}}
	for _, c := range comments {
		if c.Inline {
			a.inline[c.Pos.Line] = c.Text
		} else {
			a.own[c.Pos.Line] = c.Text
		}
	}
	a.stmts(stmts)
}

type commentIndex struct {
	own    map[int]string // comment-only lines
	inline map[int]string // comments after code
}

// doc returns the comment block that ends on the line above line.
func (a *commentIndex) doc(line int) []string {
	first := line
	for {
		if _, ok := a.own[first-1]; !ok {
			break
		}
		first--
	}
	if first == line {
		return nil
	}
	out := make([]string, 0, line-first)
	for l := first; l < line; l++ {
		out = append(out, a.own[l])
	}
	return out
}

func (a *commentIndex) stmts(stmts []ast.Stmt) {
	for _, s := range stmts {
		b := s.Base()
		first := b.P.Line
		if f, ok := s.(*ast.FuncDef); ok && len(f.Decorators) > 0 {
			first = f.Decorators[0].P.Line
		}
		b.Doc = a.doc(first)
		b.Inline = a.inline[b.P.Line]
		switch n := s.(type) {
		case *ast.IfStmt:
			a.stmts(n.Body)
			a.stmts(n.Else)
		case *ast.WhileStmt:
			a.stmts(n.Body)
			a.stmts(n.Else)
		case *ast.ForStmt:
			a.stmts(n.Body)
			a.stmts(n.Else)
		case *ast.TryStmt:
			a.stmts(n.Body)
			for _, h := range n.Handlers {
				a.stmts(h.Body)
			}
			a.stmts(n.Else)
			a.stmts(n.Finally)
		case *ast.FuncDef:
			a.stmts(n.Body)
		case *ast.EnumDef:
			for _, m := range n.Members {
				m.Comment = a.inline[m.P.Line]
				if m.Comment == "" {
					m.Comment = strings.Join(a.doc(m.P.Line), " ")
				}
			}
		case *ast.StructDef:
			for _, f := range n.Fields {
				f.Doc = a.doc(f.P.Line)
				f.Comment = a.inline[f.P.Line]
			}
			for _, m := range n.Methods {
				a.stmts([]ast.Stmt{m})
			}
		}
	}
}
