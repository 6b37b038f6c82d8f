# Sorting with key functions: sort/sorted on ints, strings, tuples and
# objects, key lambdas, reverse, stability, min/max with key.
import os

class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty

def rng(seed, n):
    out = []
    x = seed
    for i in range(n):
        x = (x * 1664525 + 1013904223) % 4294967296
        out.append(x)
    return out

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 1000 if SMALL else 20000
ROUNDS = 2 if SMALL else 4
check = 0
for r in range(ROUNDS):
    nums = rng(r + 7, N)
    a = sorted(nums)
    b = sorted(nums, reverse=True)
    c = sorted(nums, key=lambda v: v % 1000)
    strs = [str(v) for v in nums]
    d = sorted(strs)
    e = sorted(strs, key=len)
    f = sorted(strs, key=lambda s: (s[-1], len(s), s))
    items = [Item(name=strs[i][:4], price=(nums[i] % 10000) / 100, qty=nums[i] % 17) for i in range(N)]
    items.sort(key=lambda it: it.price)
    by_qty = sorted(items, key=lambda it: (it.qty, it.name))
    top = max(items, key=lambda it: it.qty * it.price)
    low = min(items, key=lambda it: (it.price, it.name))
    pairs = [(v % 10, v % 7, v) for v in nums]
    pairs.sort()
    check += a[N // 2] % 1000 + b[0] % 1000 + c[0] % 1000 + len(d[0]) + len(e[-1]) + pairs[N // 3][2] % 1000
    print(r, f[0], items[0].name, by_qty[0].name, top.name, low.name, f"{top.price:.2f}")
print("check", check)
