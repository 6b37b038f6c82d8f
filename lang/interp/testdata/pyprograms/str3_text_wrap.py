text = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
        "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
        "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.")

def wrap(text, width):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    if line:
        lines.append(line)
    return lines

def justify(line, width):
    words = line.split()
    if len(words) == 1:
        return line.ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(len(w) for w in words)
    out = ""
    for i, w in enumerate(words[:-1]):
        n = spaces // gaps + (1 if i < spaces % gaps else 0)
        out += w + " " * n
    return out + words[-1]

for width in (30, 45):
    print("+" + "-" * width + "+")
    lines = wrap(text, width)
    for i, l in enumerate(lines):
        shown = justify(l, width) if i < len(lines) - 1 else l.ljust(width)
        print("|" + shown + "|")
    print("+" + "-" * width + "+")
for l in wrap(text, 40)[:3]:
    print(l.center(44, "~"))
    print(l.rjust(44))
print(max(len(l) for l in wrap(text, 20)), len(wrap(text, 20)))
