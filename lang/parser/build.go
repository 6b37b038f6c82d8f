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

// build constructs the participle parsers once, on the first parse that
// needs them. It is not started at package init: a process that parses
// nothing (dana --help, store commands, an empty script) does not pay the
// few milliseconds and ~3.5 MB of participle.Build.
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
