// Package builtins installs the builtin functions, type objects and methods
// of built-in types (SPEC §6.4, §7, §8) on a mini-Dana interpreter.
//
// Everything is registered per interpreter by Install: the type objects, the
// log threshold and every other piece of state belong to the interpreter they
// were installed on, so two interpreters side by side never share state.
// Where the SPEC is silent, the builtins behave as Python 3's do, down to
// their error messages.
package builtins

import (
	"strings"
	"sync"

	"github.com/minidana/dana/lang/interp"
)

// Value and friends are shortened for readability.
type (
	value  = interp.Value
	kwargs = []interp.KwArg
)

// Install registers every builtin function, type object and built-in type
// method on in. Calling it again re-registers them (a fresh set of type
// objects, the log threshold reset to "info").
func Install(in *interp.Interpreter) {
	st := newState(in)
	in.SetData(stateKey, st)
	installTypes(in, st)
	installFuncs(in, st)
	installStrMethods(in)
	installListMethods(in)
	installDictMethods(in)
	installSetMethods(in)
	installTupleMethods(in)
	installRangeMethods(in)
	installNumberMethods(in)
	installStaticMethods(in)
}

// stateKey is the interp.Interpreter.Data key of the per-interpreter state.
const stateKey = "builtins.state"

// state is what the builtins of one interpreter remember.
type state struct {
	in *interp.Interpreter
	// mu guards types: type() of an embedder value creates a type object
	// on first use.
	mu sync.Mutex
	// types holds the type objects by name; type(x) returns these very
	// instances.
	types map[string]*interp.TypeObj
	// logLevel is the threshold of log(): messages below it are dropped.
	logLevel int
	// envWarned holds the names getenv() refused to read and said so.
	envWarned map[string]bool
}

func newState(in *interp.Interpreter) *state {
	return &state{in: in, types: map[string]*interp.TypeObj{}, logLevel: levelInfo}
}

// ---------------------------------------------------------------------------
// Argument helpers

// signature describes the parameters of a builtin for bind.
type signature struct {
	name   string   // as shown in messages, e.g. "sorted" or "str.split"
	params []string // positional-or-keyword parameters, in order
	nreq   int      // how many of params are required
	kwOnly []string // keyword-only parameters (all optional)
}

// bind matches arguments to the signature. The result has one entry per
// parameter (params, then kwOnly); absent optional arguments are nil.
func (s *signature) bind(args []value, kw kwargs) ([]value, error) {
	if len(kw) == 0 && len(s.kwOnly) == 0 && len(args) == len(s.params) {
		// Every parameter given positionally: args is the binding (the
		// callers only read it).
		return args, nil
	}
	out := make([]value, len(s.params)+len(s.kwOnly))
	if len(args) > len(s.params) {
		return nil, tooMany(s.name, len(s.params), s.nreq, len(args))
	}
	copy(out, args)
	for _, k := range kw {
		i := indexOf(s.params, k.Name)
		if i < 0 {
			if j := indexOf(s.kwOnly, k.Name); j >= 0 {
				i = len(s.params) + j
			}
		}
		if i < 0 {
			return nil, interp.Errorf("TypeError", "%s() got an unexpected keyword argument '%s'", s.name, k.Name)
		}
		if out[i] != nil {
			return nil, interp.Errorf("TypeError", "%s() got multiple values for argument '%s'", s.name, k.Name)
		}
		out[i] = k.Value
	}
	for i := 0; i < s.nreq; i++ {
		if out[i] == nil {
			return nil, interp.Errorf("TypeError", "%s() missing required argument '%s' (pos %d)", s.name, s.params[i], i+1)
		}
	}
	return out, nil
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}

func tooMany(name string, max, min, got int) error {
	switch {
	case max == 0:
		return interp.Errorf("TypeError", "%s() takes no arguments (%d given)", name, got)
	case max == min:
		return interp.Errorf("TypeError", "%s() takes exactly %d argument%s (%d given)", name, max, plural(max), got)
	}
	return interp.Errorf("TypeError", "%s() takes at most %d argument%s (%d given)", name, max, plural(max), got)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// arity checks the number of positional arguments of a builtin that takes
// no keyword arguments.
func arity(name string, args []value, kw kwargs, min, max int) error {
	if len(kw) > 0 {
		return interp.Errorf("TypeError", "%s() takes no keyword arguments", name)
	}
	if len(args) < min {
		if min == max {
			return interp.Errorf("TypeError", "%s() takes exactly %d argument%s (%d given)", name, min, plural(min), len(args))
		}
		return interp.Errorf("TypeError", "%s() takes at least %d argument%s (%d given)", name, min, plural(min), len(args))
	}
	if max >= 0 && len(args) > max {
		return tooMany(name, max, min, len(args))
	}
	return nil
}

// isNone reports whether an optional argument is absent or None.
func isNone(v value) bool {
	if v == nil {
		return true
	}
	_, ok := v.(interp.NoneType)
	return ok
}

// toIndex converts an integer argument (bool counts, as in Python) to int64.
func toIndex(v value, what string) (int64, error) {
	switch x := v.(type) {
	case interp.Int:
		return int64(x), nil
	case interp.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *interp.BigInt:
		return 0, interp.Errorf("OverflowError", "Python int too large to convert to C ssize_t")
	}
	if what != "" {
		return 0, interp.Errorf("TypeError", "%s must be an integer, not %s", what, v.TypeName())
	}
	return 0, interp.Errorf("TypeError", "'%s' object cannot be interpreted as an integer", v.TypeName())
}

// iterate returns the elements of an iterable argument; the slice may be
// shared with the container, so callers must not modify it. The work is
// charged to th (one step per element) and a range is materialized only
// within the memory bound.
func iterate(th *interp.Thread, v value) ([]value, error) {
	xs, err := th.Iterate(v)
	if err != nil {
		return nil, err
	}
	return xs, nil
}

// call calls a mini-Dana callable from a builtin.
func call(th *interp.Thread, fn value, args ...value) (value, error) {
	if len(args) == 1 {
		return th.Call1(fn, args[0])
	}
	// A copy, so that args itself (often a call site's variadic slice)
	// does not escape to the heap.
	return th.Call(fn, append([]value(nil), args...), nil)
}

// typeName renders the type of a value for messages.
func typeName(v value) string { return v.TypeName() }

// strArg requires a str argument.
func strArg(fname string, v value, pos int) (string, error) {
	s, ok := v.(interp.Str)
	if !ok {
		return "", interp.Errorf("TypeError", "%s() argument %d must be str, not %s", fname, pos, typeName(v))
	}
	return string(s), nil
}

// joinNames renders names as "a, b or c".
func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
