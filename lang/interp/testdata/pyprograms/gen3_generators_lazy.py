def naturals(start=1):
    n = start
    while True:
        yield n
        n += 1

def primes():
    found = []
    for n in naturals(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n

def window(it, size):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) > size:
            buf.pop(0)
        if len(buf) == size:
            yield tuple(buf)

def take(n, it):
    return [x for _, x in zip(range(n), it)]

print(take(15, primes()))
print(take(5, window(primes(), 3)))
gaps = (b - a for a, b in window(primes(), 2))
print(take(20, gaps))
squares = (n * n for n in naturals())
print(next(x for x in squares if x > 1000))
print(take(3, squares))
def running_mean(it):
    total = 0
    for i, x in enumerate(it, 1):
        total += x
        yield total / i
print([round(m, 3) for m in take(6, running_mean(primes()))])
pairs = ((a, b) for a in range(1, 30) for b in range(a, 30) if (a * a + b * b) ** 0.5 % 1 == 0)
print(take(6, pairs))
def chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]
print(list(chunks("abcdefghij", 3)), list(chunks([], 2)))
nums = iter(range(10))
print(list(zip(nums, nums)))
g = (x for x in range(3))
print(sum(g), sum(g), list(g))
