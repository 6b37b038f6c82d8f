package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/minidana/dana/engine"
	"github.com/minidana/dana/lang/diag"
	"github.com/minidana/dana/lang/format"
	"github.com/minidana/dana/lang/interp"
)

// Server is one language-server session.
type Server struct {
	c           *conn
	eng         *engine.Engine
	docs        map[string]*document
	initialized bool
	shutdown    bool
	log         io.Writer
}

// document is an open text document.
type document struct {
	uri     string
	version int
	text    string
}

// Serve runs a session on r and w until the client sends exit or closes
// the input. It returns the process exit status the protocol asks for: 0
// after shutdown, 1 otherwise. log receives problems worth a line (nil:
// none).
func Serve(r io.Reader, w io.Writer, log io.Writer) int {
	if log == nil {
		log = io.Discard
	}
	eng := engine.New(engine.Config{Stdout: io.Discard, Stderr: io.Discard})
	defer eng.Close()
	s := &Server{c: &conn{r: bufio.NewReader(r), w: w}, eng: eng, docs: map[string]*document{}, log: log}
	for {
		body, err := s.c.read()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				io.WriteString(log, "dana lsp: "+err.Error()+"\n")
			}
			return s.exitCode()
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			_ = s.c.write(&message{ID: nullID(), Error: &rpcError{Code: codeParseError, Message: err.Error()}})
			continue
		}
		if m.Method == "exit" {
			return s.exitCode()
		}
		s.handle(&m)
	}
}

func (s *Server) exitCode() int {
	if s.shutdown {
		return 0
	}
	return 1
}

func nullID() *json.RawMessage {
	r := json.RawMessage("null")
	return &r
}

// handle answers one request or notification.
func (s *Server) handle(m *message) {
	result, rerr := s.dispatch(m)
	if m.ID == nil {
		return // a notification: no answer
	}
	resp := &message{ID: m.ID}
	if rerr != nil {
		resp.Error = rerr
	} else {
		b, err := json.Marshal(result)
		if err != nil {
			resp.Error = &rpcError{Code: codeInternalError, Message: err.Error()}
		} else {
			resp.Result = b
		}
	}
	_ = s.c.write(resp)
}

func (s *Server) dispatch(m *message) (any, *rpcError) {
	if !s.initialized && m.Method != "initialize" {
		if m.ID == nil {
			return nil, nil
		}
		return nil, &rpcError{Code: codeNotInitialized, Message: "the server is not initialized"}
	}
	decode := func(v any) *rpcError {
		if err := json.Unmarshal(m.Params, v); err != nil {
			return &rpcError{Code: codeInvalidParams, Message: err.Error()}
		}
		return nil
	}
	switch m.Method {
	case "initialize":
		s.initialized = true
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":           map[string]any{"openClose": true, "change": 1},
				"completionProvider":         map[string]any{"triggerCharacters": []string{".", ":"}},
				"hoverProvider":              true,
				"definitionProvider":         true,
				"documentSymbolProvider":     true,
				"documentFormattingProvider": true,
			},
			"serverInfo": map[string]any{"name": "dana lsp", "version": engine.Version},
		}, nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
		return nil, nil
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		d := &document{uri: p.TextDocument.URI, version: p.TextDocument.Version, text: p.TextDocument.Text}
		s.docs[d.uri] = d
		s.publish(d)
		return nil, nil
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			d = &document{uri: p.TextDocument.URI}
			s.docs[d.uri] = d
		}
		for _, ch := range p.ContentChanges {
			if ch.Range == nil {
				d.text = ch.Text
				continue
			}
			start, end := offsetOf(d.text, ch.Range.Start), offsetOf(d.text, ch.Range.End)
			if start <= end {
				d.text = d.text[:start] + ch.Text + d.text[end:]
			}
		}
		d.version = p.TextDocument.Version
		s.publish(d)
		return nil, nil
	case "textDocument/didClose":
		var p didCloseParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		delete(s.docs, p.TextDocument.URI)
		_ = s.c.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []Diagnostic{}})
		return nil, nil
	case "textDocument/completion", "textDocument/hover", "textDocument/definition":
		var p positionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return nil, nil
		}
		a := analyze(pathOf(d.uri), d.text, s.eng.Interpreter)
		switch m.Method {
		case "textDocument/completion":
			return completionList{Items: a.complete(p.Position)}, nil
		case "textDocument/hover":
			if h := a.hover(p.Position); h != nil {
				return h, nil
			}
			return nil, nil
		default:
			if loc := a.definition(d.uri, p.Position); loc != nil {
				return loc, nil
			}
			return nil, nil
		}
	case "textDocument/documentSymbol":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if err := decode(&p); err != nil {
			return nil, err
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return []DocumentSymbol{}, nil
		}
		return analyze(pathOf(d.uri), d.text, s.eng.Interpreter).symbols(), nil
	case "textDocument/formatting":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if err := decode(&p); err != nil {
			return nil, err
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return []TextEdit{}, nil
		}
		out, err := format.Source(pathOf(d.uri), d.text)
		if err != nil {
			return nil, &rpcError{Code: codeInternalError, Message: "cannot format: " + strings.ReplaceAll(err.Error(), "\n", "; ")}
		}
		if out == d.text {
			return []TextEdit{}, nil
		}
		return []TextEdit{{Range: Range{End: endOf(d.text)}, NewText: out}}, nil
	}
	if m.ID == nil {
		return nil, nil
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: "method not supported: " + m.Method}
}

