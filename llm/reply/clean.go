package reply

import (
	"strings"

	"github.com/minidana/dana/internal/lazyre"
)

var (
	thinkBlockRe = lazyre.New(`(?is)<(think|thinking|reasoning)>.*?</(?:think|thinking|reasoning)>`)
	thinkOpenRe  = lazyre.New(`(?is)^\s*<(?:think|thinking|reasoning)>`)
	thinkCloseRe = lazyre.New(`(?is)</(?:think|thinking|reasoning)>`)
	fenceLineRe  = lazyre.New("(?m)^[ \t]*(?:```|~~~)[\\w+.-]*[ \t]*$")
	boldRe       = lazyre.New(`\*\*([^*\n]+?)\*\*`)
	underBoldRe  = lazyre.New(`(^|[^\w])__([^_\n]+?)__([^\w]|$)`)
	italicRe     = lazyre.New(`(^|[^\w*])\*([^*\s](?:[^*\n]*[^*\s])?)\*([^\w*]|$)`)
	underItalRe  = lazyre.New(`(^|[^\w])_([^_\s](?:[^_\n]*[^_\s])?)_([^\w]|$)`)
	headingRe    = lazyre.New(`(?m)^[ \t]*#{1,6}[ \t]+`)
)

// stripThink removes reasoning outside JSON: <think>...</think> blocks (also
// <thinking>, <reasoning>) whose opening tag is not inside a JSON value of
// the reply, the reasoning before a closing tag that has no opening one,
// and an unclosed leading <think> (whose text is all reasoning). A tag
// inside a JSON string of the answer is text, kept as is. It fails when
// nothing but reasoning is left.
func stripThink(text string) (string, error) {
	had := false
	t := text
	if strings.Contains(t, "</") || strings.Contains(t, "<") && thinkOpenRe.MatchString(t) {
		if locs := thinkBlockRe.FindAllStringIndex(t, -1); len(locs) > 0 {
			spans := closedSpans(t)
			var b strings.Builder
			last := 0
			for _, loc := range locs {
				if inSpans(spans, loc[0]) {
					continue
				}
				b.WriteString(t[last:loc[0]])
				last = loc[1]
				had = true
			}
			b.WriteString(t[last:])
			t = b.String()
		}
		if locs := thinkCloseRe.FindAllStringIndex(t, -1); len(locs) > 0 {
			spans := closedSpans(t)
			for i := len(locs) - 1; i >= 0; i-- {
				if !inSpans(spans, locs[i][0]) {
					had = true
					t = t[locs[i][1]:]
					break
				}
			}
		}
		if thinkOpenRe.MatchString(t) {
			had = true
			t = ""
		}
	}
	t = strings.TrimSpace(t)
	if t == "" {
		if had {
			return "", errorf("the reply contains only reasoning in a <think> block and no answer after it")
		}
		return "", errorf("the reply is empty")
	}
	return t, nil
}

// closedSpans are the balanced JSON-looking spans of t.
func closedSpans(t string) []span {
	if !strings.ContainsAny(t, "[{") {
		return nil
	}
	sp := findSpans(t)
	if n := len(sp); n > 0 && sp[n-1].truncated {
		sp = sp[:n-1]
	}
	return sp
}

// inSpans reports whether offset i is inside one of spans.
func inSpans(spans []span, i int) bool {
	for _, s := range spans {
		if i > s.start && i < s.start+len(s.text) {
			return true
		}
	}
	return false
}

// wholeFence returns the content of a reply that is one Markdown code
// block (```lang ... ``` or ~~~), and whether it is.
func wholeFence(t string) (string, bool) {
	for _, f := range []string{"```", "~~~"} {
		if !strings.HasPrefix(t, f) || !strings.HasSuffix(t, f) || len(t) < 2*len(f) {
			continue
		}
		inner := t[len(f) : len(t)-len(f)]
		if strings.Contains(inner, f) {
			return "", false
		}
		if nl := strings.IndexByte(inner, '\n'); nl >= 0 {
			// The info string: ```json
			if info := strings.TrimSpace(inner[:nl]); !strings.ContainsAny(info, " {[\"'") {
				inner = inner[nl+1:]
			}
		}
		return strings.TrimSpace(inner), true
	}
	return "", false
}

// unwrapEmphasis removes emphasis that wraps the whole of s (**x**, __x__,
// *x*, _x_) when it does not occur inside.
func unwrapEmphasis(s string) string {
	for _, m := range []string{"**", "__", "*", "_"} {
		if len(s) > 2*len(m) && strings.HasPrefix(s, m) && strings.HasSuffix(s, m) {
			inner := s[len(m) : len(s)-len(m)]
			if !strings.Contains(inner, m[:1]) {
				return strings.TrimSpace(inner)
			}
		}
	}
	return s
}

// removeFences deletes Markdown code-fence lines (```json, ```, ~~~),
// keeping the fenced content.
func removeFences(t string) string {
	if !strings.Contains(t, "```") && !strings.Contains(t, "~~~") {
		return t
	}
	t = fenceLineRe.ReplaceAllString(t, "")
	// A fence on the same line as content: ```42``` or ```json {...}```.
	t = strings.ReplaceAll(t, "```", "")
	return strings.TrimSpace(t)
}

// stripEmphasis removes Markdown emphasis (**x**, __x__, *x*, _x_) and
// heading marks, keeping the text.
func stripEmphasis(t string) string {
	if strings.ContainsAny(t, "*_") {
		t = boldRe.ReplaceAllString(t, "$1")
		t = underBoldRe.ReplaceAllString(t, "$1$2$3")
		t = italicRe.ReplaceAllString(t, "$1$2$3")
		t = underItalRe.ReplaceAllString(t, "$1$2$3")
	}
	if strings.Contains(t, "#") {
		t = headingRe.ReplaceAllString(t, "")
	}
	return t
}

// cleanProse is a reply with fences and emphasis removed, trimmed.
func cleanProse(t string) string {
	return strings.TrimSpace(stripEmphasis(removeFences(t)))
}

// quotePairs are the quote characters that may surround a whole reply.
var quotePairs = [][2]string{{`"`, `"`}, {`'`, `'`}, {"`", "`"}, {"“", "”"}, {"‘", "’"}, {"«", "»"}}

// unquote removes one pair of quotes surrounding the whole of s, when the
// quote does not occur inside.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	for _, q := range quotePairs {
		if len(s) >= len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			inner := s[len(q[0]) : len(s)-len(q[1])]
			if !strings.Contains(inner, q[0]) && !strings.Contains(inner, q[1]) {
				return strings.TrimSpace(inner)
			}
		}
	}
	return s
}
