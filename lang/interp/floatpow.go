package interp

import "math"

// Float `**` must print what CPython prints (SPEC §2.1). CPython calls the C
// library's pow(); Go's math.Pow is less accurate (27 ** (1/3) gives
// 2.9999999999999996 instead of 3.0, 1.1 ** 10 differs in the last digit).
// Where cgo is available (floatpow_cgo.go) floatPow calls the C library's
// pow() too, so results are CPython's bit for bit on the same platform.
// Otherwise ddPowFloat computes x**y in double-double arithmetic (about 100
// significant bits) and rounds once: the correctly rounded result, which is
// glibc's except for about 1 in 1000 random operands that lie within
// 0.02 ulp of a rounding boundary (glibc's pow errs by up to 0.52 ulp).

// dd is an unevaluated sum hi+lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func ddAdd(a, b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func ddMul(a, b dd) dd {
	p := twoProd(a.hi, b.hi)
	p.lo += a.hi*b.lo + a.lo*b.hi
	return quickTwoSum(p.hi, p.lo)
}

func ddMulF(a dd, b float64) dd {
	p := twoProd(a.hi, b)
	p.lo += a.lo * b
	return quickTwoSum(p.hi, p.lo)
}

// ddDivF divides by a double (two correction steps).
func ddDivF(a dd, b float64) dd {
	q1 := a.hi / b
	r := ddAdd(a, ddMulF(dd{-q1, 0}, b))
	q2 := r.hi / b
	r = ddAdd(r, ddMulF(dd{-q2, 0}, b))
	q3 := r.hi / b
	q := quickTwoSum(q1, q2)
	return ddAdd(q, dd{q3, 0})
}

// ddRecip returns 1/a.
func ddRecip(a dd) dd {
	q1 := 1 / a.hi
	r := ddAdd(dd{1, 0}, ddMul(dd{-q1, 0}, a))
	q2 := r.hi / a.hi
	r = ddAdd(r, ddMul(dd{-q2, 0}, a))
	q3 := r.hi / a.hi
	q := quickTwoSum(q1, q2)
	return ddAdd(q, dd{q3, 0})
}

// ln2 to about 160 bits, as three doubles.
var (
	ln2a = 0x1.62e42fefa39efp-1
	ln2b = 0x1.abc9e3b39803fp-56
	ln2c = 0x1.7b57a079a1934p-111
)

// ddExpm1Small returns e**r - 1 for |r| <= 2**-10 or so.
func ddExpm1Small(r dd) dd {
	// Taylor series; 11 terms reach far below 2**-106 for |r| < 2**-10.
	sum := r
	term := r
	for n := 2.0; n <= 11; n++ {
		term = ddDivF(ddMul(term, r), n)
		sum = ddAdd(sum, term)
		if math.Abs(term.hi) < 1e-36 {
			break
		}
	}
	return sum
}

// ddExp returns e**a and the power of two k to scale it by (the result is
// m * 2**k with m in [0.5, 2]), so that huge and tiny results keep their
// precision until the final rounding.
func ddExp(a dd) (dd, int) {
	k := math.Round(a.hi / ln2a)
	// r = a - k*ln2, with ln2 to 160 bits so that k*ln2 stays exact enough.
	r := ddAdd(a, twoProd(-k, ln2a))
	r = ddAdd(r, twoProd(-k, ln2b))
	r = ddAdd(r, dd{-k * ln2c, 0})
	// Halve r 10 times, then square (1+p) back: (1+p)^2 - 1 = 2p + p^2.
	const s = 10
	r = dd{math.Ldexp(r.hi, -s), math.Ldexp(r.lo, -s)}
	p := ddExpm1Small(r)
	for i := 0; i < s; i++ {
		p = ddAdd(dd{2 * p.hi, 2 * p.lo}, ddMul(p, p))
	}
	return ddAdd(dd{1, 0}, p), int(k)
}

