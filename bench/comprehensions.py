# Comprehensions: list, dict and set comprehensions, nested clauses,
# conditions, tuple targets, generator expressions fed to builtins.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 300 if SMALL else 6000
ROUNDS = 2 if SMALL else 30

acc = 0
for r in range(ROUNDS):
    xs = [i * 3 % 1009 for i in range(N)]
    evens = [x for x in xs if x % 2 == 0]
    squares = {x: x * x for x in evens}
    residues = {x % 97 for x in xs}
    pairs = [(x, y) for x in range(40) for y in range(x) if (x + y) % 7 == r % 7]
    grid = [[i * j for j in range(30)] for i in range(30)]
    diag = [grid[i][i] for i in range(30)]
    flat = [v for row in grid for v in row if v % 3 == 0]
    inverted = {v: k for k, v in squares.items() if v < 10000}
    words = [f"w{x % 50}" for x in xs]
    lens = sorted({len(w) for w in words})
    total = sum(x * 2 for x in xs if x > 500)
    best = max((x for x in xs), key=lambda v: (v % 101, v))
    zipped = [a + b for a, b in zip(xs, reversed(xs))]
    enum = [i * v for i, v in enumerate(diag)]
    acc += len(evens) + len(squares) + len(residues) + len(pairs) + sum(diag) + len(flat)
    acc += len(inverted) + len(lens) + total + best + sum(zipped) + sum(enum)
    print(r, len(evens), len(residues), len(pairs), len(flat), len(inverted), lens, best)
print("acc", acc)
