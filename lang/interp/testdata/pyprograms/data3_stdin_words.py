import_free = True
counts = {}
lines = 0
chars = 0
while True:
    try:
        line = input()
    except EOFError:
        break
    lines += 1
    chars += len(line) + 1
    for word in line.lower().split():
        word = word.strip(".,;:!?\"'()")
        if word:
            counts[word] = counts.get(word, 0) + 1
print(f"{lines} lines, {sum(counts.values())} words, {chars} chars, {len(counts)} distinct")
for w, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:10]:
    print(f"{c:4d} {w}")
