package builtins

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/minidana/dana/lang/interp"
)

// installFuncs registers the builtin functions of SPEC §7 (and a few Python
// staples: format, divmod, pow, bin, hex, oct, dir, callable).
func installFuncs(in *interp.Interpreter, st *state) {
	reg := in.RegisterBuiltin
	reg("print", builtinPrint)
	reg("log", st.builtinLog)
	reg("log_level", st.builtinLogLevel)
	reg("len", builtinLen)
	reg("enumerate", builtinEnumerate)
	reg("zip", builtinZip)
	reg("map", builtinMap)
	reg("filter", builtinFilter)
	reg("sorted", builtinSorted)
	reg("reversed", builtinReversed)
	reg("sum", builtinSum)
	reg("min", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		return minMax(th, "min", -1, args, kw)
	})
	reg("max", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		return minMax(th, "max", 1, args, kw)
	})
	reg("abs", builtinAbs)
	reg("round", builtinRound)
	reg("all", builtinAll)
	reg("isinstance", st.builtinIsinstance)
	reg("repr", builtinRepr)
	reg("hash", builtinHash)
	reg("ord", builtinOrd)
	reg("chr", builtinChr)
	reg("json_dumps", builtinJSONDumps)
	reg("json_loads", builtinJSONLoads)
	reg("cast", builtinCast)
	reg("implements", builtinImplements)
	reg("now", builtinNow)
	reg("getenv", builtinGetenv)
	reg("parallel", builtinParallel)
	reg("format", builtinFormat)
	reg("divmod", builtinDivmod)
	reg("pow", builtinPow)
	reg("bin", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		return intText("bin", "0b", 2, args, kw)
	})
	reg("oct", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		return intText("oct", "0o", 8, args, kw)
	})
	reg("hex", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		return intText("hex", "0x", 16, args, kw)
	})
	reg("staticmethod", descriptorMaker("staticmethod", interp.DescStatic))
	reg("classmethod", descriptorMaker("classmethod", interp.DescClass))
	reg("property", descriptorMaker("property", interp.DescProperty))
	reg("vars", builtinVars)
	reg("dir", builtinDir)
	reg("callable", builtinCallable)
	reg("getattr", builtinGetattr)
	reg("hasattr", builtinHasattr)
	reg("setattr", builtinSetattr)
	reg("issubclass", builtinIssubclass)
	reg("input", builtinInput)
	reg("iter", builtinIter)
	reg("next", builtinNext)
	reg("exit", builtinExit)
	reg("id", builtinID)
	reg("quit", builtinExit)
	for _, name := range []string{"print", "len", "abs", "min", "max", "sum", "isinstance", "repr", "hash",
		"ord", "chr", "round", "divmod", "pow", "callable", "getattr", "hasattr", "iter", "next", "sorted", "all"} {
		if b, ok := in.Builtin(name); ok {
			if b, ok := b.(*interp.Builtin); ok && borrows(name) {
				b.Borrows = true
			}
		}
	}
}

// borrows tells whether the builtin (function or type conversion) of that
// name keeps no reference to its argument slice after it returns (see
// interp.Builtin.Borrows): each listed one was read for it. Add a name only
// after checking its function.
func borrows(name string) bool {
	switch name {
	case "print", "len", "abs", "min", "max", "sum", "isinstance", "repr", "hash",
		"ord", "chr", "round", "divmod", "pow", "callable", "getattr", "hasattr", "iter", "next", "sorted", "all",
		"int", "float", "str", "bool", "range":
		return true
	}
	return false
}

// builtinID is id(x): a number that is the same for two values exactly
// when `a is b` (the address of a heap value; for numbers, strings, None
// and bools, which `is` compares by value, one derived from the value).
func builtinID(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("id", args, kw, 1, 1); err != nil {
		return nil, err
	}
	switch x := args[0].(type) {
	case interp.NoneType, interp.Bool, interp.Int, interp.Float, interp.Str, *interp.BigInt:
		h := fnv.New64a()
		h.Write([]byte(x.TypeName() + ":" + interp.Repr(x)))
		return interp.MakeInt(int64(h.Sum64() >> 2)), nil
	case interp.Tuple:
		if len(x) == 0 {
			return interp.MakeInt(1 << 40), nil
		}
		return interp.MakeInt(int64(uintptr(unsafe.Pointer(&x[0])))), nil
	}
	if rv := reflect.ValueOf(args[0]); rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map {
		return interp.MakeInt(int64(rv.Pointer())), nil
	}
	h := fnv.New64a()
	h.Write([]byte(args[0].TypeName() + ":" + interp.Repr(args[0])))
	return interp.MakeInt(int64(h.Sum64() >> 2)), nil
}

var exitSig = signature{name: "exit", params: []string{"code"}}

// builtinExit is exit(code=None) and quit(code=None): they raise
// SystemExit(code), which ends the program with that status unless caught
// (see interp.SystemExitStatus).
func builtinExit(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := exitSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	t, _ := interp.ExceptionType("SystemExit")
	if b[0] == nil {
		b[0] = interp.None // SystemExit(None), as Python's exit()
	}
	return nil, interp.NewExceptionArgs(t, b[0])
}

