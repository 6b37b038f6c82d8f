def key(w):
    return "".join(sorted(w))

words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]
groups = {}
for w in words:
    groups.setdefault(key(w), []).append(w)
for k, v in groups.items():
    print(k, v)
print(sorted(len(v) for v in groups.values()))
