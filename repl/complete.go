package repl

import (
	"strings"
	"unicode/utf8"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/lexer"
)

// Complete returns the completions of the word that ends at byte offset pos
// of line: each candidate is the whole word as it would read after
// completion (it starts with the word typed so far). It completes
//
//   - keywords, builtins, the names bound at the top level and the scope
//     prefixes (`private:`...) — `pri` gives `print(` and `private:`;
//   - the names of a scope after its prefix — `private:c` gives `private:count`;
//   - the fields and methods of a value already bound, by looking it up, never
//     by running code — `p.` gives `p.x`, `p.norm(`; `xs.` where xs is a list
//     gives the list methods; attribute chains (`a.b.`) follow struct fields
//     and module members;
//   - meta commands at the start of an input (`:he` gives `:help`), the scopes
//     after `:vars ` and expressions after `:type `.
//
// As Python's completer does, callables get a '(' and most keywords a space.
// On a line blank up to the cursor it returns the spaces that indent to the
// next multiple of four, so that Tab indents block bodies.
func (s *Session) Complete(line string, pos int) []string {
	_, cands := s.complete(line, pos)
	return cands
}

// Do implements readline's AutoCompleter (github.com/chzyer/readline) on top
// of Complete: it returns the rest of each candidate after the typed word,
// and the typed word's length in runes.
func (s *Session) Do(line []rune, pos int) (newLine [][]rune, length int) {
	if pos > len(line) {
		pos = len(line)
	}
	head := string(line[:pos])
	word, cands := s.complete(string(line), len(head))
	for _, c := range cands {
		newLine = append(newLine, []rune(c[len(word):]))
	}
	return newLine, utf8.RuneCountInString(word)
}

// complete returns the word being completed and its candidates.
func (s *Session) complete(line string, pos int) (word string, cands []string) {
	if pos < 0 || pos > len(line) {
		pos = len(line)
	}
	head := line[:pos]
	if strings.TrimSpace(head) == "" {
		return "", []string{strings.Repeat(" ", 4-len(head)%4)}
	}
	if len(s.lines) == 0 && strings.HasPrefix(strings.TrimLeft(head, " \t"), ":") {
		return s.completeMeta(strings.TrimLeft(head, " \t"))
	}
	return s.completeExpr(head)
}

// completeMeta completes a meta command line.
func (s *Session) completeMeta(head string) (string, []string) {
	cmd, arg, hasArg := strings.Cut(head, " ")
	if !hasArg {
		return head, withPrefix(MetaCommandNames(), head)
	}
	switch strings.TrimPrefix(cmd, ":") {
	case "vars":
		word := strings.TrimLeft(arg, " ")
		return word, withPrefix(scopeNames, word)
	case "type":
		return s.completeExpr(arg)
	}
	return "", nil
}

// completeExpr completes the word at the end of head, a piece of code.
func (s *Session) completeExpr(head string) (string, []string) {
	if inStringOrComment(head) {
		return "", nil
	}
	word := wordBefore(head)
	if word == "" {
		return "", nil
	}
	scope, rest := "", word
	if i := strings.IndexByte(word, ':'); i >= 0 {
		scope, rest = word[:i], word[i+1:]
	}
	parts := strings.Split(rest, ".")
	if len(parts) == 1 {
		return word, s.completeName(scope, rest)
	}
	v, ok := s.lookup(scope, parts[0])
	for _, p := range parts[1 : len(parts)-1] {
		if !ok {
			break
		}
		v, ok = attrValue(v, p)
	}
	if !ok {
		return word, nil
	}
	prefix := parts[len(parts)-1]
	base := word[:len(word)-len(prefix)]
	var out []string
	for name, callable := range s.attrNames(v) {
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, "_") && !strings.HasPrefix(prefix, "_") {
			continue
		}
		out = append(out, base+name+callSuffix(callable))
	}
	return word, sortedUnique(out)
}

// completeName completes a plain name, or a name of scope when scope is set.
func (s *Session) completeName(scope, prefix string) []string {
	var out []string
	add := func(name string, v interp.Value) {
		if strings.HasPrefix(name, prefix) {
			out = append(out, name+callSuffix(v != nil && interp.IsCallable(v)))
		}
	}
	if scope != "" {
		for _, n := range s.in.Names(scope) {
			v, _ := s.in.Get(scope, n)
			if strings.HasPrefix(n, prefix) {
				out = append(out, scope+":"+n+callSuffix(interp.IsCallable(v)))
			}
		}
		return sortedUnique(out)
	}
	for kw := range lexer.Keywords {
		if strings.HasPrefix(kw, prefix) {
			out = append(out, kw+keywordSuffix(kw))
		}
	}
	for _, sc := range scopeNames {
		if strings.HasPrefix(sc, prefix) {
			out = append(out, sc+":")
		}
	}
	for _, n := range s.in.BuiltinNames() {
		v, _ := s.in.Builtin(n)
		add(n, v)
	}
	for _, n := range s.in.Names("local") {
		v, _ := s.in.Get("local", n)
		add(n, v)
	}
	return sortedUnique(out)
}

