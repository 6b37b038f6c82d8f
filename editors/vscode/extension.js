// Minimal VS Code extension for mini-Dana: the grammar in package.json gives
// highlighting; this starts `dana lsp` for diagnostics, completion, hover,
// go to definition, symbols and formatting. Run `npm install` in this folder
// first (it needs vscode-languageclient).
const vscode = require("vscode");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("dana").get("path", "dana");
  if (!command) {
    return;
  }
  let lc;
  try {
    lc = require("vscode-languageclient/node");
  } catch (e) {
    vscode.window.showWarningMessage("mini-Dana: run `npm install` in the extension folder to enable the language server (highlighting works without it).");
    return;
  }
  const server = { command, args: ["lsp"] };
  client = new lc.LanguageClient(
    "dana",
    "mini-Dana language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "dana" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
