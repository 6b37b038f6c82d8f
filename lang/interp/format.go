package interp

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// formatSpec is a parsed Python format specification
// [[fill]align][sign][#][0][width][grouping][.precision][type].
type formatSpec struct {
	fill      rune
	fillSet   bool // the spec names a fill character
	align     byte
	sign      byte
	alt       bool
	zero      bool
	width     int
	grouping  byte
	precision int
	typ       byte
}

func parseSpec(spec string) (formatSpec, error) {
	fs := formatSpec{fill: ' ', precision: -1}
	s := spec
	isAlign := func(b byte) bool { return b == '<' || b == '>' || b == '^' || b == '=' }
	if r, size := utf8.DecodeRuneInString(s); size > 0 && len(s) > size && isAlign(s[size]) {
		fs.fill, fs.align, fs.fillSet = r, s[size], true
		s = s[size+1:]
	} else if len(s) > 0 && isAlign(s[0]) {
		fs.align = s[0]
		s = s[1:]
	}
	if len(s) > 0 && (s[0] == '+' || s[0] == '-' || s[0] == ' ') {
		fs.sign = s[0]
		s = s[1:]
	}
	if len(s) > 0 && s[0] == '#' {
		fs.alt = true
		s = s[1:]
	}
	if len(s) > 0 && s[0] == '0' {
		fs.zero = true
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 {
		fs.width, _ = strconv.Atoi(s[:i])
		if fs.width > 10000 {
			return fs, Errorf("ValueError", "format width too large")
		}
		s = s[i:]
	}
	if len(s) > 0 && (s[0] == ',' || s[0] == '_') {
		fs.grouping = s[0]
		s = s[1:]
	}
	if len(s) > 0 && s[0] == '.' {
		s = s[1:]
		i = 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return fs, Errorf("ValueError", "format specifier missing precision")
		}
		fs.precision, _ = strconv.Atoi(s[:i])
		if fs.precision > 1000 {
			return fs, Errorf("ValueError", "format precision too large")
		}
		s = s[i:]
	}
	if len(s) == 1 {
		fs.typ = s[0]
		s = ""
	}
	if s != "" {
		return fs, Errorf("ValueError", "invalid format specifier '%s'", spec)
	}
	return fs, nil
}