var inputSig = signature{name: "input", params: []string{"prompt"}}

// builtinInput is input(prompt=""): the prompt goes to standard output, then
// one line of standard input is returned without its newline; at end of
// input it raises EOFError, as Python does.
func builtinInput(th *interp.Thread, args []value, kw kwargs) (value, error) {
	a, err := inputSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	if a[0] != nil {
		if _, err := io.WriteString(th.Interp().Stdout(), interp.ToStr(a[0])); err != nil {
			return nil, err
		}
	}
	line, err := th.Interp().Stdin().ReadString('\n')
	if err != nil && line == "" {
		if err == io.EOF {
			return nil, interp.Errorf("EOFError", "EOF when reading a line")
		}
		return nil, interp.Errorf("OSError", "input(): %v", err)
	}
	line = strings.TrimSuffix(line, "\n")
	return interp.Str(strings.TrimSuffix(line, "\r")), nil
}

// ---------------------------------------------------------------------------
// Output

var printSig = signature{name: "print", kwOnly: []string{"sep", "end", "flush", "file"}}

// builtinPrint is print(*values, sep=" ", end="\n"): str() of each value as
// Python prints it (True, 5.0, [1, 'a']).
func builtinPrint(th *interp.Thread, args []value, kw kwargs) (value, error) {
	sep, end := " ", "\n"
	if len(kw) > 0 {
		b, err := printSig.bind(nil, kw)
		if err != nil {
			return nil, err
		}
		if sep, err = optStr("sep", b[0], sep); err != nil {
			return nil, err
		}
		if end, err = optStr("end", b[1], end); err != nil {
			return nil, err
		}
		if f := b[3]; f != nil && f != interp.None {
			// file=None is standard output, as in Python; scripts have no
			// other files (SPEC §7).
			return nil, interp.Errorf("TypeError", "print() file= can only be None (standard output): mini-Dana has no files")
		}
	}
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteString(sep)
		}
		s, err := interp.ToStrChecked(th, a)
		if err != nil {
			return nil, err
		}
		sb.WriteString(s)
	}
	sb.WriteString(end)
	if _, err := io.WriteString(th.Interp().Stdout(), sb.String()); err != nil {
		return nil, fmt.Errorf("print: writing to stdout: %w", err)
	}
	return interp.None, nil
}

// optStr reads an optional str-or-None keyword argument.
func optStr(param string, v value, def string) (string, error) {
	if isNone(v) {
		return def, nil
	}
	s, ok := v.(interp.Str)
	if !ok {
		return "", interp.Errorf("TypeError", "%s must be None or a string, not %s", param, typeName(v))
	}
	return string(s), nil
}

// Log levels, lowest first.
const (
	levelDebug = iota
	levelInfo
	levelWarning
	levelError
)

var levelNames = []string{"debug", "info", "warning", "error"}

func parseLevel(fname string, v value) (int, error) {
	s, ok := v.(interp.Str)
	if !ok {
		return 0, interp.Errorf("TypeError", "%s() level must be a string, not %s", fname, typeName(v))
	}
	switch strings.ToLower(strings.TrimSpace(string(s))) {
	case "debug":
		return levelDebug, nil
	case "info":
		return levelInfo, nil
	case "warning", "warn":
		return levelWarning, nil
	case "error", "critical", "fatal":
		return levelError, nil
	}
	return 0, interp.Errorf("ValueError", "%s(): unknown log level %s (use %s)", fname, interp.QuoteString(string(s)), joinNames(levelNames))
}

var logSig = signature{name: "log", params: []string{"msg", "level"}, nreq: 1}

// builtinLog is log(msg, level="info"): writes "[level] msg" to stderr when
// the level reaches the threshold set by log_level.
func (st *state) builtinLog(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := logSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	level := levelInfo
	if b[1] != nil {
		if level, err = parseLevel("log", b[1]); err != nil {
			return nil, err
		}
	}
	if level < st.logLevel {
		return interp.None, nil
	}
	line := "[" + levelNames[level] + "] " + interp.ToStr(b[0]) + "\n"
	if _, err := io.WriteString(th.Interp().Stderr(), line); err != nil {
		return nil, fmt.Errorf("log: writing to stderr: %w", err)
	}
	return interp.None, nil
}

