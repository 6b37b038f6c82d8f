package poet

import (
	"slices"

	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
)

// inputs renders the call's arguments for the record: parameter name →
// value (extra positional arguments under "*args").
func (pf *poetFunc) inputs(args []interp.Value, kw []interp.KwArg) map[string]any {
	out := make(map[string]any, len(args)+len(kw))
	var extra []any
	for i, a := range args {
		if i < len(pf.params) {
			out[pf.params[i]] = plain(a)
		} else {
			extra = append(extra, plain(a))
		}
	}
	if extra != nil {
		out["*args"] = extra
	}
	for _, k := range kw {
		out[k.Name] = plain(k.Value)
	}
	return out
}

// inputValue is the perceived input when perceive gave nothing: the single
// argument of a one-argument call, else a dict of parameter name → value.
func (pf *poetFunc) inputValue(args []interp.Value, kw []interp.KwArg) interp.Value {
	switch {
	case len(args) == 1 && len(kw) == 0:
		return args[0]
	case len(args) == 0 && len(kw) == 1:
		return kw[0].Value
	case len(args) == 0 && len(kw) == 0:
		return interp.None
	}
	d := interp.NewDict(len(args) + len(kw))
	var extra []interp.Value
	for i, a := range args {
		if i < len(pf.params) {
			d.SetStr(pf.params[i], a)
		} else {
			extra = append(extra, a)
		}
	}
	if extra != nil {
		d.SetStr("*args", interp.NewList(extra))
	}
	for _, k := range kw {
		d.SetStr(k.Name, k.Value)
	}
	return d
}

// applyPerceived applies what perceive returned to the call's arguments:
//
//   - None keeps them;
//   - a non-empty dict whose keys are all names of the function's
//     parameters gives new values to those parameters (keyword arguments);
//   - anything else is the new value of the first argument.
func (pf *poetFunc) applyPerceived(v interp.Value, args []interp.Value, kw []interp.KwArg) ([]interp.Value, []interp.KwArg, error) {
	if _, none := v.(interp.NoneType); none {
		return args, kw, nil
	}
	if d, ok := v.(*interp.Dict); ok && d.Len() > 0 && pf.allParams(d) {
		args = slices.Clone(args)
		kw = slices.Clone(kw)
		vals := d.Values()
		for i, k := range d.Keys() {
			name := string(k.(interp.Str))
			args, kw = setArg(pf, args, kw, name, vals[i])
		}
		return args, kw, nil
	}
	switch {
	case len(args) > 0:
		args = slices.Clone(args)
		args[0] = v
		return args, kw, nil
	case len(pf.params) > 0:
		args, kw = setArg(pf, nil, slices.Clone(kw), pf.params[0], v)
		return args, kw, nil
	case pf.varargs:
		return []interp.Value{v}, kw, nil
	}
	return nil, nil, interp.Errorf("TypeError",
		"perceive returned %s, but %s() takes no arguments to receive it (return None to keep the call as it is)",
		short(v, 40), pf.name)
}

// allParams reports whether every key of d names an ordinary parameter.
func (pf *poetFunc) allParams(d *interp.Dict) bool {
	for _, k := range d.Keys() {
		s, ok := k.(interp.Str)
		if !ok || !slices.Contains(pf.params, string(s)) {
			return false
		}
	}
	return true
}

// setArg gives parameter name the value v: in place when it was passed
// positionally or by keyword, else as a new keyword argument.
func setArg(pf *poetFunc, args []interp.Value, kw []interp.KwArg, name string, v interp.Value) ([]interp.Value, []interp.KwArg) {
	if i := slices.Index(pf.params, name); i >= 0 && i < len(args) {
		args[i] = v
		return args, kw
	}
	for i := range kw {
		if kw[i].Name == name {
			kw[i].Value = v
			return args, kw
		}
	}
	return args, append(kw, interp.KwArg{Name: name, Value: v})
}

// codeContext is the record's code context: the definition (static) and
// the call site of this execution, with the type it expects when that is
// the expected type (site non-nil).
func codeContext(pf *poetFunc, th *interp.Thread, site *codecontext.Site) map[string]any {
	ctx := map[string]any{"definition": pf.definition}
	if th != nil {
		if _, pos := th.CallSite(); pos.IsValid() {
			cs := map[string]any{"file": pos.File, "line": pos.Line, "column": pos.Col}
			if site != nil {
				cs["expected_type"] = site.TypeName()
				cs["type_source"] = string(site.TypeSource)
				cs["type_reason"] = site.TypeReason
			}
			ctx["call_site"] = cs
		}
	}
	return ctx
}