// FormatValue formats v with a Python format specification (the part after
// ':' in an f-string or format()).
func FormatValue(v Value, spec string) (string, error) {
	if x, ok := v.(*StructVal); ok {
		if s, ok, err := structFormat(x, spec); ok {
			return s, err
		}
	}
	fs, err := parseSpec(spec)
	if err != nil {
		return "", err
	}
	if x, ok := v.(*BigInt); ok && (fs.typ == 0 || fs.typ == 'd' || fs.typ == 'n' || fs.typ == 's') && bigTooLongForStr(x) {
		return "", intToStrError()
	}
	if b, ok := v.(Bool); ok {
		// bool is an int, except that an empty spec (or 's') prints True.
		if spec == "" {
			v = Str(ToStr(b))
		} else if b {
			v = MakeInt(1)
		} else {
			v = MakeInt(0)
		}
	}
	// sign, then prefix (0x with #), then body: zero padding goes between
	// the prefix and the body, as in Python ("{:#06x}" is 0x000c).
	var body, sign, prefix string
	numeric := false
	switch x := v.(type) {
	case Int, *BigInt:
		numeric = true
		bi, _ := bigOf(x)
		if fs.precision >= 0 && fs.typ != 'e' && fs.typ != 'E' && fs.typ != 'f' && fs.typ != 'F' && fs.typ != 'g' && fs.typ != 'G' && fs.typ != '%' {
			return "", Errorf("ValueError", "Precision not allowed in integer format specifier")
		}
		switch fs.typ {
		case 0, 'd', 'n':
			body = new(big.Int).Abs(bi).String()
		case 'x', 'X', 'o', 'b':
			base := map[byte]int{'x': 16, 'X': 16, 'o': 8, 'b': 2}[fs.typ]
			body = new(big.Int).Abs(bi).Text(base)
			if fs.typ == 'X' {
				body = strings.ToUpper(body)
			}
			if fs.grouping == '_' {
				body = groupBy(body, '_', 4)
			} else if fs.grouping == ',' {
				return "", Errorf("ValueError", "Cannot specify ',' with '%c'.", fs.typ)
			}
			if fs.alt {
				prefix = "0" + string(fs.typ)
			}
		case 'c':
			if !bi.IsInt64() {
				return "", Errorf("OverflowError", "Python int too large to convert to C long")
			}
			if bi.Int64() < 0 || bi.Int64() > utf8.MaxRune {
				return "", Errorf("OverflowError", "%%c arg not in range(0x110000)")
			}
			body = string(rune(bi.Int64()))
			numeric = false
		case 'e', 'E', 'f', 'F', 'g', 'G', '%':
			f, _ := toFloat(x)
			return FormatValue(Float(f), spec)
		default:
			return "", Errorf("ValueError", "Unknown format code '%c' for object of type 'int'", fs.typ)
		}
		if bi.Sign() < 0 {
			sign = "-"
		}
		if fs.grouping != 0 && (fs.typ == 0 || fs.typ == 'd' || fs.typ == 'n') {
			body = group(body, fs.grouping)
		}
	case Float:
		numeric = true
		f := float64(x)
		if math.Signbit(f) && !math.IsNaN(f) {
			sign = "-"
			f = -f
		}
		prec := fs.precision
		switch fs.typ {
		case 'f', 'F':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(f, 'f', prec, 64)
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = pyExp(strconv.FormatFloat(f, 'e', prec, 64))
		case '%':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(f*100, 'f', prec, 64) + "%"
		case 'g', 'G', 'n':
			if prec < 0 {
				prec = 6
			}
			if prec == 0 {
				prec = 1
			}
			if fs.alt && !math.IsInf(f, 0) && !math.IsNaN(f) {
				body = altG(f, prec)
			} else {
				body = pyExp(strconv.FormatFloat(f, 'g', prec, 64))
			}
		case 0:
			if prec >= 0 {
				body = noTypeFloat(f, max(prec, 1))
			} else {
				body = FormatFloat(f)
			}
		default:
			return "", Errorf("ValueError", "Unknown format code '%c' for object of type 'float'", fs.typ)
		}
		if fs.alt && prec == 0 && (fs.typ == 'f' || fs.typ == 'F' || fs.typ == 'e' || fs.typ == 'E' || fs.typ == '%') {
			// '#' keeps the point even with no digits after it: 1. 1.e+00
			if i := strings.IndexAny(body, "e%"); i >= 0 {
				body = body[:i] + "." + body[i:]
			} else {
				body += "."
			}
		}
		if fs.typ == 'E' || fs.typ == 'G' || fs.typ == 'F' {
			body = strings.ToUpper(body)
		}
		special := math.IsInf(f, 0) || math.IsNaN(f)
		if special {
			body = "inf"
			if math.IsNaN(f) {
				body = "nan"
			}
			if fs.typ == 'E' || fs.typ == 'G' || fs.typ == 'F' {
				body = strings.ToUpper(body)
			}
			if fs.typ == '%' {
				body += "%"
			}
			// Zero padding stays, but is not grouped.
			fs.grouping = 0
		}
		if fs.grouping != 0 {
			intPart, frac := body, ""
			if i := strings.IndexAny(body, ".e%"); i >= 0 {
				intPart, frac = body[:i], body[i:]
			}
			body = group(intPart, fs.grouping) + frac
		}
	default:
		if _, isStr := v.(Str); !isStr && spec != "" {
			return "", Errorf("TypeError", "unsupported format string passed to %s.__format__", v.TypeName())
		}
		if fs.typ != 0 && fs.typ != 's' {
			return "", Errorf("ValueError", "Unknown format code '%c' for object of type '%s'", fs.typ, v.TypeName())
		}
		switch {
		case fs.sign != 0:
			return "", Errorf("ValueError", "Sign not allowed in string format specifier")
		case fs.align == '=':
			return "", Errorf("ValueError", "'=' alignment not allowed in string format specifier")
		case fs.grouping != 0:
			return "", Errorf("ValueError", "Cannot specify '%c' with 's'.", fs.grouping)
		case fs.alt:
			return "", Errorf("ValueError", "Alternate form (#) not allowed in string format specifier")
		}
		if body, err = ToStrChecked(nil, v); err != nil {
			return "", err
		}
		if fs.precision >= 0 {
			rs := []rune(body)
			if len(rs) > fs.precision {
				body = string(rs[:fs.precision])
			}
		}
	}
	if numeric && sign == "" {
		switch fs.sign {
		case '+':
			sign = "+"
		case ' ':
			sign = " "
		}
	}
	sign += prefix
	align := fs.align
	fill := fs.fill
	if fs.zero && !fs.fillSet {
		// A 0 before the width fills with zeros; numbers then pad after
		// the sign unless an alignment is given ("{:>05}" is 00005).
		fill = '0'
		if align == 0 && numeric {
			align = '='
		}
	}
	if align == 0 {
		if numeric {
			align = '>'
		} else {
			align = '<'
		}
	}
	n := utf8.RuneCountInString(sign) + utf8.RuneCountInString(body)
	if align == '=' && fill == '0' && fs.grouping != 0 && numeric {
		// Zero padding of a grouped number is grouped too:
		// "{:010,.1f}" of 1234.5 is 0,001,234.5.
		n := 3
		if fs.typ == 'x' || fs.typ == 'X' || fs.typ == 'o' || fs.typ == 'b' {
			n = 4
		}
		return sign + groupedZeroPad(body, fs.grouping, n, fs.width-utf8.RuneCountInString(sign)), nil
	}
	pad := fs.width - n
	if pad <= 0 {
		return sign + body, nil
	}
	fills := strings.Repeat(string(fill), pad)
	switch align {
	case '<':
		return sign + body + fills, nil
	case '^':
		l := pad / 2
		return strings.Repeat(string(fill), l) + sign + body + strings.Repeat(string(fill), pad-l), nil
	case '=':
		return sign + fills + body, nil
	}
	return fills + sign + body, nil
}

