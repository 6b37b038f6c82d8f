def primes():
    n = 2
    found = []
    while True:
        if all(n % p for p in found):
            found.append(n)
            yield n
        n += 1

g = primes()
print([next(g) for _ in range(15)])
