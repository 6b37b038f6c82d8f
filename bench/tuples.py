# Tuple-heavy code (in the spirit of pyperformance's unpack_sequence):
# swaps, multiple return values, unpacking in for loops over zip/enumerate/
# dict items, tuple keys in dicts and sets, tuples compared and sorted,
# star unpacking.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def divmod_sum(pairs):
    q_total = 0
    r_total = 0
    for a, b in pairs:
        q, r = divmod(a, b)
        q_total += q
        r_total += r
    return q_total, r_total


def fib_pair(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, (a + b) % 1000000007
    return a, b


def min_max_mean(xs):
    lo, hi, total = xs[0], xs[0], 0
    for x in xs:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
        total += x
    return lo, hi, total / len(xs)


def rotate(points, times):
    out = []
    for x, y in points:
        for _ in range(times):
            x, y = -y, x
        out.append((x, y))
    return out


def grid_walk(n):
    seen = set()
    pos = (0, 0)
    dirs = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    d = 0
    for step in range(n):
        dx, dy = dirs[d]
        x, y = pos
        pos = (x + dx, y + dy)
        if pos in seen:
            d = (d + 1) % 4
        seen.add(pos)
        if step % 7 == 3:
            d = (d + 3) % 4
    return len(seen), pos


def records(n):
    rows = [(i % 17, -(i % 5), "k%d" % (i % 11), i) for i in range(n)]
    rows.sort()
    first, *middle, last = rows
    groups = {}
    for a, b, key, i in rows:
        groups.setdefault((a, key), []).append(i)
    biggest = max(groups.items(), key=lambda kv: (len(kv[1]), kv[0]))
    return first, last, len(middle), len(groups), biggest[0], len(biggest[1])


def swaps(n):
    a, b, c, d = 1, 2, 3, 4
    for i in range(n):
        a, b, c, d = b, c, d, a
        if i % 3 == 0:
            a, d = d, a
    return a, b, c, d


N = 3000 if SMALL else 120000
pairs = [(i * 7 + 3, i % 13 + 1) for i in range(N)]
print("divmod", divmod_sum(pairs))
print("fib", fib_pair(N))
print("mmm", min_max_mean([(i * 7919) % 10007 for i in range(N)]))
pts = rotate([(i, -i) for i in range(N // 4)], 3)
print("rotate", pts[:3], sum(x for x, _ in pts))
print("walk", grid_walk(N))
print("records", records(N // 3))
print("swaps", swaps(N))
total = 0
for i, (x, y) in enumerate(zip(range(N), range(N, 0, -1))):
    total += i * (x - y) % 97
print("enum", total)