// lookup finds a bound value by name, without running code: a top-level
// name or a builtin, or a name of the given scope.
func (s *Session) lookup(scope, name string) (interp.Value, bool) {
	if scope != "" {
		return s.in.Get(scope, name)
	}
	if v, ok := s.in.Get("local", name); ok {
		return v, true
	}
	return s.in.Builtin(name)
}

// attrValue follows one step of an attribute chain through data only: a
// struct field, a module member or an attribute of an embedder value.
func attrValue(v interp.Value, name string) (interp.Value, bool) {
	switch x := v.(type) {
	case *interp.StructVal:
		if i := x.Type.FieldIndex(name); i >= 0 {
			return x.Fields[i], true
		}
		return nil, false
	case *interp.Module:
		return x.Attr(name)
	case interp.Attrer:
		return x.Attr(name)
	}
	return nil, false
}

// attrNames lists the attributes of v with whether each is callable.
func (s *Session) attrNames(v interp.Value) map[string]bool {
	out := map[string]bool{}
	switch x := v.(type) {
	case *interp.StructVal:
		for i, f := range x.Type.Fields {
			out[f.Name] = interp.IsCallable(x.Fields[i])
		}
		for m := range x.Type.Methods {
			out[m] = true
		}
	case *interp.StructType:
		for m := range x.Methods {
			out[m] = true
		}
	case *interp.TypeObj:
		for _, m := range s.in.MethodNames(x.Name) {
			out[m] = true
		}
	default:
		if an, ok := v.(interp.AttrNamer); ok {
			at, _ := v.(interp.Attrer)
			for _, n := range an.AttrNames() {
				callable := false
				if at != nil {
					if a, ok := at.Attr(n); ok {
						callable = interp.IsCallable(a)
					}
				}
				out[n] = callable
			}
		}
	}
	for _, m := range s.in.MethodNames(v.TypeName()) {
		out[m] = true
	}
	return out
}

func callSuffix(callable bool) string {
	if callable {
		return "("
	}
	return ""
}

// keywordSuffix is what Python's completer adds after a keyword.
func keywordSuffix(kw string) string {
	switch kw {
	case "try", "finally":
		return ":"
	case "True", "False", "None", "break", "continue", "pass", "else":
		return ""
	}
	return " "
}

// wordBefore returns the completable word at the end of head: a dotted name,
// possibly with a scope prefix (`private:x`, `p.name`).
func wordBefore(head string) string {
	i := len(head)
	for i > 0 && (isIdentByte(head[i-1]) || head[i-1] == '.') {
		i--
	}
	if i > 0 && head[i-1] == ':' {
		j := i - 1
		for j > 0 && isIdentByte(head[j-1]) {
			j--
		}
		if lexer.ScopeWords[head[j:i-1]] && (j == 0 || !isIdentByte(head[j-1]) && head[j-1] != '.') {
			i = j
		}
	}
	word := head[i:]
	if word != "" && (word[0] >= '0' && word[0] <= '9' || word[0] == '.') {
		return "" // a number, or an attribute of something that is not a name
	}
	return word
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// inStringOrComment reports whether the end of head is inside a string
// literal or a comment.
func inStringOrComment(head string) bool {
	var q byte
	triple := false
	for i := 0; i < len(head); i++ {
		c := head[i]
		if q == 0 {
			switch c {
			case '#':
				return true
			case '"', '\'':
				q = c
				triple = strings.HasPrefix(head[i:], strings.Repeat(string(c), 3))
				if triple {
					i += 2
				}
			}
			continue
		}
		switch {
		case c == '\\':
			i++
		case c == q && !triple:
			q = 0
		case c == q && strings.HasPrefix(head[i:], strings.Repeat(string(c), 3)):
			q = 0
			i += 2
		}
	}
	return q != 0
}

// withPrefix returns the words of xs that start with prefix.
func withPrefix(xs []string, prefix string) []string {
	var out []string
	for _, x := range xs {
		if strings.HasPrefix(x, prefix) {
			out = append(out, x)
		}
	}
	return out
}
