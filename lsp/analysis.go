package lsp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/lang/lexer"
	"github.com/minidana/dana/lang/parser"
)

// symbol is a name bound in the document.
type symbol struct {
	name   string // with its scope prefix when written with one (private:x)
	kind   int    // a completion kind
	pos    ast.Pos
	typ    string // declared or inferred type, "" when unknown
	detail string // the signature of a function
	doc    string
	// from and to are the lines where the name is visible: a local of a
	// function, or 0, 0 for the whole file.
	from, to int
	node     ast.Node
}

// analysis is what the server knows about one version of a document.
type analysis struct {
	file    *ast.File
	text    string
	in      *interp.Interpreter
	syms    []*symbol
	structs map[string]*ast.StructDef
	methods map[string][]*ast.FuncDef // receiver methods by struct name
}

// analyze parses text (keeping what parses when there are errors) and
// collects its symbols.
func analyze(path, text string, in *interp.Interpreter) *analysis {
	f, _ := parser.ParseFile(path, text)
	a := &analysis{file: f, text: text, in: in, structs: map[string]*ast.StructDef{}, methods: map[string][]*ast.FuncDef{}}
	if f == nil {
		return a
	}
	a.collectTypes(f.Stmts)
	a.collect(f.Stmts, 0, 0)
	return a
}

// collectTypes finds the structs and receiver methods first, so that
// inference can use them anywhere.
func (a *analysis) collectTypes(stmts []ast.Stmt) {
	for _, s := range stmts {
		switch n := s.(type) {
		case *ast.StructDef:
			a.structs[n.Name] = n
			a.methods[n.Name] = append(a.methods[n.Name], n.Methods...)
		case *ast.FuncDef:
			if n.Receiver != nil && n.Receiver.Type != nil {
				a.methods[n.Receiver.Type.Name] = append(a.methods[n.Receiver.Type.Name], n)
			}
		}
	}
}

func (a *analysis) add(s *symbol) {
	for _, o := range a.syms {
		if o.name == s.name && o.from == s.from && o.to == s.to {
			if o.typ == "" {
				o.typ = s.typ // a later binding tells the type
			}
			return // the first binding is the definition
		}
	}
	a.syms = append(a.syms, s)
}

