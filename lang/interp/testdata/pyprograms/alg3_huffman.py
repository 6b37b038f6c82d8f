def build_tree(text):
    freq = {}
    for ch in text:
        freq[ch] = freq.get(ch, 0) + 1
    nodes = [(n, i, ch) for i, (ch, n) in enumerate(sorted(freq.items()))]
    counter = len(nodes)
    while len(nodes) > 1:
        nodes.sort(key=lambda t: (t[0], t[1]))
        a = nodes.pop(0)
        b = nodes.pop(0)
        nodes.append((a[0] + b[0], counter, (a[2], b[2])))
        counter += 1
    return nodes[0][2], freq

def codes(tree, prefix="", table=None):
    if table is None:
        table = {}
    if isinstance(tree, str):
        table[tree] = prefix or "0"
    else:
        codes(tree[0], prefix + "0", table)
        codes(tree[1], prefix + "1", table)
    return table

text = "this is an example for huffman encoding"
tree, freq = build_tree(text)
table = codes(tree)
for ch in sorted(table, key=lambda c: (len(table[c]), c)):
    print(f"{ch!r:>5} {freq[ch]:>3} {table[ch]}")
encoded = "".join(table[c] for c in text)
print(len(encoded), "bits vs", 8 * len(text))
print(encoded[:64])
rev = {v: k for k, v in table.items()}
out, cur = [], ""
for bit in encoded:
    cur += bit
    if cur in rev:
        out.append(rev[cur])
        cur = ""
print("".join(out) == text, f"{len(encoded) / (8 * len(text)):.3f}")
