# Memoized recursion with dicts: integer partitions, edit distance and
# longest common subsequence keyed by index tuples, Collatz chain lengths,
# counting lattice paths around blocked cells, a memoizing decorator.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def memoize(fn):
    cache = {}

    def wrapper(*args):
        if args in cache:
            return cache[args]
        result = fn(*args)
        cache[args] = result
        return result
    return wrapper


@memoize
def partitions(n, k):
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    return partitions(n - k, k) + partitions(n, k - 1)


def edit_distance(a, b):
    memo = {}

    def go(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(a):
            r = len(b) - j
        elif j == len(b):
            r = len(a) - i
        elif a[i] == b[j]:
            r = go(i + 1, j + 1)
        else:
            r = 1 + min(go(i + 1, j), go(i, j + 1), go(i + 1, j + 1))
        memo[key] = r
        return r
    return go(0, 0)


def lcs(a, b):
    memo = {}

    def go(i, j):
        if i < 0 or j < 0:
            return 0
        if (i, j) in memo:
            return memo[(i, j)]
        if a[i] == b[j]:
            r = go(i - 1, j - 1) + 1
        else:
            r = max(go(i - 1, j), go(i, j - 1))
        memo[(i, j)] = r
        return r
    return go(len(a) - 1, len(b) - 1)


collatz_cache = {1: 1}


def collatz(n):
    if n in collatz_cache:
        return collatz_cache[n]
    if n % 2 == 0:
        r = 1 + collatz(n // 2)
    else:
        r = 1 + collatz(3 * n + 1)
    collatz_cache[n] = r
    return r


def lattice_paths(w, h, blocked):
    memo = {}

    def paths(x, y):
        if (x, y) in blocked:
            return 0
        if x == 0 and y == 0:
            return 1
        if (x, y) in memo:
            return memo[(x, y)]
        total = 0
        if x > 0:
            total += paths(x - 1, y)
        if y > 0:
            total += paths(x, y - 1)
        memo[(x, y)] = total
        return total
    return paths(w, h)


def word(seed, n):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append("acgt"[(seed >> 16) % 4])
    return "".join(out)


P = 60 if SMALL else 260
print("partitions", partitions(P, P))
L = 40 if SMALL else 220
a, b = word(1, L), word(2, L + 13)
print("edit", edit_distance(a, b), "lcs", lcs(a, b))
C = 3000 if SMALL else 60000
best = max(range(1, C), key=collatz)
print("collatz", best, collatz(best), len(collatz_cache))
G = 20 if SMALL else 120
blocked = {(i * 7 % G, i * 3 % G) for i in range(1, G)}
print("lattice", lattice_paths(G, G, blocked) % 1000000007)
