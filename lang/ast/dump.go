package ast

import (
	"strconv"
	"strings"
)

// Dump renders a node as a compact S-expression, for tests and debugging.
// Positions and comments are left out. Examples:
//
//	x = a + 1          (= x (+ a 1))
//	f(1, k=v)          (call f 1 k=v)
//	if a: pass         (if a (pass))
//	-x                 (- x)
//	x[1:]              (slice x 1 _ _)
func Dump(n Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

// DumpStmts renders statements with Dump, one per line.
func DumpStmts(stmts []Stmt) string {
	var b strings.Builder
	for i, s := range stmts {
		if i > 0 {
			b.WriteByte('\n')
		}
		dump(&b, s)
	}
	return b.String()
}

func dumpList[T Node](b *strings.Builder, prefix string, xs []T) {
	b.WriteString(prefix)
	for i, x := range xs {
		if i > 0 || prefix != "" {
			b.WriteByte(' ')
		}
		dump(b, x)
	}
}

func dumpBlock(b *strings.Builder, stmts []Stmt) {
	b.WriteByte('(')
	for i, s := range stmts {
		if i > 0 {
			b.WriteByte(' ')
		}
		dump(b, s)
	}
	b.WriteByte(')')
}

func dumpOpt(b *strings.Builder, e Expr) {
	if e == nil {
		b.WriteByte('_')
		return
	}
	dump(b, e)
}

func dumpParams(b *strings.Builder, ps []*Param) {
	b.WriteByte('(')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		dump(b, p)
	}
	b.WriteByte(')')
}

func dumpFString(b *strings.Builder, s *FString) {
	b.WriteString("(f")
	for _, p := range s.Parts {
		b.WriteByte(' ')
		if p.Expr == nil {
			b.WriteString(strconv.Quote(p.Lit))
			continue
		}
		b.WriteByte('{')
		dump(b, p.Expr)
		if p.Debug {
			b.WriteString(" =" + strconv.Quote(p.DebugText))
		}
		if p.Conv != 0 {
			b.WriteString(" !" + string(p.Conv))
		}
		if p.Spec != nil {
			b.WriteString(" :")
			dumpFString(b, p.Spec)
		}
		b.WriteByte('}')
	}
	b.WriteByte(')')
}