// publish sends the diagnostics of `dana check` for d.
func (s *Server) publish(d *document) {
	path := pathOf(d.uri)
	warnings, err := s.eng.Lint(path, d.text)
	diags := []Diagnostic{}
	for _, w := range warnings {
		diags = append(diags, s.diagnostic(d.text, w, severityWarning))
	}
	var l diag.List
	var one *diag.Error
	var ex *interp.Exception
	switch {
	case err == nil:
	case errors.As(err, &l):
		for _, e := range l {
			diags = append(diags, s.diagnostic(d.text, e, severityError))
		}
	case errors.As(err, &one):
		diags = append(diags, s.diagnostic(d.text, one, severityError))
	case errors.As(err, &ex):
		diags = append(diags, s.diagnostic(d.text, &diag.Error{Pos: ex.Pos, Type: ex.Type.Name, Msg: ex.Msg}, severityError))
	default:
		diags = append(diags, Diagnostic{Severity: severityError, Source: "dana", Message: err.Error()})
	}
	_ = s.c.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Version: d.version, Diagnostics: diags})
}

// diagnostic converts a located error: its range covers the word at the
// position (one character when there is none).
func (s *Server) diagnostic(text string, e *diag.Error, severity int) Diagnostic {
	line := max(e.Pos.Line-1, 0)
	lt := lineOf(text, line)
	startRune := max(e.Pos.Col-1, 0)
	runes := []rune(lt)
	endRune := startRune
	for endRune < len(runes) && isIdentRune(runes[endRune]) {
		endRune++
	}
	if endRune == startRune {
		endRune = min(startRune+1, len(runes))
	}
	r := Range{Start: Position{Line: line, Character: utf16Col(lt, startRune)}, End: Position{Line: line, Character: utf16Col(lt, endRune)}}
	return Diagnostic{Range: r, Severity: severity, Source: "dana", Code: e.Type, Message: e.Type + ": " + e.Msg}
}

// pathOf turns a file:// URI into a path (other URIs are used as they are).
func pathOf(uri string) string {
	if u, err := url.Parse(uri); err == nil && u.Scheme == "file" {
		return u.Path
	}
	return uri
}

// lineOf returns line n (zero-based) of text.
func lineOf(text string, n int) string {
	for i := 0; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSuffix(text, "\r")
}

// utf16Col converts a rune index in line to UTF-16 code units.
func utf16Col(line string, runeIdx int) int {
	n := 0
	for i, r := range []rune(line) {
		if i >= runeIdx {
			break
		}
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// runeCol converts a UTF-16 offset in line to a rune index.
func runeCol(line string, units int) int {
	n, i := 0, 0
	for _, r := range line {
		if n >= units {
			break
		}
		n += len(utf16.Encode([]rune{r}))
		i++
	}
	return i
}

// offsetOf converts a position to a byte offset in text.
func offsetOf(text string, p Position) int {
	off := 0
	for i := 0; i < p.Line; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return len(text)
		}
		off += j + 1
	}
	line := lineOf(text[off:], 0)
	rc := runeCol(line, p.Character)
	b := 0
	for i := 0; i < rc && b < len(line); i++ {
		_, size := utf8.DecodeRuneInString(line[b:])
		b += size
	}
	return off + b
}

// endOf is the position just past the end of text.
func endOf(text string) Position {
	lines := strings.Split(text, "\n")
	last := lines[len(lines)-1]
	return Position{Line: len(lines) - 1, Character: utf16Col(last, utf8.RuneCountInString(last))}
}

func isIdentRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 127
}
