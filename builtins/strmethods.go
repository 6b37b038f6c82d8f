package builtins

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/minidana/dana/lang/interp"
)

// span resolves the optional start/end arguments of find, count,
// startswith... over n code points as Python does: negative values count
// from the end, end is clamped to n, start is not clamped above (a start
// beyond the end matches nothing).
func span(start, end value, n int) (lo, hi int, err error) {
	lo, hi = 0, n
	if !isNone(start) {
		v, err := sliceIndex(start)
		if err != nil {
			return 0, 0, err
		}
		if v < 0 {
			v += int64(n)
			if v < 0 {
				v = 0
			}
		}
		if v > int64(n)+1 {
			v = int64(n) + 1
		}
		lo = int(v)
	}
	if !isNone(end) {
		v, err := sliceIndex(end)
		if err != nil {
			return 0, 0, err
		}
		if v > int64(n) {
			v = int64(n)
		} else if v < 0 {
			v += int64(n)
			if v < 0 {
				v = 0
			}
		}
		hi = int(v)
	}
	return lo, hi, nil
}

func sliceIndex(v value) (int64, error) {
	switch x := v.(type) {
	case interp.Int, interp.Bool:
		return toIndex(x, "")
	case *interp.BigInt:
		if x.V.Sign() < 0 {
			return -1 << 62, nil
		}
		return 1 << 62, nil
	}
	return 0, interp.Errorf("TypeError", "slice indices must be integers or None or have an __index__ method")
}

// subArg requires the str argument of find, count, split...
func subArg(v value) (string, error) {
	s, ok := v.(interp.Str)
	if !ok {
		return "", interp.Errorf("TypeError", "must be str, not %s", typeName(v))
	}
	return string(s), nil
}

func str(s string) value { return interp.Str(s) }

func boolv(b bool) value { return interp.Bool(b) }

// strFind implements find, rfind, index and rindex.
func strFind(th *interp.Thread, self value, a []value, last, raise bool) (value, error) {
	sub, err := subArg(a[0])
	if err != nil {
		return nil, err
	}
	t := th.Text(string(self.(interp.Str)))
	lo, hi, err := span(a[1], a[2], t.Len())
	if err != nil {
		return nil, err
	}
	pos := -1
	if lo <= hi {
		seg := t.Sub(lo, hi)
		var i int
		if last {
			i = strings.LastIndex(seg, sub)
		} else {
			i = strings.Index(seg, sub)
		}
		if i >= 0 {
			pos = lo + i
			if !t.ASCII() {
				pos = t.Index(t.Offset(lo) + i)
			}
		}
	}
	if pos < 0 && raise {
		return nil, interp.Errorf("ValueError", "substring not found")
	}
	return interp.MakeInt(int64(pos)), nil
}

// affix implements startswith and endswith.
func affix(th *interp.Thread, name string, self value, a []value, suffix bool) (value, error) {
	var cands []string
	switch p := a[0].(type) {
	case interp.Str:
		cands = []string{string(p)}
	case interp.Tuple:
		for _, e := range p {
			s, ok := e.(interp.Str)
			if !ok {
				return nil, interp.Errorf("TypeError", "tuple for %s must only contain str, not %s", name, typeName(e))
			}
			cands = append(cands, string(s))
		}
	default:
		return nil, interp.Errorf("TypeError", "%s first arg must be str or a tuple of str, not %s", name, typeName(a[0]))
	}
	seg := string(self.(interp.Str))
	if !isNone(a[1]) || !isNone(a[2]) {
		t := th.Text(seg)
		lo, hi, err := span(a[1], a[2], t.Len())
		if err != nil {
			return nil, err
		}
		if lo > hi {
			return boolv(false), nil
		}
		seg = t.Sub(lo, hi)
	}
	for _, c := range cands {
		if (!suffix && strings.HasPrefix(seg, c)) || (suffix && strings.HasSuffix(seg, c)) {
			return boolv(true), nil
		}
	}
	return boolv(false), nil
}

