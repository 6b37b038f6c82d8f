package interp

import (
	"math"
	"math/big"
	"strings"
)

func bigOf(v Value) (*big.Int, bool) {
	switch x := v.(type) {
	case Int:
		return big.NewInt(int64(x)), true
	case *BigInt:
		return x.V, true
	case Bool:
		if x {
			return big.NewInt(1), true
		}
		return big.NewInt(0), true
	}
	return nil, false
}

func bigFromFloat(f float64) (*big.Int, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, false
	}
	bf := big.NewFloat(math.Trunc(f))
	b, _ := bf.Int(nil)
	return b, true
}

// isInt reports whether v is an integer (bool counts, as in Python).
func isInt(v Value) bool {
	switch v.(type) {
	case Int, *BigInt, Bool:
		return true
	}
	return false
}

// toFloat converts a number to float64.
func toFloat(v Value) (float64, bool) {
	switch x := v.(type) {
	case Int:
		return float64(x), true
	case Float:
		return float64(x), true
	case Bool:
		if x {
			return 1, true
		}
		return 0, true
	case *BigInt:
		f, _ := new(big.Float).SetInt(x.V).Float64()
		return f, true
	}
	return 0, false
}

func isNumber(v Value) bool {
	switch v.(type) {
	case Int, Float, Bool, *BigInt:
		return true
	}
	return false
}

func unsupported(op string, a, b Value) error {
	return Errorf("TypeError", "unsupported operand type(s) for %s: '%s' and '%s'", op, a.TypeName(), b.TypeName())
}

// Binary applies a binary operator (+ - * / // % ** | & ^ << >>) to two
// values with Python semantics plus Dana's str + number concatenation.
func Binary(op string, a, b Value) (Value, error) {
	if x, ok := a.(Int); ok {
		if y, ok := b.(Int); ok {
			return intOp(op, int64(x), int64(y))
		}
	}
	switch op {
	case "+":
		switch x := a.(type) {
		case Str:
			switch y := b.(type) {
			case Str:
				return concatValue(string(x), string(y)), nil
			case Int, Float, Bool, *BigInt:
				t, err := ToStrChecked(nil, y)
				if err != nil {
					return nil, err
				}
				return x + Str(t), nil
			}
		case *List:
			if y, ok := b.(*List); ok {
				n := make([]Value, 0, len(x.Elems)+len(y.Elems))
				n = append(append(n, x.Elems...), y.Elems...)
				return NewList(n), nil
			}
		case Tuple:
			if y, ok := b.(Tuple); ok {
				n := make(Tuple, 0, len(x)+len(y))
				return append(append(n, x...), y...), nil
			}
		}
		if y, ok := b.(Str); ok && isNumber(a) {
			t, err := ToStrChecked(nil, a)
			if err != nil {
				return nil, err
			}
			return Str(t) + y, nil
		}
		switch a.(type) {
		case Str, *List, Tuple:
			if !isNumber(b) {
				// CPython's message for str + list, list + tuple...
				return nil, Errorf("TypeError", "can only concatenate %s (not \"%s\") to %s", a.TypeName(), b.TypeName(), a.TypeName())
			}
		}
	case "*":
		seq, cnt := a, b
		if isSeq(b) {
			seq, cnt = b, a
		}
		if c, ok := cnt.(Bool); ok {
			cnt = MakeInt(map[bool]int64{false: 0, true: 1}[bool(c)])
		}
		if n, ok := cnt.(Int); ok {
			switch x := seq.(type) {
			case Str:
				if n <= 0 {
					return Str(""), nil
				}
				if len(x) > 0 && int64(n) > (1<<30)/int64(len(x)) {
					return nil, Errorf("MemoryError", "repeated string is too long")
				}
				return Str(strings.Repeat(string(x), int(n))), nil
			case *List:
				xs, err := repeatSlice(x.Elems, int64(n))
				if err != nil {
					return nil, err
				}
				return NewList(xs), nil
			case Tuple:
				xs, err := repeatSlice(x, int64(n))
				if err != nil {
					return nil, err
				}
				return Tuple(xs), nil
			}
		}
		if isSeq(seq) {
			if _, big := cnt.(*BigInt); !big {
				return nil, Errorf("TypeError", "can't multiply sequence by non-int of type '%s'", cnt.TypeName())
			}
		}
	case "-", "&", "|", "^":
		if x, ok := a.(*Set); ok {
			if y, ok := b.(*Set); ok {
				return setOp(op, x, y)
			}
		}
		if r, ok, err := viewSetOp(op, a, b); ok || err != nil {
			return r, err
		}
		if op == "|" {
			if x, ok := a.(*Dict); ok {
				if y, ok := b.(*Dict); ok {
					n := x.Copy()
					for i, k := range y.Keys() {
						_ = n.Set(k, y.Values()[i])
					}
					return n, nil
				}
			}
			if u, ok := typeUnion(a, b); ok {
				return u, nil
			}
			if IsCallable(a) && IsCallable(b) {
				return &Composed{Fns: []Value{a, b}}, nil
			}
		}
	case "%":
		if x, ok := a.(Str); ok {
			return percentFormat(string(x), b)
		}
	}
	if !isNumber(a) || !isNumber(b) {
		return nil, unsupported(op, a, b)
	}
	if x, ok := a.(Bool); ok {
		if y, ok := b.(Bool); ok {
			switch op {
			case "&":
				return x && y, nil
			case "|":
				return x || y, nil
			case "^":
				return Bool(x != y), nil
			}
		}
	}
	_, af := a.(Float)
	_, bf := b.(Float)
	if af || bf {
		switch op {
		case "&", "|", "^", "<<", ">>":
			return nil, unsupported(op, a, b)
		}
		x, _ := toFloat(a)
		y, _ := toFloat(b)
		return floatOp(op, x, y)
	}
	x, _ := bigOf(a)
	y, _ := bigOf(b)
	return bigOp(op, x, y)
}

