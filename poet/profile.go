package poet

import (
	"sort"
	"strings"
)

// Profile names (SPEC §10.6).
const (
	ProfileDefault       = "default"
	ProfileStrict        = "strict"
	ProfileCreative      = "creative"
	ProfileFaultTolerant = "fault_tolerant"
)

// DefaultMaxRetries is max_retries when the decorator does not give it.
const DefaultMaxRetries = 3

// Profile is how an execution coerces, validates and retries.
type Profile struct {
	// Name is the profile's name.
	Name string
	// MaxRetries is the default max_retries under this profile (an explicit
	// max_retries= wins).
	MaxRetries int
	// Strict accepts only outputs that already have the expected type (an
	// int for a float is widened); no fuzzy coercion from strings.
	Strict bool
	// SkipStrValidation skips the user's validate for str outputs: they are
	// checked against the type only.
	SkipStrValidation bool
	// RetryErrors makes an exception raised by the body (an LLMError from
	// a flaky endpoint, say) a failed attempt that is retried, instead of
	// ending the execution.
	RetryErrors bool
}

// profiles are the built-in profiles. The reason() implementation reads
// the profile name from reason.Scope (higher temperature for creative,
// more transport retries for fault_tolerant, no fuzzy reply parsing for
// strict).
var profiles = map[string]Profile{
	ProfileDefault:       {Name: ProfileDefault, MaxRetries: DefaultMaxRetries},
	ProfileStrict:        {Name: ProfileStrict, MaxRetries: DefaultMaxRetries, Strict: true},
	ProfileCreative:      {Name: ProfileCreative, MaxRetries: DefaultMaxRetries, SkipStrValidation: true},
	ProfileFaultTolerant: {Name: ProfileFaultTolerant, MaxRetries: 2 * DefaultMaxRetries, RetryErrors: true},
}

// LookupProfile returns the built-in profile with the given name.
func LookupProfile(name string) (Profile, bool) {
	p, ok := profiles[name]
	return p, ok
}

// ProfileNames lists the built-in profile names, sorted.
func ProfileNames() []string {
	out := make([]string, 0, len(profiles))
	for n := range profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// profileListText renders the profile names for error messages.
func profileListText() string {
	names := ProfileNames()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
