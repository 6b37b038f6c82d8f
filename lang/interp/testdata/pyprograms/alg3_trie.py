def insert(trie, word):
    node = trie
    for ch in word:
        node = node.setdefault(ch, {})
    node["$"] = node.get("$", 0) + 1

def collect(node, prefix, out):
    for key in sorted(node):
        if key == "$":
            out.append((prefix, node["$"]))
        else:
            collect(node[key], prefix + key, out)
    return out

def complete(trie, prefix):
    node = trie
    for ch in prefix:
        if ch not in node:
            return []
        node = node[ch]
    return collect(node, prefix, [])

trie = {}
for w in "car card care careful cart cat catalog dog dodge door do car care".split():
    insert(trie, w)
for p in ["car", "ca", "do", "x", "careful", ""]:
    matches = complete(trie, p)
    print(f"{p!r:<10} {len(matches):>2} {[w for w, n in matches]}")
print(complete(trie, "car"))
def count_nodes(node):
    return sum(1 + count_nodes(v) for k, v in node.items() if k != "$")
print("nodes:", count_nodes(trie))
print(sorted(trie), list(trie["d"]["o"]))
