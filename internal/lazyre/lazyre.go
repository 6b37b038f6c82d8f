// Package lazyre provides regular expressions compiled on first use, so
// that a program that never needs one (a script that makes no LLM call)
// does not pay for its compilation at start-up.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use. It is safe for
// concurrent use.
type Regexp struct {
	once sync.Once
	pat  string
	re   *regexp.Regexp
}

// New returns a lazily compiled regular expression; an invalid pattern
// panics on first use, as regexp.MustCompile would.
func New(pat string) *Regexp { return &Regexp{pat: pat} }

// Get returns the compiled expression.
func (l *Regexp) Get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.pat) })
	return l.re
}

// FindAllString is regexp.Regexp.FindAllString.
func (l *Regexp) FindAllString(s string, n int) []string { return l.Get().FindAllString(s, n) }

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (l *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return l.Get().FindAllStringIndex(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (l *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.Get().FindAllStringSubmatchIndex(s, n)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (l *Regexp) FindStringSubmatch(s string) []string { return l.Get().FindStringSubmatch(s) }

// MatchString is regexp.Regexp.MatchString.
func (l *Regexp) MatchString(s string) bool { return l.Get().MatchString(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (l *Regexp) ReplaceAllString(s, r string) string { return l.Get().ReplaceAllString(s, r) }

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (l *Regexp) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.Get().ReplaceAllStringFunc(s, f)
}