// groupedZeroPad widens a grouped number (body: "1,234.5") with leading
// zeros, grouped like its digits, until it is at least width long.
func groupedZeroPad(body string, sep byte, n, width int) string {
	intPart, frac := body, ""
	if i := strings.IndexAny(body, ".e%"); i >= 0 {
		intPart, frac = body[:i], body[i:]
	}
	digits := strings.ReplaceAll(intPart, string(sep), "")
	need := width - len(frac)
	out := groupBy(digits, sep, n)
	for len(out) < need {
		digits = "0" + digits
		out = groupBy(digits, sep, n)
	}
	return out + frac
}

// noTypeFloat formats f for a spec with a precision and no type: 'g' with
// prec significant digits, except that a fixed-point result keeps a digit
// after the point, so it switches to an exponent one digit sooner
// ("{:.2}" of 3.0 is 3.0, "{:.1}" of 3.0 is 3e+00), as CPython does.
func noTypeFloat(f float64, prec int) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', prec, 64)
	}
	e := strconv.FormatFloat(f, 'e', prec-1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if exp < -4 || exp >= prec-1 {
		mant := e[:i]
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		return pyExp(mant + e[i:])
	}
	body := strconv.FormatFloat(f, 'g', prec, 64)
	if !strings.Contains(body, ".") {
		body += ".0"
	}
	return body
}

// altG is '#g': like 'g' with prec significant digits, but trailing zeros
// and the decimal point are kept ("{:#g}" of 1.5 is 1.50000).
func altG(f float64, prec int) string {
	e := strconv.FormatFloat(f, 'e', prec-1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	var body string
	if exp < -4 || exp >= prec {
		body = e[:i]
		if !strings.Contains(body, ".") {
			body += "."
		}
		return pyExp(body + e[i:])
	}
	body = strconv.FormatFloat(f, 'f', prec-1-exp, 64)
	if !strings.Contains(body, ".") {
		body += "."
	}
	return body
}

func pyExp(s string) string {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return s
	}
	mant, exp := s[:i+1], s[i+1:]
	sign := ""
	if exp != "" && (exp[0] == '+' || exp[0] == '-') {
		sign, exp = exp[:1], exp[1:]
	}
	exp = strings.TrimLeft(exp, "0")
	for len(exp) < 2 {
		exp = "0" + exp
	}
	return mant + sign + exp
}

// group puts sep between groups of three digits, from the right.
func group(digits string, sep byte) string { return groupBy(digits, sep, 3) }

// groupBy puts sep between groups of n digits, from the right (n is 4 for
// "{:_x}").
func groupBy(digits string, sep byte, n int) string {
	if len(digits) <= n {
		return digits
	}
	var b strings.Builder
	lead := len(digits) % n
	if lead > 0 {
		b.WriteString(digits[:lead])
	}
	for i := lead; i < len(digits); i += n {
		if b.Len() > 0 {
			b.WriteByte(sep)
		}
		b.WriteString(digits[i : i+n])
	}
	return b.String()
}

