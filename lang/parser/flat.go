package parser

import (
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/minidana/dana/lang/ast"
)

// The grammar captures an expression as a flat run of operands (each with
// its prefix operators) separated by binary operators. This file gives the
// run its structure with precedence climbing, using Python's precedence
// (§5.1), lowest first:
//
//	or, and, not (prefix), comparisons, |, ^, &, << >>, + -, * / // %,
//	- + ~ (prefix), ** (right associative; it binds tighter than a prefix
//	operator on its left: -2 ** 2 == -(2 ** 2)).

// infix is one binary operator and its right operand.
type infix struct {
	op  string
	pos plexer.Position
	y   *gOperand
}

const (
	precOr = 1 + iota
	precAnd
	precNot
	precCmp
	precBitOr
	precXor
	precBitAnd
	precShift
	precAdd
	precMul
	precUnary
	precPow
)

var infixPrec = map[string]int{
	"or": precOr, "and": precAnd,
	"<": precCmp, ">": precCmp, "==": precCmp, ">=": precCmp, "<=": precCmp, "!=": precCmp,
	"in": precCmp, "notin": precCmp, "is": precCmp, "isnot": precCmp,
	"|": precBitOr, "^": precXor, "&": precBitAnd, "<<": precShift, ">>": precShift,
	"+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "//": precMul, "%": precMul,
	"**": precPow,
}

var cmpNames = map[string]string{"notin": "not in", "isnot": "is not"}

// climber holds the state of one flat run.
type climber struct {
	c   *conv
	ops []infix
	i   int // next operator
}

// flat structures first (ops...). notOK tells whether a `not` may start the
// run (it may not in an or_expr such as an assignment target).
func (c *conv) flat(first *gOperand, ops []infix, notOK bool) ast.Expr {
	if len(ops) == 0 && len(first.Pre) == 0 {
		return c.primary(&first.gPrimary, c.pos(first.Pos))
	}
	cl := &climber{c: c, ops: ops}
	lhs := cl.operand(first, 0, notOK)
	return cl.walrus(cl.climb(lhs, precOr))
}

// walrus extends lhs with an assignment expression `name := value` (right
// associative, lowest precedence). Any other operator left over is a
// syntax error.
func (cl *climber) walrus(lhs ast.Expr) ast.Expr {
	if cl.i == len(cl.ops) {
		return lhs
	}
	o := cl.ops[cl.i]
	cl.i++
	p := cl.c.pos(o.pos)
	if o.op != ":=" {
		cl.c.errorf(p, "invalid syntax: unexpected '%s'", o.op)
		return lhs
	}
	name, ok := lhs.(*ast.Name)
	if !ok || name.Scope != "" {
		cl.c.errorf(lhs.Position(), "cannot use assignment expressions with %s", describe(lhs))
		return lhs
	}
	rhs := cl.walrus(cl.climb(cl.operand(o.y, 0, true), precOr))
	return &ast.NamedExpr{P: name.P, Target: name, Value: rhs}
}

// operand converts o from its k-th prefix operator on. A prefix operator
// applies to the operand and to the operators that bind tighter than itself.
func (cl *climber) operand(o *gOperand, k int, notOK bool) ast.Expr {
	if k == len(o.Pre) {
		p := cl.c.pos(o.Pos)
		if k > 0 {
			p = cl.c.tokenPositions(p, k+1)[k]
		}
		return cl.c.primary(&o.gPrimary, p)
	}
	op := string(o.Pre[k])
	p := cl.c.tokenPositions(cl.c.pos(o.Pos), k+1)[k]
	if op == "not" {
		if !notOK {
			cl.c.errorf(p, "invalid syntax: unexpected 'not'")
		}
		x := cl.operand(o, k+1, true)
		return &ast.UnaryExpr{P: p, Op: "not", X: cl.climb(x, precCmp)}
	}
	x := cl.operand(o, k+1, false)
	return &ast.UnaryExpr{P: p, Op: op, X: cl.climb(x, precPow)}
}

// climb extends lhs with the operators whose precedence is at least min.
func (cl *climber) climb(lhs ast.Expr, min int) ast.Expr {
	for cl.i < len(cl.ops) {
		o := cl.ops[cl.i]
		prec := infixPrec[o.op]
		if prec < min {
			break
		}
		cl.i++
		if prec == precCmp {
			cmp := &ast.CompareExpr{P: lhs.Position(), First: lhs}
			for {
				name := o.op
				if n, ok := cmpNames[name]; ok {
					name = n
				}
				cmp.Ops = append(cmp.Ops, name)
				cmp.OpPos = append(cmp.OpPos, cl.c.pos(o.pos))
				cmp.Rest = append(cmp.Rest, cl.climb(cl.operand(o.y, 0, false), precBitOr))
				if cl.i == len(cl.ops) || infixPrec[cl.ops[cl.i].op] != precCmp {
					break
				}
				o = cl.ops[cl.i]
				cl.i++
			}
			lhs = cmp
			continue
		}
		notOK := prec <= precAnd
		var rhs ast.Expr
		if prec == precPow {
			// Right associative; the exponent may carry prefix operators.
			rhs = cl.climb(cl.operand(o.y, 0, false), precPow)
		} else {
			rhs = cl.climb(cl.operand(o.y, 0, notOK), prec+1)
		}
		if prec <= precAnd {
			lhs = &ast.BoolExpr{P: lhs.Position(), Op: o.op, X: lhs, Y: rhs}
		} else {
			lhs = &ast.BinaryExpr{P: lhs.Position(), Op: o.op, OpPos: cl.c.pos(o.pos), X: lhs, Y: rhs}
		}
	}
	return lhs
}