// builtinLogLevel is log_level(level): sets the threshold of log();
// log_level() returns the current one.
func (st *state) builtinLogLevel(th *interp.Thread, args []value, kw kwargs) (value, error) {
	// The namespace (reference Dana's second argument) is accepted and ignored (SPEC §7).
	b, err := (&signature{name: "log_level", params: []string{"level", "namespace"}}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	if b[0] == nil {
		return interp.Str(levelNames[st.logLevel]), nil
	}
	level, err := parseLevel("log_level", b[0])
	if err != nil {
		return nil, err
	}
	st.logLevel = level
	return interp.None, nil
}

// ---------------------------------------------------------------------------
// Sequences

// lengther is implemented by embedder values with a length.
type lengther interface{ Len() int }

func builtinLen(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("len", args, kw, 1, 1); err != nil {
		return nil, err
	}
	switch x := args[0].(type) {
	case interp.Str:
		return interp.MakeInt(int64(th.StrLen(string(x)))), nil
	case *interp.List:
		return interp.MakeInt(int64(len(x.Elems))), nil
	case interp.Tuple:
		return interp.MakeInt(int64(len(x))), nil
	case *interp.Range:
		return interp.MakeInt(x.Len()), nil
	case lengther:
		return interp.MakeInt(int64(x.Len())), nil
	}
	if n, ok, err := interp.StructLen(th, args[0]); ok {
		if err != nil {
			return nil, err
		}
		return interp.MakeInt(n), nil
	}
	return nil, interp.Errorf("TypeError", "object of type '%s' has no len()", typeName(args[0]))
}

// builtinRange is range(stop) / range(start, stop[, step]).
func builtinRange(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if len(kw) > 0 {
		return nil, interp.Errorf("TypeError", "range() takes no keyword arguments")
	}
	if len(args) == 0 {
		return nil, interp.Errorf("TypeError", "range expected at least 1 argument, got 0")
	}
	if len(args) > 3 {
		return nil, interp.Errorf("TypeError", "range expected at most 3 arguments, got %d", len(args))
	}
	n := make([]int64, len(args))
	for i, a := range args {
		v, err := toIndex(a, "")
		if err != nil {
			return nil, err
		}
		n[i] = v
	}
	r := &interp.Range{Step: 1}
	switch len(n) {
	case 1:
		r.Stop = n[0]
	case 2:
		r.Start, r.Stop = n[0], n[1]
	case 3:
		if n[2] == 0 {
			return nil, interp.Errorf("ValueError", "range() arg 3 must not be zero")
		}
		r.Start, r.Stop, r.Step = n[0], n[1], n[2]
	}
	return r, nil
}

var sortedSig = signature{name: "sorted", params: []string{"iterable"}, nreq: 1, kwOnly: []string{"key", "reverse"}}

// builtinSorted is sorted(iterable, key=None, reverse=False): a new sorted
// list; the sort is stable.
func builtinSorted(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if len(args) > 1 {
		return nil, interp.Errorf("TypeError", "sorted expected 1 argument, got %d", len(args))
	}
	b, err := sortedSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	xs, err := iterate(th, b[0])
	if err != nil {
		return nil, err
	}
	out, err := sortValues(th, xs, b[1], b[2] != nil && interp.Truth(b[2]))
	if err != nil {
		return nil, err
	}
	return interp.NewList(out), nil
}

// sortValues returns a stably sorted copy of xs, comparing key(x) (or x)
// with `<`. A TypeError of the comparison is returned.
func sortValues(th *interp.Thread, xs []value, key value, reverse bool) ([]value, error) {
	th.AllocValues(2 * int64(len(xs)))
	out := append([]value(nil), xs...)
	keys := out
	if !isNone(key) {
		keys = make([]value, len(out))
		for i, x := range out {
			k, err := call(th, key, x)
			if err != nil {
				return nil, err
			}
			keys[i] = k
		}
	}
	s := &sorter{keys: keys, reverse: reverse, th: th}
	if !isNone(key) {
		s.vals = out
	}
	s.sort()
	if s.err != nil {
		return nil, s.err
	}
	return out, nil
}

// sort sorts stably: a merge sort (insertion sort for short runs) through
// a buffer, so O(n log n) comparisons and moves (sort.Stable rotates in
// place, O(n log² n) moves), and an already ordered input costs n-1
// comparisons, as with Python's timsort.
func (s *sorter) sort() {
	n := len(s.keys)
	// Charged about a step per comparison, by the call rather than by the
	// comparison (one Charge per comparison was 3 % of sorting's cost).
	s.th.Charge(n)
	sorted := true
	for i := 1; i < n && s.err == nil; i++ {
		if s.Less(i, i-1) {
			sorted = false
			break
		}
	}
	if sorted || s.err != nil {
		return
	}
	items := make([]sortItem, n)
	for i := range items {
		items[i].k = s.keys[i]
		if s.vals != nil {
			items[i].v = s.vals[i]
		}
	}
	s.mergeSort(items, make([]sortItem, n))
	for i, it := range items {
		s.keys[i] = it.k
		if s.vals != nil {
			s.vals[i] = it.v
		}
	}
}

// sortItem is a key and its value (the element when a key function was
// given) moving together.
type sortItem struct{ k, v value }

// less is Less on two keys.
func (s *sorter) less(a, b value) bool {
	if s.err != nil {
		return false
	}
	if s.reverse {
		a, b = b, a
	}
	if x, ok := a.(interp.Int); ok {
		if y, ok := b.(interp.Int); ok {
			return x < y
		}
	}
	if x, ok := a.(interp.Str); ok {
		if y, ok := b.(interp.Str); ok {
			return x < y
		}
	}
	c, err := s.th.Compare("<", a, b)
	if err != nil {
		s.err = err
		return false
	}
	return c == -1
}

// mergeSort sorts xs stably, using buf (as long as xs) as scratch space.
func (s *sorter) mergeSort(xs, buf []sortItem) {
	n := len(xs)
	s.th.Charge(n) // the merge's comparisons, or the insertion sort's
	if n <= 12 {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && s.less(xs[j].k, xs[j-1].k); j-- {
				xs[j], xs[j-1] = xs[j-1], xs[j]
			}
		}
		return
	}
	m := n / 2
	s.mergeSort(xs[:m], buf[:m])
	s.mergeSort(xs[m:], buf[m:])
	if !s.less(xs[m].k, xs[m-1].k) {
		return // the halves are already in order
	}
	copy(buf, xs)
	i, j, k := 0, m, 0
	for i < m && j < n {
		if s.less(buf[j].k, buf[i].k) {
			xs[k] = buf[j]
			j++
		} else {
			xs[k] = buf[i]
			i++
		}
		k++
	}
	k += copy(xs[k:], buf[i:m])
	copy(xs[k:], buf[j:n])
}

