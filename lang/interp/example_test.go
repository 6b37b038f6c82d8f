package interp_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// Embedding mini-Dana in a Go program: run a script, register a Go builtin,
// read a variable and call a mini-Dana function from Go.
func Example() {
	in := interp.New(interp.Options{Stdout: os.Stdout, MaxSteps: 1_000_000})
	builtins.Install(in)
	in.RegisterBuiltin("shout", func(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
		if len(args) != 1 {
			return nil, interp.Errorf("TypeError", "shout() takes 1 argument (%d given)", len(args))
		}
		return interp.Str(strings.ToUpper(interp.ToStr(args[0]))), nil
	})
	err := in.Exec("main.na", `
def twice(x: int) -> int:
    return x * 2
greeting = shout("hello")
print(greeting)
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := in.Get("local", "greeting")
	twice, _ := in.Get("local", "twice")
	v, err := in.Call(twice, []interp.Value{interp.MakeInt(21)}, nil)
	fmt.Println(interp.Repr(g), v, err)

	// A second interpreter has its own state.
	other := interp.New(interp.Options{})
	_, found := other.Get("local", "greeting")
	fmt.Println(found)
	// Output:
	// HELLO
	// 'HELLO' 42 <nil>
	// false
}
