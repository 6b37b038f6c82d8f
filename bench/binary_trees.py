# Binary trees (benchmarks game): allocation, recursion, tuples.
import os

def make(depth):
    if depth == 0:
        return (None, None)
    depth -= 1
    return (make(depth), make(depth))

def check(node):
    left, right = node
    if left is None:
        return 1
    return 1 + check(left) + check(right)

MAX_DEPTH = 8 if os.environ.get("DANA_BENCH_SMALL") else 15
MIN_DEPTH = 4
stretch = MAX_DEPTH + 1
print(f"stretch tree of depth {stretch}\t check: {check(make(stretch))}")
long_lived = make(MAX_DEPTH)
for d in range(MIN_DEPTH, MAX_DEPTH + 1, 2):
    iters = 2 ** (MAX_DEPTH - d + MIN_DEPTH)
    total = 0
    for i in range(iters):
        total += check(make(d))
    print(f"{iters}\t trees of depth {d}\t check: {total}")
print(f"long lived tree of depth {MAX_DEPTH}\t check: {check(long_lived)}")
