package repl

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/parser"
)

// metaCommand is one of the REPL's `:` commands.
type metaCommand struct {
	name    string
	args    string
	help    string
	aliases []string
	run     func(s *Session, arg string) string
}

// metaCommands returns the meta commands in the order :help lists them.
func metaCommands() []metaCommand {
	return []metaCommand{
		{name: "help", help: "show this help", aliases: []string{"h", "?"}, run: (*Session).cmdHelp},
		{name: "vars", args: "[scope]", help: "list variables (all but system:, or those of one scope)", run: (*Session).cmdVars},
		{name: "type", args: "EXPR", help: "evaluate EXPR and show the name of its type", run: (*Session).cmdType},
		{name: "reset", help: "forget all variables, functions, structs and imported modules", run: (*Session).cmdReset},
		{name: "learnings", help: "summarize what the learning store has learned", run: (*Session).cmdLearnings},
		{name: "last", help: "show the record of the last POET execution", run: (*Session).cmdLast},
		{name: "quit", help: "leave the REPL (also Ctrl-D, exit or quit)", aliases: []string{"q", "exit"}, run: (*Session).cmdQuit},
	}
}

// MetaCommandNames returns the names of the meta commands with their ':'.
func MetaCommandNames() []string {
	var out []string
	for _, c := range metaCommands() {
		out = append(out, ":"+c.name)
	}
	return out
}

// ScopeNames are the variable scopes of SPEC §3.1, in order.
var scopeNames = []string{"local", "private", "public", "system"}

// meta runs a meta command line (it starts with ':').
func (s *Session) meta(line string) string {
	word, arg, _ := strings.Cut(strings.TrimPrefix(line, ":"), " ")
	arg = strings.TrimSpace(arg)
	cmds := metaCommands()
	var found []metaCommand
	for _, c := range cmds {
		if c.name == word || contains(c.aliases, word) {
			found = []metaCommand{c}
			break
		}
		if word != "" && strings.HasPrefix(c.name, word) {
			found = append(found, c)
		}
	}
	switch {
	case len(found) == 1:
		return found[0].run(s, arg)
	case len(found) > 1:
		var names []string
		for _, c := range found {
			names = append(names, ":"+c.name)
		}
		return fmt.Sprintf("ambiguous command ':%s' (%s); type :help for the list\n", word, strings.Join(names, ", "))
	}
	return fmt.Sprintf("unknown command ':%s'; type :help for the list\n", word)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (s *Session) cmdHelp(string) string {
	var b strings.Builder
	b.WriteString(`Type mini-Dana code to run it. A block (def, if, for, struct, ...) ends with a
blank line; open brackets, a trailing ':' or '\' continue the input. The value
of an expression is printed, unless it is None, and kept in _.

Commands:
`)
	for _, c := range metaCommands() {
		use := ":" + c.name
		if c.args != "" {
			use += " " + c.args
		}
		fmt.Fprintf(&b, "  %-16s %s\n", use, c.help)
	}
	b.WriteString(`
Keys:
  Tab              complete names, keywords, scopes (private:), attributes (p.)
  Up, Down         walk the history (kept in $DANA_HOME/history)
  Ctrl-R           search the history
  Ctrl-C           clear the input, or stop the running code
  Ctrl-D           leave (on an empty line)
`)
	return b.String()
}

func (s *Session) cmdVars(arg string) string {
	scopes := scopeNames[:3]
	if arg != "" {
		sc := strings.TrimSuffix(arg, ":")
		if !contains(scopeNames, sc) {
			return fmt.Sprintf("unknown scope '%s' (want local, private, public or system)\n", arg)
		}
		scopes = []string{sc}
	}
	var b strings.Builder
	for _, sc := range scopes {
		names := s.in.Names(sc)
		if len(names) == 0 {
			if arg != "" {
				fmt.Fprintf(&b, "%s: (no variables)\n", sc)
			}
			continue
		}
		fmt.Fprintf(&b, "%s:\n", sc)
		nw, tw := 0, 0
		types := make([]string, len(names))
		for i, n := range names {
			v, _ := s.in.Get(sc, n)
			types[i] = typeName(v)
			nw = max(nw, utf8.RuneCountInString(n))
			tw = max(tw, utf8.RuneCountInString(types[i]))
		}
		for i, n := range names {
			v, _ := s.in.Get(sc, n)
			line := fmt.Sprintf("  %-*s  %-*s  %s", nw, n, tw, types[i], clip(reprOf(v), 60))
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	if b.Len() == 0 {
		return "no variables yet\n"
	}
	return b.String()
}

func (s *Session) cmdType(arg string) string {
	if arg == "" {
		return "usage: :type EXPR (e.g. :type x + 1)\n"
	}
	if f, err := parser.ParseFile("<type>", arg); err == nil {
		if len(f.Stmts) != 1 {
			return ":type takes one expression\n"
		}
		if _, ok := f.Stmts[0].(*ast.ExprStmt); !ok {
			return ":type takes an expression, not a statement\n"
		}
	}
	v, err := s.eval(arg)
	if err != nil {
		return RenderError(err)
	}
	return typeName(v) + "\n"
}

func (s *Session) cmdReset(string) string {
	s.in.Reset()
	if s.opts.Reset != nil {
		s.opts.Reset()
	}
	s.lines = nil
	return "all variables, functions, structs and imported modules are forgotten\n"
}

func (s *Session) cmdLearnings(string) string {
	if s.opts.Learnings == nil {
		return "no learning store (it records what @poet functions learn; see :help)\n"
	}
	out, err := s.opts.Learnings()
	if err != nil {
		return fmt.Sprintf("cannot read the learning store: %v\n", err)
	}
	if strings.TrimSpace(out) == "" {
		return "no learnings yet\n"
	}
	return withNewline(out)
}

func (s *Session) cmdLast(string) string {
	if s.opts.LastExecution == nil {
		return "no POET execution yet\n"
	}
	out, err := s.opts.LastExecution()
	if err != nil {
		return fmt.Sprintf("cannot read the last POET execution: %v\n", err)
	}
	if strings.TrimSpace(out) == "" {
		return "no POET execution yet\n"
	}
	return withNewline(out)
}

func (s *Session) cmdQuit(string) string {
	s.quit = true
	return ""
}

func withNewline(s string) string {
	if !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}

// typeName is what type(v) prints.
func typeName(v interface{ TypeName() string }) string {
	if v == nil {
		return "None"
	}
	return v.TypeName()
}

// clip shortens s to at most n runes on one line.
func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", `\n`)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-3]) + "..."
}

// sortedUnique sorts xs and drops duplicates.
func sortedUnique(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// reprOf returns repr(v) ("None" for a missing value).
func reprOf(v interp.Value) string {
	if v == nil {
		return "None"
	}
	return interp.Repr(v)
}
