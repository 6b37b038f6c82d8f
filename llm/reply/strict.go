package reply

import (
	"strings"

	"github.com/minidana/dana/lang/types"
)

// parseStrict reads exactly one value of t from the whole reply (the
// "strict" profile): JSON read without any coercion, or a bare scalar.
func parseStrict(body string, t *types.Type) (any, error) {
	body = strings.TrimSpace(body)
	core := t.NonNone()
	switch core.Kind {
	case types.Str:
		if body != "" && (body[0] == '{' || body[0] == '[') {
			if _, err := decodeJSON(body); err == nil {
				return nil, errorf("the reply is JSON, not text (strict mode: answer with the text only)")
			}
		}
		return body, nil
	case types.Any:
		if body != "" && (body[0] == '{' || body[0] == '[') {
			if v, err := decodeJSON(body); err == nil {
				return plain(v), nil
			}
		}
		return body, nil
	case types.Bool:
		switch strings.ToLower(body) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		if t.AllowsNone() && (body == "null" || body == "None") {
			return nil, nil
		}
		return nil, errorf("the reply is not exactly true or false (strict mode: answer with true or false only)")
	case types.Enum, types.Literal:
		if v, c, fail := matchChoice(strings.Trim(body, `"`), t, nil); fail == "" && c == 0 {
			return v, nil
		}
		return nil, errorf("the reply is not exactly one of the allowed values %s (strict mode: answer with the value only)", allowedValues(t))
	}
	v, err := decodeJSON(body)
	if err == nil {
		if val, cost, fail := conform(v, t, nil, 0); fail == "" && cost == 0 {
			return val, nil
		} else if fail != "" && t.IsJSON() {
			return nil, errorf("the reply is JSON but not %s (strict mode): %s", strictNoun(core), fail)
		}
	}
	switch core.Kind {
	case types.Int:
		return nil, errorf("the reply is not exactly an integer (strict mode: answer with the bare integer only)")
	case types.Float:
		return nil, errorf("the reply is not exactly a number (strict mode: answer with the bare number only)")
	}
	if err != nil {
		return nil, errorf("the reply is not exactly %s (strict mode: no text, fences or repairs allowed): %v", strictNoun(core), err)
	}
	return nil, errorf("the reply is JSON but not exactly %s (strict mode)", strictNoun(core))
}

// strictNoun names what a JSON type is written as.
func strictNoun(t *types.Type) string {
	switch t.Kind {
	case types.List, types.Set, types.Tuple:
		return "a JSON array"
	case types.Dict, types.Struct:
		return "a JSON object"
	}
	return "a value of type " + t.Name
}
