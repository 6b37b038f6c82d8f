# Spectral norm as pyperformance writes it (bm_spectral_norm): functions
# passed as values, (i, u) tuples unpacked in the callee, enumerate and zip
# in the inner loops, lists rebuilt by comprehensions every step.
import os

DEFAULT_N = 40 if os.environ.get("DANA_BENCH_SMALL") else 260


def eval_A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def eval_times_u(func, u):
    return [func((i, u)) for i in range(len(list(u)))]


def eval_AtA_times_u(u):
    return eval_times_u(part_At_times_u, eval_times_u(part_A_times_u, u))


def part_A_times_u(i_u):
    i, u = i_u
    partial_sum = 0
    for j, u_j in enumerate(u):
        partial_sum += eval_A(i, j) * u_j
    return partial_sum


def part_At_times_u(i_u):
    i, u = i_u
    partial_sum = 0
    for j, u_j in enumerate(u):
        partial_sum += eval_A(j, i) * u_j
    return partial_sum


def bench_spectral_norm(loops):
    for _ in range(loops):
        u = [1] * DEFAULT_N
        for dummy in range(10):
            v = eval_AtA_times_u(u)
            u = eval_AtA_times_u(v)
        vBv = vv = 0
        for ue, ve in zip(u, v):
            vBv += ue * ve
            vv += ve * ve
    return vBv, vv


vBv, vv = bench_spectral_norm(1)
print("%.9f" % ((vBv / vv) ** 0.5))
