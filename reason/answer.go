package reason

import (
	"github.com/minidana/dana/codecontext"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
)

// ParseAnswer reads an answer — a model's reply, or a person's answer to
// ask_human() — against the expected type h (nil: str) exactly as reason()
// reads replies (SPEC §9.4); strict reads it as the strict profile does.
// It returns the value, or a failure saying why the answer cannot be used.
func ParseAnswer(text string, h *interp.TypeHint, strict bool) (interp.Value, string) {
	src := codecontext.SourceExplicit
	if h == nil {
		src = codecontext.SourceDefault
	}
	c := &call{plan: newPlan(h), profile: ProfileDefault, rec: &Record{TypeSource: string(src)}}
	if strict {
		c.profile = ProfileStrict
	}
	return c.interpret(text)
}

// TypeName is the name of the expected type h as prompts show it.
func TypeName(h *interp.TypeHint) string { return newPlan(h).name }

// FormatInstruction is what reason() asks of the answer's form for the
// expected type h: the bare value on the last line for scalars, JSON
// matching a schema for lists, dicts and structs.
func FormatInstruction(h *interp.TypeHint) string {
	return formatInstruction(newPlan(h), ProfileDefault)
}

// ExpectedOf describes h for an LLM request (the mock model shapes its
// answer with it).
func ExpectedOf(h *interp.TypeHint) *llm.Expected { return newPlan(h).expected }
