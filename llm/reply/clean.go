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

// stripThink removes <think>...</think> blocks (also <thinking>, <reasoning>),
// the reasoning before a closing tag that has no opening one, and an
// unclosed leading <think> (whose text is all reasoning). It fails when
// nothing but reasoning is left.
func stripThink(text string) (string, error) {
	had := false
	t := text
	if thinkBlockRe.MatchString(t) {
		had = true
		t = thinkBlockRe.ReplaceAllString(t, "")
	}
	if locs := thinkCloseRe.FindAllStringIndex(t, -1); len(locs) > 0 {
		had = true
		t = t[locs[len(locs)-1][1]:]
	}
	if thinkOpenRe.MatchString(t) {
		had = true
		t = ""
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