func dump(b *strings.Builder, n Node) {
	switch x := n.(type) {
	case nil:
		b.WriteByte('_')

	// Statements.
	case *ExprStmt:
		dump(b, x.X)
	case *AssignStmt:
		b.WriteString("(=")
		for i, t := range x.Targets {
			b.WriteByte(' ')
			dump(b, t)
			if i == 0 && x.Type != nil {
				b.WriteString(":" + x.Type.String())
			}
		}
		b.WriteByte(' ')
		dumpOpt(b, x.Value)
		b.WriteByte(')')
	case *AugAssignStmt:
		b.WriteString("(" + x.Op + "= ")
		dump(b, x.Target)
		b.WriteByte(' ')
		dump(b, x.Value)
		b.WriteByte(')')
	case *IfStmt:
		if x.IsElif {
			b.WriteString("(elif ")
		} else {
			b.WriteString("(if ")
		}
		dump(b, x.Cond)
		b.WriteByte(' ')
		dumpBlock(b, x.Body)
		if x.Else != nil {
			b.WriteByte(' ')
			dumpBlock(b, x.Else)
		}
		b.WriteByte(')')
	case *WhileStmt:
		b.WriteString("(while ")
		dump(b, x.Cond)
		b.WriteByte(' ')
		dumpBlock(b, x.Body)
		if x.Else != nil {
			b.WriteByte(' ')
			dumpBlock(b, x.Else)
		}
		b.WriteByte(')')
	case *ForStmt:
		b.WriteString("(for ")
		dump(b, x.Target)
		b.WriteByte(' ')
		dump(b, x.Iter)
		b.WriteByte(' ')
		dumpBlock(b, x.Body)
		if x.Else != nil {
			b.WriteByte(' ')
			dumpBlock(b, x.Else)
		}
		b.WriteByte(')')
	case *BreakStmt:
		b.WriteString("(break)")
	case *ContinueStmt:
		b.WriteString("(continue)")
	case *PassStmt:
		b.WriteString("(pass)")
	case *ReturnStmt:
		b.WriteString("(return")
		if x.Value != nil {
			b.WriteByte(' ')
			dump(b, x.Value)
		}
		b.WriteByte(')')
	case *RaiseStmt:
		b.WriteString("(raise")
		if x.Exc != nil {
			b.WriteByte(' ')
			dump(b, x.Exc)
		}
		if x.Cause != nil {
			b.WriteString(" from ")
			dump(b, x.Cause)
		}
		b.WriteByte(')')
	case *DelStmt:
		b.WriteString("(del")
		for _, t := range x.Targets {
			b.WriteByte(' ')
			dump(b, t)
		}
		b.WriteByte(')')
	case *GlobalStmt:
		if x.Nonlocal {
			b.WriteString("(nonlocal")
		} else {
			b.WriteString("(global")
		}
		for _, n := range x.Names {
			b.WriteString(" " + n)
		}
		b.WriteByte(')')
	case *YieldExpr:
		b.WriteString("(yield")
		if x.From {
			b.WriteString("-from")
		}
		if x.Value != nil {
			b.WriteByte(' ')
			dump(b, x.Value)
		}
		b.WriteByte(')')
	case *NamedExpr:
		b.WriteString("(:= " + x.Target.Name + " ")
		dump(b, x.Value)
		b.WriteByte(')')
	case *EllipsisLit:
		b.WriteString("...")
	case *AssertStmt:
		b.WriteString("(assert ")
		dump(b, x.Cond)
		if x.Msg != nil {
			b.WriteByte(' ')
			dump(b, x.Msg)
		}
		b.WriteByte(')')
	case *TryStmt:
		b.WriteString("(try ")
		dumpBlock(b, x.Body)
		for _, h := range x.Handlers {
			b.WriteByte(' ')
			dump(b, h)
		}
		if x.Else != nil {
			b.WriteString(" (else ")
			dumpBlock(b, x.Else)
			b.WriteByte(')')
		}
		if x.Finally != nil {
			b.WriteString(" (finally ")
			dumpBlock(b, x.Finally)
			b.WriteByte(')')
		}
		b.WriteByte(')')
	case *ExceptClause:
		dumpList(b, "(except", x.Types)
		if x.Name != "" {
			b.WriteString(" as " + x.Name)
		}
		b.WriteByte(' ')
		dumpBlock(b, x.Body)
		b.WriteByte(')')
	case *ImportStmt:
		b.WriteString("(import " + x.Module)
		if x.Alias != "" {
			b.WriteString(" as " + x.Alias)
		}
		b.WriteByte(')')
	case *FromImportStmt:
		b.WriteString("(from " + x.Module + " import")
		if x.Star {
			b.WriteString(" *")
		}
		for _, n := range x.Names {
			b.WriteString(" " + n.Name)
			if n.Alias != "" {
				b.WriteString(" as " + n.Alias)
			}
		}
		b.WriteByte(')')
	case *FuncDef:
		b.WriteString("(def ")
		for _, d := range x.Decorators {
			b.WriteByte('@')
			dump(b, d.Expr)
			b.WriteByte(' ')
		}
		if x.Receiver != nil {
			b.WriteString("(recv ")
			dump(b, x.Receiver)
			b.WriteString(") ")
		}
		b.WriteString(x.Name + " ")
		dumpParams(b, x.Params)
		if x.Return != nil {
			b.WriteString(" -> " + x.Return.String())
		}
		if x.Doc != "" {
			b.WriteString(" doc=" + strconv.Quote(x.Doc))
		}
		if x.Pipeline != nil {
			b.WriteString(" =")
			for i, st := range x.Pipeline.Stages {
				if i > 0 {
					b.WriteString(" |")
				}
				b.WriteByte(' ')
				dump(b, st.Expr)
				if st.As != "" {
					b.WriteString(" as " + st.As)
				}
			}
		} else {
			b.WriteByte(' ')
			dumpBlock(b, x.Body)
		}
		b.WriteByte(')')
	case *Param:
		switch x.Kind {
		case ParamVarArgs:
			b.WriteByte('*')
		case ParamKwArgs:
			b.WriteString("**")
		}
		b.WriteString(x.Name)
		if x.Type != nil {
			b.WriteString(":" + x.Type.String())
		}
		if x.Default != nil {
			b.WriteByte('=')
			dump(b, x.Default)
		}
	case *Decorator:
		b.WriteByte('@')
		dump(b, x.Expr)
	case *EnumDef:
		b.WriteString("(enum " + x.Name)
		for _, m := range x.Members {
			b.WriteString(" " + m.Name)
			if m.Value != nil {
				b.WriteByte('=')
				dump(b, m.Value)
			}
		}
		b.WriteByte(')')
	case *StructDef:
		b.WriteString("(struct " + x.Name)
		if x.Doc != "" {
			b.WriteString(" doc=" + strconv.Quote(x.Doc))
		}
		for _, f := range x.Fields {
			b.WriteByte(' ')
			dump(b, f)
		}
		for _, m := range x.Methods {
			b.WriteByte(' ')
			dump(b, m)
		}
		b.WriteByte(')')
	case *Field:
		b.WriteString("(field " + x.Name + ":" + x.Type.String())
		if x.Default != nil {
			b.WriteString(" = ")
			dump(b, x.Default)
		}
		b.WriteByte(')')
	case *InterfaceDef:
		b.WriteString("(interface " + x.Name)
		if x.Doc != "" {
			b.WriteString(" doc=" + strconv.Quote(x.Doc))
		}
		for _, e := range x.Embeds {
			b.WriteString(" " + e)
		}
		for _, m := range x.Methods {
			b.WriteByte(' ')
			dump(b, m)
		}
		b.WriteByte(')')
	case *MethodSig:
		b.WriteString("(sig " + x.Name + " ")
		dumpParams(b, x.Params)
		if x.Return != nil {
			b.WriteString(" -> " + x.Return.String())
		}
		b.WriteByte(')')
	case *TypeExpr:
		b.WriteString(x.String())

	// Expressions.
	case *Name:
		if x.Scope != "" {
			b.WriteString(x.Scope + ":")
		}
		b.WriteString(x.Name)
	case *IntLit:
		if x.V != nil {
			b.WriteString(x.V.String())
		} else {
			b.WriteString(x.Text)
		}
	case *FloatLit:
		b.WriteString(strconv.FormatFloat(x.V, 'g', -1, 64))
	case *StrLit:
		b.WriteString(strconv.Quote(x.V))
	case *BoolLit:
		if x.V {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case *NoneLit:
		b.WriteString("None")
	case *FString:
		dumpFString(b, x)
	case *ListExpr:
		b.WriteByte('[')
		dumpList(b, "", x.Elems)
		b.WriteByte(']')
	case *TupleExpr:
		dumpList(b, "(tuple", x.Elems)
		b.WriteByte(')')
	case *SetExpr:
		dumpList(b, "(set", x.Elems)
		b.WriteByte(')')
	case *DictExpr:
		b.WriteString("(dict")
		for i := range x.Keys {
			b.WriteByte(' ')
			if x.Keys[i] == nil {
				b.WriteString("**")
			} else {
				dump(b, x.Keys[i])
				b.WriteByte(':')
			}
			if i < len(x.Values) {
				dump(b, x.Values[i])
			}
		}
		b.WriteByte(')')
	case *CompExpr:
		switch x.Kind {
		case CompList:
			b.WriteString("(listcomp ")
		case CompSet:
			b.WriteString("(setcomp ")
		case CompDict:
			b.WriteString("(dictcomp ")
		default:
			b.WriteString("(gen ")
		}
		if x.Kind == CompDict {
			dump(b, x.Key)
			b.WriteByte(' ')
			dump(b, x.Value)
		} else {
			dump(b, x.Elt)
		}
		for _, c := range x.Clauses {
			if c.If != nil {
				b.WriteString(" (if ")
				dump(b, c.If)
			} else {
				b.WriteString(" (for ")
				dump(b, c.Target)
				b.WriteByte(' ')
				dump(b, c.Iter)
			}
			b.WriteByte(')')
		}
		b.WriteByte(')')
	case *UnaryExpr:
		b.WriteString("(" + x.Op + " ")
		dump(b, x.X)
		b.WriteByte(')')
	case *BinaryExpr:
		b.WriteString("(" + x.Op + " ")
		dump(b, x.X)
		b.WriteByte(' ')
		dump(b, x.Y)
		b.WriteByte(')')
	case *BoolExpr:
		b.WriteString("(" + x.Op + " ")
		dump(b, x.X)
		b.WriteByte(' ')
		dump(b, x.Y)
		b.WriteByte(')')
	case *CompareExpr:
		b.WriteString("(cmp ")
		dump(b, x.First)
		for i, op := range x.Ops {
			b.WriteString(" " + op + " ")
			if i < len(x.Rest) {
				dump(b, x.Rest[i])
			}
		}
		b.WriteByte(')')
	case *CondExpr:
		b.WriteString("(ifexp ")
		dump(b, x.Cond)
		b.WriteByte(' ')
		dump(b, x.Then)
		b.WriteByte(' ')
		dump(b, x.Else)
		b.WriteByte(')')
	case *LambdaExpr:
		b.WriteString("(lambda ")
		dumpParams(b, x.Params)
		b.WriteByte(' ')
		dump(b, x.Body)
		b.WriteByte(')')
	case *CallExpr:
		b.WriteString("(call ")
		dump(b, x.Fn)
		for _, a := range x.Args {
			b.WriteByte(' ')
			switch {
			case a.Star:
				b.WriteByte('*')
			case a.DoubleStar:
				b.WriteString("**")
			case a.Name != "":
				b.WriteString(a.Name + "=")
			}
			dump(b, a.Value)
		}
		b.WriteByte(')')
	case *IndexExpr:
		b.WriteString("(index ")
		dump(b, x.X)
		b.WriteByte(' ')
		dump(b, x.Index)
		b.WriteByte(')')
	case *SliceExpr:
		b.WriteString("(slice ")
		dump(b, x.X)
		for _, e := range []Expr{x.Lo, x.Hi, x.Step} {
			b.WriteByte(' ')
			dumpOpt(b, e)
		}
		b.WriteByte(')')
	case *AttrExpr:
		b.WriteString("(. ")
		dump(b, x.X)
		b.WriteString(" " + x.Name + ")")
	case *PlaceholderExpr:
		b.WriteString("$$")
	case *StarredExpr:
		b.WriteString("(* ")
		dump(b, x.X)
		b.WriteByte(')')
	default:
		b.WriteString("<?>")
	}
}
