package interp

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
)

// ExcType is an exception class such as ValueError. Exception classes form a
// single-inheritance tree rooted at Exception, as in Python.
type ExcType struct {
	Name   string
	Parent *ExcType
}

// TypeName returns "type".
func (*ExcType) TypeName() string { return "type" }

// String returns the class name.
func (t *ExcType) String() string { return t.Name }

// IsSubclass reports whether t is sup or derives from it.
func (t *ExcType) IsSubclass(sup *ExcType) bool {
	for c := t; c != nil; c = c.Parent {
		if c == sup || c.Name == sup.Name {
			return true
		}
	}
	return false
}

// excTypes is the immutable table of built-in exception classes.
var excTypes = func() map[string]*ExcType {
	m := map[string]*ExcType{}
	// BaseException is the root; SystemExit and GeneratorExit derive from
	// it directly, so `except Exception` does not catch them, as in Python.
	root := &ExcType{Name: "BaseException"}
	m[root.Name] = root
	base := &ExcType{Name: "Exception", Parent: root}
	m[base.Name] = base
	m["SystemExit"] = &ExcType{Name: "SystemExit", Parent: root}
	add := func(name, parent string) {
		m[name] = &ExcType{Name: name, Parent: m[parent]}
	}
	add("ArithmeticError", "Exception")
	add("LookupError", "Exception")
	add("ZeroDivisionError", "ArithmeticError")
	add("OverflowError", "ArithmeticError")
	add("KeyError", "LookupError")
	add("IndexError", "LookupError")
	add("NameError", "Exception")
	add("TypeError", "Exception")
	add("ValueError", "Exception")
	add("AttributeError", "Exception")
	add("AssertionError", "Exception")
	add("RuntimeError", "Exception")
	add("RecursionError", "RuntimeError")
	add("NotImplementedError", "RuntimeError")
	add("ImportError", "Exception")
	add("OSError", "Exception")
	add("TimeoutError", "OSError")
	add("MemoryError", "Exception")
	add("StopIteration", "Exception")
	add("EOFError", "Exception")
	add("ValidationError", "Exception")
	add("LLMError", "Exception")
	add("OperatorError", "Exception")
	add("StoreError", "Exception")
	add("SyntaxError", "Exception")
	add("IndentationError", "SyntaxError")
	add("TabError", "IndentationError")
	add("KeyboardInterrupt", "Exception")
	// More of Python's classes, so that scripts can name them.
	add("EOFError", "Exception")
	add("UnboundLocalError", "NameError")
	add("ModuleNotFoundError", "ImportError")
	add("FileNotFoundError", "OSError")
	add("PermissionError", "OSError")
	add("ConnectionError", "OSError")
	add("UnicodeError", "ValueError")
	add("FloatingPointError", "ArithmeticError")
	// GeneratorExit is what generator.close() raises in the generator; like
	// Python's, it is not an Exception (`except Exception` does not catch it).
	m["GeneratorExit"] = &ExcType{Name: "GeneratorExit", Parent: root}
	return m
}()

// ExceptionType returns the built-in exception class with the given name.
func ExceptionType(name string) (*ExcType, bool) {
	t, ok := excTypes[name]
	return t, ok
}

// ExceptionTypeNames lists the built-in exception class names.
func ExceptionTypeNames() []string {
	out := make([]string, 0, len(excTypes))
	for n := range excTypes {
		out = append(out, n)
	}
	return out
}

// Frame is one entry of a runtime call stack.
type Frame struct {
	Func string
	Pos  ast.Pos
}

// Exception is a mini-Dana exception. It is both a Value (bound by
// `except E as e`) and a Go error (returned from Exec and Call).
type Exception struct {
	Type *ExcType
	Msg  string
	// Pos is where the exception was raised.
	Pos ast.Pos
	// Stack is the call stack at the raise, outermost first; its last entry
	// is the innermost frame.
	Stack []Frame
	// SourceLine is the quoted line at Pos, filled when the interpreter knows
	// the source.
	SourceLine string
	// Payload carries extra data for embedders (e.g. every attempt of a
	// ValidationError); it is exposed to scripts as e.details when set.
	Payload Value
	// Cause is the exception named by `raise ... from cause` (__cause__).
	Cause *Exception
	// Context is the exception being handled when this one was raised
	// (__context__); SuppressContext is set by `raise ... from ...`.
	Context         *Exception
	SuppressContext bool
	// Detail is added to the message when the error is reported (the
	// condition of a failed `assert` without a message, the depth limit of
	// a RecursionError); it is not part of str(e) or e.args.
	Detail string
	// Args are the constructor's arguments (e.args); nil means (Msg,), or
	// () when Msg is empty.
	Args []Value
	// Err is the Go error this exception wraps, if any.
	Err     error
	located bool
	// limit marks a limit error of the sandbox (see limits.go): no
	// `except` catches it and no `finally` swallows it.
	limit bool
}