// isSeq reports whether v is a str, list or tuple (what `*` repeats).
func isSeq(v Value) bool {
	switch v.(type) {
	case Str, *List, Tuple:
		return true
	}
	return false
}

func repeatSlice(s []Value, n int64) ([]Value, error) {
	if n <= 0 || len(s) == 0 {
		return []Value{}, nil
	}
	if n > maxSeqLen/int64(len(s)) {
		return nil, Errorf("MemoryError", "repeated sequence is too long")
	}
	out := make([]Value, 0, int64(len(s))*n)
	for i := int64(0); i < n; i++ {
		out = append(out, s...)
	}
	return out, nil
}

// maxSeqLen bounds the length of a list or tuple built by one operation
// (2**28 elements, 4 GiB), whatever the memory bound.
const maxSeqLen = 1 << 28

// viewSetOp applies a set operator where one side is a dict's keys or
// items view: the other side may be any iterable and the result is a set,
// as in Python (`d.keys() & {"a"}`, `{"a"} | d.keys()`).
func viewSetOp(op string, a, b Value) (Value, bool, error) {
	va, aok := a.(*DictView)
	vb, bok := b.(*DictView)
	if !(aok && va.Kind != ValuesView || bok && vb.Kind != ValuesView) {
		return nil, false, nil
	}
	toSet := func(v Value) (*Set, error) {
		if s, ok, err := asSet(v); ok || err != nil {
			return s, err
		}
		elems, err := Iterate(v)
		if err != nil {
			return nil, err
		}
		return setOf(elems)
	}
	x, err := toSet(a)
	if err != nil {
		return nil, true, unsupported(op, a, b)
	}
	y, err := toSet(b)
	if err != nil {
		return nil, true, unsupported(op, a, b)
	}
	r, err := setOp(op, x, y)
	return r, true, err
}

// setOp applies | & - ^ to two sets; the result has the kind (set or
// frozenset) of the left operand, as in Python.
func setOp(op string, x, y *Set) (Value, error) {
	out := NewSet()
	out.Frozen = x.Frozen
	switch op {
	case "|":
		for _, e := range x.Elems() {
			_ = out.Add(e)
		}
		for _, e := range y.Elems() {
			_ = out.Add(e)
		}
	case "&":
		for _, e := range x.Elems() {
			if ok, _ := y.Has(e); ok {
				_ = out.Add(e)
			}
		}
	case "-":
		for _, e := range x.Elems() {
			if ok, _ := y.Has(e); !ok {
				_ = out.Add(e)
			}
		}
	case "^":
		for _, e := range x.Elems() {
			if ok, _ := y.Has(e); !ok {
				_ = out.Add(e)
			}
		}
		for _, e := range y.Elems() {
			if ok, _ := x.Has(e); !ok {
				_ = out.Add(e)
			}
		}
	}
	return out, nil
}

