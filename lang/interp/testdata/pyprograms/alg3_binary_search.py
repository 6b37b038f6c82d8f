def binary_search(a, target):
    lo, hi = 0, len(a) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if a[mid] == target:
            return mid, steps
        if a[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps

data = list(range(0, 200, 3))
for t in [0, 3, 99, 198, 197, 100, -5, 500]:
    print(t, binary_search(data, t))

def insort(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    a.insert(lo, x)

s = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    insort(s, x)
print(s)

def sqrt_int(n):
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo
print([sqrt_int(n) for n in [0, 1, 15, 16, 17, 10 ** 20, 2 ** 100]])

def bisect_root(f, a, b, tol=1e-12):
    while b - a > tol:
        m = (a + b) / 2
        if f(a) * f(m) <= 0:
            b = m
        else:
            a = m
    return (a + b) / 2
print(round(bisect_root(lambda x: x * x - 2, 0, 2), 10), bisect_root(lambda x: x ** 3 - x - 2, 1, 2))
