//go:build cgo

package interp

// #cgo LDFLAGS: -lm
// #include <math.h>
import "C"

// floatPow is the C library's pow(), which CPython's float ** calls: the
// same last bit as CPython on the same platform (see floatpow.go).
func floatPow(x, y float64) float64 { return float64(C.pow(C.double(x), C.double(y))) }

// libmPow reports whether floatPow is the C library's pow().
const libmPow = true