// TypeName returns the exception's class name.
func (e *Exception) TypeName() string { return e.Type.Name }

// Error renders the exception as `file:line:col: Type: message`, or
// `Type: message` when it has no position.
func (e *Exception) Error() string {
	head := e.Type.Name
	if msg := e.Message(); msg != "" { // `raise ValueError` reports just the class, as CPython
		head += ": " + msg
	}
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", e.Pos, head)
	}
	return head
}

// Message is the message an error report shows: str(e) followed by the
// Detail, if any.
func (e *Exception) Message() string {
	switch {
	case e.Detail == "":
		return e.Msg
	case e.Msg == "":
		return e.Detail
	}
	return e.Msg + " " + e.Detail
}

// recursionLimit is the RecursionError of a call past the depth limit:
// str(e) is CPython's text; the report adds the limit.
func recursionLimit(depth int) *Exception {
	return &Exception{Type: excTypes["RecursionError"], Msg: "maximum recursion depth exceeded", Detail: fmt.Sprintf("(%d calls)", depth)}
}

// Unwrap returns the wrapped Go error.
func (e *Exception) Unwrap() error { return e.Err }

// MaxRenderedMessage bounds the bytes of an exception's message that Render
// prints; the rest is summed up as "... [N more bytes]".
const MaxRenderedMessage = 1 << 20

// Render returns the full report of SPEC §12.2: the header line, the source
// line with a caret, and the call stack (most recent call last).
func (e *Exception) Render() string {
	var b strings.Builder
	if len(e.Msg) > MaxRenderedMessage {
		// A script's message of hundreds of MB (raise ValueError("x" *
		// 10**8)) would be copied three times over to be printed.
		short := *e
		cut := MaxRenderedMessage
		for cut > 0 && !utf8.RuneStart(e.Msg[cut]) {
			cut--
		}
		short.Msg = fmt.Sprintf("%s... [%d more bytes]", e.Msg[:cut], len(e.Msg)-cut)
		e = &short
	}
	b.WriteString(e.Error())
	b.WriteByte('\n')
	b.WriteString(diag.Quote(e.SourceLine, e.Pos.Col))
	if len(e.Stack) > 0 {
		b.WriteString("Call stack (most recent call last):\n")
		frames := e.Stack
		if len(frames) > 40 {
			fmt.Fprintf(&b, "  ... %d earlier calls ...\n", len(frames)-20)
			frames = append(append([]Frame(nil), frames[:10]...), frames[len(frames)-10:]...)
		}
		for _, f := range frames {
			fmt.Fprintf(&b, "  %s in %s\n", f.Pos, f.Func)
		}
	}
	return b.String()
}

// Attr exposes .message, .type, .line, .column, .file and .details.
func (e *Exception) Attr(name string) (Value, bool) {
	switch name {
	case "message", "msg":
		return Str(e.Msg), true
	case "type":
		return Str(e.Type.Name), true
	case "line":
		return MakeInt(int64(e.Pos.Line)), true
	case "column":
		return MakeInt(int64(e.Pos.Col)), true
	case "file":
		return Str(e.Pos.File), true
	case "args":
		return Tuple(e.args()), true
	case "value":
		if e.Type.Name == "StopIteration" { // a generator's return value
			if a := e.args(); len(a) > 0 {
				return a[0], true
			}
			return None, true
		}
	case "code":
		if e.Type.Name == "SystemExit" { // exit(code)
			if a := e.args(); len(a) == 1 {
				return a[0], true
			} else if len(a) > 1 {
				return Tuple(a), true
			}
			return None, true
		}
	case "details":
		if e.Payload != nil {
			return e.Payload, true
		}
		return None, true
	case "__cause__":
		if e.Cause != nil {
			return e.Cause, true
		}
		return None, true
	case "__context__":
		if e.Context != nil {
			return e.Context, true
		}
		return None, true
	case "__suppress_context__":
		return Bool(e.SuppressContext), true
	}
	if sv, ok := e.Payload.(*StructVal); ok {
		// An error raised with a struct value reads its fields.
		return sv.Attr(name)
	}
	return nil, false
}

// AttrNames lists the exception's attributes.
func (e *Exception) AttrNames() []string {
	return []string{"message", "type", "line", "column", "file", "args", "details"}
}

