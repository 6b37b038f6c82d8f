package poet_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/internal/scripttest"
	"github.com/minidana/dana/lang/interp"
)

// newEngine returns an engine whose DANA_HOME (and so learning store) is a
// fresh temporary directory, with the offline mock LLM.
func newEngine(t testing.TB, out *bytes.Buffer, env map[string]string) (*engine.Engine, string) {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"DANA_HOME": home, "DANA_LLM": "mock", "HOME": home}
	for k, v := range env {
		vars[k] = v
	}
	e := engine.New(engine.Config{
		Stdout:   out,
		Stderr:   out,
		MaxSteps: 5_000_000,
		Getenv:   func(k string) string { return vars[k] },
	})
	t.Cleanup(func() { _ = e.Close() })
	return e, filepath.Join(home, "store")
}

// TestScripts runs the script tests under testdata/ (see package
// scripttest for the format): each chunk in a fresh engine with a fresh
// learning store.
func TestScripts(t *testing.T) {
	scripttest.Run(t, "testdata/*.na", true, func(t *testing.T, file, src string) (string, error) {
		var out bytes.Buffer
		e, _ := newEngine(t, &out, nil)
		err := e.Exec(file, src)
		return out.String(), err
	})
}

// render shows an error the way `dana run` does.
func render(err error) string {
	if s, ok := interp.RenderError(err); ok {
		return s
	}
	return err.Error()
}
