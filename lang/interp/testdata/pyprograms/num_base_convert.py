def to_base(n, b):
    if n == 0:
        return "0"
    chars = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    neg = n < 0
    n = abs(n)
    while n:
        out = chars[n % b] + out
        n //= b
    return "-" + out if neg else out

for n in [0, 5, 255, -42, 123456]:
    print(n, to_base(n, 2), to_base(n, 16), to_base(n, 36), int(to_base(n, 7), 7))
