package store

import "time"

// The pure Train/decay/scoring rules, exported so that every Backend
// (the PostgreSQL one in store/pgstore) applies exactly the same ones.

// ApplyDecay applies pending idle decay to l as of now (see Decay) and
// reports whether l changed.
func ApplyDecay(l *Learning, now time.Time) bool { return applyDecay(l, now) }

// CorrectionText phrases a correction on e as guidance for later prompts.
func CorrectionText(e *Execution, correction string) string { return correctionText(e, correction) }

// Tokenize returns the distinct retrieval keywords of s (lower-cased,
// stop words dropped, plurals folded): Retrieve ranks by their overlap.
func Tokenize(s string) []string { return tokenize(s, nil) }

// NormalizeLearning puts l's times in their canonical (UTC) form.
func NormalizeLearning(l *Learning) { normalizeLearning(l) }

// RoundConf rounds a confidence so repeated steps do not accumulate
// floating-point noise.
func RoundConf(c float64) float64 { return roundConf(c) }

// OwnerKey is the scope key of a function of a module (module and name
// joined), as learnings are grouped by.
func OwnerKey(module, function string) string { return ownerKey(module, function) }

// SameLearning reports whether two learnings have the same canonical form.
func SameLearning(a, b *Learning) bool { return sameLearning(a, b) }