// collect walks statements; from and to bound the enclosing function.
func (a *analysis) collect(stmts []ast.Stmt, from, to int) {
	for _, s := range stmts {
		switch n := s.(type) {
		case *ast.FuncDef:
			if n.Receiver == nil {
				a.add(&symbol{name: n.Name, kind: kindFunction, pos: n.NamePos, typ: "function", detail: signature(n), doc: n.Doc, from: from, to: to, node: n})
			}
			body := n.Base().EndLine
			if body == 0 {
				body = n.P.Line
			}
			if n.Receiver != nil {
				a.add(&symbol{name: n.Receiver.Name, kind: kindVariable, pos: n.Receiver.P, typ: n.Receiver.Type.String(), from: n.P.Line, to: body})
			}
			for _, p := range n.Params {
				a.add(&symbol{name: p.Name, kind: kindVariable, pos: p.P, typ: paramType(p, a), from: n.P.Line, to: body})
			}
			a.collect(n.Body, n.P.Line, body)
		case *ast.StructDef:
			a.add(&symbol{name: n.Name, kind: kindStruct, pos: n.P, typ: "struct", detail: "struct " + n.Name, doc: n.Doc, from: from, to: to, node: n})
			for _, m := range n.Methods {
				a.collect(m.Body, m.P.Line, m.EndLine)
			}
		case *ast.InterfaceDef:
			a.add(&symbol{name: n.Name, kind: kindClass, pos: n.P, typ: "interface", detail: "interface " + n.Name, doc: n.Doc, from: from, to: to, node: n})
		case *ast.AssignStmt:
			for _, t := range n.Targets {
				typ := ""
				if n.Type != nil {
					typ = n.Type.String()
				} else if n.Value != nil && len(n.Targets) == 1 {
					typ = a.infer(n.Value, n.P.Line)
				}
				a.bindTarget(t, typ, from, to, n)
			}
		case *ast.AugAssignStmt:
			a.bindTarget(n.Target, "", from, to, n)
		case *ast.ForStmt:
			a.bindTarget(n.Target, elemType(a.infer(n.Iter, n.P.Line)), from, to, n)
			a.collect(n.Body, from, to)
			a.collect(n.Else, from, to)
		case *ast.IfStmt:
			a.collect(n.Body, from, to)
			a.collect(n.Else, from, to)
		case *ast.WhileStmt:
			a.collect(n.Body, from, to)
			a.collect(n.Else, from, to)
		case *ast.TryStmt:
			a.collect(n.Body, from, to)
			for _, h := range n.Handlers {
				if h.Name != "" {
					typ := "Exception"
					if len(h.Types) == 1 {
						if nm, ok := h.Types[0].(*ast.Name); ok {
							typ = nm.Name
						}
					}
					a.add(&symbol{name: h.Name, kind: kindVariable, pos: h.P, typ: typ, from: from, to: to})
				}
				a.collect(h.Body, from, to)
			}
			a.collect(n.Else, from, to)
			a.collect(n.Finally, from, to)
		case *ast.ImportStmt:
			name := n.Alias
			if name == "" {
				name = strings.SplitN(n.Module, ".", 2)[0]
			}
			a.add(&symbol{name: name, kind: kindModule, pos: n.P, typ: "module " + n.Module, from: from, to: to})
		case *ast.FromImportStmt:
			for _, in := range n.Names {
				name := in.Alias
				if name == "" {
					name = in.Name
				}
				a.add(&symbol{name: name, kind: kindVariable, pos: in.P, typ: "from " + n.Module, from: from, to: to})
			}
		}
	}
}

// bindTarget records the names an assignment target binds.
func (a *analysis) bindTarget(t ast.Expr, typ string, from, to int, node ast.Node) {
	switch x := t.(type) {
	case *ast.Name:
		name := x.Name
		if x.Scope != "" {
			name = x.Scope + ":" + x.Name
		}
		a.add(&symbol{name: name, kind: kindVariable, pos: x.P, typ: typ, from: from, to: to, node: node})
	case *ast.TupleExpr:
		for _, e := range x.Elems {
			a.bindTarget(e, "", from, to, node)
		}
	case *ast.ListExpr:
		for _, e := range x.Elems {
			a.bindTarget(e, "", from, to, node)
		}
	case *ast.StarredExpr:
		a.bindTarget(x.X, "list", from, to, node)
	}
}

func paramType(p *ast.Param, a *analysis) string {
	switch {
	case p.Type != nil:
		return p.Type.String()
	case p.Kind == ast.ParamVarArgs:
		return "tuple"
	case p.Kind == ast.ParamKwArgs:
		return "dict"
	case p.Default != nil:
		return a.infer(p.Default, 0)
	}
	return ""
}

// signature renders a def's first line without the body.
func signature(f *ast.FuncDef) string {
	var b strings.Builder
	b.WriteString("def ")
	if f.Receiver != nil {
		fmt.Fprintf(&b, "(%s: %s) ", f.Receiver.Name, f.Receiver.Type)
	}
	b.WriteString(f.Name + "(")
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.KwOnly && (i == 0 || !f.Params[i-1].KwOnly) {
			b.WriteString("*, ")
		}
		switch p.Kind {
		case ast.ParamVarArgs:
			b.WriteString("*")
		case ast.ParamKwArgs:
			b.WriteString("**")
		}
		b.WriteString(p.Name)
		if p.Type != nil {
			b.WriteString(": " + p.Type.String())
		}
		if p.Default != nil {
			if p.Type != nil {
				b.WriteString(" = ...")
			} else {
				b.WriteString("=...")
			}
		}
		if p.PosOnly && (i == len(f.Params)-1 || !f.Params[i+1].PosOnly) {
			b.WriteString(", /")
		}
	}
	b.WriteString(")")
	if f.Return != nil {
		b.WriteString(" -> " + f.Return.String())
	}
	return b.String()
}

