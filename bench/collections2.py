# Collection mix: list methods (insert, remove, index, count, pop, extend,
# reverse), membership tests on lists and sets, dict methods (setdefault,
# pop, update, get, items), set algebra, nested comprehensions, sorting with
# keys, a deque-like queue with pop(0) and an LRU cache built on dict order.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def lcg(seed):
    while True:
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed


def playlist_ops(n):
    rnd = lcg(5)
    songs = [f"song{i}" for i in range(50)]
    played = []
    for _ in range(n):
        r = next(rnd)
        op = r % 6
        s = songs[(r >> 8) % len(songs)]
        if op == 0:
            songs.remove(s)
            songs.append(s)
        elif op == 1:
            i = songs.index(s)
            songs.insert(max(0, i - 3), songs.pop(i))
        elif op == 2:
            played.append(s)
        elif op == 3 and played:
            played.pop(0)
        elif op == 4:
            songs.reverse()
        else:
            played.extend(songs[:2])
    return songs[:3], len(played), played.count("song7"), "song7" in played


def lru_simulation(n, capacity):
    cache = {}
    hits = misses = 0
    rnd = lcg(11)
    for _ in range(n):
        key = next(rnd) % (capacity * 3) // 2
        if key in cache:
            hits += 1
            cache[key] = cache.pop(key)
        else:
            misses += 1
            cache[key] = key * key
            if len(cache) > capacity:
                oldest = next(iter(cache))
                del cache[oldest]
    return hits, misses, list(cache)[:3]


def index_documents(n):
    rnd = lcg(17)
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu"]
    index = {}
    docs = {}
    for d in range(n):
        ws = {words[next(rnd) % len(words)] for _ in range(5)}
        docs[d] = ws
        for w in ws:
            index.setdefault(w, set()).add(d)
    both = index["alpha"] & index["beta"]
    either = index["gamma"] | index["delta"]
    only = index["eps"] - index["zeta"]
    sym = index["eta"] ^ index["theta"]
    co = {}
    for d, ws in docs.items():
        for a in ws:
            for b in ws:
                if a < b:
                    co[(a, b)] = co.get((a, b), 0) + 1
    top = sorted(co.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    sizes = {w: len(ds) for w, ds in index.items()}
    merged = dict(sizes)
    merged.update({w.upper(): c * 2 for w, c in sizes.items() if c % 2 == 0})
    return len(both), len(either), len(only), len(sym), top, sorted(merged.items())[:2]


def queue_bfs(n):
    edges = {i: [(i * 3 + 1) % n, (i * 7 + 2) % n, (i + 1) % n] for i in range(n)}
    seen = {0}
    queue = [0]
    order = []
    while queue:
        v = queue.pop(0)
        order.append(v)
        for w in edges[v]:
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return len(order), order[-3:]


def matrix_stats(n):
    grid = [[(i * j + i + j) % 10 for j in range(n)] for i in range(n)]
    flat = [x for row in grid for x in row if x % 2 == 0]
    cols = [sum(row[j] for row in grid) for j in range(n)]
    diag = [grid[i][i] for i in range(n)]
    uniq = sorted(set(tuple(sorted(row)) for row in grid), reverse=True)[:2]
    return len(flat), max(cols), sum(diag), uniq[0][:5]


M = 1 if SMALL else 90
print("playlist", playlist_ops(400 * M))
print("lru", lru_simulation(2000 * M, 64))
print("index", index_documents(200 * M))
print("bfs", queue_bfs(500 * M))
print("matrix", matrix_stats(30 if SMALL else 250))
