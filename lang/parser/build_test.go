package parser

import (
	"testing"

	"github.com/alecthomas/participle/v2"

	"github.com/minidana/dana/lang/lexer"
)

func TestBuild(t *testing.T) {
	if err := build(); err != nil {
		t.Fatal(err)
	}
	if fileParser == nil || exprParser == nil {
		t.Fatal("parsers not built")
	}
}

// BenchmarkBuild measures participle.Build of the grammar, which ParseFile
// pays once per process.
func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		if _, err := participle.Build[gTop](participle.Lexer(lexer.Definition{}), participle.UseLookahead(0)); err != nil {
			b.Fatal(err)
		}
	}
}