func intOp(op string, x, y int64) (Value, error) {
	switch op {
	case "+":
		s := x + y
		if (s > x) == (y > 0) {
			return MakeInt(s), nil
		}
	case "-":
		s := x - y
		if (s < x) == (y > 0) {
			return MakeInt(s), nil
		}
	case "*":
		if x == 0 || y == 0 {
			return MakeInt(0), nil
		}
		p := x * y
		if p/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64) {
			return MakeInt(p), nil
		}
	case "/":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "division by zero")
		}
		if x > -1<<53 && x < 1<<53 && y > -1<<53 && y < 1<<53 {
			return Float(float64(x) / float64(y)), nil
		}
		// Past 2**53 converting first would round twice; CPython rounds
		// the exact quotient once.
		return bigOp(op, big.NewInt(x), big.NewInt(y))
	case "//":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "integer division or modulo by zero")
		}
		if x == math.MinInt64 && y == -1 {
			break
		}
		q := x / y
		if (x%y != 0) && ((x < 0) != (y < 0)) {
			q--
		}
		return MakeInt(q), nil
	case "%":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "integer modulo by zero")
		}
		if y == -1 {
			return MakeInt(0), nil
		}
		m := x % y
		if m != 0 && ((m < 0) != (y < 0)) {
			m += y
		}
		return MakeInt(m), nil
	case "**":
		if y < 0 {
			return floatOp(op, float64(x), float64(y))
		}
		r := int64(1)
		base := x
		e := y
		ok := true
		for e > 0 && ok {
			if e&1 == 1 {
				r, ok = mulOK(r, base)
			}
			e >>= 1
			if e > 0 && ok {
				base, ok = mulOK(base, base)
			}
		}
		if ok {
			return MakeInt(r), nil
		}
	case "&":
		return MakeInt(x & y), nil
	case "|":
		return MakeInt(x | y), nil
	case "^":
		return MakeInt(x ^ y), nil
	case "<<":
		if y < 0 {
			return nil, Errorf("ValueError", "negative shift count")
		}
		if y < 63 && x>>(63-y) == 0 && x >= 0 {
			return MakeInt(x << y), nil
		}
	case ">>":
		if y < 0 {
			return nil, Errorf("ValueError", "negative shift count")
		}
		if y > 63 {
			y = 63
		}
		return MakeInt(x >> y), nil
	default:
		return nil, Errorf("TypeError", "unsupported operator %s", op)
	}
	return bigOp(op, big.NewInt(x), big.NewInt(y))
}

func mulOK(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return p, true
}

// maxIntBits bounds the size of integer results (about 1.2 million decimal
// digits), so that one expression cannot exhaust memory or time.
const maxIntBits = 1 << 22

