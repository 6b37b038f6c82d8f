# N-queens: backtracking over sets of attacked columns and diagonals, plus
# the permutation-filter solver of pyperformance's nqueens (tuples, sets).
import os

def solve(n, row, cols, d1, d2):
    if row == n:
        return 1
    count = 0
    for c in range(n):
        if c in cols or (row + c) in d1 or (row - c) in d2:
            continue
        cols.add(c)
        d1.add(row + c)
        d2.add(row - c)
        count += solve(n, row + 1, cols, d1, d2)
        cols.remove(c)
        d1.remove(row + c)
        d2.remove(row - c)
    return count

def permutations(xs):
    if len(xs) <= 1:
        return [xs[:]]
    out = []
    for i in range(len(xs)):
        rest = xs[:i] + xs[i + 1 :]
        for p in permutations(rest):
            out.append([xs[i]] + p)
    return out

def queens_perm(n):
    cols = list(range(n))
    found = 0
    for vec in permutations(cols):
        if n == len(set(vec[i] + i for i in cols)) == len(set(vec[i] - i for i in cols)):
            found += 1
    return found

SMALL = os.environ.get("DANA_BENCH_SMALL")
for n in range(4, 7 if SMALL else 11):
    print(n, solve(n, 0, set(), set(), set()))
print("perm", queens_perm(5 if SMALL else 8))
