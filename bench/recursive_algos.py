# Recursive algorithms as textbooks write them: quicksort with list
# comprehensions, mergesort on slices, power set, flood fill on a grid,
# recursive string reversal/palindromes, binary search, Hanoi move lists,
# a recursive expression evaluator over nested tuples.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def quicksort(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[len(xs) // 2]
    return (quicksort([x for x in xs if x < pivot]) + [x for x in xs if x == pivot]
            + quicksort([x for x in xs if x > pivot]))


def mergesort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    left = mergesort(xs[:mid])
    right = mergesort(xs[mid:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out


def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    return rest + [[items[0]] + s for s in rest]


def flood(grid, x, y, old, new):
    if x < 0 or y < 0 or x >= len(grid[0]) or y >= len(grid):
        return 0
    if grid[y][x] != old:
        return 0
    grid[y][x] = new
    return 1 + flood(grid, x + 1, y, old, new) + flood(grid, x - 1, y, old, new) + \
        flood(grid, x, y + 1, old, new) + flood(grid, x, y - 1, old, new)


def reverse(s):
    if len(s) <= 1:
        return s
    return reverse(s[1:]) + s[0]


def is_palindrome(s):
    if len(s) < 2:
        return True
    return s[0] == s[-1] and is_palindrome(s[1:-1])


def bsearch(xs, target, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] == target:
        return mid
    if xs[mid] < target:
        return bsearch(xs, target, mid + 1, hi)
    return bsearch(xs, target, lo, mid - 1)


def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append((src, dst))
    hanoi(n - 1, via, dst, src, moves)


def evaluate(expr):
    if isinstance(expr, int):
        return expr
    op, a, b = expr
    x, y = evaluate(a), evaluate(b)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y % 1000003
    return x // y if y else 0


def build(depth, seed):
    if depth == 0:
        return seed % 10 + 1
    op = "+-*/"[seed % 4]
    return (op, build(depth - 1, seed * 7 + 1), build(depth - 1, seed * 13 + 5))


K = 1 if SMALL else 40
seed = 1
data = []
for i in range(1000 * K):
    seed = (seed * 1103515245 + 12345) % 2147483648
    data.append(seed % 10000)
q = quicksort(data)
m = mergesort(data)
print("sort", q == m, q[:3], q[-1], len(q))
ps = power_set(list(range(10 if SMALL else 16)))
print("powerset", len(ps), sum(len(s) for s in ps))
W = 20
fills = 0
for r in range(2 if SMALL else 40):
    grid = [[(x * y + r) % 7 == 0 and 1 or 0 for x in range(W)] for y in range(W)]
    fills += flood(grid, 1, 1, 0, 2)
print("flood", fills)
words = ["racecar", "level", "python", "rotator", "dana", "stats"] * (20 * K)
print("strings", sum(1 for w in words if is_palindrome(w)), reverse("abcdefghijklmnopqrstuvwxyz" * 4)[:10])
hits = sum(1 for t in range(0, 10000, 7) if bsearch(q, t, 0, len(q) - 1) >= 0)
print("bsearch", hits)
moves = []
hanoi(10 if SMALL else 17, "A", "C", "B", moves)
print("hanoi", len(moves), moves[:3])
print("eval", sum(evaluate(build(8 if SMALL else 12, s)) for s in range(3)))
