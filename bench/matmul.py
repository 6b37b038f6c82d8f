# Dense matrix multiply and transpose on lists of lists of floats.
import os

def make(n, seed):
    return [[((i * n + j) % 17 + seed) / 10.0 for j in range(n)] for i in range(n)]

def transpose(m):
    n = len(m)
    return [[m[j][i] for j in range(n)] for i in range(n)]

def matmul(a, b):
    n = len(a)
    bt = transpose(b)
    out = []
    for i in range(n):
        row = a[i]
        orow = []
        for j in range(n):
            col = bt[j]
            s = 0.0
            for k in range(n):
                s += row[k] * col[k]
            orow.append(s)
        out.append(orow)
    return out

N = 20 if os.environ.get("DANA_BENCH_SMALL") else 130
a = make(N, 1.0)
b = make(N, 2.0)
c = matmul(a, b)
d = matmul(c, a)
print(f"{c[0][0]:.4f} {c[N - 1][N - 1]:.4f} {sum(sum(r) for r in d):.4f}")
