def wrap(text, width):
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cur + " " + word if cur else word
    if cur:
        lines.append(cur)
    return lines
t = "The quick brown fox jumps over the lazy dog and keeps running far away"
for line in wrap(t, 20):
    print(f"|{line:<20}|")
