package builtins

import (
	"strings"

	"github.com/minidana/dana/lang/interp"
)

// installStaticMethods registers str.maketrans, str.translate and
// dict.fromkeys (Python staples of pasted programs).
func installStaticMethods(in *interp.Interpreter) {
	// str.maketrans is called on the type: its arguments are the table's.
	in.RegisterMethod("str", "maketrans", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if err := arity("maketrans", args, kw, 1, 3); err != nil {
			return nil, err
		}
		table := interp.NewDict(8)
		if len(args) == 1 {
			d, ok := args[0].(*interp.Dict)
			if !ok {
				return nil, interp.Errorf("TypeError", "if you give only one argument to maketrans it must be a dict")
			}
			ks, vs := d.Keys(), d.Values()
			for i, k := range ks {
				key := k
				if s, ok := k.(interp.Str); ok {
					r := []rune(string(s))
					if len(r) != 1 {
						return nil, interp.Errorf("ValueError", "string keys in translate table must be of length 1")
					}
					key = interp.MakeInt(int64(r[0]))
				}
				_ = table.Set(key, vs[i])
			}
			return table, nil
		}
		from, err := strArg("maketrans", args[0], 1)
		if err != nil {
			return nil, err
		}
		to, err := strArg("maketrans", args[1], 2)
		if err != nil {
			return nil, err
		}
		fr, tr := []rune(from), []rune(to)
		if len(fr) != len(tr) {
			return nil, interp.Errorf("ValueError", "the first two maketrans arguments must have equal length")
		}
		for i := range fr {
			_ = table.Set(interp.MakeInt(int64(fr[i])), interp.MakeInt(int64(tr[i])))
		}
		if len(args) == 3 {
			del, err := strArg("maketrans", args[2], 3)
			if err != nil {
				return nil, err
			}
			for _, r := range del {
				_ = table.Set(interp.MakeInt(int64(r)), interp.None)
			}
		}
		return table, nil
	})
	in.RegisterMethod("str", "translate", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if err := arity("translate", args, kw, 2, 2); err != nil {
			return nil, err
		}
		s, err := strArg("translate", args[0], 1)
		if err != nil {
			return nil, err
		}
		table, ok := args[1].(*interp.Dict)
		if !ok {
			return nil, interp.Errorf("TypeError", "translate() table must be a dict, not %s", typeName(args[1]))
		}
		var b strings.Builder
		for _, r := range s {
			v, found, err := table.Get(interp.MakeInt(int64(r)))
			if err != nil {
				return nil, err
			}
			switch x := v.(type) {
			case nil:
				b.WriteRune(r)
			case interp.NoneType:
			case interp.Str:
				b.WriteString(string(x))
			case interp.Int:
				b.WriteRune(rune(x))
			default:
				if found {
					return nil, interp.Errorf("TypeError", "character mapping must return integer, None or str")
				}
				b.WriteRune(r)
			}
		}
		return interp.Str(b.String()), nil
	})
	in.RegisterMethod("dict", "fromkeys", func(th *interp.Thread, args []value, kw kwargs) (value, error) {
		if err := arity("fromkeys", args, kw, 1, 2); err != nil {
			return nil, err
		}
		var val value = interp.None
		if len(args) == 2 {
			val = args[1]
		}
		keys, err := iterate(th, args[0])
		if err != nil {
			return nil, err
		}
		d := interp.NewDict(len(keys))
		for _, k := range keys {
			if err := d.Set(k, val); err != nil {
				return nil, err
			}
		}
		return d, nil
	})
}
