DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

def to_base(n, b):
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n:
        n, r = divmod(n, b)
        out.append(DIGITS[r])
    return sign + "".join(reversed(out))

def from_base(s, b):
    s = s.strip().upper()
    neg = s.startswith("-")
    if neg:
        s = s[1:]
    total = 0
    for ch in s:
        d = DIGITS.index(ch)
        if d >= b:
            raise ValueError(f"digit {ch} not valid in base {b}")
        total = total * b + d
    return -total if neg else total

for n in [0, 5, 255, -255, 1000, 2 ** 40, 123456789]:
    row = [to_base(n, b) for b in (2, 8, 16, 36)]
    print(f"{n:>14} " + " ".join(f"{r:>12}" for r in row))
    assert all(from_base(r, b) == n for r, b in zip(row, (2, 8, 16, 36)))
    assert to_base(n, 16) == format(n, "X") if n >= 0 else True
print(bin(10), oct(64), hex(3054), bin(-5), hex(-255), format(10, "08b"), format(255, "#06x"))
print(int("zz", 36), int("Z", 36), from_base("ZZ", 36))
try:
    from_base("129", 8)
except ValueError as e:
    print("ValueError:", e)
try:
    int("129", 8)
except ValueError as e:
    print("ValueError:", e)
print([to_base(i, 3) for i in range(10)])
print(sum(int(d) for d in to_base(2 ** 100, 2)), (2 ** 100 - 1).bit_length())
gray = [i ^ (i >> 1) for i in range(8)]
print([format(g, "03b") for g in gray])
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 10, -16 >> 2, 0b1010 & 0xF, 0o17)
