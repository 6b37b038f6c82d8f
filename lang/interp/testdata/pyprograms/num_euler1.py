print(sum(x for x in range(1000) if x % 3 == 0 or x % 5 == 0))
a, b, total = 1, 2, 0
while a <= 4000000:
    if a % 2 == 0:
        total += a
    a, b = b, a + b
print(total)
n, f = 600851475143, 2
while f * f <= n:
    if n % f:
        f += 1
    else:
        n //= f
print(n)
