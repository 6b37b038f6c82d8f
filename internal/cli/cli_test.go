package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestTableAlignsWideCharacters: columns line up by display width, so a
// CJK cell (two terminal cells per character) does not shift the next one.
func TestTableAlignsWideCharacters(t *testing.T) {
	tb := NewTable("NAME", "CITY")
	tb.Row("東京タワー", "Tokyo")
	tb.Row("Ada", "London")
	tb.Row("café", "Paris")
	var b bytes.Buffer
	tb.Write(&b)
	want := "NAME        CITY\n" +
		"東京タワー  Tokyo\n" +
		"Ada         London\n" +
		"café        Paris\n"
	if b.String() != want {
		t.Fatalf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"short", 10, "short"},
		{"two\n  lines", 20, "two lines"},
		{"abcdefghij", 5, "abcd…"},
		{"日本語のテキスト", 7, "日本語…"},
	}
	for _, tc := range tests {
		if got := Clip(tc.in, tc.width); got != tc.want || Width(got) > tc.width {
			t.Errorf("Clip(%q, %d) = %q (width %d), want %q", tc.in, tc.width, got, Width(got), tc.want)
		}
	}
}

func TestCode(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, 0},
		{errors.New("boom"), 1},
		{&UsageError{Msg: "bad flag"}, 2},
		{fmt.Errorf("wrapped: %w", &UsageError{Msg: "bad"}), 2},
		{Exit(130), 130},
		{Exit(0), 0},
	}
	for _, tc := range tests {
		if got := Code(tc.err); got != tc.want {
			t.Errorf("Code(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
	var b bytes.Buffer
	Report(&b, Exit(1))
	Report(&b, errors.New("line one\nline two"))
	if b.String() != "dana: line one line two\n" {
		t.Errorf("Report: %q", b.String())
	}
}