// sorter sorts keys (and vals alongside, when set) with Python's `<`.
type sorter struct {
	keys, vals []value
	reverse    bool
	err        error
	th         *interp.Thread // charged about one step per comparison
}

func (s *sorter) Less(i, j int) bool { return s.less(s.keys[i], s.keys[j]) }

var sumSig = signature{name: "sum", params: []string{"iterable", "start"}, nreq: 1}

// builtinSum is sum(iterable, start=0). Floats are added one after
// another, as Python 3.11 does (no compensated summation).
func builtinSum(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := sumSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	var acc value = interp.MakeInt(0)
	if b[1] != nil {
		acc = b[1]
		switch acc.(type) {
		case interp.Str:
			return nil, interp.Errorf("TypeError", "sum() can't sum strings [use ''.join(seq) instead]")
		}
	}
	if r, ok := b[0].(*interp.Range); ok && isIntValue(acc) {
		// start*n + step*n*(n-1)/2, without materialising the range.
		n := big.NewInt(r.Len())
		t := new(big.Int).Mul(big.NewInt(r.Start), n)
		tri := new(big.Int).Mul(n, new(big.Int).Sub(n, big.NewInt(1)))
		tri.Rsh(tri, 1).Mul(tri, big.NewInt(r.Step))
		t.Add(t, tri).Add(t, bigOfInt(acc))
		return interp.MakeBig(t), nil
	}
	xs, err := iterate(th, b[0])
	if err != nil {
		return nil, err
	}
	i := 0
	// Integers on the int64 fast path.
	if n, ok := acc.(interp.Int); ok {
		s := int64(n)
		for ; i < len(xs); i++ {
			y, ok := xs[i].(interp.Int)
			if !ok {
				break
			}
			t := s + int64(y)
			if (t > s) != (y > 0) {
				break
			}
			s = t
		}
		acc = interp.MakeInt(s)
	}
	for ; i < len(xs); i++ {
		if f, ok := acc.(interp.Float); ok {
			// Plain left-to-right float addition while the items are
			// numbers, as CPython 3.11 does (3.12 compensates).
			sum := float64(f)
			for ; i < len(xs); i++ {
				x, ok := floatItem(xs[i])
				if !ok {
					break
				}
				sum += x
			}
			acc = interp.Float(sum)
			if i >= len(xs) {
				break
			}
		}
		if _, ok := xs[i].(interp.Str); ok {
			if _, accStr := acc.(interp.Str); !accStr {
				return nil, interp.Errorf("TypeError", "unsupported operand type(s) for +: '%s' and 'str'", typeName(acc))
			}
		}
		v, err := th.BinaryOp("+", acc, xs[i]) // with __add__/__radd__ of structs
		if err != nil {
			return nil, err
		}
		acc = v
	}
	return acc, nil
}

