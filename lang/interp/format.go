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
		fs.fill, fs.align = r, s[size]
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
	fs, err := parseSpec(spec)
	if err != nil {
		return "", err
	}
	if x, ok := v.(*BigInt); ok && (fs.typ == 0 || fs.typ == 'd' || fs.typ == 'n' || fs.typ == 's') && bigTooLongForStr(x) {
		return "", intToStrError()
	}
	if b, ok := v.(Bool); ok {
		if fs.typ == 0 || fs.typ == 's' {
			v = Str(ToStr(b))
		} else if b {
			v = MakeInt(1)
		} else {
			v = MakeInt(0)
		}
	}
	var body, sign string
	numeric := false
	switch x := v.(type) {
	case Int, *BigInt:
		numeric = true
		bi, _ := bigOf(x)
		switch fs.typ {
		case 0, 'd', 'n':
			body = new(big.Int).Abs(bi).String()
		case 'x', 'X', 'o', 'b':
			base := map[byte]int{'x': 16, 'X': 16, 'o': 8, 'b': 2}[fs.typ]
			body = new(big.Int).Abs(bi).Text(base)
			if fs.typ == 'X' {
				body = strings.ToUpper(body)
			}
			if fs.alt {
				body = "0" + string(fs.typ) + body
			}
		case 'c':
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
		case 'g', 'G':
			if prec < 0 {
				prec = 6
			}
			if prec == 0 {
				prec = 1
			}
			body = pyExp(strconv.FormatFloat(f, 'g', prec, 64))
			if fs.alt && !strings.Contains(body, ".") {
				body += "."
			}
		case 0:
			if prec >= 0 {
				body = pyExp(strconv.FormatFloat(f, 'g', max(prec, 1), 64))
			} else {
				body = FormatFloat(f)
			}
		default:
			return "", Errorf("ValueError", "Unknown format code '%c' for object of type 'float'", fs.typ)
		}
		if fs.typ == 'E' || fs.typ == 'G' || fs.typ == 'F' {
			body = strings.ToUpper(body)
		}
		if math.IsInf(f, 0) {
			body = "inf"
		} else if math.IsNaN(f) {
			body = "nan"
		}
		if fs.grouping != 0 {
			intPart, frac := body, ""
			if i := strings.IndexAny(body, ".e%"); i >= 0 {
				intPart, frac = body[:i], body[i:]
			}
			body = group(intPart, fs.grouping) + frac
		}
	default:
		if fs.typ != 0 && fs.typ != 's' {
			return "", Errorf("ValueError", "Unknown format code '%c' for object of type '%s'", fs.typ, v.TypeName())
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
	align := fs.align
	fill := fs.fill
	if fs.zero && align == 0 && numeric {
		align, fill = '=', '0'
	}
	if align == 0 {
		if numeric {
			align = '>'
		} else {
			align = '<'
		}
	}
	n := utf8.RuneCountInString(sign) + utf8.RuneCountInString(body)
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

func group(digits string, sep byte) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	lead := len(digits) % 3
	if lead > 0 {
		b.WriteString(digits[:lead])
	}
	for i := lead; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(sep)
		}
		b.WriteString(digits[i : i+3])
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
		for j < len(f) && strings.IndexByte("-+ #0123456789.", f[j]) >= 0 {
			j++
		}
		if j >= len(f) {
			return nil, Errorf("ValueError", "incomplete format")
		}
		if f[j] == '%' {
			b.WriteByte('%')
			i = j
			continue
		}
		flags := f[i+1 : j]
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
		switch f[j] {
		case 'c':
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
			default:
				return nil, Errorf("TypeError", "%%c requires int or char")
			}
			s, err = FormatValue(Str(s), pyFlags(flags, 's'))
		case 's':
			if s, err = ToStrChecked(nil, a); err == nil {
				s, err = FormatValue(Str(s), pyFlags(flags, 's'))
			}
		case 'r':
			if s, err = ReprChecked(nil, a); err == nil {
				s, err = FormatValue(Str(s), pyFlags(flags, 's'))
			}
		case 'd', 'i':
			if !isNumber(a) {
				return nil, Errorf("TypeError", "%%%c format: a real number is required, not %s", f[j], a.TypeName())
			}
			iv, e := ToInt(a)
			if e != nil {
				return nil, e
			}
			s, err = FormatValue(iv, pyFlags(flags, 'd'))
		case 'x', 'X', 'o':
			switch a.(type) {
			case Int, *BigInt, Bool:
			default:
				return nil, Errorf("TypeError", "%%%c format: an integer is required, not %s", f[j], a.TypeName())
			}
			s, err = FormatValue(a, pyFlags(flags, f[j]))
		default:
			if strings.IndexByte("eEfFgG", f[j]) >= 0 && !isNumber(a) {
				return nil, Errorf("TypeError", "must be real number, not %s", a.TypeName())
			}
			s, err = FormatValue(a, pyFlags(flags, f[j]))
		}
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
		i = j
	}
	if k < len(args) && !(usedMap || mapping != nil && k == 0) {
		return nil, Errorf("TypeError", "not all arguments converted during string formatting")
	}
	return Str(b.String()), nil
}

func pyFlags(flags string, typ byte) string {
	left := strings.Contains(flags, "-")
	flags = strings.ReplaceAll(flags, "-", "")
	spec := ">" // %-formatting right-aligns unless '-' is given
	if left {
		spec = "<"
	}
	if strings.HasPrefix(flags, "0") && !left {
		spec = ""
	}
	spec += flags
	if typ != 's' {
		spec += string(typ)
	}
	return spec
}