func bigOp(op string, x, y *big.Int) (Value, error) {
	r := new(big.Int)
	switch op {
	case "+":
		r.Add(x, y)
	case "-":
		r.Sub(x, y)
	case "*":
		if x.BitLen()+y.BitLen() > maxIntBits {
			return nil, Errorf("OverflowError", "integer result too large")
		}
		r.Mul(x, y)
	case "/":
		if y.Sign() == 0 {
			return nil, Errorf("ZeroDivisionError", "division by zero")
		}
		if x.IsInt64() && y.IsInt64() && x.BitLen() <= 53 && y.BitLen() <= 53 {
			return Float(float64(x.Int64()) / float64(y.Int64())), nil
		}
		f, _ := new(big.Rat).SetFrac(x, y).Float64()
		if f == 0 && x.Sign()*y.Sign() < 0 {
			f = math.Copysign(0, -1)
		}
		return Float(f), nil
	case "//", "%":
		if y.Sign() == 0 {
			if op == "%" {
				return nil, Errorf("ZeroDivisionError", "integer modulo by zero")
			}
			return nil, Errorf("ZeroDivisionError", "integer division or modulo by zero")
		}
		q, m := new(big.Int), new(big.Int)
		q.DivMod(x, y, m) // Euclidean: m >= 0
		if m.Sign() != 0 && y.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
			m.Add(m, y)
		}
		if op == "//" {
			return MakeBig(q), nil
		}
		return MakeBig(m), nil
	case "**":
		if y.Sign() < 0 {
			fx, _ := new(big.Float).SetInt(x).Float64()
			fy, _ := new(big.Float).SetInt(y).Float64()
			return floatOp(op, fx, fy)
		}
		if x.CmpAbs(big.NewInt(1)) <= 0 {
			// 0, 1 and -1 to any power stay small.
			switch {
			case y.Sign() == 0:
				return MakeInt(1), nil
			case x.Sign() >= 0:
				return MakeBig(new(big.Int).Set(x)), nil
			case y.Bit(0) == 0:
				return MakeInt(1), nil
			}
			return MakeInt(-1), nil
		}
		if !y.IsInt64() || (x.BitLen() > 1 && (y.Int64() > maxIntBits || int64(x.BitLen()-1)*y.Int64() > maxIntBits)) {
			return nil, Errorf("OverflowError", "integer result too large")
		}
		r.Exp(x, y, nil)
	case "&":
		r.And(x, y)
	case "|":
		r.Or(x, y)
	case "^":
		r.Xor(x, y)
	case "<<":
		if y.Sign() < 0 {
			return nil, Errorf("ValueError", "negative shift count")
		}
		if x.Sign() == 0 {
			return MakeInt(0), nil
		}
		if !y.IsInt64() {
			return nil, Errorf("OverflowError", "shift count too large")
		}
		if y.Int64() > maxIntBits || int64(x.BitLen())+y.Int64() > maxIntBits {
			return nil, Errorf("MemoryError", "integer result too large")
		}
		r.Lsh(x, uint(y.Int64()))
	case ">>":
		if y.Sign() < 0 {
			return nil, Errorf("ValueError", "negative shift count")
		}
		if !y.IsInt64() || y.Int64() > maxIntBits {
			if x.Sign() < 0 {
				return MakeInt(-1), nil
			}
			return MakeInt(0), nil
		}
		r.Rsh(x, uint(y.Int64()))
	default:
		return nil, Errorf("TypeError", "unsupported operator %s", op)
	}
	return MakeBig(r), nil
}

func floatOp(op string, x, y float64) (Value, error) {
	switch op {
	case "+":
		return Float(x + y), nil
	case "-":
		return Float(x - y), nil
	case "*":
		return Float(x * y), nil
	case "/":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "float division by zero")
		}
		return Float(x / y), nil
	case "//":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "float floor division by zero")
		}
		return Float(floorDiv(x, y)), nil
	case "%":
		if y == 0 {
			return nil, Errorf("ZeroDivisionError", "float modulo")
		}
		m := math.Mod(x, y)
		if m != 0 && (m < 0) != (y < 0) {
			m += y
		}
		if m == 0 {
			m = math.Copysign(0, y)
		}
		return Float(m), nil
	case "**":
		if x == 0 && y < 0 {
			return nil, Errorf("ZeroDivisionError", "0.0 cannot be raised to a negative power")
		}
		r := floatPow(x, y)
		if math.IsNaN(r) && !math.IsNaN(x) && !math.IsNaN(y) {
			return nil, Errorf("ValueError", "math domain error (negative number to a fractional power)")
		}
		if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
			return nil, Errorf("OverflowError", "(34, 'Numerical result out of range')")
		}
		return Float(r), nil
	}
	return nil, Errorf("TypeError", "unsupported operand type(s) for %s: 'float'", op)
}

// Unary applies - + ~ to a value.
func Unary(op string, v Value) (Value, error) {
	switch x := v.(type) {
	case Int:
		switch op {
		case "-":
			if x == math.MinInt64 {
				return MakeBig(new(big.Int).Neg(big.NewInt(int64(x)))), nil
			}
			return MakeInt(-int64(x)), nil
		case "+":
			return x, nil
		case "~":
			return MakeInt(^int64(x)), nil
		}
	case Bool:
		n := Int(0)
		if x {
			n = 1
		}
		return Unary(op, n)
	case Float:
		switch op {
		case "-":
			return -x, nil
		case "+":
			return x, nil
		}
	case *BigInt:
		switch op {
		case "-":
			return MakeBig(new(big.Int).Neg(x.V)), nil
		case "+":
			return x, nil
		case "~":
			return MakeBig(new(big.Int).Not(x.V)), nil
		}
	}
	if sv, ok := v.(*StructVal); ok {
		if r, ok, err := callDunder(nil, sv, unaryDunders[op], nil...); ok {
			return r, err
		}
	}
	return nil, Errorf("TypeError", "bad operand type for unary %s: '%s'", op, v.TypeName())
}