// floatItem returns the float value of a float, int or bool item of sum().
func floatItem(v value) (float64, bool) {
	switch y := v.(type) {
	case interp.Float:
		return float64(y), true
	case interp.Int:
		return float64(y), true
	case interp.Bool:
		if y {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// minMax implements min (want -1) and max (want +1): over one iterable or
// several arguments, with key= and default=.
func minMax(th *interp.Thread, name string, want int, args []value, kw kwargs) (value, error) {
	var key, def value
	for _, k := range kw {
		switch k.Name {
		case "key":
			key = k.Value
		case "default":
			def = k.Value
		default:
			return nil, interp.Errorf("TypeError", "%s() got an unexpected keyword argument '%s'", name, k.Name)
		}
	}
	op := "<"
	if want > 0 {
		op = ">"
	}
	// One element at a time: max(range(10**13)) runs (charged) until the
	// deadline, as CPython's loop does, instead of materializing the range.
	var best, bestKey value
	n := 0
	var ferr error
	visit := func(x value) bool {
		k := x
		if !isNone(key) {
			if k, ferr = call(th, key, x); ferr != nil {
				return false
			}
		}
		if n == 0 {
			best, bestKey = x, k
		} else {
			c, err := th.Compare(op, k, bestKey)
			if err != nil {
				ferr = err
				return false
			}
			if c == want {
				best, bestKey = x, k
			}
		}
		n++
		return true
	}
	switch len(args) {
	case 0:
		return nil, interp.Errorf("TypeError", "%s expected at least 1 argument, got 0", name)
	case 1:
		if err := th.Each(args[0], visit); err != nil {
			return nil, err
		}
	default:
		if def != nil {
			return nil, interp.Errorf("TypeError", "Cannot specify a default for %s() with multiple positional arguments", name)
		}
		for _, x := range args {
			if !visit(x) {
				break
			}
		}
	}
	if ferr != nil {
		return nil, ferr
	}
	if n == 0 {
		if def != nil {
			return def, nil
		}
		return nil, interp.Errorf("ValueError", "%s() arg is an empty sequence", name)
	}
	return best, nil
}

// ---------------------------------------------------------------------------
// Numbers

func builtinAbs(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("abs", args, kw, 1, 1); err != nil {
		return nil, err
	}
	switch x := args[0].(type) {
	case interp.Int:
		if x < 0 {
			return interp.Unary("-", x)
		}
		return x, nil
	case *interp.BigInt:
		return interp.MakeBig(new(big.Int).Abs(x.V)), nil
	case interp.Float:
		return interp.Float(math.Abs(float64(x))), nil
	case interp.Bool:
		if x {
			return interp.MakeInt(1), nil
		}
		return interp.MakeInt(0), nil
	}
	if r, ok, err := interp.CallDunder(th, args[0], "__abs__"); ok {
		return r, err
	}
	return nil, interp.Errorf("TypeError", "bad operand type for abs(): '%s'", typeName(args[0]))
}

var roundSig = signature{name: "round", params: []string{"number", "ndigits"}, nreq: 1}

// builtinRound is Python's round: round(x) rounds half to even and returns
// an int; round(x, n) returns a value of x's type, correctly rounded from
// x's exact binary value (round(2.675, 2) == 2.67).
func builtinRound(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := roundSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	x, nd := b[0], b[1]
	if isNone(nd) {
		switch v := x.(type) {
		case interp.Int, *interp.BigInt:
			return v, nil
		case interp.Bool:
			return interp.ToInt(v)
		case interp.Float:
			f := float64(v)
			if math.IsNaN(f) {
				return nil, interp.Errorf("ValueError", "cannot convert float NaN to integer")
			}
			if math.IsInf(f, 0) {
				return nil, interp.Errorf("OverflowError", "cannot convert float infinity to integer")
			}
			return interp.ToInt(interp.Float(math.RoundToEven(f)))
		}
		return nil, interp.Errorf("TypeError", "type %s doesn't define __round__ method", typeName(x))
	}
	n, err := toIndex(nd, "")
	if err != nil {
		return nil, err
	}
	switch v := x.(type) {
	case interp.Int, *interp.BigInt, interp.Bool:
		iv, _ := interp.ToInt(v)
		if n >= 0 {
			return iv, nil
		}
		return roundInt(iv, -n), nil
	case interp.Float:
		return interp.Float(roundFloat(float64(v), n)), nil
	}
	return nil, interp.Errorf("TypeError", "type %s doesn't define __round__ method", typeName(x))
}

// roundFloat rounds f to nd decimal digits (nd may be negative), half to
// even on the exact binary value, as CPython's round does.
func roundFloat(f float64, nd int64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		return f
	}
	if nd > 323 {
		return f
	}
	if nd < -308 {
		return 0 * f
	}
	r := new(big.Rat).SetFloat64(f)
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(nd)), nil))
	if nd >= 0 {
		r.Mul(r, scale)
	} else {
		r.Quo(r, scale)
	}
	q := roundHalfEven(r)
	out := new(big.Rat).SetInt(q)
	if nd >= 0 {
		out.Quo(out, scale)
	} else {
		out.Mul(out, scale)
	}
	res, _ := out.Float64()
	if res == 0 {
		return math.Copysign(0, f)
	}
	return res
}

// roundHalfEven rounds a rational to the nearest integer, ties to even.
func roundHalfEven(r *big.Rat) *big.Int {
	num, den := r.Num(), r.Denom()
	q, m := new(big.Int).DivMod(num, den, new(big.Int)) // floor for den > 0
	twice := new(big.Int).Lsh(m, 1)
	switch twice.Cmp(den) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// roundInt rounds an integer to a multiple of 10**k, ties to even.
func roundInt(v value, k int64) value {
	x := bigOfInt(v)
	if k > int64(x.BitLen())/3+2 {
		return interp.MakeInt(0) // |x| < 10**k / 2
	}
	r := new(big.Rat).SetFrac(x, new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil))
	q := roundHalfEven(r)
	return interp.MakeBig(q.Mul(q, new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)))
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// bigOfInt returns an integer value (Int, *BigInt, Bool) as a new big.Int.
func bigOfInt(v value) *big.Int {
	switch x := v.(type) {
	case interp.Int:
		return big.NewInt(int64(x))
	case *interp.BigInt:
		return new(big.Int).Set(x.V)
	case interp.Bool:
		if x {
			return big.NewInt(1)
		}
	}
	return big.NewInt(0)
}

