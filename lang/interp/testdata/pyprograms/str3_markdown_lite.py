DOC = """# Title here
Some *emphasis* and **strong** text.

## List
- first item
- second *item*
- third

1. one
2. two

> a quote
Plain `code` line."""

def inline(text):
    out = []
    i = 0
    while i < len(text):
        if text.startswith("**", i):
            j = text.index("**", i + 2)
            out.append("<b>" + text[i + 2:j] + "</b>")
            i = j + 2
        elif text[i] == "*":
            j = text.index("*", i + 1)
            out.append("<i>" + text[i + 1:j] + "</i>")
            i = j + 1
        elif text[i] == "`":
            j = text.index("`", i + 1)
            out.append("<code>" + text[i + 1:j] + "</code>")
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)

html = []
in_list = None
for line in DOC.split("\n"):
    kind = None
    if line.startswith("- "):
        kind, body = "ul", line[2:]
    elif line[:1].isdigit() and ". " in line:
        kind, body = "ol", line.split(". ", 1)[1]
    if in_list and kind != in_list:
        html.append(f"</{in_list}>")
        in_list = None
    if kind:
        if not in_list:
            html.append(f"<{kind}>")
            in_list = kind
        html.append(f"  <li>{inline(body)}</li>")
    elif line.startswith("#"):
        level = len(line) - len(line.lstrip("#"))
        html.append(f"<h{level}>{inline(line[level:].strip())}</h{level}>")
    elif line.startswith("> "):
        html.append(f"<blockquote>{inline(line[2:])}</blockquote>")
    elif line.strip():
        html.append(f"<p>{inline(line)}</p>")
if in_list:
    html.append(f"</{in_list}>")
print("\n".join(html))
print(len(html), sum(1 for h in html if h.startswith("  <li>")))