// infer guesses the type of an expression without running it: literals,
// struct constructors, functions with a return type, conversions,
// arithmetic, comparisons and names whose type is known.
func (a *analysis) infer(e ast.Expr, line int) string {
	switch x := e.(type) {
	case *ast.IntLit:
		return "int"
	case *ast.FloatLit:
		return "float"
	case *ast.StrLit, *ast.FString:
		return "str"
	case *ast.BoolLit, *ast.CompareExpr:
		return "bool"
	case *ast.NoneLit:
		return "None"
	case *ast.ListExpr:
		return "list"
	case *ast.TupleExpr:
		return "tuple"
	case *ast.DictExpr:
		return "dict"
	case *ast.SetExpr:
		return "set"
	case *ast.LambdaExpr:
		return "function"
	case *ast.CompExpr:
		switch x.Kind {
		case ast.CompSet:
			return "set"
		case ast.CompDict:
			return "dict"
		}
		return "list"
	case *ast.UnaryExpr:
		if x.Op == "not" {
			return "bool"
		}
		return a.infer(x.X, line)
	case *ast.BinaryExpr:
		l, r := a.infer(x.X, line), a.infer(x.Y, line)
		num := func(t string) bool { return t == "int" || t == "float" || t == "bool" }
		switch {
		case x.Op == "/" && num(l) && num(r):
			return "float"
		case num(l) && num(r) && (l == "float" || r == "float"):
			return "float"
		case l != "" && l == r:
			return l
		case x.Op == "%" && l == "str":
			return "str"
		}
	case *ast.CondExpr:
		if t := a.infer(x.Then, line); t == a.infer(x.Else, line) {
			return t
		}
	case *ast.Name:
		if s := a.lookup(nameOf(x), line); s != nil && s.kind == kindVariable {
			return s.typ
		}
	case *ast.AttrExpr:
		if st, ok := a.structs[a.infer(x.X, line)]; ok {
			for _, f := range st.Fields {
				if f.Name == x.Name {
					return f.Type.String()
				}
			}
		}
	case *ast.CallExpr:
		if n, ok := x.Fn.(*ast.Name); ok && n.Scope == "" {
			if _, ok := a.structs[n.Name]; ok {
				return n.Name
			}
			switch n.Name {
			case "int", "float", "str", "bool", "list", "dict", "set", "tuple":
				return n.Name
			case "len", "hash", "ord":
				return "int"
			case "repr", "chr", "input", "format":
				return "str"
			case "sorted":
				return "list"
			case "range":
				return "range"
			case "isinstance", "callable", "hasattr", "all", "any":
				return "bool"
			}
			if s := a.lookup(n.Name, line); s != nil {
				if f, ok := s.node.(*ast.FuncDef); ok && f.Return != nil {
					return f.Return.String()
				}
			}
		}
	}
	return ""
}

// elemType is the type of the items of a collection type: X for list[X]
// or set[X], K for dict[K, V], str for str, int for range.
func elemType(t string) string {
	switch t {
	case "str":
		return "str"
	case "range":
		return "int"
	}
	open := strings.IndexByte(t, '[')
	if open < 0 || !strings.HasSuffix(t, "]") {
		return ""
	}
	switch t[:open] {
	case "list", "set", "dict":
		args := t[open+1 : len(t)-1]
		depth := 0
		for i, c := range args {
			switch c {
			case '[':
				depth++
			case ']':
				depth--
			case ',':
				if depth == 0 {
					return strings.TrimSpace(args[:i])
				}
			}
		}
		return strings.TrimSpace(args)
	}
	return ""
}

func nameOf(n *ast.Name) string {
	if n.Scope != "" {
		return n.Scope + ":" + n.Name
	}
	return n.Name
}

