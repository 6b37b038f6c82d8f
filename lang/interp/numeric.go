package interp

import (
	"math"

	"github.com/minidana/dana/lang/ast"
)

// Unboxed float arithmetic.
//
// A Float stored in a Value is boxed: every intermediate result of
// `dx * dx + dy * dy + dz * dz` would allocate. Arithmetic expression trees
// (+ - * / ** and unary minus) are therefore compiled a second way, as numFn
// closures that return a float result unboxed; only the root of the tree
// boxes its result. Anything that is not float arithmetic (ints, strings,
// lists, errors) takes the general path at the node where it happens, so the
// semantics are those of Binary and Unary.

// numFn evaluates an expression: (f, nil) for a float result, (0, v) for a
// result v of any other type.
type numFn func(fr *frame) (float64, Value)

// arithOp codes the operators numFn trees handle.
func arithOp(op string) byte {
	switch op {
	case "+", "-", "*", "/":
		return op[0]
	case "**":
		return 'p'
	}
	return 0
}

// isArith reports whether e is a node numFn trees handle.
func isArith(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return arithOp(e.Op) != 0
	case *ast.UnaryExpr:
		return e.Op == "-"
	}
	return false
}

// num compiles e as a numFn.
func (c *compiler) num(e ast.Expr) numFn {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if arithOp(e.Op) != 0 {
			return c.numBinary(e)
		}
	case *ast.FloatLit:
		f := e.V
		return func(*frame) (float64, Value) { return f, nil }
	case *ast.UnaryExpr:
		if e.Op == "-" && isArith(e.X) {
			x := c.num(e.X)
			pos := e.P
			return func(fr *frame) (float64, Value) {
				f, v := x(fr)
				if v == nil {
					return -f, nil
				}
				r, err := Unary("-", v)
				if err != nil {
					fr.th.throw(err, pos)
				}
				return unboxFloat(r)
			}
		}
	}
	ev := c.expr(e)
	if _, ok := e.(*ast.IntLit); ok {
		k := ev(nil) // a constant
		return func(*frame) (float64, Value) { return 0, k }
	}
	if n, ok := e.(*ast.Name); ok && n.Scope == "" {
		// A local variable: read its slot here (ev reports it unbound).
		if v := c.r.refs[n]; v != nil && !v.global && v.owner == c.fs && !v.captured {
			slot := v.slot
			return func(fr *frame) (float64, Value) {
				x := fr.slots[slot]
				if f, ok := x.(Float); ok {
					return float64(f), nil
				}
				if x == nil {
					x = ev(fr)
				}
				return 0, x
			}
		}
	}
	return func(fr *frame) (float64, Value) { return unboxFloat(ev(fr)) }
}

func unboxFloat(v Value) (float64, Value) {
	if f, ok := v.(Float); ok {
		return float64(f), nil
	}
	return 0, v
}

// numBinary compiles an arithmetic binary node as a numFn.
func (c *compiler) numBinary(e *ast.BinaryExpr) numFn {
	x, y := c.num(e.X), c.num(e.Y)
	op, opc := e.Op, arithOp(e.Op)
	pos := e.OpPos
	if !pos.IsValid() {
		pos = e.P
	}
	return func(fr *frame) (float64, Value) {
		a, av := x(fr)
		b, bv := y(fr)
		if i, ok := av.(Int); ok {
			if j, ok := bv.(Int); ok {
				switch opc {
				case '+':
					if s := i + j; (s > i) == (j > 0) {
						return 0, MakeInt(int64(s))
					}
				case '-':
					if s := i - j; (s < i) == (j > 0) {
						return 0, MakeInt(int64(s))
					}
				case '*':
					if i > -3037000499 && i < 3037000499 && j > -3037000499 && j < 3037000499 {
						return 0, MakeInt(int64(i * j))
					}
				}
			}
		}
		isFloat := false
		switch {
		case av == nil && bv == nil:
			isFloat = true
		case av == nil:
			if j, ok := bv.(Int); ok {
				b, isFloat = float64(j), true
			}
		case bv == nil:
			if i, ok := av.(Int); ok {
				a, isFloat = float64(i), true
			}
		}
		if isFloat {
			if r, ok := floatArith(opc, a, b); ok {
				return r, nil
			}
		}
		// Not plain float arithmetic (or an error case): box the operands.
		if av == nil {
			av = Float(a)
		}
		if bv == nil {
			bv = Float(b)
		}
		if r, ok := fastArith(fr.th, opc, av, bv); ok {
			return unboxFloat(r)
		}
		return unboxFloat(fr.th.binary(op, av, bv, pos))
	}
}