// args returns e.args.
func (e *Exception) args() []Value {
	if e.Args != nil {
		return e.Args
	}
	if e.Msg == "" {
		return []Value{}
	}
	return []Value{Str(e.Msg)}
}

// newExceptionArgs returns an exception of class t made as `t(*args)` is in
// Python: str(e) is the one argument's str (its repr for a KeyError), the
// tuple of the arguments when there are several, "" when there are none.
func newExceptionArgs(t *ExcType, args []Value) *Exception {
	e := &Exception{Type: t, Args: append([]Value{}, args...)}
	switch len(args) {
	case 0:
	case 1:
		if t.IsSubclass(excTypes["KeyError"]) {
			e.Msg = Repr(args[0])
		} else {
			e.Msg = ToStr(args[0])
		}
	default:
		e.Msg = Repr(Tuple(args))
	}
	return e
}

// KeyErrorOf is the KeyError for a missing key (str(e) is the key's repr,
// e.args is (key,)).
func KeyErrorOf(key Value) *Exception {
	return &Exception{Type: excTypes["KeyError"], Msg: Repr(key), Args: []Value{key}}
}

// Errorf returns a new exception of the named built-in class. It is how
// builtins report errors: the interpreter fills in position and stack.
func Errorf(typ string, format string, args ...any) *Exception {
	t, ok := excTypes[typ]
	if !ok {
		t = excTypes["RuntimeError"]
	}
	return &Exception{Type: t, Msg: fmt.Sprintf(format, args...)}
}

// NewException returns an exception of class t with message msg.
func NewException(t *ExcType, msg string) *Exception {
	return &Exception{Type: t, Msg: msg}
}

// AsException converts any Go error to an *Exception (RuntimeError when it is
// not one already), keeping the original as Err.
func AsException(err error) *Exception {
	var e *Exception
	if errors.As(err, &e) {
		return e
	}
	var d *diag.Error
	if errors.As(err, &d) {
		t := excTypes[d.Type]
		if t == nil {
			t = excTypes["SyntaxError"]
		}
		return &Exception{Type: t, Msg: d.Msg, Pos: d.Pos, SourceLine: d.Line, Err: err, located: true}
	}
	var l diag.List
	if errors.As(err, &l) && len(l) > 0 {
		ex := AsException(l[0])
		ex.Err = err
		if len(l) > 1 {
			ex.Msg += fmt.Sprintf(" (and %d more errors)", len(l)-1)
		}
		return ex
	}
	return &Exception{Type: excTypes["RuntimeError"], Msg: err.Error(), Err: err}
}

// RenderError renders a syntax, resolve or runtime error the way SPEC §12.2
// asks: `file:line:col: Type: message`, the source line with a caret and,
// for runtime errors, the call stack. ok is false when err is none of these.
func RenderError(err error) (text string, ok bool) {
	var ex *Exception
	var l diag.List
	var d *diag.Error
	switch {
	case errors.As(err, &l):
		return l.Render(), true
	case errors.As(err, &d):
		return d.Render(), true
	case errors.As(err, &ex):
		return ex.Render(), true
	}
	return "", false
}

// StructOf returns the struct value v is: v itself, or the struct an
// exception was raised with (`raise AppError("...")`), so that the caught
// error keeps its type for isinstance() and type() (SPEC §4.4).
func StructOf(v Value) (*StructVal, bool) {
	switch x := v.(type) {
	case *StructVal:
		return x, true
	case *Exception:
		sv, ok := x.Payload.(*StructVal)
		return sv, ok
	}
	return nil, false
}

// SystemExitStatus reports whether err is an uncaught SystemExit (exit(),
// quit(), `raise SystemExit(n)`) and, when it is, what the process does, as
// CPython: an int argument is the exit status; no argument or None is 0;
// any other value is printed on stderr (text, without a newline) and the
// status is 1.
func SystemExitStatus(err error) (status int, text string, ok bool) {
	var e *Exception
	if !errors.As(err, &e) || e.Type.Name != "SystemExit" {
		return 0, "", false
	}
	code, _ := e.Attr("code")
	switch c := code.(type) {
	case NoneType:
		return 0, "", true
	case Int:
		return int(int32(c)), "", true
	case Bool:
		if c {
			return 1, "", true
		}
		return 0, "", true
	}
	return 1, ToStr(code), true
}

// NewExceptionArgs returns the exception `t(*args)`, as a script's call of
// the class makes it (e.args, str(e) as in Python).
func NewExceptionArgs(t *ExcType, args ...Value) *Exception { return newExceptionArgs(t, args) }
