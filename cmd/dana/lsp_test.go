package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lspClient speaks JSON-RPC to a running `dana lsp`.
type lspClient struct {
	t      *testing.T
	in     io.WriteCloser
	msgs   chan map[string]any
	nextID int
}

func startLSP(t *testing.T, bin string) (*lspClient, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(bin, "lsp")
	cmd.Env = append(os.Environ(), "DANA_HOME="+t.TempDir())
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &lspClient{t: t, in: in, msgs: make(chan map[string]any, 100)}
	go func() {
		defer close(c.msgs)
		r := bufio.NewReader(out)
		for {
			h, err := textproto.NewReader(r).ReadMIMEHeader()
			if err != nil {
				return
			}
			n, err := strconv.Atoi(h.Get("Content-Length"))
			if err != nil {
				t.Errorf("bad header %v", h)
				return
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("bad JSON %q", body)
				return
			}
			c.msgs <- m
		}
	}()
	return c, cmd
}

func (c *lspClient) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	b, _ := json.Marshal(m)
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
		c.t.Fatal(err)
	}
}

// wait returns the next message that satisfies ok.
func (c *lspClient) wait(what string, ok func(m map[string]any) bool) map[string]any {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server stopped while waiting for %s", what)
			}
			if ok(m) {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no %s within 20s", what)
		}
	}
}

// request sends a request and returns its result.
func (c *lspClient) request(method string, params any) any {
	c.t.Helper()
	c.nextID++
	id := float64(c.nextID)
	c.send(map[string]any{"id": c.nextID, "method": method, "params": params})
	m := c.wait("the answer to "+method, func(m map[string]any) bool { return m["id"] == id })
	if e, ok := m["error"]; ok {
		c.t.Fatalf("%s: error %v", method, e)
	}
	return m["result"]
}