// Equal reports Python equality (with Dana's type(x) == "name"). Comparing
// structures nested deeper than MaxWalkDepth (or cyclic ones that are not
// identical) raises RecursionError (it panics with the exception; the
// interpreter turns the panic into the error).
func Equal(a, b Value) bool { return equal(a, b, 0, nil) }

// Equal is Equal for a script: the walk charges the thread one step per
// element it compares, so that comparing big or shared nested structures
// (a DAG compares in exponential time) stops at the deadline or the step
// budget.
func (th *Thread) Equal(a, b Value) bool { return equal(a, b, 0, th) }

// charge charges th, when there is one, for n elements of a walk.
func charge(th *Thread, n int) {
	if th != nil && n > 0 {
		th.Charge(n)
	}
}

// intFloatCmp compares an int (Int, *BigInt or Bool) with a float exactly,
// as Python does: 2**53 + 1 > float(2**53). It returns -1, 0, 1, or 2 when
// f is NaN.
func intFloatCmp(a Value, f float64) int {
	if math.IsNaN(f) {
		return 2
	}
	if n, ok := a.(Int); ok && n <= 1<<53 && n >= -(1<<53) {
		x := float64(n)
		switch {
		case x < f:
			return -1
		case x > f:
			return 1
		}
		return 0
	}
	if math.IsInf(f, 0) {
		if f > 0 {
			return -1
		}
		return 1
	}
	x, _ := bigOf(a)
	return new(big.Float).SetInt(x).Cmp(big.NewFloat(f))
}

// deeper panics with RecursionError when a walk over values passes
// MaxWalkDepth; what names the walk as CPython does ("in comparison").
func deeper(depth int, what string) {
	if depth > MaxWalkDepth {
		panic(recursionError(what))
	}
}

func equal(a, b Value, depth int, th *Thread) bool {
	switch x := a.(type) {
	case Int:
		switch y := b.(type) {
		case Int:
			return x == y
		case Float:
			return intFloatCmp(x, float64(y)) == 0
		case Bool:
			return (x == 1 && bool(y)) || (x == 0 && !bool(y))
		case *BigInt:
			return false
		}
		return false
	case Str:
		switch y := b.(type) {
		case Str:
			if len(x) >= BytesPerStep {
				charge(th, len(x)/BytesPerStep)
			}
			return x == y
		case *TypeObj:
			return string(x) == y.Name
		case *StructType:
			return string(x) == y.Name
		}
		return false
	case Float, Bool, *BigInt:
		if !isNumber(b) {
			return false
		}
		if f, ok := a.(Float); ok && isInt(b) {
			return intFloatCmp(b, float64(f)) == 0
		}
		if f, ok := b.(Float); ok && isInt(a) {
			return intFloatCmp(a, float64(f)) == 0
		}
		if isInt(a) && isInt(b) {
			xb, _ := bigOf(a)
			yb, _ := bigOf(b)
			return xb.Cmp(yb) == 0
		}
		xf, _ := toFloat(a)
		yf, _ := toFloat(b)
		if bi, ok := b.(*BigInt); ok {
			if math.Trunc(xf) != xf {
				return false
			}
			xb, ok := bigFromFloat(xf)
			return ok && xb.Cmp(bi.V) == 0
		}
		if ai, ok := a.(*BigInt); ok {
			if math.Trunc(yf) != yf {
				return false
			}
			yb, ok := bigFromFloat(yf)
			return ok && yb.Cmp(ai.V) == 0
		}
		return xf == yf
	case NoneType:
		_, ok := b.(NoneType)
		return ok
	case *List:
		y, ok := b.(*List)
		if !ok {
			return false
		}
		if x == y {
			return true
		}
		return seqEqual(x.Elems, y.Elems, depth, th)
	case Tuple:
		y, ok := b.(Tuple)
		return ok && seqEqual(x, y, depth, th)
	case *Dict:
		y, ok := b.(*Dict)
		if !ok || x.Len() != y.Len() {
			return false
		}
		if x == y {
			return true
		}
		deeper(depth, "in comparison")
		charge(th, x.Len())
		for i, k := range x.Keys() {
			v, found, err := y.Get(k)
			if err != nil || !found || !equal(x.Values()[i], v, depth+1, th) {
				return false
			}
		}
		return true
	case *DictView:
		if x.Kind == ValuesView {
			y, ok := b.(*DictView)
			return ok && x == y
		}
		xs, _, _ := asSet(x)
		ys, ok, _ := asSet(b)
		return ok && xs != nil && equal(xs, ys, depth, th)
	case *Set:
		y, ok := b.(*Set)
		if !ok {
			if v, isView := b.(*DictView); isView {
				return equal(v, x, depth, th)
			}
		}
		if !ok || x.Len() != y.Len() {
			return false
		}
		charge(th, x.Len())
		for _, k := range x.Elems() {
			if ok, _ := y.Has(k); !ok {
				return false
			}
		}
		return true
	case *Range:
		// Ranges are equal when they are the same sequence:
		// range(0, 20, 2) == range(0, 19, 2), range(0) == range(2, 2).
		y, ok := b.(*Range)
		return ok && x.Canonical() == y.Canonical()
	case *StructVal:
		if r, ok, err := callDunder(nil, x, "__eq__", b); ok && err == nil {
			return Truth(r)
		}
		y, ok := b.(*StructVal)
		if !ok || x.Type != y.Type {
			return false
		}
		if x == y {
			return true
		}
		return seqEqual(x.Fields, y.Fields, depth, th)
	case *TypeObj:
		switch y := b.(type) {
		case Str:
			return x.Name == string(y)
		case *TypeObj:
			return x.Name == y.Name
		}
		return false
	case *StructType:
		if y, ok := b.(Str); ok {
			return x.Name == string(y)
		}
		return a == b
	case *Exception:
		y, ok := b.(*Exception)
		return ok && x == y
	}
	return a == b
}

