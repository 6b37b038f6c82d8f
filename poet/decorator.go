package poet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/interp"
)

// poetFunc is one decorated function and its POET configuration.
type poetFunc struct {
	name string
	body interp.Value // the decorated callable
	mod  *interp.Module

	perceive, validate interp.Value // nil when absent
	maxRetries         int
	maxRetriesSet      bool
	expectedArg        interp.Value     // expected_output_type as given
	expected           *interp.TypeHint // expectedArg resolved
	returnHint         *interp.TypeHint // the function's return hint
	profile            string           // "" → system:__poet_profile at call time
	domain             string
	operator           string // "" (code), "model" or "human"
	// question is ask_human()'s prompt (its operation asks it as is).
	question string

	// Parameters of the body, when known.
	params  []string // ordinary parameters, in order
	varargs bool
	kwargs  bool

	// definition is the static part of the code context.
	definition map[string]any
}

// module is the identity of the function's module: its file's absolute
// path ("" when the module has no file).
func (pf *poetFunc) module() string {
	if pf.mod == nil {
		return ""
	}
	return moduleID(pf.mod.File)
}

// optionNames are the keyword arguments @poet accepts.
var optionNames = []string{"perceive", "validate", "max_retries", "expected_output_type", "profile", "domain", "operator"}

// poetBuiltin implements poet(...): with keyword options it returns the
// decorator; called on a function directly (`@poet` without parentheses)
// it decorates it with the defaults.
func (rt *Runtime) poetBuiltin(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	if len(args) == 1 && len(kw) == 0 && interp.IsCallable(args[0]) {
		if _, isType := args[0].(*interp.TypeObj); !isType {
			return rt.decorate(args[0], &poetFunc{})
		}
	}
	if len(args) > 0 {
		return nil, interp.Errorf("TypeError",
			"poet() takes keyword arguments only, e.g. @poet(validate=check, max_retries=2)")
	}
	opts, err := parseOptions(kw)
	if err != nil {
		return nil, err
	}
	return &interp.Builtin{Name: "poet decorator", Fn: func(th *interp.Thread, a []interp.Value, k []interp.KwArg) (interp.Value, error) {
		if len(a) != 1 || len(k) != 0 || !interp.IsCallable(a[0]) {
			return nil, interp.Errorf("TypeError", "the @poet(...) decorator takes one function")
		}
		cp := *opts
		return rt.decorate(a[0], &cp)
	}}, nil
}

// parseOptions checks @poet's keyword arguments. The expected type is
// resolved in decorate, where the function's module is known.
func parseOptions(kw []interp.KwArg) (*poetFunc, error) {
	pf := &poetFunc{}
	seen := map[string]bool{}
	for _, k := range kw {
		if seen[k.Name] {
			return nil, interp.Errorf("TypeError", "poet() got multiple values for argument '%s'", k.Name)
		}
		seen[k.Name] = true
		v := k.Value
		_, isNone := v.(interp.NoneType)
		switch k.Name {
		case "perceive", "validate":
			if isNone {
				continue
			}
			if !interp.IsCallable(v) {
				return nil, interp.Errorf("TypeError", "poet(%s=...) must be a function, not %s", k.Name, v.TypeName())
			}
			if k.Name == "perceive" {
				pf.perceive = v
			} else {
				pf.validate = v
			}
		case "max_retries":
			if isNone {
				continue
			}
			n, ok := v.(interp.Int)
			if !ok {
				return nil, interp.Errorf("TypeError", "poet(max_retries=...) must be an int, not %s", v.TypeName())
			}
			if n < 0 || n > 100 {
				return nil, interp.Errorf("ValueError", "poet(max_retries=%d): choose a number from 0 to 100", int64(n))
			}
			pf.maxRetries, pf.maxRetriesSet = int(n), true
		case "expected_output_type":
			if isNone {
				continue
			}
			switch v.(type) {
			case interp.Str, *interp.TypeObj, *interp.StructType:
			default:
				return nil, interp.Errorf("TypeError",
					"poet(expected_output_type=...) must be a type or a type name such as \"list[str]\", not %s", v.TypeName())
			}
			pf.expectedArg = v // resolved in decorate, where the module is known
		case "profile":
			if isNone {
				continue
			}
			s, ok := v.(interp.Str)
			if !ok {
				return nil, interp.Errorf("TypeError", "poet(profile=...) must be a str, not %s", v.TypeName())
			}
			if _, ok := LookupProfile(string(s)); !ok {
				return nil, interp.Errorf("ValueError", "unknown POET profile '%s'; choose %s", string(s), profileListText())
			}
			pf.profile = string(s)
		case "operator":
			if isNone {
				continue
			}
			s, ok := v.(interp.Str)
			if !ok || !slices.Contains(operatorNames, string(s)) {
				return nil, interp.Errorf("ValueError", "poet(operator=%s): choose \"code\" (the body, the default), \"model\" or \"human\"", interp.Repr(v))
			}
			if s != "code" {
				pf.operator = string(s)
			}
		case "domain":
			if isNone {
				continue
			}
			s, ok := v.(interp.Str)
			if !ok {
				return nil, interp.Errorf("TypeError", "poet(domain=...) must be a str, not %s", v.TypeName())
			}
			pf.domain = strings.TrimSpace(string(s))
		default:
			msg := fmt.Sprintf("poet() got an unexpected keyword argument '%s'", k.Name)
			if s := closest(k.Name, optionNames); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			}
			return nil, interp.Errorf("TypeError", "%s (it takes %s)", msg, strings.Join(optionNames, ", "))
		}
	}
	return pf, nil
}

