# A hand-written JSON tokenizer, recursive-descent parser and printer:
# character scanning by index, string building, dicts and lists built on
# the fly, recursion over nested documents, isinstance dispatch.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")

WS = " \t\n\r"
DIGITS = "0123456789+-.eE"


class ParseError(Exception):
    pass


def tokenize(text):
    tokens = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in WS:
            i += 1
        elif c in "{}[]:,":
            tokens.append((c, None))
            i += 1
        elif c == '"':
            j = i + 1
            parts = []
            while text[j] != '"':
                if text[j] == "\\":
                    nxt = text[j + 1]
                    if nxt == "n":
                        parts.append("\n")
                    elif nxt == "t":
                        parts.append("\t")
                    else:
                        parts.append(nxt)
                    j += 2
                else:
                    parts.append(text[j])
                    j += 1
            tokens.append(("str", "".join(parts)))
            i = j + 1
        elif c in DIGITS:
            j = i
            while j < n and text[j] in DIGITS:
                j += 1
            num = text[i:j]
            if "." in num or "e" in num or "E" in num:
                tokens.append(("num", float(num)))
            else:
                tokens.append(("num", int(num)))
            i = j
        elif text.startswith("true", i):
            tokens.append(("lit", True))
            i += 4
        elif text.startswith("false", i):
            tokens.append(("lit", False))
            i += 5
        elif text.startswith("null", i):
            tokens.append(("lit", None))
            i += 4
        else:
            raise ParseError(f"unexpected {c!r} at {i}")
    return tokens


class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def expect(self, kind):
        tok = self.tokens[self.pos]
        if tok[0] != kind:
            raise ParseError(f"expected {kind} got {tok[0]}")
        self.pos += 1
        return tok

    def value(self):
        kind, val = self.tokens[self.pos]
        if kind == "{":
            self.pos += 1
            obj = {}
            if self.tokens[self.pos][0] == "}":
                self.pos += 1
                return obj
            while True:
                key = self.expect("str")[1]
                self.expect(":")
                obj[key] = self.value()
                if self.tokens[self.pos][0] == ",":
                    self.pos += 1
                else:
                    self.expect("}")
                    return obj
        if kind == "[":
            self.pos += 1
            arr = []
            if self.tokens[self.pos][0] == "]":
                self.pos += 1
                return arr
            while True:
                arr.append(self.value())
                if self.tokens[self.pos][0] == ",":
                    self.pos += 1
                else:
                    self.expect("]")
                    return arr
        self.pos += 1
        return val


def escape(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def dump(v, indent, level, out):
    if isinstance(v, dict):
        if not v:
            out.append("{}")
            return
        out.append("{\n")
        first = True
        for k, x in v.items():
            if not first:
                out.append(",\n")
            first = False
            out.append(" " * (indent * (level + 1)) + escape(k) + ": ")
            dump(x, indent, level + 1, out)
        out.append("\n" + " " * (indent * level) + "}")
    elif isinstance(v, list):
        if not v:
            out.append("[]")
            return
        out.append("[")
        for i, x in enumerate(v):
            if i:
                out.append(", ")
            dump(x, indent, level + 1, out)
        out.append("]")
    elif isinstance(v, str):
        out.append(escape(v))
    elif v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, float):
        out.append(repr(v))
    else:
        out.append(str(v))


def compact(v):
    if isinstance(v, dict):
        return "{" + ",".join(escape(k) + ":" + compact(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(compact(x) for x in v) + "]"
    if isinstance(v, str):
        return escape(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return repr(v)


def make_doc(n):
    users = []
    for i in range(n):
        users.append({
            "id": i,
            "name": f"user {i}",
            "email": f"user{i}@example.com",
            "score": i * 1.5 + 0.25,
            "active": i % 3 != 0,
            "tags": ["t" + str(i % 7), "g" + str(i % 5), 'quote"d'],
            "address": {"street": f"{i} Main St\tApt {i % 10}", "zip": str(10000 + i), "geo": [i / 8, -i / 16]},
            "manager": None if i % 4 else i // 4,
        })
    return {"version": 3, "users": users, "meta": {"count": n, "note": "line1\nline2"}}


N = 40 if SMALL else 1600
doc = make_doc(N)
text = compact(doc)
tokens = tokenize(text)
parsed = Parser(tokens).value()
again = compact(parsed)
print("tokens", len(tokens), "chars", len(text), "same", again == text)
out = []
dump(parsed, 2, 0, out)
pretty = "".join(out)
print("pretty", len(pretty), pretty.count("\n"))
back = Parser(tokenize(pretty)).value()
print("roundtrip", compact(back) == text, back["users"][N // 2]["address"]["geo"], back["meta"])
try:
    tokenize('{"a": @}')
except ParseError as e:
    print("error", e)
