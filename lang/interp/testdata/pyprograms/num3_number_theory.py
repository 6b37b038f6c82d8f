def divisors(n):
    small, large = [], []
    i = 1
    while i * i <= n:
        if n % i == 0:
            small.append(i)
            if i != n // i:
                large.append(n // i)
        i += 1
    return small + large[::-1]

def is_perfect(n):
    return n > 1 and sum(divisors(n)) - n == n

print([n for n in range(1, 10000) if is_perfect(n)])
print(divisors(360), len(divisors(360)))
amicable = []
for a in range(2, 3000):
    b = sum(divisors(a)) - a
    if b > a and sum(divisors(b)) - b == a:
        amicable.append((a, b))
print(amicable)

def collatz_len(n, cache={1: 1}):
    if n in cache:
        return cache[n]
    nxt = n // 2 if n % 2 == 0 else 3 * n + 1
    cache[n] = 1 + collatz_len(nxt)
    return cache[n]

best = max(range(1, 10000), key=collatz_len)
print(best, collatz_len(best))

def is_happy(n):
    seen = set()
    while n != 1 and n not in seen:
        seen.add(n)
        n = sum(int(d) ** 2 for d in str(n))
    return n == 1

print([n for n in range(1, 50) if is_happy(n)])
print([n for n in range(100, 1000) if n == sum(int(d) ** 3 for d in str(n))])

def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)

def lcm(a, b):
    return a * b // gcd(a, b)

l = 1
for k in range(1, 21):
    l = lcm(l, k)
print(l, gcd(1071, 462), gcd(0, 5))

def totient(n):
    return sum(1 for k in range(1, n + 1) if gcd(n, k) == 1)
print([totient(n) for n in range(1, 21)])
print(sum(int(c) for c in str(2 ** 1000)), len(str(3 ** 500)))