// decorate wraps fn as a POET function with the options in pf.
func (rt *Runtime) decorate(fn interp.Value, pf *poetFunc) (interp.Value, error) {
	pf.body = fn
	pf.name = "function"
	var decl *ast.FuncDef
	var params []*ast.Param
	switch f := fn.(type) {
	case *interp.Function:
		pf.name = f.Name()
		pf.mod = f.Module
		pf.returnHint = f.ReturnHint()
		decl = f.Decl()
		if decl != nil {
			params = decl.Params
		} else if f.Code.Lambda != nil {
			params = f.Code.Lambda.Params
			pf.name = "lambda"
		}
	case *interp.Builtin:
		pf.name = strings.TrimPrefix(f.Name, "poet:")
	}
	for _, p := range params {
		switch p.Kind {
		case ast.ParamVarArgs:
			pf.varargs = true
		case ast.ParamKwArgs:
			pf.kwargs = true
		default:
			pf.params = append(pf.params, p.Name)
		}
	}
	if pf.expectedArg != nil {
		switch x := pf.expectedArg.(type) {
		case interp.Str:
			pf.expected = interp.HintFromString(string(x), pf.mod)
		case *interp.TypeObj:
			pf.expected = interp.HintFromString(x.Name, pf.mod)
		case *interp.StructType:
			pf.expected = &interp.TypeHint{Kind: interp.HintStruct, Name: x.Name, Struct: x}
		}
	}
	pf.definition = definitionContext(pf, decl)
	return &interp.Builtin{Name: "poet:" + pf.name, Fn: func(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
		return rt.run(th, pf, args, kw)
	}}, nil
}

// expectedHint is the type the output is coerced to: the explicit
// expected_output_type, else the function's return hint (nil: leave).
func (pf *poetFunc) expectedHint() *interp.TypeHint {
	if pf.expected != nil {
		return pf.expected
	}
	return pf.returnHint
}

// definitionContext is the static code context of a POET function.
func definitionContext(pf *poetFunc, decl *ast.FuncDef) map[string]any {
	ctx := map[string]any{"function": pf.name}
	if decl != nil {
		ctx["file"] = decl.P.File
		ctx["line"] = decl.P.Line
		var ps []string
		for _, p := range decl.Params {
			s := p.Name
			switch p.Kind {
			case ast.ParamVarArgs:
				s = "*" + s
			case ast.ParamKwArgs:
				s = "**" + s
			}
			if p.Type != nil {
				s += ": " + interp.NewHint(p.Type, nil).String()
			}
			ps = append(ps, s)
		}
		ctx["params"] = ps
		if decl.Doc != "" {
			ctx["docstring"] = decl.Doc
		}
	}
	if pf.returnHint != nil {
		ctx["return_type"] = pf.returnHint.String()
	}
	poet := map[string]any{}
	if pf.perceive != nil {
		poet["perceive"] = callableName(pf.perceive)
	}
	if pf.validate != nil {
		poet["validate"] = callableName(pf.validate)
	}
	if pf.maxRetriesSet {
		poet["max_retries"] = pf.maxRetries
	}
	if pf.expected != nil {
		poet["expected_output_type"] = pf.expected.String()
	}
	if pf.profile != "" {
		poet["profile"] = pf.profile
	}
	if pf.domain != "" {
		poet["domain"] = pf.domain
	}
	if pf.operator != "" {
		poet["operator"] = pf.operator
	}
	ctx["poet"] = poet
	return ctx
}

// callableName names a callable for messages and records.
func callableName(v interp.Value) string {
	switch f := v.(type) {
	case *interp.Function:
		return f.Name()
	case *interp.Builtin:
		return strings.TrimPrefix(f.Name, "poet:")
	case *interp.BoundMethod:
		return f.Name
	}
	return interp.Repr(v)
}

// closest returns the candidate nearest to name (edit distance ≤ 2), or "".
func closest(name string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
