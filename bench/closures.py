# Closures and higher-order functions: factories, captured state, lambdas
# passed to map/filter/sorted, function composition.
import os

def make_adder(n):
    return lambda x: x + n

def make_counter():
    state = [0]
    def inc(k):
        state[0] += k
        return state[0]
    return inc

def compose(f, g):
    return lambda x: f(g(x))

def apply_n(f, n, x):
    for i in range(n):
        x = f(x)
    return x

def memo(f):
    cache = {}
    def wrapped(n):
        if n in cache:
            return cache[n]
        v = f(n)
        cache[n] = v
        return v
    return wrapped

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 2000 if SMALL else 250000
adders = [make_adder(i) for i in range(10)]
total = 0
for i in range(N):
    total += adders[i % 10](i)
c = make_counter()
for i in range(N):
    c(i % 3)
inc2 = compose(adders[1], adders[1])
total += apply_n(inc2, N, 0)
mapped = list(map(lambda x: x * 2, range(N)))
kept = list(filter(lambda x: x % 3 == 0, mapped))
sq = memo(lambda n: n * n)
for i in range(N):
    total += sq(i % 100)
fns = [lambda x, k=k: x * k for k in range(5)]
for i in range(N // 10):
    for f in fns:
        total += f(i)
print(total, c(0), len(kept), sum(kept))
