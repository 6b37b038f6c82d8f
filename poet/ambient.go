package poet

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/store"
)

// Ambient context variables read by POET (SPEC §3.5). Scripts may set
// them; every execution record shows their values (code_context.ambient).
const (
	// SessionVar identifies the session; Install sets a fresh id.
	SessionVar = "__session_id"
	// LocaleVar is the user's locale ("en-GB"), None when unknown.
	LocaleVar = "__locale"
	// ActiveDomainsVar lists domains whose learnings also apply to every
	// POET call.
	ActiveDomainsVar = "__active_domains"
	// TaskVar is the id of the task the program works on, if any.
	TaskVar = "__current_task_id"
	// SettingsOverrideVar is a dict merged over every POET call's settings
	// (see SettingNames).
	SettingsOverrideVar = "__poet_settings_override"
)

// SettingNames are the keys __poet_settings_override may hold.
var SettingNames = []string{"profile", "max_retries", "domain", "retrieve_k", "preference_strikes"}

// settings are the overridable settings of one POET call.
type settings struct {
	profile    string
	maxRetries int // -1: unset
	domain     string
	domainSet  bool
	retrieveK  int // 0: unset
	strikes    int // 0: unset
	raw        map[string]any
}

// installAmbient declares the ambient variables: a fresh session id, the
// others None.
func (rt *Runtime) installAmbient() {
	_ = rt.in.Set("system", SessionVar, interp.Str(rt.NewID()))
	for _, v := range []string{LocaleVar, ActiveDomainsVar, TaskVar, SettingsOverrideVar} {
		if _, ok := rt.in.Get("system", v); !ok {
			_ = rt.in.Set("system", v, interp.None)
		}
	}
}

// sysVar reads a system variable (nil when unset or None).
func (rt *Runtime) sysVar(name string) interp.Value {
	v, ok := rt.in.Get("system", name)
	if !ok {
		return nil
	}
	if _, none := v.(interp.NoneType); none {
		return nil
	}
	return v
}

// ambient returns the ambient context as plain data for records (nil when
// every variable is unset).
func (rt *Runtime) ambient() map[string]any {
	out := map[string]any{}
	for key, v := range map[string]string{"session_id": SessionVar, "locale": LocaleVar,
		"active_domains": ActiveDomainsVar, "current_task_id": TaskVar, "settings_override": SettingsOverrideVar} {
		if x := rt.sysVar(v); x != nil {
			out[key] = plain(x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// addAmbient records the ambient context in rec's code context.
func (rt *Runtime) addAmbient(rec *store.Execution) {
	amb := rt.ambient()
	if amb == nil {
		return
	}
	cc, ok := rec.CodeContext.(map[string]any)
	if ok {
		cc = maps.Clone(cc) // reason()'s context is shared by a call site
	} else {
		cc = map[string]any{}
		if rec.CodeContext != nil {
			cc["site"] = rec.CodeContext
		}
	}
	cc["ambient"] = amb
	rec.CodeContext = cc
}

// activeDomains reads system:__active_domains: a list of names (a single
// str is one domain).
func (rt *Runtime) activeDomains() ([]string, error) {
	v := rt.sysVar(ActiveDomainsVar)
	if v == nil {
		return nil, nil
	}
	if s, ok := v.(interp.Str); ok {
		v = interp.NewList([]interp.Value{s})
	}
	items, err := interp.Iterate(v)
	if err != nil {
		return nil, interp.Errorf("TypeError", "system:%s must be a list of domain names, not %s", ActiveDomainsVar, v.TypeName())
	}
	var out []string
	for _, it := range items {
		s, ok := it.(interp.Str)
		if !ok {
			return nil, interp.Errorf("TypeError", "system:%s must hold domain names (str), not %s", ActiveDomainsVar, it.TypeName())
		}
		if d := strings.TrimSpace(string(s)); d != "" && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out, nil
}

// overrides reads and checks system:__poet_settings_override.
func (rt *Runtime) overrides() (*settings, error) {
	st := &settings{maxRetries: -1}
	v := rt.sysVar(SettingsOverrideVar)
	if v == nil {
		return st, nil
	}
	d, ok := v.(*interp.Dict)
	if !ok {
		return nil, interp.Errorf("TypeError", "system:%s must be a dict of POET settings (%s), not %s",
			SettingsOverrideVar, strings.Join(SettingNames, ", "), v.TypeName())
	}
	st.raw = map[string]any{}
	vals := d.Values()
	for i, k := range d.Keys() {
		name, ok := k.(interp.Str)
		if !ok || !slices.Contains(SettingNames, string(name)) {
			msg := fmt.Sprintf("system:%s has an unknown setting %s", SettingsOverrideVar, interp.Repr(k))
			if ok {
				if s := closest(string(name), SettingNames); s != "" {
					msg += fmt.Sprintf("; did you mean '%s'?", s)
				}
			}
			return nil, interp.Errorf("ValueError", "%s (settings: %s)", msg, strings.Join(SettingNames, ", "))
		}
		x := vals[i]
		st.raw[string(name)] = plain(x)
		bad := func(want string) error {
			return interp.Errorf("TypeError", "system:%s[%q] must be %s, not %s", SettingsOverrideVar, string(name), want, x.TypeName())
		}
		switch name {
		case "profile":
			s, ok := x.(interp.Str)
			if !ok {
				return nil, bad("a profile name")
			}
			if _, ok := LookupProfile(string(s)); !ok {
				return nil, interp.Errorf("ValueError", "system:%s: unknown POET profile '%s'; choose %s", SettingsOverrideVar, string(s), profileListText())
			}
			st.profile = string(s)
		case "domain":
			switch s := x.(type) {
			case interp.Str:
				st.domain, st.domainSet = strings.TrimSpace(string(s)), true
			case interp.NoneType:
				st.domain, st.domainSet = "", true
			default:
				return nil, bad("a str")
			}
		case "max_retries", "retrieve_k", "preference_strikes":
			n, ok := x.(interp.Int)
			if !ok {
				return nil, bad("an int")
			}
			lo := map[string]int64{"max_retries": 0, "retrieve_k": 1, "preference_strikes": 1}[string(name)]
			if n < interp.Int(lo) || n > 100 {
				return nil, interp.Errorf("ValueError", "system:%s[%q] = %d: choose a number from %d to 100", SettingsOverrideVar, string(name), int64(n), lo)
			}
			switch name {
			case "max_retries":
				st.maxRetries = int(n)
			case "retrieve_k":
				st.retrieveK = int(n)
			default:
				st.strikes = int(n)
			}
		}
	}
	return st, nil
}

// preferenceStrikes is the 3-strike threshold: the override, else
// Config.PreferenceStrikes, else store.DefaultPreferenceStrikes.
func (rt *Runtime) preferenceStrikes() int {
	if st, err := rt.overrides(); err == nil && st.strikes > 0 {
		return st.strikes
	}
	if rt.cfg.PreferenceStrikes > 0 {
		return rt.cfg.PreferenceStrikes
	}
	return store.DefaultPreferenceStrikes
}
