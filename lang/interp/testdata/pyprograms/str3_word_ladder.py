# BFS word ladder over a small dictionary
WORDS = set("""cold cord card ward warm word worm wore core care dare date gate game fame
fold gold bold bolt boat coat cost cast case came come cone bone bane band hand hard herd""".split())

def neighbours(w):
    for i in range(len(w)):
        for c in "abcdefghijklmnopqrstuvwxyz":
            if c != w[i]:
                cand = w[:i] + c + w[i + 1:]
                if cand in WORDS:
                    yield cand

def ladder(start, goal):
    frontier = [start]
    parent = {start: None}
    while frontier:
        nxt = []
        for w in frontier:
            if w == goal:
                path = []
                while w:
                    path.append(w)
                    w = parent[w]
                return path[::-1]
            for n in sorted(neighbours(w)):
                if n not in parent:
                    parent[n] = w
                    nxt.append(n)
        frontier = nxt
    return None

for a, b in [("cold", "warm"), ("gold", "boat"), ("card", "hand"), ("cold", "zzzz"), ("game", "came")]:
    path = ladder(a, b)
    if path:
        print(f"{a} -> {b}: {len(path) - 1} steps: {' > '.join(path)}")
    else:
        print(f"{a} -> {b}: no path")
degree = {w: len(list(neighbours(w))) for w in sorted(WORDS)}
print(max(degree.items(), key=lambda kv: kv[1]))
print(sorted(w for w, d in degree.items() if d == 1))