// lookup finds the symbol name visible at line (1-based): the innermost
// function's local first, then the file's.
func (a *analysis) lookup(name string, line int) *symbol {
	var best *symbol
	for _, s := range a.syms {
		if s.name != name {
			continue
		}
		if s.to == 0 {
			if best == nil {
				best = s
			}
			continue
		}
		if line >= s.from && line <= s.to && (best == nil || best.to == 0 || s.to-s.from < best.to-best.from) {
			best = s
		}
	}
	return best
}

// wordAt splits the text before the cursor into the dotted expression
// being typed: the base names ("p", "p.pos") and the prefix of the last.
func (a *analysis) wordAt(p Position) (chain []string, prefix string, line string, col int) {
	line = lineOf(a.text, p.Line)
	col = runeCol(line, p.Character)
	rs := []rune(line)
	if col > len(rs) {
		col = len(rs)
	}
	i := col
	for i > 0 && (isIdentRune(rs[i-1]) || rs[i-1] == '.' || rs[i-1] == ':' && i >= 2 && isIdentRune(rs[i-2])) {
		i--
	}
	word := string(rs[i:col])
	parts := strings.Split(word, ".")
	return parts[:len(parts)-1], parts[len(parts)-1], line, col
}

// typeOfChain resolves the type of a dotted name chain at line.
func (a *analysis) typeOfChain(chain []string, line int) string {
	if len(chain) == 0 {
		return ""
	}
	s := a.lookup(chain[0], line)
	if s == nil {
		return ""
	}
	typ := s.typ
	if s.kind == kindStruct {
		typ = s.name
	}
	for _, field := range chain[1:] {
		st, ok := a.structs[typ]
		if !ok {
			return ""
		}
		typ = ""
		for _, f := range st.Fields {
			if f.Name == field {
				typ = f.Type.String()
			}
		}
	}
	return typ
}

// members lists the fields and methods of a type.
func (a *analysis) members(typ string) []CompletionItem {
	var out []CompletionItem
	if st, ok := a.structs[typ]; ok {
		for _, f := range st.Fields {
			out = append(out, CompletionItem{Label: f.Name, Kind: kindField, Detail: f.Type.String()})
		}
	}
	for _, m := range a.methods[typ] {
		out = append(out, CompletionItem{Label: m.Name, Kind: kindMethod, Detail: signature(m)})
	}
	base := typ
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	if a.in != nil && base != "" {
		for _, m := range a.in.MethodNames(base) {
			out = append(out, CompletionItem{Label: m, Kind: kindMethod, Detail: base + "." + m})
		}
	}
	return out
}