// floatArith computes a float operation; ok is false for the cases that
// raise or need Binary's checks (division by zero, pow overflow or domain).
func floatArith(opc byte, a, b float64) (float64, bool) {
	switch opc {
	case '+':
		return a + b, true
	case '-':
		return a - b, true
	case '*':
		return a * b, true
	case '/':
		if b != 0 {
			return a / b, true
		}
	case 'p':
		r := floatPow(a, b)
		if !math.IsNaN(r) && !math.IsInf(r, 0) && a != 0 {
			return r, true
		}
	}
	return 0, false
}

// fastArith computes the common int and float cases of + - * / (ok=false
// means: use Binary). A float result is boxed by th.
func fastArith(th *Thread, opc byte, a, b Value) (Value, bool) {
	switch x := a.(type) {
	case Int:
		switch y := b.(type) {
		case Int:
			switch opc {
			case '+':
				if s := x + y; (s > x) == (y > 0) {
					return MakeInt(int64(s)), true
				}
			case '-':
				if s := x - y; (s < x) == (y > 0) {
					return MakeInt(int64(s)), true
				}
			case '*':
				if x > -3037000499 && x < 3037000499 && y > -3037000499 && y < 3037000499 {
					return MakeInt(int64(x * y)), true
				}
			}
		case Float:
			if opc != 'p' {
				if r, ok := floatArith(opc, float64(x), float64(y)); ok {
					return th.boxFloat(r), true
				}
			}
		}
	case Float:
		var f float64
		switch y := b.(type) {
		case Float:
			f = float64(y)
		case Int:
			f = float64(y)
		default:
			return nil, false
		}
		if opc != 'p' {
			if r, ok := floatArith(opc, float64(x), f); ok {
				return th.boxFloat(r), true
			}
		}
	}
	return nil, false
}

// arithRoot compiles the root of an arithmetic tree: the tree runs unboxed
// and only the result is boxed.
func (c *compiler) arithRoot(e *ast.BinaryExpr) evalFn {
	nf := c.numBinary(e)
	return func(fr *frame) Value {
		f, v := nf(fr)
		if v == nil {
			return fr.th.boxFloat(f)
		}
		return v
	}
}

// augFn evaluates the value of an augmented assignment `t op= value` given
// t's current value a: (r, nil) when it computed the result r on a fast
// path, else (nil, b) with b the value, for the general operation.
type augFn func(fr *frame, a Value) (r, b Value)

// augValue compiles the value of an augmented assignment with operator
// opc. When the value is an arithmetic tree, it runs unboxed and a float
// (or int) target combines with its float result without boxing it:
// `b.vx -= dx * m` boxes once instead of twice. val evaluates the value
// alone (the tree is compiled once, for both).
func (c *compiler) augValue(opc byte, value ast.Expr) (val evalFn, aug augFn) {
	if opc == 0 || opc == 'p' || !isArith(value) {
		val = c.expr(value)
		return val, func(fr *frame, _ Value) (Value, Value) { return nil, val(fr) }
	}
	nv := c.num(value)
	val = func(fr *frame) Value {
		f, v := nv(fr)
		if v == nil {
			return fr.th.boxFloat(f)
		}
		return v
	}
	return val, func(fr *frame, a Value) (Value, Value) {
		f, v := nv(fr)
		if v != nil {
			return nil, v
		}
		var x float64
		switch a := a.(type) {
		case Float:
			x = float64(a)
		case Int:
			x = float64(a)
		default:
			return nil, fr.th.boxFloat(f)
		}
		if r, ok := floatArith(opc, x, f); ok {
			return fr.th.boxFloat(r), nil
		}
		return nil, fr.th.boxFloat(f)
	}
}
