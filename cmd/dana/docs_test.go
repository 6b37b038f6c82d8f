package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docBlock is one fenced block of a Markdown file.
type docBlock struct {
	info string // the info string: "dana", "dana error", "output", ...
	text string
	line int
}

// fencedBlocks returns the fenced code blocks of a Markdown text.
func fencedBlocks(md string) []docBlock {
	var out []docBlock
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		b := docBlock{info: strings.TrimSpace(strings.TrimPrefix(lines[i], "```")), line: i + 1}
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		b.text = strings.Join(body, "\n") + "\n"
		out = append(out, b)
	}
	return out
}

// TestLanguageReference runs every example of docs/language.md: a dana
// block followed by an output block prints exactly that; a "dana error"
// block fails with the error of the following error block; every other
// dana block runs cleanly. Every SPEC section (1-12) has a heading and at
// least one example.
func TestLanguageReference(t *testing.T) {
	t.Setenv("DANA_LLM", "mock")
	t.Setenv("DANA_HOME", t.TempDir())
	md, err := os.ReadFile(filepath.Join("..", "..", "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := regexp.MustCompile(`(?m)^## (\d+)\. `).FindAllStringSubmatchIndex(string(md), -1)
	if len(sections) != 12 {
		t.Fatalf("%d numbered sections, want 12 (SPEC §1-§12)", len(sections))
	}
	for i, s := range sections {
		end := len(md)
		if i+1 < len(sections) {
			end = sections[i+1][0]
		}
		if n := string(md[s[2]:s[3]]); n != fmt.Sprint(i+1) {
			t.Errorf("section %d is numbered %s", i+1, n)
		}
		if !strings.Contains(string(md[s[0]:end]), "```dana") {
			t.Errorf("section %d has no example", i+1)
		}
	}
	blocks := fencedBlocks(string(md))
	dir := t.TempDir()
	ran := 0
	for i, b := range blocks {
		if b.info != "dana" && b.info != "dana error" {
			continue
		}
		ran++
		var next *docBlock
		if i+1 < len(blocks) {
			next = &blocks[i+1]
		}
		path := filepath.Join(dir, fmt.Sprintf("example_%d.na", b.line))
		if err := os.WriteFile(path, []byte(b.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "--store", filepath.Join(dir, "store"), "--timeout", "30s", "run", path)
		if b.info == "dana error" {
			if code != 1 {
				t.Errorf("language.md:%d: exit %d, want an error\n%s", b.line, code, out)
				continue
			}
			if next != nil && next.info == "error" {
				first, _, _ := strings.Cut(errOut, "\n")
				got := location.ReplaceAllString(first, "")
				if got != strings.TrimSpace(next.text) {
					t.Errorf("language.md:%d: error\n  %s\nwant\n  %s", b.line, got, strings.TrimSpace(next.text))
				}
			}
			continue
		}
		if code != 0 {
			t.Errorf("language.md:%d: exit %d\n%s%s", b.line, code, out, errOut)
			continue
		}
		if next != nil && next.info == "output" && out != next.text {
			t.Errorf("language.md:%d: printed\n%s\nwant\n%s", b.line, out, next.text)
		}
	}
	if ran < 25 {
		t.Fatalf("only %d examples ran", ran)
	}
}

// TestRepoConformance runs the repository's own conformance tests (tests/),
// which `make conformance` runs in a plain clone.
func TestRepoConformance(t *testing.T) {
	code, out, errOut := runCLI(t, "test", filepath.Join("..", "..", "tests"))
	if code != 0 || !regexp.MustCompile(`(?m)^[1-9]\d* passed, 0 failed`).MatchString(out) {
		t.Fatalf("dana test tests: exit %d\n%s%s", code, out, errOut)
	}
}
