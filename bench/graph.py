# Dict and set heavy code: adjacency dicts, BFS with a visited set,
# Dijkstra with a sorted frontier, connected components, degree histograms.
import os

def build(n, seed):
    g = {}
    x = seed
    for i in range(n):
        g[i] = {}
    for i in range(n * 3):
        x = (x * 1103515245 + 12345) % 2147483648
        a = x % n
        b = (x // n) % n
        if a != b:
            w = 1 + x % 9
            g[a][b] = w
            g[b][a] = w
    return g

def bfs(g, start):
    dist = {start: 0}
    frontier = [start]
    while len(frontier) > 0:
        nxt = []
        for u in frontier:
            for v in g[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist

def dijkstra(g, src):
    best = {src: 0}
    done = set()
    todo = {src}
    while len(todo) > 0:
        u = min(todo, key=lambda k: (best[k], k))
        todo.discard(u)
        done.add(u)
        for v, w in g[u].items():
            if v in done:
                continue
            nd = best[u] + w
            if v not in best or nd < best[v]:
                best[v] = nd
                todo.add(v)
    return best

def components(g):
    seen = set()
    count = 0
    for u in g:
        if u in seen:
            continue
        count += 1
        stack = [u]
        seen.add(u)
        while len(stack) > 0:
            x = stack.pop()
            for v in g[x]:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
    return count

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 300 if SMALL else 2000
total = 0
for r in range(3):
    g = build(N, r + 1)
    d = bfs(g, 0)
    hist = {}
    for v in d.values():
        hist[v] = hist.get(v, 0) + 1
    deg = {}
    for u, nb in g.items():
        k = len(nb)
        deg[k] = deg.get(k, 0) + 1
    sp = dijkstra(g, 0)
    far = max(sp.items(), key=lambda kv: (kv[1], -kv[0]))
    odd = {u for u in g if len(g[u]) % 2 == 1}
    even = set(g.keys()) - odd
    total += sum(sp.values()) + len(odd) + components(g)
    print(r, sorted(hist.items()), sorted(deg.items())[:4], far, len(odd), len(even))
print("total", total)