func isIntValue(v value) bool {
	switch v.(type) {
	case interp.Int, *interp.BigInt, interp.Bool:
		return true
	}
	return false
}

// builtinDivmod is divmod(a, b) == (a // b, a % b).
func builtinDivmod(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("divmod", args, kw, 2, 2); err != nil {
		return nil, err
	}
	a, b := args[0], args[1]
	if !isNumber(a) || !isNumber(b) {
		return nil, interp.Errorf("TypeError", "unsupported operand type(s) for divmod(): '%s' and '%s'", typeName(a), typeName(b))
	}
	_, af := a.(interp.Float)
	_, bf := b.(interp.Float)
	if (af || bf) && !interp.Truth(b) {
		return nil, interp.Errorf("ZeroDivisionError", "float divmod()")
	}
	q, err := interp.Binary("//", a, b)
	if err != nil {
		return nil, err
	}
	m, err := interp.Binary("%", a, b)
	if err != nil {
		return nil, err
	}
	return interp.Pair(q, m), nil
}

func isNumber(v value) bool {
	switch v.(type) {
	case interp.Int, *interp.BigInt, interp.Bool, interp.Float:
		return true
	}
	return false
}

var powSig = signature{name: "pow", params: []string{"base", "exp", "mod"}, nreq: 2}

// builtinPow is pow(base, exp, mod=None).
func builtinPow(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := powSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	if isNone(b[2]) {
		return interp.Binary("**", b[0], b[1])
	}
	if !isIntValue(b[0]) || !isIntValue(b[1]) || !isIntValue(b[2]) {
		return nil, interp.Errorf("TypeError", "pow() 3rd argument not allowed unless all arguments are integers")
	}
	x, e, m := bigOfInt(b[0]), bigOfInt(b[1]), bigOfInt(b[2])
	if m.Sign() == 0 {
		return nil, interp.Errorf("ValueError", "pow() 3rd argument cannot be 0")
	}
	am := new(big.Int).Abs(m)
	if e.Sign() < 0 {
		inv := new(big.Int).ModInverse(new(big.Int).Mod(x, am), am)
		if inv == nil {
			return nil, interp.Errorf("ValueError", "base is not invertible for the given modulus")
		}
		x, e = inv, new(big.Int).Neg(e)
	}
	r := modPow(th, new(big.Int).Mod(x, am), e, am)
	if am.Cmp(big.NewInt(1)) == 0 {
		r.SetInt64(0)
	}
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, m)
	}
	return interp.MakeBig(r), nil
}

// intText implements bin, oct and hex.
func intText(name, prefix string, base int, args []value, kw kwargs) (value, error) {
	if err := arity(name, args, kw, 1, 1); err != nil {
		return nil, err
	}
	if !isIntValue(args[0]) {
		return nil, interp.Errorf("TypeError", "'%s' object cannot be interpreted as an integer", typeName(args[0]))
	}
	x := bigOfInt(args[0])
	sign := ""
	if x.Sign() < 0 {
		sign = "-"
		x.Neg(x)
	}
	return interp.Str(sign + prefix + x.Text(base)), nil
}

// ---------------------------------------------------------------------------
// Values and types

func builtinRepr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("repr", args, kw, 1, 1); err != nil {
		return nil, err
	}
	s, err := interp.ReprChecked(th, args[0])
	if err != nil {
		return nil, err
	}
	return interp.Str(s), nil
}

func builtinOrd(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("ord", args, kw, 1, 1); err != nil {
		return nil, err
	}
	s, ok := args[0].(interp.Str)
	if !ok {
		return nil, interp.Errorf("TypeError", "ord() expected string of length 1, but %s found", typeName(args[0]))
	}
	r, w := utf8.DecodeRuneInString(string(s))
	if w == 0 || w != len(s) {
		return nil, interp.Errorf("TypeError", "ord() expected a character, but string of length %d found", th.StrLen(string(s)))
	}
	return interp.MakeInt(int64(r)), nil
}

func builtinChr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("chr", args, kw, 1, 1); err != nil {
		return nil, err
	}
	if _, ok := args[0].(*interp.BigInt); ok {
		return nil, interp.Errorf("OverflowError", "Python int too large to convert to C int")
	}
	n, err := toIndex(args[0], "")
	if err != nil {
		return nil, err
	}
	if n < 0 || n > 0x10FFFF {
		return nil, interp.Errorf("ValueError", "chr() arg not in range(0x110000)")
	}
	return interp.Str(string(rune(n))), nil
}

func builtinCallable(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("callable", args, kw, 1, 1); err != nil {
		return nil, err
	}
	return interp.Bool(interp.IsCallable(args[0])), nil
}

