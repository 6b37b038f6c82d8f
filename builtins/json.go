package builtins

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/interp"
)

var jsonDumpsSig = signature{name: "json_dumps", params: []string{"obj", "indent"}, nreq: 1, kwOnly: []string{"sort_keys", "ensure_ascii"}}

// builtinJSONDumps is json_dumps(obj, indent=None, sort_keys=False,
// ensure_ascii=True), formatted as Python's json.dumps: dicts keep their key
// order, structs become objects of their fields, tuples and sets arrays.
// NaN and infinities are a ValueError.
func builtinJSONDumps(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := jsonDumpsSig.bind(args, kw)
	if err != nil {
		return nil, err
	}
	e := &jsonEncoder{ensureASCII: true, seen: map[any]bool{}, th: th}
	switch ind := b[1].(type) {
	case nil, interp.NoneType:
	case interp.Int, interp.Bool:
		n, _ := toIndex(ind, "")
		if n > maxJSONIndent {
			return nil, interp.Errorf("MemoryError", "json_dumps() indent of %d spaces is too large (at most %d)", n, maxJSONIndent)
		}
		e.indent, e.pretty = strings.Repeat(" ", int(max(n, 0))), true
	case interp.Str:
		if len(ind) > maxJSONIndent {
			return nil, interp.Errorf("MemoryError", "json_dumps() indent of %d characters is too large (at most %d)", len(ind), maxJSONIndent)
		}
		e.indent, e.pretty = string(ind), true
	default:
		return nil, interp.Errorf("TypeError", "json_dumps() indent must be None, an int or a str, not %s", typeName(ind))
	}
	if b[2] != nil {
		e.sortKeys = interp.Truth(b[2])
	}
	if b[3] != nil {
		e.ensureASCII = interp.Truth(b[3])
	}
	if err := e.encode(b[0], 0); err != nil {
		return nil, err
	}
	return interp.Str(e.b.String()), nil
}

// maxJSONIndent bounds json_dumps's indent: each nesting level repeats it
// on every line, so a larger one is a memory bomb, not a layout.
const maxJSONIndent = 1 << 20

type jsonEncoder struct {
	b           strings.Builder
	indent      string
	pretty      bool
	sortKeys    bool
	ensureASCII bool
	seen        map[any]bool // containers being encoded, to detect cycles
	th          *interp.Thread
	n           int // values encoded since the last charge
	last        int // length of the text at the last charge
}

func (e *jsonEncoder) newline(depth int) {
	if !e.pretty {
		return
	}
	if n := depth * len(e.indent); n >= 1<<16 && e.th != nil {
		// One line's indentation can be large (indent x depth): check
		// the memory bound and charge for it before writing it.
		e.th.Alloc(int64(e.b.Len() + n))
		e.th.ChargeBytes(n)
	}
	e.b.WriteByte('\n')
	for i := 0; i < depth; i++ {
		e.b.WriteString(e.indent)
	}
}

func (e *jsonEncoder) itemSep() {
	if e.pretty {
		e.b.WriteByte(',')
	} else {
		e.b.WriteString(", ")
	}
}

func (e *jsonEncoder) enter(ref any) error {
	if e.seen[ref] {
		return interp.Errorf("ValueError", "Circular reference detected")
	}
	e.seen[ref] = true
	return nil
}

