a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a, a << 2, a >> 2, -16 >> 2)
print(bin(a & b), bin(a ^ b), (1 << 70) >> 68)
flags = 0
for bit in [0, 3, 5]:
    flags |= 1 << bit
print(flags, [i for i in range(8) if flags & (1 << i)])
print(bin(255).count("1"), (255).bit_length())