// ddLog returns the natural log of x > 0 (finite) to about 100 bits.
func ddLog(x float64) dd {
	m, e := math.Frexp(x) // x = m * 2**e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// One Newton step on log(m) from the double estimate doubles its
	// precision: a' = a + m*e**-a - 1.
	a := math.Log(m)
	ex, k := ddExp(dd{-a, 0})
	ex = dd{math.Ldexp(ex.hi, k), math.Ldexp(ex.lo, k)}
	d := ddAdd(ddMulF(ex, m), dd{-1, 0})
	l := ddAdd(dd{a, 0}, d)
	if e != 0 {
		fe := float64(e)
		l = ddAdd(l, twoProd(fe, ln2a))
		l = ddAdd(l, twoProd(fe, ln2b))
		l = ddAdd(l, dd{fe * ln2c, 0})
	}
	return l
}

// ddScale rounds m * 2**k to the nearest double (m is a double-double),
// rounding once also when the result is subnormal.
func ddScale(m dd, k int) float64 {
	r := math.Ldexp(m.hi, k)
	if r != 0 && math.Abs(r) >= 0x1p-1022 || math.IsInf(r, 0) {
		// Normal range: scaling is exact, and hi is already m rounded.
		return r
	}
	// Subnormal: round hi+lo at the subnormal's precision in one step.
	// Shift so that the subnormal's last place is 2**-1074: take the
	// integer part of (hi+lo) * 2**(k+1074) with round-half-even.
	sh := k + 1074
	hi := math.Ldexp(m.hi, sh)
	lo := math.Ldexp(m.lo, sh)
	n := math.Floor(hi)
	frac := ddAdd(dd{hi - n, 0}, dd{lo, 0})
	switch {
	case frac.hi > 0.5 || (frac.hi == 0.5 && frac.lo > 0):
		n++
	case frac.hi == 0.5 && frac.lo == 0 && math.Mod(n, 2) != 0:
		n++
	case frac.hi < 0:
		n--
		if frac.hi+1 > 0.5 {
			n++
		}
	}
	return math.Ldexp(n, -1074)
}

// ddPowFloat returns x**y as C's pow() does for the cases CPython passes to
// it (see floatOp for the cases that raise), correctly rounded.
func ddPowFloat(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0:
		return math.Pow(x, y) // C99 Annex F special values, as math.Pow
	case y == 1:
		return x
	case y == 2:
		return x * x
	case y == 0.5 && x > 0:
		return math.Sqrt(x)
	case y == -1:
		return 1 / x
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		// An odd integer power keeps the sign (|y| >= 2**53 is even).
		neg = math.Abs(y) < 1<<53 && math.Mod(y, 2) != 0
		x = -x
	}
	var r float64
	if y == math.Trunc(y) && math.Abs(y) <= 64 {
		r = ddIntPow(x, y)
	} else {
		r = ddPow(x, y)
	}
	if neg {
		return -r
	}
	return r
}

// ddPow is x**y for x > 0 through exp(y*log(x)).
func ddPow(x, y float64) float64 {
	l := ddMulF(ddLog(x), y)
	if l.hi > 710 {
		return math.Inf(1)
	}
	if l.hi < -746 {
		return 0
	}
	m, k := ddExp(l)
	return ddScale(m, k)
}

// ddIntPow is x**y for x > 0 and a small integer y, by squaring in
// double-double (ddPow when an intermediate leaves the normal range).
func ddIntPow(x, y float64) float64 {
	n := int(math.Abs(y))
	acc := dd{1, 0}
	b := dd{x, 0}
	for n > 0 {
		if n&1 == 1 {
			acc = ddMul(acc, b)
		}
		n >>= 1
		if n > 0 {
			b = ddMul(b, b)
		}
		if !normal(acc.hi) || !normal(b.hi) {
			return ddPow(x, y)
		}
	}
	if y < 0 {
		acc = ddRecip(acc)
		if !normal(acc.hi) {
			return ddPow(x, y)
		}
	}
	return acc.hi + acc.lo
}

// normal reports whether f is a normal double well inside the range where
// double-double products keep their precision.
func normal(f float64) bool {
	a := math.Abs(f)
	return a > 0x1p-960 && a < 0x1p1000
}
