package reason

import (
	"testing"

	"github.com/minidana/dana/lang/interp"
)

// ParseAnswer reads a person's answer as reason() reads a reply.
func TestParseAnswer(t *testing.T) {
	for _, tc := range []struct {
		text, typ string
		want      string // repr, "" when it fails
	}{
		{"12", "int", "12"},
		{"twelve", "int", "12"},
		{"lots", "int", ""},
		{"yes", "bool", "True"},
		{`["a", "b"]`, "list[str]", "['a', 'b']"},
		{"- a\n- b", "list[str]", "['a', 'b']"},
		{"just text", "", "'just text'"},
	} {
		var h *interp.TypeHint
		if tc.typ != "" {
			h = interp.HintFromString(tc.typ, nil)
		}
		v, failure := ParseAnswer(tc.text, h, false)
		switch {
		case tc.want == "" && failure == "":
			t.Errorf("%q as %s: got %s, want a failure", tc.text, tc.typ, interp.Repr(v))
		case tc.want != "" && (failure != "" || interp.Repr(v) != tc.want):
			t.Errorf("%q as %s: got %v (%q), want %s", tc.text, tc.typ, v, failure, tc.want)
		}
	}
}
