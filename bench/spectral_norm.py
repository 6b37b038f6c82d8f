# Spectral norm (benchmarks game): nested loops, float division, calls.
import os

def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)

def mul_av(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += eval_a(i, j) * v[j]
        out[i] = s

def mul_atv(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += eval_a(j, i) * v[j]
        out[i] = s

def mul_atav(v, out, tmp):
    mul_av(v, tmp)
    mul_atv(tmp, out)

N = 30 if os.environ.get("DANA_BENCH_SMALL") else 250
u = [1.0] * N
v = [0.0] * N
tmp = [0.0] * N
for i in range(10):
    mul_atav(u, v, tmp)
    mul_atav(v, u, tmp)
vbv = 0.0
vv = 0.0
for i in range(N):
    vbv += u[i] * v[i]
    vv += v[i] * v[i]
print(f"{(vbv / vv) ** 0.5:.9f}")