func seqEqual(x, y []Value, depth int, th *Thread) bool {
	if len(x) != len(y) {
		return false
	}
	deeper(depth, "in comparison")
	charge(th, len(x))
	for i := range x {
		if !equal(x[i], y[i], depth+1, th) {
			return false
		}
	}
	return true
}

// Compare returns -1, 0 or +1 for ordered values, or a TypeError naming the
// operator when the values cannot be ordered. Like Equal, it raises
// RecursionError past MaxWalkDepth.
func Compare(op string, a, b Value) (int, error) { return compare(op, a, b, 0, nil) }

// Compare is Compare for a script: the walk charges the thread as it goes
// (see Thread.Equal).
func (th *Thread) Compare(op string, a, b Value) (int, error) { return compare(op, a, b, 0, th) }

func compare(op string, a, b Value, depth int, th *Thread) (int, error) {
	if x, ok := a.(Int); ok {
		if y, ok := b.(Int); ok {
			switch {
			case x < y:
				return -1, nil
			case x > y:
				return 1, nil
			}
			return 0, nil
		}
	}
	if isNumber(a) && isNumber(b) {
		if isInt(a) && isInt(b) {
			x, _ := bigOf(a)
			y, _ := bigOf(b)
			return x.Cmp(y), nil
		}
		if f, ok := b.(Float); ok && isInt(a) {
			return intFloatCmp(a, float64(f)), nil
		}
		if f, ok := a.(Float); ok && isInt(b) {
			c := intFloatCmp(b, float64(f))
			if c != 2 {
				c = -c
			}
			return c, nil
		}
		x, _ := toFloat(a)
		y, _ := toFloat(b)
		switch {
		case x < y:
			return -1, nil
		case x > y:
			return 1, nil
		case x == y:
			return 0, nil
		}
		return 2, nil // NaN: every comparison false
	}
	switch x := a.(type) {
	case Str:
		if y, ok := b.(Str); ok {
			if len(x) >= BytesPerStep {
				charge(th, len(x)/BytesPerStep)
			}
			return strings.Compare(string(x), string(y)), nil
		}
	case *List:
		if y, ok := b.(*List); ok {
			return seqCompare(op, x.Elems, y.Elems, depth, th)
		}
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return seqCompare(op, x, y, depth, th)
		}
	case *Set:
		if y, ok := b.(*Set); ok {
			sub := func(p, q *Set) bool {
				charge(th, p.Len())
				for _, e := range p.Elems() {
					if ok, _ := q.Has(e); !ok {
						return false
					}
				}
				return true
			}
			switch {
			case equal(x, y, depth, th):
				return 0, nil
			case sub(x, y):
				return -1, nil
			case sub(y, x):
				return 1, nil
			}
			return 2, nil
		}
	}
	if r, ok, err := structCompare(op, a, b); ok {
		return r, err
	}
	return 0, Errorf("TypeError", "'%s' not supported between instances of '%s' and '%s'", op, a.TypeName(), b.TypeName())
}