// stripArgs implements strip, lstrip and rstrip.
func stripArgs(name string, self value, chars value, left, right bool) (value, error) {
	s := string(self.(interp.Str))
	if isNone(chars) {
		if left {
			s = strings.TrimLeftFunc(s, isPySpace)
		}
		if right {
			s = strings.TrimRightFunc(s, isPySpace)
		}
		return str(s), nil
	}
	cs, ok := chars.(interp.Str)
	if !ok {
		return nil, interp.Errorf("TypeError", "%s arg must be None or str", name)
	}
	if left {
		s = strings.TrimLeft(s, string(cs))
	}
	if right {
		s = strings.TrimRight(s, string(cs))
	}
	return str(s), nil
}

// splitArgs reads the sep and maxsplit arguments of split and rsplit.
func splitArgs(a []value) (sep string, white bool, maxsplit int, err error) {
	maxsplit = -1
	if !isNone(a[1]) {
		n, err := toIndex(a[1], "")
		if err != nil {
			return "", false, 0, err
		}
		maxsplit = int(max(min(n, 1<<30), -1))
	}
	if isNone(a[0]) {
		return "", true, maxsplit, nil
	}
	s, ok := a[0].(interp.Str)
	if !ok {
		return "", false, 0, interp.Errorf("TypeError", "must be str or None, not %s", typeName(a[0]))
	}
	if s == "" {
		return "", false, 0, interp.Errorf("ValueError", "empty separator")
	}
	return string(s), false, maxsplit, nil
}

// allocParts checks the memory bound before s is split (on sep, or on
// whitespace), and charges a step per part: a part costs about 48 bytes
// besides its text (its string, its value, its slot in the list), so that
// splitting 100 MB of "a " makes 50 million parts and 2.4 GB.
func allocParts(th *interp.Thread, s, sep string, white bool, maxsplit int) {
	if len(s) < 1<<16 {
		return
	}
	var n int
	switch {
	case white:
		in := false
		for i := 0; i < len(s); i++ {
			sp := asciiSpace[s[i]]
			if !sp && !in {
				n++
			}
			in = !sp
		}
	case sep != "":
		n = strings.Count(s, sep) + 1
	}
	if maxsplit >= 0 && n > maxsplit+1 {
		n = maxsplit + 1
	}
	th.Alloc(int64(n) * 48)
	th.Charge(n)
}

// asciiSpace marks the ASCII whitespace bytes (non-ASCII spaces are rare
// enough to leave out of an estimate).
var asciiSpace = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

func strList(parts []string) value {
	out := make([]value, len(parts))
	for i, p := range parts {
		out[i] = str(p)
	}
	return interp.NewList(out)
}

