package lexer_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/minidana/dana/lang/ast"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/lexer"
)

// render prints tokens compactly: layout tokens as NL IN DE EOF, f-string
// text as «text», everything else as its source text.
func render(toks []lexer.Token) string {
	parts := make([]string, len(toks))
	for i, t := range toks {
		switch t.Type {
		case lexer.Newline:
			parts[i] = "NL"
		case lexer.Indent:
			parts[i] = "IN"
		case lexer.Dedent:
			parts[i] = "DE"
		case lexer.EOF:
			parts[i] = "EOF"
		case lexer.FText:
			parts[i] = "«" + t.Value + "»"
		default:
			parts[i] = t.Value
		}
	}
	return strings.Join(parts, " ")
}

func scanOK(t *testing.T, src string) ([]lexer.Token, []ast.Comment) {
	t.Helper()
	toks, comments, err := lexer.Scan("t.na", src)
	if err != nil {
		t.Fatalf("Scan(%q): %v", src, err)
	}
	return toks, comments
}

func TestTokens(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "EOF"},
		{"only comments", "# a\n\n   # b\n", "EOF"},
		{"final newline added", "x = 1", "x = 1 NL EOF"},
		{"simple block", "if x:\n    y\nz\n", "if x : NL IN y NL DE z NL EOF"},
		{"nested blocks", "if a:\n  if b:\n    c\nd\n", "if a : NL IN if b : NL IN c NL DE DE d NL EOF"},
		{"dedents at EOF", "if a:\n  if b:\n    c", "if a : NL IN if b : NL IN c NL DE DE EOF"},
		{"blank and comment lines keep blocks", "if a:\n  b\n\n# out\n      # deep\n  c\n", "if a : NL IN b NL c NL DE EOF"},
		{"tabs alone", "if a:\n\tb\n\tif c:\n\t\td\n", "if a : NL IN b NL if c : NL IN d NL DE DE EOF"},
		{"tab and spaces the same way on every line", "if a:\n    \tb\n    \tc\n", "if a : NL IN b NL c NL DE EOF"},
		{"brackets ignore layout", "x = [1,\n  2,\n    3]\ny\n", "x = [ 1 , 2 , 3 ] NL y NL EOF"},
		{"braces and parens", "f(a,\n{b:\n c})\n", "f ( a , { b : c } ) NL EOF"},
		{"continuation", "x = 1 + \\\n    2\ny\n", "x = 1 + 2 NL y NL EOF"},
		{"crlf", "if a:\r\n  b\r\n", "if a : NL IN b NL DE EOF"},
		{"semicolons", "a = 1; b = 2", "a = 1 ; b = 2 NL EOF"},
		{"keywords vs names", "not_a = true and None", "not_a = true and None NL EOF"},
		{"scoped names", "private:count += 1", "private:count += 1 NL EOF"},
		{"scope word alone", "local = 1; local: int = 2", "local = 1 ; local : int = 2 NL EOF"},
		{"scoped system", "system:__poet_profile", "system:__poet_profile NL EOF"},
		{"scope word before ::", "public::x", "public :: x NL EOF"},
		{"ints", "42 1_000 0x1f 0o17 0b101 0 00 0_0 0x_1F", "42 1_000 0x1f 0o17 0b101 0 00 0_0 0x_1F NL EOF"},
		{"floats", "3.14 .5 1e-3 2.5E10 1. 1_0.0_1 01.5 1e+5", "3.14 .5 1e-3 2.5E10 1. 1_0.0_1 01.5 1e+5 NL EOF"},
		{"attribute after int-like", "x.y1.z", "x . y1 . z NL EOF"},
		{"operators", "a::b -> $$ ** // **= //= <<= >>= << >> <= >= == != += -= *= /= %= &= |= ^=",
			"a :: b -> $$ ** // **= //= <<= >>= << >> <= >= == != += -= *= /= %= &= |= ^= NL EOF"},
		{"single char ops", "@ | & ^ ~ % . , ; ( ) [ ] { }", "@ | & ^ ~ % . , ; ( ) [ ] { } NL EOF"},
		{"slice with ::", "s[::-1]", "s [ :: - 1 ] NL EOF"},
		{"strings", `'a' "b" r"\d" R'x' u"y"`, `'a' "b" r"\d" R'x' u"y" NL EOF`},
		{"triple strings", "x = '''a\nb''' + \"\"\"c\"\"\"", "x = '''a\nb''' + \"\"\"c\"\"\" NL EOF"},
		{"escaped quote", `"a\"b" 'c\'d'`, `"a\"b" 'c\'d' NL EOF`},
		{"raw string escaped quote", `r"a\"b"`, `r"a\"b" NL EOF`},
		{"string continuation inside", "'a\\\nb'", "'a\\\nb' NL EOF"},
		{"fstring", `f"a{b}c"`, `f" «a» { b } «c» " NL EOF`},
		{"fstring conv and spec", `f"{x!r:>{w}.2f}"`, `f" { x ! r : «>» { w } «.2f» } " NL EOF`},
		{"fstring debug", `f"{x = }"`, `f" { x = } " NL EOF`},
		{"fstring not-equal is not a conversion", `f"{a!=b}"`, `f" { a != b } " NL EOF`},
		{"fstring doubled braces", `f"{{a}} {b}"`, `f" «{{a}} » { b } " NL EOF`},
		{"fstring nested quotes", `f"{d['k'][1]}"`, `f" { d [ 'k' ] [ 1 ] } " NL EOF`},
		{"fstring dict in field", `f"{ {'a': 1}['a'] }"`, `f" { { 'a' : 1 } [ 'a' ] } " NL EOF`},
		{"fstring slice in field", `f"{s[::2]}"`, `f" { s [ :: 2 ] } " NL EOF`},
		{"fstring colon spec", `f"{x::^5}"`, `f" { x : «:^5» } " NL EOF`},
		{"rf and F prefixes", `rf"\d{x}" F'{y}' fR"{z}"`, `rf" «\d» { x } " F' { y } ' fR" { z } " NL EOF`},
		{"triple fstring", "f'''a\n{b\n}c'''", "f''' «a\n» { b } «c» ''' NL EOF"},
		{"nested fstring", `f"{f'{x}'}"`, `f" { f' { x } ' } " NL EOF`},
		{"decorator", "@dec\ndef f(): pass", "@ dec NL def f ( ) : pass NL EOF"},
		{"comment ends line", "x = 1  # c\ny", "x = 1 NL y NL EOF"},
		{"byte order mark", "\ufeffx = 1", "x = 1 NL EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks, _ := scanOK(t, tt.src)
			if got := render(toks); got != tt.want {
				t.Errorf("Scan(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestTokenTypes(t *testing.T) {
	toks, _ := scanOK(t, "if x1 private:y 3 4.0 'a' f'{b}' lambda :: True")
	want := []lexer.Type{
		lexer.Keyword, lexer.Ident, lexer.Scoped, lexer.Int, lexer.Float, lexer.String,
		lexer.FStart, lexer.Op, lexer.Ident, lexer.Op, lexer.FEnd, lexer.Keyword, lexer.Op, lexer.Keyword,
		lexer.Newline, lexer.EOF,
	}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens (%s), want %d", len(toks), render(toks), len(want))
	}
	for i, tok := range toks {
		if tok.Type != want[i] {
			t.Errorf("token %d %q: type %s, want %s", i, tok.Value, lexer.TypeName(tok.Type), lexer.TypeName(want[i]))
		}
	}
}

// at renders positions as line:col:offset.
func at(p ast.Pos) string { return fmt.Sprintf("%d:%d:%d", p.Line, p.Col, p.Offset) }

func TestPositions(t *testing.T) {
	type tokPos struct {
		value string // "" for layout tokens, matched by type
		typ   lexer.Type
		pos   string
	}
	tests := []struct {
		name string
		src  string
		want []tokPos
	}{
		{"layout", "if x:\n    y\nz", []tokPos{
			{"if", lexer.Keyword, "1:1:0"},
			{"", lexer.Newline, "1:6:5"},
			{"", lexer.Indent, "2:5:10"},
			{"y", lexer.Ident, "2:5:10"},
			{"", lexer.Newline, "2:6:11"},
			{"", lexer.Dedent, "3:1:12"},
			{"z", lexer.Ident, "3:1:12"},
			{"", lexer.Newline, "3:2:13"},
			{"", lexer.EOF, "3:2:13"},
		}},
		{"newline at trailing comment", "x = 1  # c\n", []tokPos{
			{"", lexer.Newline, "1:8:7"},
			{"", lexer.EOF, "2:1:11"},
		}},
		{"tab counts one column", "if a:\n\tb", []tokPos{
			{"b", lexer.Ident, "2:2:7"},
		}},
		{"runes not bytes", "é = 'ü'; x", nil}, // é is an invalid character: see TestErrors
		{"after multi-line string", "s = '''a\nbc''' + t", []tokPos{
			{"'''a\nbc'''", lexer.String, "1:5:4"},
			{"+", lexer.Op, "2:7:15"},
			{"t", lexer.Ident, "2:9:17"},
		}},
		{"unicode in string", "s = 'üü' + t", []tokPos{
			{"+", lexer.Op, "1:10:11"},
			{"t", lexer.Ident, "1:12:13"},
		}},
		{"fstring parts", `x = f"ab{cd!r:>{w}}é{e=}"`, []tokPos{
			{`f"`, lexer.FStart, "1:5:4"},
			{"ab", lexer.FText, "1:7:6"},
			{"{", lexer.Op, "1:9:8"},
			{"cd", lexer.Ident, "1:10:9"},
			{"!", lexer.Op, "1:12:11"},
			{"r", lexer.Ident, "1:13:12"},
			{":", lexer.Op, "1:14:13"},
			{">", lexer.FText, "1:15:14"},
			{"w", lexer.Ident, "1:17:16"},
			{"é", lexer.FText, "1:20:19"},
			{"e", lexer.Ident, "1:22:22"},
			{"=", lexer.Op, "1:23:23"},
			{`"`, lexer.FEnd, "1:25:25"},
		}},
		{"multi-line fstring", "x = f'''a\n  {b}'''", []tokPos{
			{"b", lexer.Ident, "2:4:13"},
			{"'''", lexer.FEnd, "2:6:15"},
		}},
		{"continuation", "x = \\\n  y", []tokPos{
			{"y", lexer.Ident, "2:3:8"},
		}},
	}
	for _, tt := range tests {
		if tt.want == nil {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			toks, _ := scanOK(t, tt.src)
			i := 0
			for _, w := range tt.want {
				for i < len(toks) && !(toks[i].Type == w.typ && (w.value == "" || toks[i].Value == w.value)) {
					i++
				}
				if i == len(toks) {
					t.Fatalf("token %s %q not found in %s", lexer.TypeName(w.typ), w.value, render(toks))
				}
				if got := at(toks[i].Pos); got != w.pos {
					t.Errorf("%s %q at %s, want %s", lexer.TypeName(w.typ), w.value, got, w.pos)
				}
				if toks[i].Pos.File != "t.na" {
					t.Errorf("file %q", toks[i].Pos.File)
				}
				i++
			}
		})
	}
}

