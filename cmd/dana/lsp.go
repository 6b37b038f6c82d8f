package main

import (
	"github.com/spf13/cobra"

	"github.com/minidana/dana/internal/cli"
	"github.com/minidana/dana/lsp"
)

// lspCommand is `dana lsp`: the language server on standard input and
// output.
func (a *app) lspCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (LSP over standard input and output) for editors",
		Long: `Run the mini-Dana language server: the Language Server Protocol over
standard input and output (JSON-RPC with Content-Length framing), for
editors. It publishes the diagnostics of dana check as you type and answers
completion, hover (type and docstring), go to definition, document symbols
and formatting (dana fmt). See editors/README.md for VS Code, Neovim and
Helix.`,
		GroupID: groupTools,
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cli.Exit(lsp.Serve(a.stdin, a.stdout, a.stderr))
		},
	}
}
