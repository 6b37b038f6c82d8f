package repl

import (
	"bytes"
	"strings"
	"testing"

	"github.com/minidana/dana/engine"
)

// TestWithEngine runs a transcript and completions on a full engine (real
// builtins and runtime services), as the dana command does.
func TestWithEngine(t *testing.T) {
	var out bytes.Buffer
	e := engine.New(engine.Config{Stdout: &out, Stderr: &out, StoreDir: t.TempDir()})
	defer e.Close()
	s := New(e.Interpreter, Options{})
	want := strings.TrimSpace(`
>>> def squares(n):
...     return [i * i for i in range(n)]
...
>>> squares(4)
[0, 1, 4, 9]
>>> sum(_)
14
>>> for k, v in {"a": 1}.items():
...     print(f"{k}={v}")
...
a=1
>>> int("x")
<input-5>:1:1: ValueError: invalid literal for int() with base 10: 'x'
    int("x")
    ^
Call stack (most recent call last):
  <input-5>:1:1 in <module>
>>> :type squares
function
>>> len(squares(3))
3
>>> print("no newline", end="")
no newline
`)
	if got := transcript(s, &out, want); got != want {
		t.Errorf("transcript differs\n--- got\n%s\n--- want\n%s", got, want)
	}

	s.Feed("xs = [3, 1]")
	s.Feed("word = 'abc'")
	for _, tt := range []struct {
		line string
		has  []string
	}{
		{"pri", []string{"print(", "private:"}},
		{"xs.", []string{"xs.append(", "xs.pop(", "xs.sort(", "xs.reverse("}},
		{"word.st", []string{"word.startswith(", "word.strip("}},
		{"system:__", []string{"system:__poet_profile"}},
		{"sor", []string{"sorted("}},
	} {
		got := s.Complete(tt.line, len(tt.line))
		for _, h := range tt.has {
			if !contains(got, h) {
				t.Errorf("Complete(%q) = %q, lacks %q", tt.line, got, h)
			}
		}
	}
}