func (e *jsonEncoder) encode(v value, depth int) error {
	if depth > interp.MaxWalkDepth {
		return interp.Errorf("RecursionError", "maximum recursion depth exceeded while encoding a JSON object")
	}
	if e.n++; e.n >= 256 && e.th != nil {
		// A structure that shares sub-lists can encode exponentially long.
		e.th.Charge(e.n + (e.b.Len()-e.last)/interp.BytesPerStep)
		e.th.Alloc(int64(e.b.Len())) // the builder's next growth
		e.n, e.last = 0, e.b.Len()
	}
	switch x := v.(type) {
	case interp.NoneType:
		e.b.WriteString("null")
	case interp.Bool:
		if x {
			e.b.WriteString("true")
		} else {
			e.b.WriteString("false")
		}
	case interp.Int:
		e.b.WriteString(strconv.FormatInt(int64(x), 10))
	case *interp.BigInt:
		s, err := interp.ReprChecked(nil, x)
		if err != nil {
			return err
		}
		e.b.WriteString(s)
	case interp.Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return interp.Errorf("ValueError", "Out of range float values are not JSON compliant: %s", interp.FormatFloat(f))
		}
		e.b.WriteString(interp.FormatFloat(f))
	case interp.Str:
		e.str(string(x))
	case *interp.List:
		if err := e.enter(x); err != nil {
			return err
		}
		defer delete(e.seen, x)
		return e.array(x.Elems, depth)
	case interp.Tuple:
		return e.array(x, depth)
	case *interp.Set:
		return e.array(x.Elems(), depth)
	case *interp.Dict:
		if err := e.enter(x); err != nil {
			return err
		}
		defer delete(e.seen, x)
		return e.object(x.Keys(), x.Values(), depth)
	case *interp.EnumMember:
		return e.encode(x.Value, depth)
	case *interp.StructVal:
		if err := e.enter(x); err != nil {
			return err
		}
		defer delete(e.seen, x)
		keys := make([]value, len(x.Type.Fields))
		for i, f := range x.Type.Fields {
			keys[i] = interp.Str(f.Name)
		}
		return e.object(keys, x.Fields, depth)
	default:
		return interp.Errorf("TypeError", "Object of type %s is not JSON serializable", typeName(v))
	}
	return nil
}

func (e *jsonEncoder) array(xs []value, depth int) error {
	if len(xs) == 0 {
		e.b.WriteString("[]")
		return nil
	}
	e.b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			e.itemSep()
		}
		e.newline(depth + 1)
		if err := e.encode(x, depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.b.WriteByte(']')
	return nil
}

