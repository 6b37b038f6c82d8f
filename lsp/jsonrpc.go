// Package lsp is mini-Dana's language server (`dana lsp`): the Language
// Server Protocol over standard input and output, JSON-RPC 2.0 messages
// framed by Content-Length headers.
//
// It answers diagnostics (those of `dana check`, published on didOpen and
// didChange), completion (names in scope, struct fields and methods, the
// methods of builtin types, builtins, keywords), hover (the declared or
// inferred type, the signature and docstring), go to definition, document
// symbols and formatting (`dana fmt`). Everything is computed from the
// parser's syntax tree; no program is run.
package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
)

// message is a JSON-RPC 2.0 request, notification or response.
type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
	Error   *rpcError        `json:"error,omitempty"`
}

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// JSON-RPC and LSP error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
)

// conn reads and writes framed messages.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

// read returns the next message body.
func (c *conn) read() ([]byte, error) {
	tp := textproto.NewReader(c.r)
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		if err == io.EOF || strings.Contains(err.Error(), "EOF") {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("reading a message header: %w", err)
	}
	n, err := strconv.Atoi(h.Get("Content-Length"))
	if err != nil || n < 0 || n > 64<<20 {
		return nil, fmt.Errorf("bad Content-Length %q", h.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, fmt.Errorf("reading a message body: %w", err)
	}
	return body, nil
}

// write sends one message.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	b, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: b})
}