// complete answers a completion request.
func (a *analysis) complete(p Position) []CompletionItem {
	chain, prefix, _, _ := a.wordAt(p)
	line := p.Line + 1
	var items []CompletionItem
	if len(chain) > 0 {
		items = a.members(a.typeOfChain(chain, line))
	} else {
		seen := map[string]bool{}
		for _, s := range a.syms {
			if (s.to == 0 || line >= s.from && line <= s.to) && !seen[s.name] {
				seen[s.name] = true
				items = append(items, CompletionItem{Label: s.name, Kind: s.kind, Detail: firstNonEmpty(s.detail, s.typ)})
			}
		}
		if a.in != nil {
			for _, n := range a.in.BuiltinNames() {
				if !seen[n] {
					items = append(items, CompletionItem{Label: n, Kind: kindFunction, Detail: "builtin"})
				}
			}
		}
		for kw := range lexer.Keywords {
			items = append(items, CompletionItem{Label: kw, Kind: kindKeyword})
		}
		for sc := range lexer.ScopeWords {
			items = append(items, CompletionItem{Label: sc + ":", Kind: kindKeyword, Detail: "scope"})
		}
	}
	out := []CompletionItem{}
	for _, it := range items {
		if strings.HasPrefix(it.Label, prefix) && (!strings.HasPrefix(it.Label, "_") || strings.HasPrefix(prefix, "_")) {
			out = append(out, it)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// identAt returns the identifier under the cursor, the dotted chain before
// it, and its rune range on the line.
func (a *analysis) identAt(p Position) (chain []string, name, line string, start, end int) {
	line = lineOf(a.text, p.Line)
	rs := []rune(line)
	col := min(runeCol(line, p.Character), len(rs))
	start, end = col, col
	for start > 0 && (isIdentRune(rs[start-1]) || rs[start-1] == ':' && start >= 2 && isIdentRune(rs[start-2]) && isScopePrefix(rs[:start-1])) {
		start--
	}
	for end < len(rs) && isIdentRune(rs[end]) {
		end++
	}
	name = string(rs[start:end])
	i := start
	for i > 0 && rs[i-1] == '.' {
		j := i - 1
		for j > 0 && isIdentRune(rs[j-1]) {
			j--
		}
		chain = append([]string{string(rs[j : i-1])}, chain...)
		i = j
	}
	return chain, name, line, start, end
}

// isScopePrefix reports whether rs ends with a scope word (private, ...).
func isScopePrefix(rs []rune) bool {
	s := string(rs)
	for w := range lexer.ScopeWords {
		if strings.HasSuffix(s, w) {
			return true
		}
	}
	return false
}

// hover answers a hover request: the declaration or inferred type in a
// code block, then the docstring or the field's comment.
func (a *analysis) hover(p Position) *hover {
	chain, name, line, start, end := a.identAt(p)
	if name == "" {
		return nil
	}
	rng := &Range{Start: Position{Line: p.Line, Character: utf16Col(line, start)}, End: Position{Line: p.Line, Character: utf16Col(line, end)}}
	code := func(sig, doc string) *hover {
		v := "```dana\n" + sig + "\n```"
		if doc != "" {
			v += "\n\n" + doc
		}
		return &hover{Contents: markupContent{Kind: "markdown", Value: v}, Range: rng}
	}
	if len(chain) > 0 {
		typ := a.typeOfChain(chain, p.Line+1)
		if st, ok := a.structs[typ]; ok {
			for _, f := range st.Fields {
				if f.Name == name {
					return code(fmt.Sprintf("(field) %s.%s: %s", typ, f.Name, f.Type), strings.Join(append(append([]string{}, f.Doc...), f.Comment), "\n"))
				}
			}
		}
		for _, m := range a.methods[typ] {
			if m.Name == name {
				return code(signature(m), m.Doc)
			}
		}
		return nil
	}
	s := a.lookup(name, p.Line+1)
	if s == nil {
		// A method's own name (at its def, or called through a value whose
		// type is unknown): answer when one method has that name.
		var found []*ast.FuncDef
		for _, ms := range a.methods {
			for _, m := range ms {
				if m.Name == name {
					found = append(found, m)
				}
			}
		}
		if len(found) == 1 {
			return code(signature(found[0]), found[0].Doc)
		}
		if a.in != nil {
			if _, ok := a.in.Builtin(name); ok {
				return code("(builtin) "+name, "")
			}
		}
		return nil
	}
	switch n := s.node.(type) {
	case *ast.FuncDef:
		return code(signature(n), n.Doc)
	case *ast.StructDef:
		var b strings.Builder
		b.WriteString("struct " + n.Name + ":")
		for _, f := range n.Fields {
			fmt.Fprintf(&b, "\n    %s: %s", f.Name, f.Type)
			if f.Comment != "" {
				b.WriteString("  # " + f.Comment)
			}
		}
		return code(b.String(), n.Doc)
	}
	typ := s.typ
	if typ == "" {
		typ = "unknown"
	}
	label := "(variable)"
	if s.kind == kindModule {
		return code("(module) "+name, typ)
	}
	return code(fmt.Sprintf("%s %s: %s", label, name, typ), "")
}

// definition answers go to definition.
func (a *analysis) definition(uri string, p Position) *Location {
	chain, name, _, _, _ := a.identAt(p)
	if name == "" {
		return nil
	}
	var pos ast.Pos
	if len(chain) > 0 {
		typ := a.typeOfChain(chain, p.Line+1)
		if st, ok := a.structs[typ]; ok {
			for _, f := range st.Fields {
				if f.Name == name {
					pos = f.P
				}
			}
		}
		for _, m := range a.methods[typ] {
			if m.Name == name {
				pos = m.NamePos
			}
		}
	} else if s := a.lookup(name, p.Line+1); s != nil {
		pos = s.pos
	}
	if !pos.IsValid() {
		return nil
	}
	return &Location{URI: uri, Range: a.rangeAt(pos, len([]rune(name)))}
}

// rangeAt is the range of n runes from pos.
func (a *analysis) rangeAt(pos ast.Pos, n int) Range {
	line := lineOf(a.text, pos.Line-1)
	start := utf16Col(line, pos.Col-1)
	return Range{Start: Position{Line: pos.Line - 1, Character: start}, End: Position{Line: pos.Line - 1, Character: utf16Col(line, pos.Col-1+n)}}
}

// linesRange covers whole lines from first to last (1-based).
func (a *analysis) linesRange(first, last int) Range {
	if last < first {
		last = first
	}
	return Range{Start: Position{Line: first - 1}, End: Position{Line: last - 1, Character: utf16Col(lineOf(a.text, last-1), len([]rune(lineOf(a.text, last-1))))}}
}

// symbols answers documentSymbol: the top-level definitions, structs with
// their fields and methods, and top-level variables.
func (a *analysis) symbols() []DocumentSymbol {
	out := []DocumentSymbol{}
	if a.file == nil {
		return out
	}
	seen := map[string]bool{}
	for _, st := range a.file.Stmts {
		b := st.Base()
		switch n := st.(type) {
		case *ast.FuncDef:
			name := n.Name
			if n.Receiver != nil {
				name = "(" + n.Receiver.Type.String() + ") " + n.Name
			}
			out = append(out, DocumentSymbol{Name: name, Detail: signature(n), Kind: symbolFunction, Range: a.linesRange(b.P.Line, b.EndLine), SelectionRange: a.rangeAt(n.NamePos, len([]rune(n.Name)))})
		case *ast.StructDef:
			ds := DocumentSymbol{Name: n.Name, Detail: "struct", Kind: symbolStruct, Range: a.linesRange(b.P.Line, b.EndLine), SelectionRange: a.linesRange(b.P.Line, b.P.Line)}
			for _, f := range n.Fields {
				ds.Children = append(ds.Children, DocumentSymbol{Name: f.Name, Detail: f.Type.String(), Kind: symbolField, Range: a.rangeAt(f.P, len([]rune(f.Name))), SelectionRange: a.rangeAt(f.P, len([]rune(f.Name)))})
			}
			for _, m := range n.Methods {
				ds.Children = append(ds.Children, DocumentSymbol{Name: m.Name, Detail: signature(m), Kind: symbolMethod, Range: a.linesRange(m.P.Line, m.EndLine), SelectionRange: a.rangeAt(m.NamePos, len([]rune(m.Name)))})
			}
			out = append(out, ds)
		case *ast.AssignStmt:
			for _, t := range n.Targets {
				if nm, ok := t.(*ast.Name); ok && !seen[nameOf(nm)] {
					seen[nameOf(nm)] = true
					typ := ""
					if s := a.lookup(nameOf(nm), 0); s != nil {
						typ = s.typ
					}
					out = append(out, DocumentSymbol{Name: nameOf(nm), Detail: typ, Kind: symbolVariable, Range: a.linesRange(b.P.Line, b.EndLine), SelectionRange: a.rangeAt(nm.P, len([]rune(nameOf(nm))))})
				}
			}
		}
	}
	return out
}
