package reply

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/minidana/dana/internal/lazyre"
)

// span is a balanced (or, at the end, truncated) JSON-looking span.
type span struct {
	open      byte // '[' or '{'
	start     int  // offset in the text
	text      string
	truncated bool
	depth     int // deepest bracket nesting
}

// maxRepairDepth bounds the nesting of spans handed to the repairer, whose
// cost grows badly with depth; no sensible answer nests deeper.
const maxRepairDepth = 64

// findSpans returns the top-level bracketed spans of t: each '[' or '{' whose
// matching closer is found (string-aware, with brackets of both kinds nested),
// and a final unclosed one running to the end of t (truncated).
func findSpans(t string) []span {
	var out []span
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '[' && c != '{' {
			continue
		}
		end, depth, ok := matchEnd(t, i)
		if ok {
			out = append(out, span{open: c, start: i, text: t[i : end+1], depth: depth})
			i = end
			continue
		}
		if end == len(t) { // ran off the end: truncated
			out = append(out, span{open: c, start: i, text: t[i:], truncated: true, depth: depth})
			break
		}
		// mismatched closer: not JSON here, look further
	}
	return out
}

// matchEnd returns the index of the bracket closing t[start] and the deepest
// nesting seen. When none is found it returns len(t) (truncated) or the
// index of a mismatched closer.
func matchEnd(t string, start int) (end, depth int, ok bool) {
	var stack []byte
	inStr, esc := false, false
	for i := start; i < len(t); i++ {
		c := t[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '[':
			stack = append(stack, ']')
			depth = max(depth, len(stack))
		case '{':
			stack = append(stack, '}')
			depth = max(depth, len(stack))
		case ']', '}':
			if stack[len(stack)-1] != c {
				return i, depth, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i, depth, true
			}
		}
	}
	return len(t), depth, false
}

// onBulletLine reports whether offset i of t is on a Markdown list line.
func onBulletLine(t string, i int) bool {
	start := strings.LastIndexByte(t[:i], '\n') + 1
	end := strings.IndexByte(t[i:], '\n')
	if end < 0 {
		end = len(t)
	} else {
		end += i
	}
	return bulletRe.MatchString(t[start:end])
}

var bulletRe = lazyre.New(`^([ \t]*)(?:[-*+•]|\d{1,3}[.)])[ \t]+(.*\S)[ \t]*$`)

// bulletList reads a Markdown bullet or numbered list. It returns nil when
// t has none, and an error when it has several separate lists.
func bulletList(t string) ([]string, error) {
	lines := strings.Split(t, "\n")
	type item struct {
		indent int
		text   string
		block  int
	}
	var items []item
	block := 0
	sawText := false // non-list text since the last item
	for _, line := range lines {
		m := bulletRe.FindStringSubmatch(line)
		if m == nil {
			trimmed := strings.TrimSpace(line)
			// Indented lines continue an item; blank lines do not end a list.
			if trimmed != "" && len(line)-len(strings.TrimLeft(line, " \t")) == 0 && len(items) > 0 {
				sawText = true
			}
			continue
		}
		if sawText {
			block++
			sawText = false
		}
		items = append(items, item{indent: len(strings.ReplaceAll(m[1], "\t", "    ")), text: m[2], block: block})
	}
	if len(items) == 0 {
		return nil, nil
	}
	minIndent := items[0].indent
	for _, it := range items {
		minIndent = min(minIndent, it.indent)
	}
	var out []string
	blocks := map[int]bool{}
	var firsts []string
	for _, it := range items {
		if it.indent != minIndent {
			continue // a nested sub-item
		}
		if !blocks[it.block] {
			blocks[it.block] = true
			firsts = append(firsts, it.text)
		}
		out = append(out, itemText(it.text))
	}
	if len(blocks) > 1 {
		return nil, &Error{
			Reason:     fmt.Sprintf("the reply contains %d separate lists, so the answer is ambiguous", len(blocks)),
			Ambiguous:  true,
			Candidates: firsts,
		}
	}
	return out, nil
}

// itemText is a list item's text without emphasis, a trailing comma or
// semicolon, and surrounding quotes (a JSON string is decoded).
func itemText(s string) string {
	s = strings.TrimSpace(stripEmphasis(s))
	if strings.HasPrefix(s, `"`) {
		if v, err := decodeJSON(strings.TrimRight(s, ",;")); err == nil {
			if str, ok := v.(string); ok {
				return str
			}
		}
	}
	return unquote(strings.TrimRight(s, ",;"))
}

// itemValue converts an item's text for a list of any: a number,
// true/false/null, else the text.
func itemValue(s string) any {
	if n, ok := parseNumberToken(s); ok {
		if n.isInt {
			if i, err := strconv.ParseInt(n.norm, 10, 64); err == nil {
				return i
			}
		}
		return n.value
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	return s
}
