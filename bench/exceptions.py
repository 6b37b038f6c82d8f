# Exceptions in loops: raise and catch by type, KeyError/IndexError from
# containers, finally blocks, re-raise, errors through calls.
import os

def parse(s):
    if s == "":
        raise ValueError("empty")
    if s[0] == "-":
        return -parse(s[1:])
    return int(s)

def lookup(d, k):
    try:
        return d[k]
    except KeyError:
        return -1

def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return 0.0
    finally:
        counter[0] += 1

def deep(n):
    if n == 0:
        raise IndexError("bottom")
    return deep(n - 1) + 1

counter = [0]
SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 2000 if SMALL else 150000
tokens = ["12", "", "-7", "x9", "40", "--3", "abc", "5"]
d = {"a": 1, "b": 2, "c": 3}
keys = ["a", "z", "b", "y", "c"]
ok = 0
bad = 0
total = 0.0
misses = 0
caught_deep = 0
for i in range(N):
    t = tokens[i % 8]
    try:
        total += parse(t)
        ok += 1
    except ValueError as e:
        bad += 1
    if lookup(d, keys[i % 5]) < 0:
        misses += 1
    total += safe_div(i, i % 4)
    if i % 10 == 0:
        try:
            deep(20)
        except IndexError as e:
            caught_deep += 1
    try:
        try:
            if i % 3 == 0:
                raise RuntimeError("inner")
        except RuntimeError:
            raise
    except RuntimeError as e:
        total += 1
xs = [1, 2, 3]
idx_err = 0
for i in range(N):
    try:
        total += xs[i % 5]
    except IndexError:
        idx_err += 1
print(ok, bad, misses, caught_deep, idx_err, counter[0], f"{total:.3f}")
