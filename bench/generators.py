# Generators: generator functions (yield, yield from), generator
# expressions consumed lazily by sum/any/max, pipelines of generators,
# early exit from an infinite generator.
import os

def count_from(n):
    while True:
        yield n
        n += 1

def take(gen, k):
    for x in gen:
        if k <= 0:
            return
        yield x
        k -= 1

def primes():
    found = []
    for n in count_from(2):
        ok = True
        for p in found:
            if p * p > n:
                break
            if n % p == 0:
                ok = False
                break
        if ok:
            found.append(n)
            yield n

def fib_gen():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

def chunks(xs, size):
    for i in range(0, len(xs), size):
        yield xs[i : i + size]

def flatten(tree):
    for x in tree:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x

def windows(it, n):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) > n:
            buf.pop(0)
        if len(buf) == n:
            yield tuple(buf)

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 500 if SMALL else 200000
ps = list(take(primes(), N // 10))
print("primes", len(ps), ps[-3:])
print("fib", sum(x % 1000 for x in take(fib_gen(), N // 20)))
data = list(range(N))
print("chunks", sum(len(c) for c in chunks(data, 7)), max(sum(c) for c in chunks(data, 13)))
tree = [[i, [i + 1, [i + 2]], i + 3] for i in range(N // 10)]
print("flatten", sum(flatten(tree)))
print("windows", sum(a * c - b for a, b, c in windows(iter(data), 3)))
print("any", any(x > N - 2 for x in data), all(x >= 0 for x in data))
squares = (x * x for x in data if x % 3 == 0)
evens = (y for y in squares if y % 2 == 0)
print("pipeline", sum(evens))
total = 0
for i, v in enumerate(x * 2 for x in range(N)):
    total += i ^ v
print("enum", total)
