def harmonic(n):
    return sum(1 / k for k in range(1, n + 1))
def leibniz_pi(n):
    return 4 * sum((-1) ** k / (2 * k + 1) for k in range(n))
def e_series(n):
    total, term = 0.0, 1.0
    for k in range(n):
        total += term
        term /= k + 1
    return total
for n in [1, 10, 100, 1000]:
    print(n, harmonic(n), leibniz_pi(n), e_series(min(n, 20)))
print(f"{harmonic(10):.10f} {leibniz_pi(10 ** 4):.6f} {e_series(20):.15f}")
def sqrt_newton(x, eps=1e-12):
    g = x / 2 or 1.0
    steps = 0
    while abs(g * g - x) > eps * x:
        g = (g + x / g) / 2
        steps += 1
    return g, steps
for x in [2, 9, 10, 1e10, 0.25]:
    print(x, *sqrt_newton(x), x ** 0.5)
print([round(1.1 ** k, 4) for k in range(6)], [2 ** k / 3 for k in range(4)])
print(sum(x * x for x in range(1, 101)) - sum(range(1, 101)) ** 2)
