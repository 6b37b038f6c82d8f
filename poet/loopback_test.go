package poet_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/minidana/dana/internal/scripttest"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm/llmtest"
)

// scriptedReplies reads the model's replies scripted in a chunk: a line
// `#reply` starts one, the `#| ` lines after it are its text.
func scriptedReplies(src string) []llmtest.Reply {
	var out []llmtest.Reply
	var cur *strings.Builder
	flush := func() {
		if cur != nil {
			out = append(out, llmtest.Text(cur.String()))
		}
	}
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "#reply":
			flush()
			cur = &strings.Builder{}
		case cur != nil && (strings.HasPrefix(t, "#| ") || t == "#|"):
			if cur.Len() > 0 {
				cur.WriteString("\n")
			}
			cur.WriteString(strings.TrimPrefix(strings.TrimPrefix(t, "#|"), " "))
		}
	}
	flush()
	return out
}

// TestLoopbackScripts runs testdata/loopback/*.na against a loopback
// chat-completions server that gives each chunk's scripted replies in
// order (then fails with a 400, so an unexpected request is an error).
// Scripts see what the server was asked through llm_requests(): the user
// message of every request so far.
func TestLoopbackScripts(t *testing.T) {
	scripttest.Run(t, "testdata/loopback/*.na", true, func(t *testing.T, file, src string) (string, error) {
		srv := llmtest.NewServer(t)
		srv.Enqueue(scriptedReplies(src)...)
		srv.SetHandler(func(req llmtest.Request, n int) llmtest.Reply {
			return llmtest.Status(400, "no scripted reply left for this request")
		})
		var out bytes.Buffer
		e, _ := newEngine(t, &out, map[string]string{"DANA_LLM": "", "OPENAI_BASE_URL": srv.BaseURL(), "DANA_LLM_MODEL": "m"})
		e.RegisterBuiltin("llm_requests", func(*interp.Thread, []interp.Value, []interp.KwArg) (interp.Value, error) {
			var l []interp.Value
			for _, r := range srv.Requests() {
				l = append(l, interp.Str(r.Prompt()))
			}
			return interp.NewList(l), nil
		})
		err := e.Exec(file, src)
		return out.String(), err
	})
}