var formatSig = signature{name: "format", params: []string{"value", "format_spec"}, nreq: 1}

// builtinFormat is format(value, spec="").
func builtinFormat(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := formatSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	spec := ""
	if b[1] != nil {
		if spec, err = strArg("format", b[1], 2); err != nil {
			return nil, err
		}
	}
	if spec == "" {
		s, err := interp.ToStrChecked(th, b[0])
		return interp.Str(s), err
	}
	s, err := interp.FormatValue(b[0], spec)
	if err != nil {
		return nil, err
	}
	return interp.Str(s), nil
}

var castSig = signature{name: "cast", params: []string{"type", "value"}, nreq: 2}

// builtinCast is cast(T, v): coerce v to T with Dana's rules (SPEC §8). T is
// a type object, a struct type or a type expression such as "list[int]".
func builtinCast(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := castSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	h, err := hintOf(th, b[0])
	if err != nil {
		return nil, err
	}
	return interp.Coerce(b[1], h)
}

// hintOf builds a type hint from a type value (type object, struct type) or a
// type expression string.
func hintOf(th *interp.Thread, t value) (*interp.TypeHint, error) {
	switch x := t.(type) {
	case *interp.TypeObj:
		return interp.HintFromString(x.Name, th.Module()), nil
	case *interp.StructType:
		return &interp.TypeHint{Kind: interp.HintStruct, Name: x.Name, Struct: x}, nil
	case *interp.EnumType:
		return &interp.TypeHint{Kind: interp.HintStruct, Name: x.Name, Enum: x}, nil
	case interp.Str:
		if strings.TrimSpace(string(x)) == "" {
			return nil, interp.Errorf("ValueError", "cast(): empty type expression")
		}
		return interp.HintFromString(string(x), th.Module()), nil
	case interp.NoneType:
		return interp.HintFromString("None", th.Module()), nil
	}
	return nil, interp.Errorf("TypeError", "cast() type must be a type, a struct type or a type name, not %s", typeName(t))
}

func builtinImplements(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("implements", args, kw, 2, 2); err != nil {
		return nil, err
	}
	iface, ok := args[1].(*interp.InterfaceType)
	if !ok {
		return nil, interp.Errorf("TypeError", "implements() arg 2 must be an interface, not %s", typeName(args[1]))
	}
	return interp.Bool(th.Interp().Implements(args[0], iface)), nil
}

// builtinNow returns the current UTC time as ISO-8601 text with
// milliseconds, e.g. "2025-01-31T12:00:00.000Z".
func builtinNow(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("now", args, kw, 0, 0); err != nil {
		return nil, err
	}
	return interp.Str(time.Now().UTC().Format("2006-01-02T15:04:05.000Z")), nil
}

var getenvSig = signature{name: "getenv", params: []string{"name", "default"}, nreq: 1}

// builtinGetenv is getenv(name, default=None); an empty variable counts as
// unset. Only DANA_* names and those allowed with --allow-env are read (see
// interp.Interpreter.EnvReadable); any other name reads as unset, and the
// first read of each such name says so on stderr.
func builtinGetenv(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := getenvSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	name, err := strArg("getenv", b[0], 1)
	if err != nil {
		return nil, err
	}
	in := th.Interp()
	if !in.EnvReadable(name) {
		st, _ := in.Data(stateKey).(*state)
		if st != nil && !st.envWarned[name] {
			if st.envWarned == nil {
				st.envWarned = map[string]bool{}
			}
			st.envWarned[name] = true
			fmt.Fprintf(in.Stderr(), "warning: getenv(%q) reads as unset: scripts may read only DANA_* variables and those named with --allow-env, and never API keys or other secrets\n", name)
		}
	} else if v := in.Getenv(name); v != "" {
		return interp.Str(v), nil
	}
	if b[1] == nil {
		return interp.None, nil
	}
	return b[1], nil
}

// builtinDir lists the attribute and method names of a value, sorted; dir()
// lists the names bound at the top level of the running module.
func builtinDir(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("dir", args, kw, 0, 1); err != nil {
		return nil, err
	}
	in := th.Interp()
	var names []string
	if len(args) == 0 {
		names = th.Module().GlobalNames()
	} else {
		v := args[0]
		if an, ok := v.(interp.AttrNamer); ok {
			names = append(names, an.AttrNames()...)
		}
		switch x := v.(type) {
		case *interp.TypeObj:
			names = append(names, in.MethodNames(x.Name)...)
		case *interp.StructType:
			for _, f := range x.Fields {
				names = append(names, f.Name)
			}
			for m := range x.Methods {
				names = append(names, m)
			}
		case *interp.Exception:
		default:
			names = append(names, in.MethodNames(v.TypeName())...)
		}
	}
	sort.Strings(names)
	out := make([]value, 0, len(names))
	for i, n := range names {
		if i > 0 && n == names[i-1] {
			continue
		}
		out = append(out, interp.Str(n))
	}
	return interp.NewList(out), nil
}

