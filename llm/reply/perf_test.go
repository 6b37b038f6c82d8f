package reply

import (
	"github.com/minidana/dana/lang/types"
	"strings"
	"testing"
	"time"
)

// TestPathological checks that hostile replies (deep nesting, thousands of
// candidates) are parsed in about linear time.
func TestPathological(t *testing.T) {
	for name, s := range map[string]string{
		"opens":      strings.Repeat("[", 20000),
		"mismatch":   strings.Repeat("[}", 20000),
		"ones":       strings.Repeat("one ", 20000),
		"this ones":  strings.Repeat("this one ", 20000),
		"numbers":    strings.Repeat("1 ", 20000),
		"bullets":    strings.Repeat("- a\nx\n", 5000),
		"arrays":     strings.Repeat("[1] ", 5000),
		"quotes":     strings.Repeat("\"", 20000),
		"emph":       strings.Repeat("*a ", 20000),
		"final":      strings.Repeat("FINAL_ANSWER: x\n", 5000),
		"braces_str": "{" + strings.Repeat("\"a\":", 10000),
	} {
		for _, k := range []*types.Type{sInt, sBool, sStr, sList, sDict, sObj, tPriority} {
			start := time.Now()
			Parse(s, k, Options{})
			if d := time.Since(start); d > time.Second {
				t.Errorf("%s %v: %v", name, k, d)
			}
		}
	}
}
