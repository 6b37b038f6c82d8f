package lexer

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// decode processes the escape sequences of the body of a non-raw literal, as
// Python does. With fstr set it also turns the doubled braces of f-string text
// into single ones. Invalid escapes are reported (when report is not nil) with
// their byte offset in body and left in the result as written; fatal is set
// for the one that is an error (a \U escape beyond U+10FFFF), the others are
// kept literally with a warning (SPEC §1.4: `\d`, `\q`, a `\U` or `\x`
// without its hex digits, `\N{...}`).
func decode(body string, fstr bool, report func(off int, msg string, fatal bool)) string {
	if strings.IndexByte(body, '\\') < 0 && (!fstr || !strings.ContainsAny(body, "{}")) {
		return body
	}
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if fstr && (c == '{' || c == '}') && i+1 < len(body) && body[i+1] == c {
			b.WriteByte(c)
			i += 2
			continue
		}
		if c != '\\' || i+1 >= len(body) {
			b.WriteByte(c)
			i++
			continue
		}
		e := body[i+1]
		switch e {
		case '\n':
			i += 2
			continue
		case '\r':
			i += 2
			if i < len(body) && body[i] == '\n' {
				i++
			}
			continue
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, j := 0, i+1
			for ; j < len(body) && j < i+4 && body[j] >= '0' && body[j] <= '7'; j++ {
				v = v*8 + int(body[j]-'0')
			}
			b.WriteRune(rune(v))
			i = j
			continue
		case 'x', 'u', 'U':
			n, what := 2, `\xXX`
			if e == 'u' {
				n, what = 4, `\uXXXX`
			} else if e == 'U' {
				n, what = 8, `\UXXXXXXXX`
			}
			v, j := 0, i+2
			for ; j < len(body) && j < i+2+n && digitVal(body[j]) < 16; j++ {
				v = v*16 + digitVal(body[j])
			}
			if j < i+2+n {
				if report != nil {
					report(i, "invalid escape sequence '\\"+string(e)+"' (truncated "+what+" escape) kept as written", false)
				}
				b.WriteString(body[i:j])
				i = j
				continue
			}
			if v > utf8.MaxRune {
				if report != nil {
					report(i, "invalid escape sequence: illegal Unicode character", true)
				}
				v = utf8.RuneError
			}
			b.WriteRune(rune(v))
			i = j
			continue
		case 'N':
			if report != nil {
				report(i, `invalid escape sequence '\N' (\N{...} escapes are not supported) kept as written`, false)
			}
			b.WriteString(`\N`)
		default:
			// Unknown escapes keep their backslash, as in Python (which
			// warns too, since 3.12).
			if report != nil {
				r, _ := utf8.DecodeRuneInString(body[i+1:])
				report(i, "invalid escape sequence '\\"+string(r)+"'", false)
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		}
		i += 2
	}
	return b.String()
}

// ErrNotString is returned by Unquote for text that is not a well-formed
// string literal.
var ErrNotString = errors.New("not a string literal")

// Unquote returns the value of a String token: the text between the quotes
// with its escape sequences processed (unless the literal is raw).
func Unquote(lit string) (string, error) {
	i := 0
	for i < len(lit) && lit[i] != '"' && lit[i] != '\'' {
		i++
	}
	if i >= len(lit) || i > 2 || !isStringPrefix(lit[:i]) && i > 0 {
		return "", fmt.Errorf("unquote %q: %w", lit, ErrNotString)
	}
	prefix := strings.ToLower(lit[:i])
	q := lit[i:]
	n := 1
	if len(q) >= 6 && q[1] == q[0] && q[2] == q[0] {
		n = 3
	}
	if len(q) < 2*n || q[len(q)-1] != q[0] || (n == 3 && q[len(q)-3:] != q[:3]) {
		return "", fmt.Errorf("unquote %q: %w", lit, ErrNotString)
	}
	body := q[n : len(q)-n]
	if strings.Contains(prefix, "r") {
		return body, nil
	}
	var bad string
	v := decode(body, false, func(_ int, msg string, fatal bool) {
		if bad == "" && fatal {
			bad = msg
		}
	})
	if bad != "" {
		return v, fmt.Errorf("unquote %q: %s", lit, bad)
	}
	return v, nil
}

// IsRawFString reports whether the value of an FStart token opens a raw
// f-string (rf"..." or fr"...").
func IsRawFString(start string) bool {
	return strings.ContainsAny(start, "rR")
}

// DecodeFText returns the value of an FText token: its escapes processed
// (unless raw) and its doubled braces made single.
func DecodeFText(text string, raw bool) string {
	if raw {
		if !strings.Contains(text, "{{") && !strings.Contains(text, "}}") {
			return text
		}
		text = strings.ReplaceAll(text, "{{", "{")
		return strings.ReplaceAll(text, "}}", "}")
	}
	return decode(text, true, nil)
}