func (e *jsonEncoder) object(keys, vals []value, depth int) error {
	if len(keys) == 0 {
		e.b.WriteString("{}")
		return nil
	}
	type entry struct {
		k string
		v value
	}
	entries := make([]entry, len(keys))
	for i, k := range keys {
		ks, err := jsonKey(k)
		if err != nil {
			return err
		}
		entries[i] = entry{ks, vals[i]}
	}
	if e.sortKeys {
		sort.SliceStable(entries, func(i, j int) bool { return entries[i].k < entries[j].k })
	}
	e.b.WriteByte('{')
	for i, en := range entries {
		if i > 0 {
			e.itemSep()
		}
		e.newline(depth + 1)
		e.str(en.k)
		e.b.WriteString(": ")
		if err := e.encode(en.v, depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.b.WriteByte('}')
	return nil
}

// jsonKey converts a dict key as Python's json module does.
func jsonKey(k value) (string, error) {
	switch x := k.(type) {
	case interp.Str:
		return string(x), nil
	case interp.Bool:
		if x {
			return "true", nil
		}
		return "false", nil
	case interp.NoneType:
		return "null", nil
	case interp.Int, *interp.BigInt:
		return interp.ReprChecked(nil, x)
	case interp.Float:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			return "NaN", nil
		case math.IsInf(f, 1):
			return "Infinity", nil
		case math.IsInf(f, -1):
			return "-Infinity", nil
		}
		return interp.FormatFloat(f), nil
	}
	return "", interp.Errorf("TypeError", "keys must be str, int, float, bool or None, not %s", typeName(k))
}

func (e *jsonEncoder) str(s string) {
	const hex = "0123456789abcdef"
	b := &e.b
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (e.ensureASCII && r >= 0x7f):
			if r == utf8.RuneError {
				r = 0xfffd
			}
			if r > 0xffff {
				r -= 0x10000
				hi, lo := 0xd800+(r>>10), 0xdc00+(r&0x3ff)
				fmt.Fprintf(b, `\u%04x\u%04x`, hi, lo)
				continue
			}
			b.WriteString(`\u`)
			b.WriteByte(hex[r>>12&15])
			b.WriteByte(hex[r>>8&15])
			b.WriteByte(hex[r>>4&15])
			b.WriteByte(hex[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// builtinJSONLoads is json_loads(s): JSON text to values (objects become
// dicts in key order).
func builtinJSONLoads(th *interp.Thread, args []value, kw kwargs) (value, error) {
	b, err := (&signature{name: "json_loads", params: []string{"s"}, nreq: 1}).bind(args, kw)
	if err != nil {
		return nil, err
	}
	s, ok := b[0].(interp.Str)
	if !ok {
		return nil, interp.Errorf("TypeError", "the JSON object must be str, not %s", typeName(b[0]))
	}
	return interp.FromJSONOn(th, string(s))
}

// ---------------------------------------------------------------------------
// hash

// builtinHash is hash(v): Python's numeric hash for numbers (so hash(1) ==
// hash(1.0) == hash(True)), a stable hash for strings and tuples, and a
// TypeError for unhashable values.
func builtinHash(th *interp.Thread, args []value, kw kwargs) (value, error) {
	if err := arity("hash", args, kw, 1, 1); err != nil {
		return nil, err
	}
	h, err := hashOf(args[0])
	if err != nil {
		return nil, err
	}
	return interp.MakeInt(h), nil
}

// hashModulus is CPython's _PyHASH_MODULUS (2**61 - 1).
var hashModulus = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1))

func hashOf(v value) (int64, error) {
	// Unhashable values: let the dict say so, with its message.
	if err := interp.NewDict(0).Set(v, interp.None); err != nil {
		return 0, err
	}
	switch x := v.(type) {
	case interp.Int:
		if x >= 0 && int64(x) < hashModulus.Int64() {
			return fixHash(int64(x)), nil
		}
		return hashRat(new(big.Rat).SetInt64(int64(x))), nil
	case interp.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *interp.BigInt:
		return hashRat(new(big.Rat).SetInt(x.V)), nil
	case interp.Float:
		f := float64(x)
		switch {
		case math.IsInf(f, 1):
			return 314159, nil
		case math.IsInf(f, -1):
			return -314159, nil
		case math.IsNaN(f):
			return 0, nil
		}
		return hashRat(new(big.Rat).SetFloat64(f)), nil
	case interp.Str:
		h := fnv.New64a()
		h.Write([]byte(x))
		return fixHash(int64(h.Sum64())), nil
	case interp.NoneType:
		return 0xFCA86420, nil
	case interp.Tuple:
		const (
			prime1 = 11400714785074694791
			prime2 = 14029467366897019727
			prime5 = 2870177450012600261
		)
		acc := uint64(prime5)
		for _, e := range x {
			lane, err := hashOf(e)
			if err != nil {
				return 0, err
			}
			acc += uint64(lane) * prime2
			acc = acc<<31 | acc>>33
			acc *= prime1
		}
		acc += uint64(len(x)) ^ (prime5 ^ 3527539)
		if acc == math.MaxUint64 {
			return 1546275796, nil
		}
		return int64(acc), nil
	case *interp.Range: // CPython: hash((len, start or None, step or None))
		c := x.Canonical()
		t := interp.Tuple{interp.MakeInt(c[0]), interp.None, interp.None}
		if c[0] > 0 {
			t[1] = interp.MakeInt(c[1])
		}
		if c[0] > 1 {
			t[2] = interp.MakeInt(c[2])
		}
		return hashOf(t)
	case *interp.StructVal:
		// __hash__ when the struct defines it (-1 becomes -2, as in
		// CPython), else its identity (below).
		if r, ok, err := interp.CallDunder(nil, x, "__hash__"); ok {
			if err != nil {
				return 0, err
			}
			h, err := hashOf(r)
			if h == -1 {
				h = -2
			}
			return h, err
		}
		if x.HashesByFields() {
			return hashOf(interp.Tuple(x.Fields))
		}
	case *interp.Set: // a frozenset: independent of the order, as CPython's
		var acc uint64
		for _, e := range x.Elems() {
			h, err := hashOf(e)
			if err != nil {
				return 0, err
			}
			acc ^= ((uint64(h) ^ 89869747) ^ (uint64(h) << 16)) * 3644798167
		}
		acc ^= (uint64(x.Len()) + 1) * 1927868237
		acc ^= (acc >> 11) ^ (acc >> 25)
		acc = acc*69069 + 907133923
		return fixHash(int64(acc)), nil
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%p", v)
	return fixHash(int64(h.Sum64() >> 4)), nil
}

// hashRat is CPython's hash of a rational number.
func hashRat(r *big.Rat) int64 {
	num := new(big.Int).Abs(r.Num())
	h := new(big.Int).Mod(num, hashModulus)
	if !r.IsInt() {
		inv := new(big.Int).ModInverse(new(big.Int).Mod(r.Denom(), hashModulus), hashModulus)
		h.Mul(h, inv).Mod(h, hashModulus)
	}
	n := h.Int64()
	if r.Sign() < 0 {
		n = -n
	}
	return fixHash(n)
}

// fixHash maps -1 (reserved in CPython) to -2.
func fixHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}
