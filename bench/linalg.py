# Matrix operations on lists of lists: multiplication with row/column
# comprehensions, transpose via zip(*m), Gaussian elimination with partial
# pivoting (row swaps, in-place updates), determinant, power iteration,
# and integer matrix powers (Fibonacci by 2x2 matrices).
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def make_matrix(n, seed):
    m = []
    for i in range(n):
        row = []
        for j in range(n):
            seed = (seed * 1103515245 + 12345) % 2147483648
            row.append((seed % 2000) / 1000.0 - 1.0 + (n if i == j else 0))
        m.append(row)
    return m


def transpose(m):
    return [list(col) for col in zip(*m)]


def matmul(a, b):
    bt = transpose(b)
    return [[sum(x * y for x, y in zip(row, col)) for col in bt] for row in a]


def matvec(m, v):
    return [sum(m[i][j] * v[j] for j in range(len(v))) for i in range(len(m))]


def solve(a, b):
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f != 0.0:
                row_r = m[r]
                row_c = m[col]
                for k in range(col, n + 1):
                    row_r[k] -= f * row_c[k]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        s = m[i][n]
        for j in range(i + 1, n):
            s -= m[i][j] * x[j]
        x[i] = s / m[i][i]
    return x


def determinant(a):
    n = len(a)
    m = [row[:] for row in a]
    det = 1.0
    for col in range(n):
        pivot = col
        for r in range(col + 1, n):
            if abs(m[r][col]) > abs(m[pivot][col]):
                pivot = r
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            det = -det
        det *= m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for k in range(col, n):
                m[r][k] -= f * m[col][k]
    return det


def power_iteration(m, steps):
    v = [1.0] * len(m)
    lam = 0.0
    for _ in range(steps):
        w = matvec(m, v)
        lam = max(abs(x) for x in w)
        v = [x / lam for x in w]
    return lam


def mat_pow_fib(n):
    def mul(a, b):
        return [[(a[0][0] * b[0][0] + a[0][1] * b[1][0]) % 1000000007,
                 (a[0][0] * b[0][1] + a[0][1] * b[1][1]) % 1000000007],
                [(a[1][0] * b[0][0] + a[1][1] * b[1][0]) % 1000000007,
                 (a[1][0] * b[0][1] + a[1][1] * b[1][1]) % 1000000007]]
    result = [[1, 0], [0, 1]]
    base = [[1, 1], [1, 0]]
    while n:
        if n & 1:
            result = mul(result, base)
        base = mul(base, base)
        n >>= 1
    return result[0][1]


N = 24 if SMALL else 120
a = make_matrix(N, 1)
b = make_matrix(N, 2)
c = matmul(a, b)
print("matmul", f"{sum(sum(r) for r in c):.6f}", f"{c[N // 2][N // 3]:.6f}")
x = solve(a, [float(i % 7) for i in range(N)])
print("solve", f"{sum(x):.9f}", f"{x[0]:.9f}")
print("det", f"{determinant(b):.6e}")
print("power", f"{power_iteration(a, 30):.9f}")
print("fib", sum(mat_pow_fib(k) for k in range(1, 300 if SMALL else 3000)) % 1000000007)
