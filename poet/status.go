package poet

import (
	"strings"

	"github.com/minidana/dana/lang/interp"
)

// StatusFields are the attributes of poet_status (SPEC §10.4), plus
// domain, parent_execution_id and stage.
var StatusFields = []string{
	"execution_id", "function", "attempt", "max_retries", "last_internal_failure",
	"is_internally_validated", "perceived_input", "raw_output", "validated_output",
	"expected_output_type", "active_profile", "learnings_applied",
	"domain", "parent_execution_id", "stage",
}

// statusProxy is the value of the builtin name poet_status: a live view of
// the innermost active POET execution of its interpreter. Outside any
// execution every attribute is None.
type statusProxy struct{ rt *Runtime }

// TypeName returns "poet_status".
func (*statusProxy) TypeName() string { return "poet_status" }

// AttrNames lists the attributes.
func (*statusProxy) AttrNames() []string { return StatusFields }

// Attr returns one field of the innermost active execution.
func (p *statusProxy) Attr(name string) (interp.Value, bool) {
	ex := p.rt.top()
	if ex == nil {
		for _, f := range StatusFields {
			if f == name {
				return interp.None, true
			}
		}
		return nil, false
	}
	return ex.field(name)
}

// String renders the view like a struct.
func (p *statusProxy) String() string {
	ex := p.rt.top()
	if ex == nil {
		return "poet_status(<no active POET execution>)"
	}
	var b strings.Builder
	b.WriteString("poet_status(")
	for i, f := range StatusFields {
		if i > 0 {
			b.WriteString(", ")
		}
		v, _ := ex.field(f)
		b.WriteString(f)
		b.WriteByte('=')
		b.WriteString(short(v, 80))
	}
	b.WriteByte(')')
	return b.String()
}

func strOrNone(s string) interp.Value {
	if s == "" {
		return interp.None
	}
	return interp.Str(s)
}

func orNone(v interp.Value) interp.Value {
	if v == nil {
		return interp.None
	}
	return v
}

// field returns one poet_status attribute of ex.
func (ex *execution) field(name string) (interp.Value, bool) {
	switch name {
	case "execution_id":
		return interp.Str(ex.id), true
	case "function":
		return interp.Str(ex.pf.name), true
	case "attempt":
		return interp.MakeInt(int64(ex.attempt)), true
	case "max_retries":
		return interp.MakeInt(int64(ex.maxRetries)), true
	case "last_internal_failure":
		return strOrNone(ex.lastFailure), true
	case "is_internally_validated":
		return interp.Bool(ex.validated), true
	case "perceived_input":
		return orNone(ex.perceived), true
	case "raw_output":
		return orNone(ex.raw), true
	case "validated_output":
		return orNone(ex.validOut), true
	case "expected_output_type":
		if ex.expected == nil {
			return interp.None, true
		}
		return interp.Str(ex.expected.String()), true
	case "active_profile":
		return interp.Str(ex.profile.Name), true
	case "learnings_applied":
		l := make([]interp.Value, len(ex.applied))
		for i, a := range ex.applied {
			t := a.Text
			l[i] = interp.Str(t)
		}
		return interp.NewList(l), true
	case "domain":
		return strOrNone(ex.pf.domain), true
	case "parent_execution_id":
		return strOrNone(ex.parentID), true
	case "stage":
		return interp.Str(ex.stage.String()), true
	}
	return nil, false
}
