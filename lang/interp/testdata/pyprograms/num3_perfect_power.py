def int_root(n, k):
    lo, hi = 0, 1
    while hi ** k <= n:
        hi *= 2
    while lo < hi - 1:
        mid = (lo + hi) // 2
        if mid ** k <= n:
            lo = mid
        else:
            hi = mid
    return lo

def perfect_power(n):
    for k in range(2, n.bit_length() + 1):
        r = int_root(n, k)
        if r ** k == n:
            return r, k
    return None

for n in [4, 27, 32, 64, 100, 121, 125, 1000, 1024, 97, 2 ** 60, 3 ** 40, 10 ** 18 + 1]:
    print(n, perfect_power(n))
powers = sorted({a ** b for a in range(2, 20) for b in range(2, 8) if a ** b < 5000})
print(len(powers), powers[:20])
print(len({a ** b for a in range(2, 101) for b in range(2, 101)}))
def is_square(n):
    r = int_root(n, 2)
    return r * r == n
print([n for n in range(1, 200) if is_square(n) and is_square(n + 1 - 1)][:10])
print(sum(1 for n in range(1, 10 ** 4) if is_square(8 * n + 1)))
print(int_root(10 ** 100, 3), int_root(2 ** 200 + 7, 2) == 2 ** 100)
print(float(2 ** 100) ** 0.5 == 2.0 ** 50, (10 ** 30) ** 0.5, int((10 ** 30) ** 0.5))