// attrName requires the str attribute name of getattr, hasattr, setattr.
func attrName(v value) (string, error) {
	s, ok := v.(interp.Str)
	if !ok {
		return "", interp.Errorf("TypeError", "attribute name must be string, not '%s'", typeName(v))
	}
	return string(s), nil
}

// isAttributeError reports whether err is a mini-Dana AttributeError.
func isAttributeError(err error) bool {
	var ex *interp.Exception
	return errors.As(err, &ex) && ex.Type.Name == "AttributeError"
}

// descriptorMaker returns Python's staticmethod, classmethod or property
// decorator for functions defined in a struct body.
func descriptorMaker(name string, kind interp.DescriptorKind) interp.BuiltinFunc {
	return func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if err := arity(name, args, kw, 1, 1); err != nil {
			return nil, err
		}
		if !interp.IsCallable(args[0]) {
			return nil, interp.Errorf("TypeError", "%s() needs a function, not '%s'", name, typeName(args[0]))
		}
		return &interp.Descriptor{Kind: kind, Fn: args[0]}, nil
	}
}

// builtinVars is vars(obj): a struct value's fields as a new dict.
func builtinVars(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("vars", args, kw, 1, 1); err != nil {
		return nil, err
	}
	if sv, ok := args[0].(*interp.StructVal); ok {
		return sv.FieldDict(), nil
	}
	return nil, interp.Errorf("TypeError", "vars() argument must have __dict__ attribute")
}

// builtinGetattr is getattr(obj, name[, default]).
func builtinGetattr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("getattr", args, kw, 2, 3); err != nil {
		return nil, err
	}
	name, err := attrName(args[1])
	if err != nil {
		return nil, err
	}
	v, err := th.GetAttr(args[0], name)
	if err != nil && len(args) == 3 && isAttributeError(err) {
		return args[2], nil
	}
	return v, err
}

// builtinHasattr is hasattr(obj, name).
func builtinHasattr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("hasattr", args, kw, 2, 2); err != nil {
		return nil, err
	}
	name, err := attrName(args[1])
	if err != nil {
		return nil, err
	}
	_, err = th.GetAttr(args[0], name)
	if err != nil && !isAttributeError(err) {
		return nil, err
	}
	return interp.Bool(err == nil), nil
}

// builtinSetattr is setattr(obj, name, value): struct fields (type-checked)
// and attributes of embedder values that can be set.
func builtinSetattr(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("setattr", args, kw, 3, 3); err != nil {
		return nil, err
	}
	name, err := attrName(args[1])
	if err != nil {
		return nil, err
	}
	switch x := args[0].(type) {
	case *interp.StructVal:
		return interp.None, x.SetField(name, args[2])
	case interface{ SetAttr(string, value) error }:
		return interp.None, x.SetAttr(name, args[2])
	}
	return nil, interp.Errorf("AttributeError", "cannot set attribute '%s' on '%s' object", name, typeName(args[0]))
}

// builtinIssubclass is issubclass(C, B) for exception classes, struct types
// and built-in types (bool is a subclass of int; everything of any).
func builtinIssubclass(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("issubclass", args, kw, 2, 2); err != nil {
		return nil, err
	}
	ok, err := isSubclass(args[0], args[1], 0)
	if err != nil {
		return nil, err
	}
	return interp.Bool(ok), nil
}

func isSubclass(c, b value, depth int) (bool, error) {
	if t, ok := b.(interp.Tuple); ok && depth < 50 {
		for _, e := range t {
			ok, err := isSubclass(c, e, depth+1)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	switch b.(type) {
	case *interp.ExcType, *interp.TypeObj, *interp.StructType:
	default:
		return false, interp.Errorf("TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union")
	}
	if bt, ok := b.(*interp.TypeObj); ok && (bt.Name == "any" || bt.Name == "object") {
		switch c.(type) {
		case *interp.ExcType, *interp.TypeObj, *interp.StructType:
			return true, nil
		}
	}
	switch x := c.(type) {
	case *interp.ExcType:
		y, ok := b.(*interp.ExcType)
		return ok && x.IsSubclass(y), nil
	case *interp.TypeObj:
		y, ok := b.(*interp.TypeObj)
		return ok && (x.Name == y.Name || (x.Name == "bool" && y.Name == "int")), nil
	case *interp.StructType:
		return c == b, nil
	}
	return false, interp.Errorf("TypeError", "issubclass() arg 1 must be a class")
}

// modPow is x**e mod m (x already reduced, e >= 0). When the work is large
// it squares and multiplies step by step, charging th for each step, so
// that the deadline and the step budget hold inside pow().
func modPow(th *interp.Thread, x, e, m *big.Int) *big.Int {
	words := int64(len(m.Bits()))
	if words*words*int64(e.BitLen()) < 1<<26 {
		return new(big.Int).Exp(x, e, m)
	}
	r := big.NewInt(1)
	for i := e.BitLen() - 1; i >= 0; i-- {
		th.Charge(int(words))
		r.Mul(r, r).Mod(r, m)
		if e.Bit(i) == 1 {
			r.Mul(r, x).Mod(r, m)
		}
	}
	return r
}
