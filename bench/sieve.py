# Prime sieve and number crunching: list indexing and assignment in while
# loops, integer arithmetic, slices assigned from lists.
import os

def sieve(n):
    flags = [True] * (n + 1)
    flags[0] = False
    flags[1] = False
    i = 2
    while i * i <= n:
        if flags[i]:
            j = i * i
            while j <= n:
                flags[j] = False
                j += i
        i += 1
    return [k for k in range(n + 1) if flags[k]]

def collatz_len(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 5000 if SMALL else 400000
primes = sieve(N)
print(len(primes), primes[-3:], sum(primes) % 1000007)
gaps = {}
for i in range(1, len(primes)):
    g = primes[i] - primes[i - 1]
    gaps[g] = gaps.get(g, 0) + 1
print(sorted(gaps.items())[:6])
best = 0
arg = 0
for n in range(1, 2000 if SMALL else 60000):
    c = collatz_len(n)
    if c > best:
        best = c
        arg = n
print(arg, best)
