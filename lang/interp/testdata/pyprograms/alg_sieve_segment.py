def primes_upto(n):
    sieve = [True] * (n + 1)
    sieve[0] = sieve[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if sieve[i]:
            sieve[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return [i for i, p in enumerate(sieve) if p]
ps = primes_upto(200)
print(len(ps), ps[:10], ps[-3:])
twins = [(a, b) for a, b in zip(ps, ps[1:]) if b - a == 2]
print(twins[:6], len(twins))
gaps = {}
for a, b in zip(ps, ps[1:]):
    gaps[b - a] = gaps.get(b - a, 0) + 1
print(sorted(gaps.items()))
def factorize(n):
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return out
for n in [84, 97, 360, 1001, 2 ** 31 - 1, 600851475143]:
    print(n, "=", " * ".join(map(str, factorize(n))))
