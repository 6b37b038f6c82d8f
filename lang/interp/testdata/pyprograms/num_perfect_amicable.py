def divisors(n):
    ds = {1}
    i = 2
    while i * i <= n:
        if n % i == 0:
            ds.add(i)
            ds.add(n // i)
        i += 1
    return sorted(ds)
def d(n):
    return sum(divisors(n)) if n > 1 else 0
print([n for n in range(2, 10000) if d(n) == n])
pairs = []
for a in range(2, 3000):
    b = d(a)
    if b > a and d(b) == a:
        pairs.append((a, b))
print(pairs)
print(divisors(360), len(divisors(360)))
abundant = [n for n in range(1, 100) if d(n) > n]
print(abundant[:10], len(abundant))
def digital_root(n):
    while n >= 10:
        n = sum(int(c) for c in str(n))
    return n
print([digital_root(n) for n in [0, 9, 38, 123456789, 2 ** 100]])
def is_armstrong(n):
    s = str(n)
    return n == sum(int(c) ** len(s) for c in s)
print([n for n in range(1, 10000) if is_armstrong(n)])
