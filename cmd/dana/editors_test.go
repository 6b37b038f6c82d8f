package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/minidana/dana/lang/lexer"
)

// TestVSCodeExtension checks the editors/vscode folder: valid JSON, the
// grammar the manifest names, every regular expression well formed (once
// the Oniguruma lookarounds Go lacks are removed) and every keyword of the
// language highlighted.
func TestVSCodeExtension(t *testing.T) {
	dir := filepath.Join("..", "..", "editors", "vscode")
	var manifest struct {
		Contributes struct {
			Languages []struct {
				ID         string   `json:"id"`
				Extensions []string `json:"extensions"`
			} `json:"languages"`
			Grammars []struct {
				Language, ScopeName, Path string
			} `json:"grammars"`
		} `json:"contributes"`
	}
	readJSON(t, filepath.Join(dir, "package.json"), &manifest)
	readJSON(t, filepath.Join(dir, "language-configuration.json"), new(map[string]any))
	if len(manifest.Contributes.Languages) != 1 || manifest.Contributes.Languages[0].Extensions[0] != ".na" || len(manifest.Contributes.Grammars) != 1 {
		t.Fatalf("manifest: %+v", manifest.Contributes)
	}
	g := manifest.Contributes.Grammars[0]
	var grammar map[string]any
	readJSON(t, filepath.Join(dir, g.Path), &grammar)
	if grammar["scopeName"] != g.ScopeName {
		t.Fatalf("grammar scope %v, manifest %s", grammar["scopeName"], g.ScopeName)
	}
	lookaround := regexp.MustCompile(`\(\?[=!](?:\\.|[^()\\])*\)`)
	backref := regexp.MustCompile(`\\[1-9]`)
	var patterns []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && (k == "match" || k == "begin" || k == "end") {
					patterns = append(patterns, s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(grammar)
	if len(patterns) < 15 {
		t.Fatalf("only %d patterns", len(patterns))
	}
	var all strings.Builder
	for _, p := range patterns {
		q := backref.ReplaceAllString(lookaround.ReplaceAllString(p, ""), "x")
		if _, err := regexp.Compile(q); err != nil {
			t.Errorf("pattern %q: %v", p, err)
		}
		all.WriteString(p + "\n")
	}
	for kw := range lexer.Keywords {
		if !regexp.MustCompile(`[|(]` + kw + `[|)]`).MatchString(all.String()) {
			t.Errorf("keyword %q is not highlighted", kw)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
