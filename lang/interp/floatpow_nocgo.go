//go:build !cgo

package interp

// floatPow is the correctly rounded double-double pow (see floatpow.go):
// built without cgo there is no C library pow() to call.
func floatPow(x, y float64) float64 { return ddPowFloat(x, y) }

// libmPow reports whether floatPow is the C library's pow().
const libmPow = false