// percentFormat implements `"%s and %d" % args`.
func percentFormat(f string, arg Value) (Value, error) {
	var args []Value
	mapping, _ := arg.(*Dict)
	if t, ok := arg.(Tuple); ok {
		args = t
	} else {
		args = []Value{arg}
	}
	var b strings.Builder
	k := 0
	usedMap := false
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		j := i + 1
		var named Value
		if j < len(f) && f[j] == '(' {
			// %(name)s reads a key of the mapping argument.
			end := strings.IndexByte(f[j:], ')')
			if end < 0 {
				return nil, Errorf("ValueError", "incomplete format key")
			}
			if mapping == nil {
				return nil, Errorf("TypeError", "format requires a mapping")
			}
			key := f[j+1 : j+end]
			v, ok, err := mapping.Get(Str(key))
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, Errorf("KeyError", "%s", QuoteString(key))
			}
			named, usedMap = v, true
			i = j + end
			j = i + 1
		}
		// Flags, width and precision; '*' takes the width or precision
		// from the arguments (a negative width left-aligns).
		var fl strings.Builder
		for j < len(f) && strings.IndexByte("-+ #0123456789.*", f[j]) >= 0 {
			if f[j] != '*' {
				fl.WriteByte(f[j])
				j++
				continue
			}
			if k >= len(args) {
				return nil, Errorf("TypeError", "not enough arguments for format string")
			}
			n, ok := args[k].(Int)
			if !ok {
				return nil, Errorf("TypeError", "* wants int")
			}
			k++
			if n < 0 && !strings.HasSuffix(fl.String(), ".") {
				fl.WriteByte('-')
				n = -n
			}
			fl.WriteString(strconv.FormatInt(int64(max(n, 0)), 10))
			j++
		}
		if j >= len(f) {
			return nil, Errorf("ValueError", "incomplete format")
		}
		if f[j] == '%' && named == nil && fl.Len() == 0 {
			b.WriteByte('%')
			i = j
			continue
		}
		flags := fl.String()
		var a Value
		if named != nil {
			a = named
		} else {
			if k >= len(args) {
				return nil, Errorf("TypeError", "not enough arguments for format string")
			}
			a = args[k]
			k++
		}
		var s string
		var err error
		pf := parsePctFlags(flags)
		// As for format specs: a width or a numeric precision that would
		// pad past 10,000 characters is refused (it used to be cut to
		// 10,000 silently); a string's precision only truncates.
		if pf.width > maxPctPad {
			return nil, Errorf("ValueError", "format width too large")
		}
		if pf.prec > maxPctPad && f[j] != 's' && f[j] != 'r' && f[j] != 'a' {
			return nil, Errorf("ValueError", "format precision too large")
		}
		switch f[j] {
		case 'c':
			if bv, ok := a.(Bool); ok {
				a = MakeInt(0)
				if bv {
					a = MakeInt(1)
				}
			}
			switch c := a.(type) {
			case Int:
				if c < 0 || c > 0x10ffff {
					return nil, Errorf("OverflowError", "%%c arg not in range(0x110000)")
				}
				s = string(rune(c))
			case Str:
				if len([]rune(string(c))) != 1 {
					return nil, Errorf("TypeError", "%%c requires int or char")
				}
				s = string(c)
			case *BigInt:
				return nil, Errorf("OverflowError", "%%c arg not in range(0x110000)")
			default:
				return nil, Errorf("TypeError", "%%c requires int or char")
			}
			s = pf.pad(s)
		case 's', 'r', 'a':
			if f[j] == 's' {
				s, err = ToStrChecked(nil, a)
			} else {
				s, err = ReprChecked(nil, a)
			}
			if err == nil {
				if pf.prec >= 0 {
					if rs := []rune(s); len(rs) > pf.prec {
						s = string(rs[:pf.prec])
					}
				}
				s = pf.pad(s)
			}
		case 'd', 'i', 'u', 'x', 'X', 'o':
			if !isNumber(a) {
				if f[j] == 'd' || f[j] == 'i' || f[j] == 'u' {
					return nil, Errorf("TypeError", "%%%c format: a real number is required, not %s", f[j], a.TypeName())
				}
				return nil, Errorf("TypeError", "%%%c format: an integer is required, not %s", f[j], a.TypeName())
			}
			if _, isFloat := a.(Float); isFloat && (f[j] == 'x' || f[j] == 'X' || f[j] == 'o') {
				return nil, Errorf("TypeError", "%%%c format: an integer is required, not float", f[j])
			}
			iv, e := ToInt(a)
			if e != nil {
				return nil, e
			}
			if x, big := iv.(*BigInt); big && f[j] != 'x' && f[j] != 'X' && f[j] != 'o' && bigTooLongForStr(x) {
				return nil, intToStrError() // Python 3.11's 4300 digits, as str()
			}
			s = pf.integer(iv, f[j])
		case 'e', 'E', 'f', 'F', 'g', 'G':
			if !isNumber(a) {
				return nil, Errorf("TypeError", "must be real number, not %s", a.TypeName())
			}
			s, err = FormatValue(a, pf.floatSpec(f[j]))
		default:
			return nil, Errorf("ValueError", "unsupported format character '%c' (0x%x) at index %d", f[j], f[j], j)
		}
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
		i = j
	}
	// As CPython: an argument with items (a dict, also a list) is taken as
	// a mapping, so leaving it unused is not an error.
	_, isList := arg.(*List)
	if k < len(args) && !(usedMap || (mapping != nil || isList) && k == 0) {
		return nil, Errorf("TypeError", "not all arguments converted during string formatting")
	}
	return Str(b.String()), nil
}

