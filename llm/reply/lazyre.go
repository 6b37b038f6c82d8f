package reply

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on first use, so that programs
// that never need it (a script that makes no LLM call) do not pay for its
// compilation at start-up.
type lazyRE struct {
	once sync.Once
	pat  string
	re   *regexp.Regexp
}

func lazyRegexp(pat string) *lazyRE { return &lazyRE{pat: pat} }

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.pat) })
	return l.re
}

func (l *lazyRE) FindAllString(s string, n int) []string { return l.get().FindAllString(s, n) }
func (l *lazyRE) FindAllStringIndex(s string, n int) [][]int {
	return l.get().FindAllStringIndex(s, n)
}
func (l *lazyRE) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRE) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }
func (l *lazyRE) MatchString(s string) bool            { return l.get().MatchString(s) }
func (l *lazyRE) ReplaceAllString(s, r string) string  { return l.get().ReplaceAllString(s, r) }
func (l *lazyRE) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.get().ReplaceAllStringFunc(s, f)
}
