# Several recursive functions: fib, Ackermann, Takeuchi, Hanoi, gcd,
# mutual recursion and recursive list building.
import os

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))

def tak(x, y, z):
    if y >= x:
        return z
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))

def hanoi(n, a, b, c, moves):
    if n == 0:
        return 0
    k = hanoi(n - 1, a, c, b, moves)
    moves.append(a + c)
    return k + 1 + hanoi(n - 1, b, a, c, moves)

def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)

def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)

def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)

def flatten(x, out):
    for e in x:
        if isinstance(e, list):
            flatten(e, out)
        else:
            out.append(e)

def nest(d):
    if d == 0:
        return [d]
    return [d, nest(d - 1), [d, nest(d - 1)]]

SMALL = os.environ.get("DANA_BENCH_SMALL")
print("fib", fib(15 if SMALL else 30))
print("ack", ack(2, 50 if SMALL else 300))
print("tak", tak(12, 8, 4) if SMALL else tak(22, 16, 8))
moves = []
print("hanoi", hanoi(8 if SMALL else 15, "a", "b", "c", moves), moves[:4], len(moves))
g = 0
for i in range(1, 300 if SMALL else 20000):
    g += gcd(i * 7919, 104729 + i)
print("gcd", g)
print("even", sum(1 for i in range(200) if is_even(i)))
out = []
flatten(nest(6 if SMALL else 14), out)
print("flatten", len(out), sum(out))