func splitWhite(s string, maxsplit int) []string {
	var out []string
	i, n := 0, len(s)
	for {
		for i < n {
			r, w := utf8.DecodeRuneInString(s[i:])
			if !isPySpace(r) {
				break
			}
			i += w
		}
		if i >= n {
			break
		}
		if maxsplit >= 0 && len(out) == maxsplit {
			out = append(out, s[i:])
			break
		}
		j := i
		for j < n {
			r, w := utf8.DecodeRuneInString(s[j:])
			if isPySpace(r) {
				break
			}
			j += w
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func rsplitWhite(s string, maxsplit int) []string {
	var out []string
	j := len(s)
	for {
		for j > 0 {
			r, w := utf8.DecodeLastRuneInString(s[:j])
			if !isPySpace(r) {
				break
			}
			j -= w
		}
		if j == 0 {
			break
		}
		if maxsplit >= 0 && len(out) == maxsplit {
			out = append(out, s[:j])
			break
		}
		i := j
		for i > 0 {
			r, w := utf8.DecodeLastRuneInString(s[:i])
			if isPySpace(r) {
				break
			}
			i -= w
		}
		out = append(out, s[i:j])
		j = i
	}
	reverseStrings(out)
	return out
}

func reverseStrings(s []string) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func isCased(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }

// allRunes reports whether s is non-empty and every code point satisfies f.
func allRunes(s string, f func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !f(r) {
			return false
		}
	}
	return true
}

// fillArg reads the fill character of center, ljust and rjust.
func fillArg(v value) (string, error) {
	if v == nil {
		return " ", nil
	}
	s, ok := v.(interp.Str)
	if !ok {
		return "", interp.Errorf("TypeError", "The fill character must be a unicode character, not %s", typeName(v))
	}
	if interp.TextOf(string(s)).Len() != 1 {
		return "", interp.Errorf("TypeError", "The fill character must be exactly one character long")
	}
	return string(s), nil
}

// justify implements center (where 0), ljust (where -1) and rjust (+1).
func justify(self value, a []value, where int) (value, error) {
	s := string(self.(interp.Str))
	w, err := toIndex(a[0], "")
	if err != nil {
		return nil, err
	}
	fill, err := fillArg(a[1])
	if err != nil {
		return nil, err
	}
	n := int64(interp.TextOf(s).Len())
	if w <= n {
		return self, nil
	}
	if w > 1<<26 {
		return nil, interp.Errorf("MemoryError", "string too long")
	}
	marg := w - n
	var left int64
	switch where {
	case 0:
		left = marg/2 + (marg & w & 1)
	case 1:
		left = marg
	}
	return str(strings.Repeat(fill, int(left)) + s + strings.Repeat(fill, int(marg-left))), nil
}

// isLineBreak reports the line boundaries of str.splitlines.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

func splitLines(s string, keep bool) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isLineBreak(r) {
			i += w
			continue
		}
		end := i + w
		if r == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		if keep {
			out = append(out, s[start:end])
		} else {
			out = append(out, s[start:i])
		}
		start, i = end, end
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// Full case mappings of Unicode's SpecialCasing that Python applies and
// Go's simple mappings lack (ß.upper() is "SS").
var (
	specialUpper = map[rune]string{'ß': "SS", 'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL", 'ﬅ': "ST", 'ﬆ': "ST", 'ŉ': "ʼN"}
	specialTitle = map[rune]string{'ß': "Ss", 'ﬀ': "Ff", 'ﬁ': "Fi", 'ﬂ': "Fl", 'ﬃ': "Ffi", 'ﬄ': "Ffl", 'ﬅ': "St", 'ﬆ': "St", 'ŉ': "ʼN"}
	specialLower = map[rune]string{'İ': "i\u0307"}
)

func writeCase(b *strings.Builder, r rune, special map[rune]string, simple func(rune) rune) {
	if s, ok := special[r]; ok {
		b.WriteString(s)
		return
	}
	b.WriteRune(simple(r))
}

// pyUpper is Python's str.upper (with the full mappings above).
func pyUpper(s string) string {
	if interp.IsASCII(s) {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		writeCase(&b, r, specialUpper, unicode.ToUpper)
	}
	return b.String()
}

// pyLower is Python's str.lower (with the full mappings above).
// isPyDigit is Python's str.isdigit for one character: a decimal digit or
// another digit (², ①).
func isPyDigit(r rune) bool {
	return unicode.IsDigit(r) || r > 0x7f && unicode.Is(digitNotDecimal, r)
}

// isPyNumeric is Python's str.isnumeric for one character: N* categories
// and the CJK numerals.
func isPyNumeric(r rune) bool {
	return unicode.IsNumber(r) || r > 0x7f && unicode.Is(numericOther, r)
}

// asciiDigits returns s with every decimal digit of another script ("٣")
// replaced by its ASCII digit, as int() and float() read them.
func asciiDigits(s string) string {
	if interp.IsASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r > 0x7f && unicode.IsDigit(r) {
			// Decimal digits come in runs of ten, 0 to 9.
			k := 0
			for unicode.IsDigit(r - rune(k) - 1) {
				k++
			}
			b.WriteByte(byte('0' + k%10))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func pyLower(s string) string {
	if interp.IsASCII(s) {
		return strings.ToLower(s)
	}
	var b strings.Builder
	rs := []rune(s)
	for i := range rs {
		lowerAt(&b, rs, i)
	}
	return b.String()
}

// lowerAt writes the lower case of rs[i], where a capital sigma that ends
// a word becomes ς.
func lowerAt(b *strings.Builder, rs []rune, i int) {
	if rs[i] == 'Σ' && finalSigma(rs, i) {
		b.WriteRune('ς')
		return
	}
	writeCase(b, rs[i], specialLower, unicode.ToLower)
}

// pyCasefold is Python's str.casefold: lower case without the final-sigma
// rule (ς folds to σ), ß to ss.
func pyCasefold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case 'ß':
			b.WriteString("ss")
		case 'ς':
			b.WriteRune('σ')
		default:
			writeCase(&b, r, specialLower, unicode.ToLower)
		}
	}
	return b.String()
}

// finalSigma reports whether the capital sigma at rs[i] ends a word, so it
// lowers to ς (Unicode's Final_Sigma condition, as Python applies it): a
// cased letter comes before it and none after it, skipping case-ignorable
// characters both ways.
func finalSigma(rs []rune, i int) bool {
	cased := func(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }
	ignorable := func(r rune) bool {
		return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
			r == '\'' || r == '.' || r == ':' || r == '·' || r == '\u2019'
	}
	j := i - 1
	for j >= 0 && ignorable(rs[j]) {
		j--
	}
	if j < 0 || !cased(rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && ignorable(rs[j]) {
		j++
	}
	return j >= len(rs) || !cased(rs[j])
}

func installStrMethods(in *interp.Interpreter) {
	self := func(v value) string { return string(v.(interp.Str)) }
	mapStr := func(f func(string) string) methodSpec {
		return methodSpec{fn: func(th *interp.Thread, v value, a []value) (value, error) { return str(f(self(v))), nil }}
	}
	pred := func(f func(string) bool) methodSpec {
		return methodSpec{fn: func(th *interp.Thread, v value, a []value) (value, error) { return boolv(f(self(v))), nil }}
	}
	findSpec := func(last, raise bool) methodSpec {
		return methodSpec{params: []string{"sub", "start", "end"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return strFind(th, v, a, last, raise)
		}}
	}
	register(in, "str", map[string]methodSpec{
		"upper":    mapStr(pyUpper),
		"lower":    mapStr(pyLower),
		"casefold": mapStr(pyCasefold),
		"swapcase": mapStr(func(s string) string {
			var b strings.Builder
			rs := []rune(s)
			for i, r := range rs {
				switch {
				case unicode.IsUpper(r):
					lowerAt(&b, rs, i)
				case unicode.IsLower(r):
					writeCase(&b, r, specialUpper, unicode.ToUpper)
				default:
					b.WriteRune(r)
				}
			}
			return b.String()
		}),
		"title": mapStr(func(s string) string {
			var b strings.Builder
			prev := false
			rs := []rune(s)
			for i, r := range rs {
				if prev {
					lowerAt(&b, rs, i)
				} else {
					writeCase(&b, r, specialTitle, unicode.ToTitle)
				}
				prev = isCased(r)
			}
			return b.String()
		}),
		"capitalize": mapStr(func(s string) string {
			rs := []rune(s)
			if len(rs) == 0 {
				return s
			}
			var b strings.Builder
			writeCase(&b, rs[0], specialTitle, unicode.ToTitle)
			for i := 1; i < len(rs); i++ {
				lowerAt(&b, rs, i)
			}
			return b.String()
		}),
		"strip": {params: []string{"chars"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return stripArgs("strip", v, a[0], true, true)
		}},
		"lstrip": {params: []string{"chars"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return stripArgs("lstrip", v, a[0], true, false)
		}},
		"rstrip": {params: []string{"chars"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return stripArgs("rstrip", v, a[0], false, true)
		}},
		"split": {params: []string{"sep", "maxsplit"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			sep, white, maxsplit, err := splitArgs(a)
			if err != nil {
				return nil, err
			}
			allocParts(th, self(v), sep, white, maxsplit)
			if white {
				return strList(splitWhite(self(v), maxsplit)), nil
			}
			if maxsplit < 0 {
				return strList(strings.Split(self(v), sep)), nil
			}
			return strList(strings.SplitN(self(v), sep, maxsplit+1)), nil
		}},
		"rsplit": {params: []string{"sep", "maxsplit"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			sep, white, maxsplit, err := splitArgs(a)
			if err != nil {
				return nil, err
			}
			s := self(v)
			allocParts(th, s, sep, white, maxsplit)
			if white {
				return strList(rsplitWhite(s, maxsplit)), nil
			}
			if maxsplit < 0 {
				return strList(strings.Split(s, sep)), nil
			}
			var parts []string
			for ; maxsplit > 0; maxsplit-- {
				i := strings.LastIndex(s, sep)
				if i < 0 {
					break
				}
				parts = append(parts, s[i+len(sep):])
				s = s[:i]
			}
			parts = append(parts, s)
			reverseStrings(parts)
			return strList(parts), nil
		}},
		"splitlines": {params: []string{"keepends"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			allocParts(th, self(v), "\n", false, -1)
			return strList(splitLines(self(v), a[0] != nil && interp.Truth(a[0]))), nil
		}},
		"join": {params: []string{"iterable"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			xs, err := iterate(th, a[0])
			if err != nil {
				return nil, interp.Errorf("TypeError", "can only join an iterable")
			}
			parts := make([]string, len(xs))
			total := int64(len(self(v))) * int64(max(len(xs)-1, 0))
			for i, x := range xs {
				s, ok := x.(interp.Str)
				if !ok {
					return nil, interp.Errorf("TypeError", "sequence item %d: expected str instance, %s found", i, typeName(x))
				}
				parts[i] = string(s)
				total += int64(len(s))
			}
			th.Alloc(total)
			th.ChargeBytes(int(min(total, 1<<40)))
			return str(strings.Join(parts, self(v))), nil
		}},
		"replace": {params: []string{"old", "new", "count"}, nreq: 2, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			old, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			nw, err := subArg(a[1])
			if err != nil {
				return nil, err
			}
			n := int64(-1)
			if a[2] != nil {
				if n, err = toIndex(a[2], ""); err != nil {
					return nil, err
				}
			}
			if n < 0 {
				n = -1
			}
			if s := self(v); len(nw) > len(old) {
				// Check the size of the result before building it.
				k := int64(th.StrLen(s) + 1)
				if old != "" {
					k = int64(strings.Count(s, old))
				}
				if n >= 0 {
					k = min(k, n)
				}
				out := int64(len(s)) + k*int64(len(nw)-len(old))
				th.Alloc(out)
				th.ChargeBytes(int(min(out, 1<<40)))
			}
			return str(strings.Replace(self(v), old, nw, int(min(n, 1<<30)))), nil
		}},
		"find":   findSpec(false, false),
		"rfind":  findSpec(true, false),
		"index":  findSpec(false, true),
		"rindex": findSpec(true, true),
		"count": {params: []string{"sub", "start", "end"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			sub, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			t := th.Text(self(v))
			lo, hi, err := span(a[1], a[2], t.Len())
			if err != nil {
				return nil, err
			}
			if lo > hi {
				return interp.MakeInt(0), nil
			}
			if sub == "" {
				return interp.MakeInt(int64(hi - lo + 1)), nil
			}
			return interp.MakeInt(int64(strings.Count(t.Sub(lo, hi), sub))), nil
		}},
		"startswith": {params: []string{"prefix", "start", "end"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return affix(th, "startswith", v, a, false)
		}},
		"endswith": {params: []string{"suffix", "start", "end"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return affix(th, "endswith", v, a, true)
		}},
		"isdigit":   pred(func(s string) bool { return allRunes(s, isPyDigit) }),
		"isdecimal": pred(func(s string) bool { return allRunes(s, unicode.IsDigit) }),
		"isnumeric": pred(func(s string) bool { return allRunes(s, isPyNumeric) }),
		"isalpha":   pred(func(s string) bool { return allRunes(s, unicode.IsLetter) }),
		"isalnum": pred(func(s string) bool {
			return allRunes(s, func(r rune) bool { return unicode.IsLetter(r) || isPyNumeric(r) })
		}),
		"isspace": pred(func(s string) bool { return allRunes(s, isPySpace) }),
		"isascii": pred(interp.IsASCII),
		"isprintable": pred(func(s string) bool {
			// True for "", unlike the other is* methods.
			return s == "" || allRunes(s, func(r rune) bool { return r == ' ' || r >= 0x20 && r != 0x7f && unicode.IsPrint(r) })
		}),
		"isidentifier": pred(func(s string) bool {
			for i, r := range s {
				if !(r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r)))) {
					return false
				}
			}
			return s != ""
		}),
		"isupper": pred(func(s string) bool {
			cased := false
			for _, r := range s {
				if unicode.IsLower(r) || unicode.IsTitle(r) {
					return false
				}
				cased = cased || unicode.IsUpper(r)
			}
			return cased
		}),
		"islower": pred(func(s string) bool {
			cased := false
			for _, r := range s {
				if unicode.IsUpper(r) || unicode.IsTitle(r) {
					return false
				}
				cased = cased || unicode.IsLower(r)
			}
			return cased
		}),
		"istitle": pred(func(s string) bool {
			cased, prev := false, false
			for _, r := range s {
				switch {
				case unicode.IsUpper(r) || unicode.IsTitle(r):
					if prev {
						return false
					}
					prev, cased = true, true
				case unicode.IsLower(r):
					if !prev {
						return false
					}
					prev, cased = true, true
				default:
					prev = false
				}
			}
			return cased
		}),
		"zfill": {params: []string{"width"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			w, err := toIndex(a[0], "")
			if err != nil {
				return nil, err
			}
			s := self(v)
			n := int64(th.StrLen(s))
			if w <= n {
				return v, nil
			}
			if w > 1<<26 {
				return nil, interp.Errorf("MemoryError", "string too long")
			}
			sign := ""
			if s != "" && (s[0] == '+' || s[0] == '-') {
				sign, s = s[:1], s[1:]
			}
			return str(sign + strings.Repeat("0", int(w-n)) + s), nil
		}},
		"center": {params: []string{"width", "fillchar"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return justify(v, a, 0)
		}},
		"ljust": {params: []string{"width", "fillchar"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return justify(v, a, -1)
		}},
		"rjust": {params: []string{"width", "fillchar"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			return justify(v, a, 1)
		}},
		"partition": {params: []string{"sep"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			sep, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, interp.Errorf("ValueError", "empty separator")
			}
			s := self(v)
			if i := strings.Index(s, sep); i >= 0 {
				return interp.Tuple{str(s[:i]), str(sep), str(s[i+len(sep):])}, nil
			}
			return interp.Tuple{v, str(""), str("")}, nil
		}},
		"rpartition": {params: []string{"sep"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			sep, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, interp.Errorf("ValueError", "empty separator")
			}
			s := self(v)
			if i := strings.LastIndex(s, sep); i >= 0 {
				return interp.Tuple{str(s[:i]), str(sep), str(s[i+len(sep):])}, nil
			}
			return interp.Tuple{str(""), str(""), v}, nil
		}},
		"removeprefix": {params: []string{"prefix"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			p, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			return str(strings.TrimPrefix(self(v), p)), nil
		}},
		"removesuffix": {params: []string{"suffix"}, nreq: 1, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			p, err := subArg(a[0])
			if err != nil {
				return nil, err
			}
			return str(strings.TrimSuffix(self(v), p)), nil
		}},
		"expandtabs": {params: []string{"tabsize"}, fn: func(th *interp.Thread, v value, a []value) (value, error) {
			size := int64(8)
			if a[0] != nil {
				var err error
				if size, err = toIndex(a[0], ""); err != nil {
					return nil, err
				}
			}
			// The size of the result first, checked against the memory bound.
			total, col := int64(0), int64(0)
			for _, r := range self(v) {
				switch {
				case r == '\t' && size > 0:
					pad := size - col%size
					total += min(pad, 1<<20)
					col += pad
				case r == '\n' || r == '\r':
					total++
					col = 0
				case r != '\t':
					total += int64(utf8.RuneLen(r))
					col++
				}
			}
			th.Alloc(total)
			th.ChargeBytes(int(min(total, 1<<40)))
			var b strings.Builder
			col = 0
			for _, r := range self(v) {
				switch r {
				case '\t':
					if size > 0 {
						pad := size - col%size
						b.WriteString(strings.Repeat(" ", int(min(pad, 1<<20))))
						col += pad
					}
				case '\n', '\r':
					b.WriteRune(r)
					col = 0
				default:
					b.WriteRune(r)
					col++
				}
			}
			return str(b.String()), nil
		}},
	})
	registerRaw(in, "str", map[string]func(th *interp.Thread, self value, args []value, kw kwargs) (value, error){
		"format": func(th *interp.Thread, v value, args []value, kw kwargs) (value, error) {
			f := &formatter{th: th, args: args, kw: kw}
			s, err := f.format(string(v.(interp.Str)), 0)
			if err != nil {
				return nil, err
			}
			return str(s), nil
		},
		"format_map": func(th *interp.Thread, v value, args []value, kw kwargs) (value, error) {
			if len(args) != 1 || len(kw) != 0 {
				return nil, interp.Errorf("TypeError", "format_map() takes exactly one argument (%d given)", len(args)+len(kw))
			}
			m, ok := args[0].(*interp.Dict)
			if !ok {
				return nil, interp.Errorf("TypeError", "format_map() argument must be a mapping, not %s", typeName(args[0]))
			}
			f := &formatter{th: th, mapping: m}
			s, err := f.format(string(v.(interp.Str)), 0)
			if err != nil {
				return nil, err
			}
			return str(s), nil
		},
	})
}

