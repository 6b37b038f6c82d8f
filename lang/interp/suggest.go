package interp

import (
	"github.com/agnivade/levenshtein"
)

// suggest returns the candidate nearest to name by edit distance, or "" when
// none is close enough to be a plausible typo.
func suggest(name string, candidates []string) string {
	if len(name) < 2 {
		return "" // a one-letter name is close to every other one
	}
	best, bestD := "", 1<<30
	limit := len(name)/3 + 1
	if limit > 3 {
		limit = 3
	}
	for _, c := range candidates {
		if c == name || c == "" || c == "$$" {
			continue
		}
		d := levenshtein.ComputeDistance(name, c)
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD <= limit && bestD < len(name) {
		return best
	}
	return ""
}
