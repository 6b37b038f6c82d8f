def c_to_f(c):
    return c * 9 / 5 + 32
for c in range(-10, 41, 10):
    f = c_to_f(c)
    print(f"{c:>4}C = {f:6.1f}F", "cold" if f < 50 else "warm" if f < 86 else "hot")
