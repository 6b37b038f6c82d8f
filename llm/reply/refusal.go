package reply

import (
	"strings"

	"github.com/minidana/dana/internal/lazyre"
)

// refusalRe matches the opening of a refusal: "I can't help with that",
// "I'm sorry, but I cannot assist", "Sorry, I am unable to provide ...".
var refusalRe = lazyre.New(`(?i)^\W*(?:(?:i'?m|i am)\s+(?:very\s+|really\s+)?sorry|sorry|unfortunately|apologies)?[,.!]?\s*(?:but\s+)?` +
	`i\s*(?:can(?:'|’)?t|cannot|can not|won(?:'|’)?t|will not|am unable to|'m unable to|’m unable to|am not able to|'m not able to|’m not able to|must decline to)\s+` +
	`(?:help|assist|comply|provide|do that|do this|fulfill|answer|support|share|create|generate|complete|engage|participate|continue)\b`)

// maxRefusalLen bounds the replies considered as refusals: a long reply
// that starts "I can't help but notice..." is an answer.
const maxRefusalLen = 400

// Refusal reports whether a reply is the model declining to answer ("I
// can't help with that"), and returns it on one line for messages. Only a
// short reply that opens with a refusal counts (after <think> blocks).
func Refusal(text string) (string, bool) {
	t, err := stripThink(text)
	if err != nil || len(t) > maxRefusalLen {
		return "", false
	}
	t = strings.TrimSpace(unquote(unwrapEmphasis(t)))
	if !refusalRe.MatchString(t) {
		return "", false
	}
	return excerpt(t, 120), true
}