func TestComments(t *testing.T) {
	src := "# top\nx = 1  # inline\n    # indented\ny = [1,  # in list\n  # own line in list\n]\n"
	_, comments := scanOK(t, src)
	want := []struct {
		text   string
		pos    string
		inline bool
	}{
		{"top", "1:1:0", false},
		{"inline", "2:8:13", true},
		{"indented", "3:5:26", false},
		{"in list", "4:10:46", true},
		{"own line in list", "5:3:58", false},
	}
	if len(comments) != len(want) {
		t.Fatalf("got %d comments %v, want %d", len(comments), comments, len(want))
	}
	for i, w := range want {
		c := comments[i]
		if c.Text != w.text || at(c.Pos) != w.pos || c.Inline != w.inline {
			t.Errorf("comment %d = {%q %s %v}, want {%q %s %v}", i, c.Text, at(c.Pos), c.Inline, w.text, w.pos, w.inline)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // line:col: Type: message of the first diagnostic
	}{
		{"x = 'abc\n", "1:5: SyntaxError: unterminated string literal (detected at line 1)"},
		{"x = '''abc\n\n", "1:5: SyntaxError: unterminated triple-quoted string literal (detected at line 3)"},
		{"x = f'abc{x}\n", "1:5: SyntaxError: unterminated f-string literal (detected at line 1)"},
		{"x = §\n", "1:5: SyntaxError: invalid character '§' (U+00A7)"},
		{"é = 1\n", "1:1: SyntaxError: invalid character 'é' (U+00E9)"},
		{"x = $\n", "1:5: SyntaxError: invalid character '$' (U+0024)"},
		{"x = ?\n", "1:5: SyntaxError: invalid character '?' (U+003F)"},
		{"x = \x00\n", "1:5: SyntaxError: source code cannot contain null bytes"},
		{"x = 1\ny = '\x00'\n", "2:6: SyntaxError: source code cannot contain null bytes"},
		{"x = \xff\n", "1:5: SyntaxError: invalid UTF-8 byte 0xff (the source must be UTF-8)"},
		{"# caf\xe9\n", "1:6: SyntaxError: invalid UTF-8 byte 0xe9 (the source must be UTF-8)"},
		{"s = 'a\xc3'\n", "1:7: SyntaxError: invalid UTF-8 byte 0xc3 (the source must be UTF-8)"},
		// Indentation whose meaning depends on the tab width (SPEC 1.1).
		{"if a:\n        b\n\tc\n", "3:2: TabError: inconsistent use of tabs and spaces in indentation"},
		{"if a:\n    \tb\n\tc\n", "3:2: TabError: inconsistent use of tabs and spaces in indentation"},
		{"if a:\n\tif b:\n\t        c\n\td\n        e\n", "5:9: TabError: inconsistent use of tabs and spaces in indentation"},
		{"1__0\n", "1:2: SyntaxError: invalid decimal literal"},
		{"x = 1_\n", "1:6: SyntaxError: invalid decimal literal"},
		{"x = 0x\n", "1:5: SyntaxError: invalid hexadecimal literal"},
		{"x = 0b102\n", "1:9: SyntaxError: invalid digit '2' in binary literal"},
		{"x = 0o8\n", "1:7: SyntaxError: invalid digit '8' in octal literal"},
		{"x = 012\n", "1:5: SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
		{"x = 1abc\n", "1:5: SyntaxError: invalid decimal literal"},
		{"x = 1e\n", "1:6: SyntaxError: invalid decimal literal"},
		{"x = 1j\n", "1:5: SyntaxError: imaginary number literals are not supported"},
		{"x = b'abc'\n", "1:5: SyntaxError: bytes literals are not supported"},
		{"if a:\n    b\n  c\n", "3:3: IndentationError: unindent does not match any outer indentation level"},
		{"x = (1, [2,\n", "1:9: SyntaxError: '[' was never closed"},
		{"x = (1]\n", "1:7: SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"},
		{"x = \\ y\n", "1:6: SyntaxError: unexpected character after line continuation character"},
		{"x = 1 \\", "1:8: SyntaxError: unexpected end of file after line continuation character"},
		{`x = "\U00110000"`, `1:6: SyntaxError: invalid escape sequence: illegal Unicode character`},
		{`f"{x"`, "1:5: SyntaxError: f-string: expecting '}'"},
		{`f"}"`, "1:3: SyntaxError: f-string: single '}' is not allowed"},
		{`f"{!r}"`, "1:4: SyntaxError: f-string: empty expression not allowed"},
		{`f"{x#}"`, "1:5: SyntaxError: f-string expression part cannot include '#'"},
		{`f"{x\n}"`, "1:5: SyntaxError: f-string expression part cannot include a backslash"},
		{"f'{x\n}'", "1:1: SyntaxError: unterminated f-string literal (detected at line 1)"},
		{`f"{x:{y"`, "1:8: SyntaxError: f-string: expecting '}'"},
		{`f"{x:abc"`, "1:9: SyntaxError: f-string: expecting '}'"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, _, err := lexer.Scan("t.na", tt.src)
			var l diag.List
			if !errors.As(err, &l) || len(l) == 0 {
				t.Fatalf("Scan(%q): err = %v, want a diag.List", tt.src, err)
			}
			e := l[0]
			got := fmt.Sprintf("%d:%d: %s: %s", e.Pos.Line, e.Pos.Col, e.Type, e.Msg)
			if got != tt.want {
				t.Errorf("Scan(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
			if e.Line != diag.SourceLine(tt.src, e.Pos.Line) {
				t.Errorf("quoted line %q", e.Line)
			}
			if len(toks) == 0 || toks[len(toks)-1].Type != lexer.EOF {
				t.Errorf("tokens do not end with EOF: %s", render(toks))
			}
		})
	}
}

func TestSeveralErrors(t *testing.T) {
	_, _, err := lexer.Scan("t.na", "a = §\nb = 1__0\nc = 'x\n")
	var l diag.List
	if !errors.As(err, &l) || len(l) != 3 {
		t.Fatalf("err = %v, want 3 diagnostics", err)
	}
	for i, line := range []int{1, 2, 3} {
		if l[i].Pos.Line != line {
			t.Errorf("diagnostic %d on line %d, want %d", i, l[i].Pos.Line, line)
		}
	}
}

func TestUnquote(t *testing.T) {
	tests := []struct{ lit, want string }{
		{`'abc'`, "abc"},
		{`"a\tb\n"`, "a\tb\n"},
		{`"\\ \' \" \a \b \f \v \r"`, "\\ ' \" \a \b \f \v \r"},
		{`"\x41\u00e9\U0001F600"`, "Aé😀"},
		{`"\101\0\7"`, "A\x00\a"},
		{`"\d\w"`, `\d\w`},
		{`r"\n\d"`, `\n\d`},
		{`R"\""`, `\"`},
		{"'''a\nb'''", "a\nb"},
		{`""""x" """`, `"x" `},
		{"'a\\\nb'", "ab"},
		{`u"x"`, "x"},
		{`''`, ""},
		{`"\xff"`, "\u00ff"},
	}
	for _, tt := range tests {
		got, err := lexer.Unquote(tt.lit)
		if err != nil || got != tt.want {
			t.Errorf("Unquote(%s) = %q, %v; want %q", tt.lit, got, err, tt.want)
		}
	}
	for _, bad := range []string{``, `abc`, `"abc`, `'a"`, `xyz"a"`, `"\U00110000"`} {
		if _, err := lexer.Unquote(bad); err == nil {
			t.Errorf("Unquote(%s): no error", bad)
		}
	}
}

func TestDecodeFText(t *testing.T) {
	tests := []struct {
		text string
		raw  bool
		want string
	}{
		{"a{{b}}c", false, "a{b}c"},
		{`a\tb{{`, false, "a\tb{"},
		{`\d{{`, true, `\d{`},
		{"plain", true, "plain"},
		{"plain", false, "plain"},
	}
	for _, tt := range tests {
		if got := lexer.DecodeFText(tt.text, tt.raw); got != tt.want {
			t.Errorf("DecodeFText(%q, %v) = %q, want %q", tt.text, tt.raw, got, tt.want)
		}
	}
	if !lexer.IsRawFString(`rf"`) || !lexer.IsRawFString(`fR'''`) || lexer.IsRawFString(`f"`) {
		t.Error("IsRawFString")
	}
}

func TestParticipleDefinition(t *testing.T) {
	def := lexer.Definition{}
	syms := def.Symbols()
	for _, name := range []string{"EOF", "Newline", "Indent", "Dedent", "Ident", "Scoped", "Int", "Float", "String", "FStart", "FText", "FEnd", "Op", "Keyword"} {
		if _, ok := syms[name]; !ok {
			t.Errorf("symbol %s missing", name)
		}
	}
	lx, err := def.Lex("t.na", strings.NewReader("x = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		tok, err := lx.Next()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, tok.Value)
		if tok.EOF() {
			break
		}
		if tok.Pos.Filename != "t.na" || tok.Pos.Line != 1 {
			t.Errorf("token %q at %v", tok.Value, tok.Pos)
		}
	}
	if strings.Join(got, "|") != "x|=|1||" {
		t.Errorf("tokens %q", got)
	}
	if _, err := def.LexString("t.na", "x = §"); err == nil {
		t.Error("LexString: no error for an invalid character")
	}
	if tok, _ := lexer.NewSliceLexer(nil).Next(); !tok.EOF() {
		t.Error("empty SliceLexer does not return EOF")
	}
}

// checkInvariants verifies what every token stream must satisfy, whatever
// the input: it ends with EOF, Indent and Dedent balance, offsets never go
// backwards, and each position's line and column agree with its offset.
func checkInvariants(t *testing.T, src string, toks []lexer.Token, comments []ast.Comment) {
	t.Helper()
	if len(toks) == 0 || toks[len(toks)-1].Type != lexer.EOF {
		t.Fatalf("no final EOF: %v", toks)
	}
	depth, last := 0, 0
	check := func(what string, p ast.Pos) {
		if p.Offset < 0 || p.Offset > len(src) {
			t.Fatalf("%s: offset %d out of range", what, p.Offset)
		}
		line := 1 + strings.Count(src[:p.Offset], "\n")
		lineStart := strings.LastIndexByte(src[:p.Offset], '\n') + 1
		col := 1 + utf8.RuneCount([]byte(src[lineStart:p.Offset]))
		if line == 1 && strings.HasPrefix(src, "\ufeff") {
			col-- // the byte order mark is not a column
		}
		if p.Line != line || p.Col != col {
			t.Fatalf("%s at %d:%d, offset %d is %d:%d", what, p.Line, p.Col, p.Offset, line, col)
		}
	}
	for _, tok := range toks {
		switch tok.Type {
		case lexer.Indent:
			depth++
		case lexer.Dedent:
			depth--
			if depth < 0 {
				t.Fatalf("Dedent without Indent")
			}
		}
		if tok.Pos.Offset < last {
			t.Fatalf("token %v goes backwards", tok)
		}
		last = tok.Pos.Offset
		check(tok.String(), tok.Pos)
		if tok.Value != "" && tok.Type != lexer.EOF && !strings.HasPrefix(src[tok.Pos.Offset:], tok.Value) {
			t.Fatalf("token %v is not the source text at its offset", tok)
		}
	}
	if depth != 0 {
		t.Fatalf("%d blocks left open", depth)
	}
	for _, c := range comments {
		check("comment", c.Pos)
	}
}

func TestInvariantsOnSamples(t *testing.T) {
	for _, s := range samples {
		toks, comments, _ := lexer.Scan("t.na", s)
		checkInvariants(t, s, toks, comments)
	}
}

// TestEscapeWarnings: invalid escapes are kept as written with a warning,
// not a SyntaxError (SPEC §1.4); an empty {} in an f-string is the text {}.
func TestEscapeWarnings(t *testing.T) {
	tests := []struct {
		src   string
		warns []string // "line:col: message"
	}{
		{`x = "a\db"`, []string{`1:7: invalid escape sequence '\d'`}},
		{`x = "\q" + '\Uzz'`, []string{`1:6: invalid escape sequence '\q'`, `1:13: invalid escape sequence '\U' (truncated \UXXXXXXXX escape) kept as written`}},
		{`x = "\x4"`, []string{`1:6: invalid escape sequence '\x' (truncated \xXX escape) kept as written`}},
		{`x = "ab\u12"`, []string{`1:8: invalid escape sequence '\u' (truncated \uXXXX escape) kept as written`}},
		{`x = "\N{DASH}"`, []string{`1:6: invalid escape sequence '\N' (\N{...} escapes are not supported) kept as written`}},
		{`x = f"\x{1}"`, []string{`1:7: invalid escape sequence '\x' (truncated \xXX escape) kept as written`}},
		{`x = r"\d" + "\n\t\x41"`, nil},
		{`x = f"{}"`, nil},
	}
	for _, tt := range tests {
		_, _, warns, err := lexer.ScanFile("t.na", tt.src)
		if err != nil {
			t.Errorf("ScanFile(%s): %v", tt.src, err)
			continue
		}
		var got []string
		for _, w := range warns {
			got = append(got, fmt.Sprintf("%d:%d: %s", w.Pos.Line, w.Pos.Col, w.Msg))
		}
		if strings.Join(got, "\n") != strings.Join(tt.warns, "\n") {
			t.Errorf("ScanFile(%s) warnings\n%s\nwant\n%s", tt.src, strings.Join(got, "\n"), strings.Join(tt.warns, "\n"))
		}
	}
	for lit, want := range map[string]string{`"a\db"`: `a\db`, `"\Uzz"`: `\Uzz`, `"\x4"`: `\x4`} {
		if got, err := lexer.Unquote(lit); err != nil || got != want {
			t.Errorf("Unquote(%s) = %q, %v; want %q", lit, got, err, want)
		}
	}
	toks, _, err := lexer.Scan("t.na", `f"a{}b"`)
	if err != nil || len(toks) < 2 || toks[1].Type != lexer.FText || lexer.DecodeFText(toks[1].Value, false) != "a{}b" {
		t.Errorf(`f"a{}b": %v %v`, toks, err)
	}
}