func seqCompare(op string, x, y []Value, depth int, th *Thread) (int, error) {
	deeper(depth, "in comparison")
	charge(th, min(len(x), len(y)))
	for i := 0; i < len(x) && i < len(y); i++ {
		if identical(x[i], y[i]) || equal(x[i], y[i], depth+1, th) {
			continue
		}
		return compare(op, x[i], y[i], depth+1, th)
	}
	switch {
	case len(x) < len(y):
		return -1, nil
	case len(x) > len(y):
		return 1, nil
	}
	return 0, nil
}

// Contains implements `x in container`.
func Contains(container, x Value) (bool, error) { return containsIn(container, x, nil) }

// Contains is Contains for a script: the search charges the thread for the
// elements it compares, nested ones included (see Thread.Equal).
func (th *Thread) Contains(container, x Value) (bool, error) { return containsIn(container, x, th) }

func containsIn(container, x Value, th *Thread) (bool, error) {
	switch c := container.(type) {
	case *List:
		charge(th, len(c.Elems))
		for _, e := range c.Elems {
			if identical(e, x) || equal(e, x, 0, th) {
				return true, nil
			}
		}
		return false, nil
	case Tuple:
		charge(th, len(c))
		for _, e := range c {
			if identical(e, x) || equal(e, x, 0, th) {
				return true, nil
			}
		}
		return false, nil
	case Str:
		s, ok := x.(Str)
		if !ok {
			return false, Errorf("TypeError", "'in <string>' requires string as left operand, not %s", x.TypeName())
		}
		charge(th, len(c)/BytesPerStep)
		return strings.Contains(string(c), string(s)), nil
	case *Dict:
		_, ok, err := c.Get(x)
		return ok, err
	case *Set:
		return c.Has(x)
	case *DictView:
		return c.has(x, th)
	case *Range:
		var i int64
		switch n := x.(type) {
		case Int:
			i = int64(n)
		case Bool:
			if n {
				i = 1
			}
		case Float:
			// Python compares each element: 2.0 in range(3).
			if float64(n) != math.Trunc(float64(n)) || math.Abs(float64(n)) > 1<<62 {
				return false, nil
			}
			i = int64(n)
		default:
			return false, nil
		}
		if c.Step > 0 {
			return i >= c.Start && i < c.Stop && (i-c.Start)%c.Step == 0, nil
		}
		return i <= c.Start && i > c.Stop && (c.Start-i)%(-c.Step) == 0, nil
	case *Iterator:
		found := false
		cur := c.in.cur
		if cur == nil {
			return false, nil
		}
		// Pulled one at a time: `in` stops at the match and leaves the
		// rest of the iterator to its next reader, as in Python.
		err := cur.protect(func() {
			for !found {
				e, ok := c.Next(cur)
				if !ok {
					break
				}
				found = identical(e, x) || equal(e, x, 0, th)
			}
		})
		return found, err
	}
	if r, ok, err := CallDunder(nil, container, "__contains__", x); ok {
		return err == nil && Truth(r), err
	}
	if sv, ok := container.(*StructVal); ok && sv.iterable() {
		// No __contains__: Python compares the elements __iter__ gives.
		elems, err := structElements(sv)
		if err != nil {
			return false, err
		}
		for _, e := range elems {
			if equal(e, x, 0, th) {
				return true, nil
			}
		}
		return false, nil
	}
	return false, Errorf("TypeError", "argument of type '%s' is not iterable", container.TypeName())
}

// floorDiv is float //, derived from fmod as CPython's float_divmod does,
// so that it agrees with % (1.0 // 0.1 is 9.0, not floor(1.0 / 0.1) = 10.0).
func floorDiv(x, y float64) float64 {
	mod := math.Mod(x, y)
	div := (x - mod) / y
	if mod != 0 && (y < 0) != (mod < 0) {
		div -= 1.0
	}
	if div == 0 {
		return math.Copysign(0, x/y)
	}
	fd := math.Floor(div)
	if div-fd > 0.5 {
		fd += 1.0
	}
	return fd
}
