package ast

// Inspect traverses the tree rooted at n in depth-first order: it calls f(n),
// and when f returns true it inspects each child of n in source order.
//
// Besides statements and expressions, the nodes visited include
// *ExceptClause, *Decorator, *Param, *Field, *MethodSig and *TypeExpr (type
// hints are visited). Call arguments, comprehension clauses and pipeline stages
// are not Nodes: their expressions are visited directly.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	inspectChildren(n, f)
}

// InspectFile inspects every top-level statement of file.
func InspectFile(file *File, f func(Node) bool) {
	for _, s := range file.Stmts {
		Inspect(s, f)
	}
}

// isNilNode reports a typed nil (e.g. a nil *TypeExpr in a Node).
func isNilNode(n Node) bool {
	switch x := n.(type) {
	case *TypeExpr:
		return x == nil
	case *Param:
		return x == nil
	}
	return false
}

func inspectStmts(stmts []Stmt, f func(Node) bool) {
	for _, s := range stmts {
		Inspect(s, f)
	}
}

func inspectExprs(exprs []Expr, f func(Node) bool) {
	for _, e := range exprs {
		if e != nil {
			Inspect(e, f)
		}
	}
}

func inspectExpr(e Expr, f func(Node) bool) {
	if e != nil {
		Inspect(e, f)
	}
}

func inspectType(t *TypeExpr, f func(Node) bool) {
	if t != nil {
		Inspect(t, f)
	}
}

func inspectParams(ps []*Param, f func(Node) bool) {
	for _, p := range ps {
		if p != nil {
			Inspect(p, f)
		}
	}
}

func inspectFString(s *FString, f func(Node) bool) {
	for _, p := range s.Parts {
		inspectExpr(p.Expr, f)
		if p.Spec != nil {
			Inspect(p.Spec, f)
		}
	}
}

func inspectChildren(n Node, f func(Node) bool) {
	switch x := n.(type) {
	// Statements.
	case *ExprStmt:
		inspectExpr(x.X, f)
	case *AssignStmt:
		inspectExprs(x.Targets, f)
		inspectType(x.Type, f)
		inspectExpr(x.Value, f)
	case *AugAssignStmt:
		inspectExpr(x.Target, f)
		inspectExpr(x.Value, f)
	case *IfStmt:
		inspectExpr(x.Cond, f)
		inspectStmts(x.Body, f)
		inspectStmts(x.Else, f)
	case *WhileStmt:
		inspectExpr(x.Cond, f)
		inspectStmts(x.Body, f)
		inspectStmts(x.Else, f)
	case *ForStmt:
		inspectExpr(x.Target, f)
		inspectExpr(x.Iter, f)
		inspectStmts(x.Body, f)
		inspectStmts(x.Else, f)
	case *ReturnStmt:
		inspectExpr(x.Value, f)
	case *RaiseStmt:
		inspectExpr(x.Exc, f)
		inspectExpr(x.Cause, f)
	case *DelStmt:
		inspectExprs(x.Targets, f)
	case *AssertStmt:
		inspectExpr(x.Cond, f)
		inspectExpr(x.Msg, f)
	case *TryStmt:
		inspectStmts(x.Body, f)
		for _, h := range x.Handlers {
			Inspect(h, f)
		}
		inspectStmts(x.Else, f)
		inspectStmts(x.Finally, f)
	case *ExceptClause:
		inspectExprs(x.Types, f)
		inspectStmts(x.Body, f)
	case *FuncDef:
		for _, d := range x.Decorators {
			Inspect(d, f)
		}
		if x.Receiver != nil {
			Inspect(x.Receiver, f)
		}
		inspectParams(x.Params, f)
		inspectType(x.Return, f)
		inspectStmts(x.Body, f)
		if x.Pipeline != nil {
			for _, st := range x.Pipeline.Stages {
				inspectExpr(st.Expr, f)
			}
		}
	case *Decorator:
		inspectExpr(x.Expr, f)
	case *Param:
		inspectType(x.Type, f)
		inspectExpr(x.Default, f)
	case *EnumDef:
		for _, m := range x.Members {
			inspectExpr(m.Value, f)
		}
	case *StructDef:
		for _, fd := range x.Fields {
			Inspect(fd, f)
		}
		for _, m := range x.Methods {
			Inspect(m, f)
		}
	case *Field:
		inspectType(x.Type, f)
		inspectExpr(x.Default, f)
	case *InterfaceDef:
		for _, m := range x.Methods {
			Inspect(m, f)
		}
	case *MethodSig:
		inspectParams(x.Params, f)
		inspectType(x.Return, f)
	case *TypeExpr:
		for _, a := range x.Args {
			inspectType(a, f)
		}
		for _, u := range x.Union {
			inspectType(u, f)
		}

	// Expressions.
	case *FString:
		inspectFString(x, f)
	case *ListExpr:
		inspectExprs(x.Elems, f)
	case *TupleExpr:
		inspectExprs(x.Elems, f)
	case *SetExpr:
		inspectExprs(x.Elems, f)
	case *DictExpr:
		for i := range x.Keys {
			inspectExpr(x.Keys[i], f)
			if i < len(x.Values) {
				inspectExpr(x.Values[i], f)
			}
		}
	case *CompExpr:
		inspectExpr(x.Elt, f)
		inspectExpr(x.Key, f)
		inspectExpr(x.Value, f)
		for _, c := range x.Clauses {
			inspectExpr(c.Target, f)
			inspectExpr(c.Iter, f)
			inspectExpr(c.If, f)
		}
	case *UnaryExpr:
		inspectExpr(x.X, f)
	case *BinaryExpr:
		inspectExpr(x.X, f)
		inspectExpr(x.Y, f)
	case *BoolExpr:
		inspectExpr(x.X, f)
		inspectExpr(x.Y, f)
	case *CompareExpr:
		inspectExpr(x.First, f)
		inspectExprs(x.Rest, f)
	case *CondExpr:
		inspectExpr(x.Then, f)
		inspectExpr(x.Cond, f)
		inspectExpr(x.Else, f)
	case *LambdaExpr:
		inspectParams(x.Params, f)
		inspectExpr(x.Body, f)
	case *CallExpr:
		inspectExpr(x.Fn, f)
		for _, a := range x.Args {
			inspectExpr(a.Value, f)
		}
	case *IndexExpr:
		inspectExpr(x.X, f)
		inspectExpr(x.Index, f)
	case *SliceExpr:
		inspectExpr(x.X, f)
		inspectExpr(x.Lo, f)
		inspectExpr(x.Hi, f)
		inspectExpr(x.Step, f)
	case *AttrExpr:
		inspectExpr(x.X, f)
	case *StarredExpr:
		inspectExpr(x.X, f)
	case *YieldExpr:
		inspectExpr(x.Value, f)
	case *NamedExpr:
		inspectExpr(x.Target, f)
		inspectExpr(x.Value, f)
	}
}