// TestLSP starts the real `dana lsp` and drives it as an editor would.
func TestLSP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dana binary")
	}
	bin := buildDana(t)
	c, cmd := startLSP(t, bin)
	path := filepath.Join(t.TempDir(), "shop.na")
	uri := "file://" + path

	init := c.request("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	caps := init.(map[string]any)["capabilities"].(map[string]any)
	for _, k := range []string{"hoverProvider", "definitionProvider", "documentSymbolProvider", "documentFormattingProvider", "completionProvider"} {
		if caps[k] == nil {
			t.Errorf("capability %s missing: %v", k, caps)
		}
	}
	c.send(map[string]any{"method": "initialized", "params": map[string]any{}})

	// A file with a syntax error on line 3 (zero-based 2).
	bad := "x = 1\ny = 2\nz = (x +\n"
	c.send(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "dana", "version": 1, "text": bad}}})
	diags := c.wait("publishDiagnostics", func(m map[string]any) bool { return m["method"] == "textDocument/publishDiagnostics" })
	ds := diags["params"].(map[string]any)["diagnostics"].([]any)
	if len(ds) == 0 {
		t.Fatalf("no diagnostics for %q", bad)
	}
	d0 := ds[0].(map[string]any)
	line := d0["range"].(map[string]any)["start"].(map[string]any)["line"].(float64)
	if line < 2 || line > 3 || !strings.Contains(d0["message"].(string), "SyntaxError") || d0["severity"].(float64) != 1 {
		t.Fatalf("diagnostic %v, want a SyntaxError on line 2 or 3 (zero-based)", d0)
	}

	// The fixed file: a warning for a misspelt name, at its line and column.
	src := `struct Item:
    """Something for sale."""
    name: str     # as printed on the label
    price: float

def total(items: list[Item], tax: float = 0.2) -> float:
    """Sum of prices with tax."""
    s = 0.0
    for it in items:
        s += it.price
    return s * (1 + tax)

cart = [Item(name="tea", price=2.5)]
first = cart[0]
tea = Item(name="tea", price=2.5)
print(totl(cart))
`
	c.send(map[string]any{"method": "textDocument/didChange", "params": map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": src}}}})
	diags = c.wait("publishDiagnostics v2", func(m map[string]any) bool {
		return m["method"] == "textDocument/publishDiagnostics" && m["params"].(map[string]any)["version"] == 2.0
	})
	found := false
	for _, d := range diags["params"].(map[string]any)["diagnostics"].([]any) {
		dm := d.(map[string]any)
		start := dm["range"].(map[string]any)["start"].(map[string]any)
		if strings.Contains(dm["message"].(string), "'totl'") && start["line"] == 15.0 && start["character"] == 6.0 {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic for totl at 15:6: %v", diags["params"])
	}

	// Completion while typing: the line in progress does not parse, the
	// rest still answers.
	c.send(map[string]any{"method": "textDocument/didChange", "params": map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []any{map[string]any{"text": src + "t = tea.\n"}}}})
	pos := func(line, char int) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": char}}
	}
	labels := func(res any) map[string]bool {
		out := map[string]bool{}
		for _, it := range res.(map[string]any)["items"].([]any) {
			out[it.(map[string]any)["label"].(string)] = true
		}
		return out
	}
	// Struct fields after "tea." (line 16).
	got := labels(c.request("textDocument/completion", pos(16, 8)))
	if !got["name"] || !got["price"] || len(got) != 2 {
		t.Errorf("completion after tea.: %v", got)
	}
	// Names in scope and builtins at the start of a line.
	got = labels(c.request("textDocument/completion", pos(15, 2)))
	for _, w := range []string{"print", "private:"} {
		if !got[w] {
			t.Errorf("completion of 'pr' lacks %s: %v", w, got)
		}
	}
	got = labels(c.request("textDocument/completion", pos(15, 7)))
	if !got["total"] || !got["tea"] {
		t.Errorf("completion of 't' at 15:8 lacks total or tea: %v", got)
	}

	// Hover: a function's signature and docstring, an inferred type, a field.
	hoverText := func(line, char int) string {
		res := c.request("textDocument/hover", pos(line, char))
		if res == nil {
			return ""
		}
		return res.(map[string]any)["contents"].(map[string]any)["value"].(string)
	}
	if h := hoverText(15, 12); !strings.Contains(h, "cart: list") {
		t.Errorf("hover on cart: %q", h)
	}
	if h := hoverText(5, 5); !strings.Contains(h, "def total(items: list[Item], tax: float = ...) -> float") || !strings.Contains(h, "Sum of prices with tax.") {
		t.Errorf("hover on def total: %q", h)
	}
	if h := hoverText(14, 1); !strings.Contains(h, "tea: Item") {
		t.Errorf("hover on tea (inferred): %q", h)
	}
	if h := hoverText(9, 18); !strings.Contains(h, "(field) Item.price: float") {
		t.Errorf("hover on it.price: %q", h)
	}
	if h := hoverText(7, 4); !strings.Contains(h, "s: float") {
		t.Errorf("hover on local s: %q", h)
	}

	// Go to definition of total from its call... and of Item.
	def := c.request("textDocument/definition", pos(12, 9)).(map[string]any)
	if def["uri"] != uri || def["range"].(map[string]any)["start"].(map[string]any)["line"] != 0.0 {
		t.Errorf("definition of Item: %v", def)
	}

	syms := c.request("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}).([]any)
	var names []string
	for _, s := range syms {
		names = append(names, s.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "Item,total,cart,first,tea" {
		t.Errorf("document symbols: %v", names)
	}

	// Formatting a valid document returns one edit with dana fmt's text.
	c.send(map[string]any{"method": "textDocument/didChange", "params": map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 4},
		"contentChanges": []any{map[string]any{"text": "x=1\nif x :\n  print( x )\n"}}}})
	edits := c.request("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}).([]any)
	if len(edits) != 1 || edits[0].(map[string]any)["newText"] != "x = 1\nif x:\n    print(x)\n" {
		t.Errorf("formatting: %v", edits)
	}

	// Unknown requests get MethodNotFound; shutdown then exit ends with 0.
	c.nextID++
	c.send(map[string]any{"id": c.nextID, "method": "textDocument/rename", "params": map[string]any{}})
	m := c.wait("an error", func(m map[string]any) bool { return m["id"] == float64(c.nextID) })
	if e, _ := m["error"].(map[string]any); e == nil || e["code"] != -32601.0 {
		t.Errorf("unknown method: %v", m)
	}
	c.request("shutdown", nil)
	c.send(map[string]any{"method": "exit"})
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("dana lsp exited with %v after shutdown and exit", err)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("dana lsp did not exit")
	}
}
