package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestReadmeSnippets runs every ```python block of the README (offline,
// with the mock model) so the language tour cannot drift from the language.
func TestReadmeSnippets(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```python\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) < 2 {
		t.Fatalf("expected the README's code blocks, found %d", len(blocks))
	}
	t.Setenv("DANA_LLM", "mock")
	t.Setenv("DANA_HOME", t.TempDir())
	dir := t.TempDir()
	for i, b := range blocks {
		path := filepath.Join(dir, "readme"+string(rune('a'+i))+".na")
		if err := os.WriteFile(path, []byte(b[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out, errOut := runCLI(t, "run", path); code != 0 {
			t.Errorf("README block %d failed (exit %d):\n%s%s\n--- block ---\n%s", i+1, code, out, errOut, b[1])
		}
	}
}
