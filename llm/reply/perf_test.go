package reply

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minidana/dana/lang/types"
)

// cpuTime is the CPU time this process has used so far. Unlike wall time it
// does not grow while the machine is busy with other work, so a bound on it
// tells a quadratic parse from a slow machine.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestPathological checks that hostile replies (deep nesting, thousands of
// candidates) are parsed in about linear time: each parse of a 20,000-token
// reply stays under a second of CPU (a quadratic parse takes minutes).
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
			start := cpuTime(t)
			Parse(s, k, Options{})
			if d := cpuTime(t) - start; d > time.Second {
				t.Errorf("%s %v: %v of CPU", name, k, d)
			}
		}
	}
}
