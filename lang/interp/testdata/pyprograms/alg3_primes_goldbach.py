# Sieve, twin primes, Goldbach partitions, prime factorisation
def sieve(limit):
    is_p = [True] * (limit + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if is_p[i]:
            is_p[i * i::i] = [False] * len(range(i * i, limit + 1, i))
    return [i for i, p in enumerate(is_p) if p]

primes = sieve(1000)
prime_set = set(primes)
print(len(primes), primes[:15], primes[-3:])
twins = [(p, p + 2) for p in primes if p + 2 in prime_set]
print("twin pairs:", len(twins), twins[:6])

def goldbach(n):
    return [(p, n - p) for p in primes if p <= n // 2 and (n - p) in prime_set]

for n in [4, 28, 100, 998]:
    parts = goldbach(n)
    print(n, len(parts), parts[:4])

def factorize(n):
    factors = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors[d] = factors.get(d, 0) + 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors

def fmt(factors):
    return " * ".join(f"{p}^{e}" if e > 1 else str(p) for p, e in factors.items())

for n in [360, 97, 1001, 2 ** 31 - 1, 600851475143, 1234567890]:
    print(f"{n} = {fmt(factorize(n))}")
gaps = [b - a for a, b in zip(primes, primes[1:])]
print("max gap", max(gaps), "at", primes[gaps.index(max(gaps))])