// formatter implements str.format: {} and {0} and {name} fields with
// attribute and index chains, !r/!s/!a conversions and format specs (which
// may hold nested fields).
type formatter struct {
	th      *interp.Thread
	args    []value
	kw      kwargs
	mapping *interp.Dict // format_map: names are read from it
	auto    int
	manual  bool
	used    bool // automatic numbering used
}

func (f *formatter) format(s string, depth int) (string, error) {
	if depth > 2 {
		return "", interp.Errorf("ValueError", "Max string recursion exceeded")
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '{':
			if i+1 < len(s) && s[i+1] == '{' {
				b.WriteByte('{')
				i += 2
				continue
			}
			if i+1 == len(s) {
				return "", interp.Errorf("ValueError", "Single '{' encountered in format string")
			}
			j, nest := i+1, 1
			for ; j < len(s); j++ {
				if s[j] == '{' {
					nest++
				} else if s[j] == '}' {
					nest--
					if nest == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return "", interp.Errorf("ValueError", "expected '}' before end of string")
			}
			out, err := f.field(s[i+1:j], depth)
			if err != nil {
				return "", err
			}
			if f.th != nil && len(out) >= 1<<10 {
				// The memory bound before the result grows: formatting a
				// format string with itself doubles it each time.
				f.th.Alloc(int64(b.Len() + len(out)))
				f.th.ChargeBytes(len(out))
			}
			b.WriteString(out)
			i = j + 1
		case '}':
			if i+1 < len(s) && s[i+1] == '}' {
				b.WriteByte('}')
				i += 2
				continue
			}
			return "", interp.Errorf("ValueError", "Single '}' encountered in format string")
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

func (f *formatter) field(field string, depth int) (string, error) {
	// Split name[!conv][:spec]; brackets in the name may hold ':' or '!'.
	end := len(field)
	for i, bracket := 0, false; i < len(field); i++ {
		switch c := field[i]; {
		case c == '[':
			bracket = true
		case c == ']':
			bracket = false
		case !bracket && (c == '!' || c == ':'):
			end = i
			i = len(field)
		}
	}
	name, rest := field[:end], field[end:]
	var conv byte
	if strings.HasPrefix(rest, "!") {
		if len(rest) < 2 {
			return "", interp.Errorf("ValueError", "end of string while looking for conversion specifier")
		}
		conv = rest[1]
		rest = rest[2:]
		if rest != "" && rest[0] != ':' {
			return "", interp.Errorf("ValueError", "expected ':' after conversion specifier")
		}
	}
	spec := strings.TrimPrefix(rest, ":")
	v, err := f.lookup(name)
	if err != nil {
		return "", err
	}
	switch conv {
	case 0:
	case 'r', 'a':
		s, err := interp.ReprChecked(nil, v)
		if err != nil {
			return "", err
		}
		v = str(s)
	case 's':
		s, err := interp.ToStrChecked(nil, v)
		if err != nil {
			return "", err
		}
		v = str(s)
	default:
		return "", interp.Errorf("ValueError", "Unknown conversion specifier %c", conv)
	}
	if strings.ContainsRune(spec, '{') {
		if spec, err = f.format(spec, depth+1); err != nil {
			return "", err
		}
	}
	if spec == "" {
		return interp.ToStrChecked(nil, v)
	}
	return interp.FormatValue(v, spec)
}

// lookup resolves a field name: an argument (by position, automatic number
// or keyword) followed by .attr and [index] accessors.
func (f *formatter) lookup(name string) (value, error) {
	first := len(name)
	if i := strings.IndexAny(name, ".["); i >= 0 {
		first = i
	}
	head, chain := name[:first], name[first:]
	var v value
	switch {
	case head == "":
		if f.manual {
			return nil, interp.Errorf("ValueError", "cannot switch from manual field specification to automatic field numbering")
		}
		f.used = true
		if f.auto >= len(f.args) {
			return nil, interp.Errorf("IndexError", "Replacement index %d out of range for positional args tuple", f.auto)
		}
		v = f.args[f.auto]
		f.auto++
	case isDigits(head):
		if f.used {
			return nil, interp.Errorf("ValueError", "cannot switch from automatic field numbering to manual field specification")
		}
		f.manual = true
		n := 0
		for _, c := range head {
			n = n*10 + int(c-'0')
			if n > 1<<20 {
				break
			}
		}
		if n >= len(f.args) {
			return nil, interp.Errorf("IndexError", "Replacement index %d out of range for positional args tuple", n)
		}
		v = f.args[n]
	default:
		found := false
		if f.mapping != nil {
			mv, ok, err := f.mapping.Get(str(head))
			if err != nil {
				return nil, err
			}
			v, found = mv, ok
		}
		for i := len(f.kw) - 1; i >= 0 && !found; i-- {
			if f.kw[i].Name == head {
				v, found = f.kw[i].Value, true
				break
			}
		}
		if !found {
			return nil, interp.Errorf("KeyError", "%s", interp.QuoteString(head))
		}
	}
	for chain != "" {
		switch chain[0] {
		case '.':
			j := strings.IndexAny(chain[1:], ".[")
			attr := chain[1:]
			if j >= 0 {
				attr, chain = chain[1:j+1], chain[j+1:]
			} else {
				chain = ""
			}
			if attr == "" {
				return nil, interp.Errorf("ValueError", "Empty attribute in format string")
			}
			a, err := f.th.Interp().GetAttr(v, attr)
			if err != nil {
				return nil, err
			}
			v = a
		case '[':
			j := strings.IndexByte(chain, ']')
			if j < 0 {
				return nil, interp.Errorf("ValueError", "Missing ']' in format string")
			}
			key := chain[1:j]
			chain = chain[j+1:]
			if key == "" {
				return nil, interp.Errorf("ValueError", "Empty attribute in format string")
			}
			var k value = str(key)
			if isDigits(key) {
				n, _ := interp.ToInt(str(key))
				k = n
			}
			x, err := interp.Index(v, k)
			if err != nil {
				return nil, err
			}
			v = x
		default:
			return nil, interp.Errorf("ValueError", "Only '.' or '[' may follow ']' in format field specifier")
		}
	}
	return v, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
