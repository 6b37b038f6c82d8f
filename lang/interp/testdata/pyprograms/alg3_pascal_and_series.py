def pascal(n):
    rows = [[1]]
    for _ in range(n - 1):
        prev = rows[-1]
        rows.append([1] + [a + b for a, b in zip(prev, prev[1:])] + [1])
    return rows

rows = pascal(12)
width = len(" ".join(map(str, rows[-1])))
for r in rows:
    print(" ".join(map(str, r)).center(width).rstrip())
print([sum(r) for r in rows])
print(["".join("*" if x % 2 else " " for x in r) for r in pascal(8)])

def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, m = 10 * q, 10 * (r - m * t), (10 * (3 * q + r)) // t - 10 * m
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out
d = pi_digits(40)
print(f"{d[0]}." + "".join(map(str, d[1:])))

def e_approx(terms):
    total, fact = 0.0, 1
    for k in range(terms):
        if k:
            fact *= k
        total += 1 / fact
    return total
print([e_approx(n) for n in (1, 2, 5, 10, 20)])
def newton_sqrt(x, eps=1e-15):
    g = x / 2 or 1.0
    steps = 0
    while abs(g * g - x) > eps * x:
        g = (g + x / g) / 2
        steps += 1
    return g, steps
for x in [2, 10, 144, 1e-4, 12345678]:
    print(x, newton_sqrt(x), x ** 0.5)
def harmonic(n):
    return sum(1 / k for k in range(1, n + 1))
print(harmonic(10), harmonic(1000), f"{harmonic(10**5):.10f}")
leibniz = 4 * sum((-1) ** k / (2 * k + 1) for k in range(100000))
print(leibniz)
