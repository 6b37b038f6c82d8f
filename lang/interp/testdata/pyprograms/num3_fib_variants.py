def fib_rec(n, memo={}):
    if n < 2:
        return n
    if n not in memo:
        memo[n] = fib_rec(n - 1) + fib_rec(n - 2)
    return memo[n]

def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

def fib_fast(n):
    def go(k):
        if k == 0:
            return 0, 1
        a, b = go(k // 2)
        c = a * (2 * b - a)
        d = a * a + b * b
        return (d, c + d) if k % 2 else (c, d)
    return go(n)[0]

print([fib_iter(i) for i in range(20)])
print(all(fib_rec(i) == fib_iter(i) == fib_fast(i) for i in range(300)))
print(fib_fast(1000) % 10 ** 20, len(str(fib_fast(10000))))
print([fib_iter(n + 1) / fib_iter(n) for n in range(1, 12)])
print(fib_iter(80) / fib_iter(79), (1 + 5 ** 0.5) / 2)
zeck = []
n = 1000
fibs = [f for f in (fib_iter(i) for i in range(2, 40)) if f <= n]
for f in reversed(fibs):
    if f <= n:
        zeck.append(f)
        n -= f
print("1000 =", " + ".join(map(str, zeck)))
print(sum(f for f in (fib_iter(i) for i in range(1, 40)) if f % 2 == 0 and f < 4 * 10 ** 6))
pisano = 1
a, b = 1, 1
while (a, b) != (0, 1):
    a, b = b, (a + b) % 10
    pisano += 1
print("pisano(10) =", pisano)