// pctFlags are the flags, width and precision of a %-conversion.
type pctFlags struct {
	left, plus, space, alt, zero bool
	width, prec                  int // prec -1: none
}

// parsePctFlags reads "-+ #0" flags, then the width, then ".precision"
// ('*' already replaced by numbers).
func parsePctFlags(s string) pctFlags {
	pf := pctFlags{prec: -1}
	i := 0
	for ; i < len(s) && strings.IndexByte("-+ #0", s[i]) >= 0; i++ {
		switch s[i] {
		case '-':
			pf.left = true
		case '+':
			pf.plus = true
		case ' ':
			pf.space = true
		case '#':
			pf.alt = true
		case '0':
			pf.zero = true
		}
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	pf.width, _ = strconv.Atoi(s[i:j]) // too many digits: the largest int
	if j < len(s) && s[j] == '.' {
		pf.prec, _ = strconv.Atoi(s[j+1:]) // "%.d" is precision 0
	}
	return pf
}

// maxPctPad bounds the width and numeric precision of a %-conversion.
const maxPctPad = 10000

// pad widens s to the width with spaces (left-aligned with '-').
func (pf pctFlags) pad(s string) string {
	n := pf.width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if pf.left {
		return s + strings.Repeat(" ", n)
	}
	return strings.Repeat(" ", n) + s
}

// integer formats %d/%i/%u/%x/%X/%o as CPython: the precision is a minimum
// number of digits, # adds 0x/0X/0o, 0 pads with zeros after the sign and
// prefix (unless '-').
func (pf pctFlags) integer(v Value, conv byte) string {
	bi, _ := bigOf(v)
	base := map[byte]int{'x': 16, 'X': 16, 'o': 8}[conv]
	if base == 0 {
		base = 10
	}
	digits := new(big.Int).Abs(bi).Text(base)
	if conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	if len(digits) < pf.prec {
		digits = strings.Repeat("0", pf.prec-len(digits)) + digits
	}
	head := ""
	switch {
	case bi.Sign() < 0:
		head = "-"
	case pf.plus:
		head = "+"
	case pf.space:
		head = " "
	}
	if pf.alt && base != 10 {
		head += "0" + string(conv)
	}
	if pf.zero && !pf.left {
		if n := pf.width - len(head) - len(digits); n > 0 {
			digits = strings.Repeat("0", n) + digits
		}
	}
	return pf.pad(head + digits)
}

// floatSpec is the format() spec of a float conversion.
func (pf pctFlags) floatSpec(conv byte) string {
	var b strings.Builder
	if pf.left {
		b.WriteByte('<')
	} else if !pf.zero {
		b.WriteByte('>')
	}
	switch {
	case pf.plus:
		b.WriteByte('+')
	case pf.space:
		b.WriteByte(' ')
	}
	if pf.alt {
		b.WriteByte('#')
	}
	if pf.zero && !pf.left {
		b.WriteByte('0')
	}
	if pf.width > 0 {
		b.WriteString(strconv.Itoa(pf.width))
	}
	if pf.prec >= 0 {
		b.WriteString("." + strconv.Itoa(pf.prec))
	}
	b.WriteByte(conv)
	return b.String()
}
