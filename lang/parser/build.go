package parser

import (
	"fmt"
	"sync"

	"github.com/alecthomas/participle/v2"

	"github.com/minidana/dana/lang/lexer"
)

var (
	buildOnce  sync.Once
	fileParser *participle.Parser[gTop]
	exprParser *participle.Parser[gExprList]
	buildErr   error
)

// The grammar is built in the background as soon as the program starts
// (participle.Build takes a few milliseconds, more in a cold process), so
// that the first ParseFile rarely waits for it.
func init() {
	go func() { _ = build() }()
}

// build constructs the participle parsers once.
func build() error {
	buildOnce.Do(func() {
		fileParser, buildErr = participle.Build[gTop](
			participle.Lexer(lexer.Definition{}),
			participle.UseLookahead(0),
		)
		if buildErr != nil {
			buildErr = fmt.Errorf("build mini-Dana grammar: %w", buildErr)
			return
		}
		exprParser, buildErr = participle.ParserForProduction[gExprList](fileParser)
		if buildErr != nil {
			buildErr = fmt.Errorf("build mini-Dana expression grammar: %w", buildErr)
		}
	})
	return buildErr
}
