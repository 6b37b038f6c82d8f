vals = [0.1, 0.2, 0.1 + 0.2, 1/3, 2/3, 10/3, 1e16, 1e15, 123456789012345678.0, 1.5e-5, 0.0001, 0.00001, 1e-7,
        100.0, 1e22, 1e23, 2.5, -0.0, float("inf"), -float("inf"), 3.0 * 1.1, 0.1 * 3, 9007199254740993.0, 5e-324, 1.7976931348623157e308]
for v in vals:
    print(v, repr(v), str(v))
print(round(2.5), round(3.5), round(-2.5), round(0.5), round(1.5))
print(round(2.675, 2), round(1.005, 2), round(123.456, -1), round(-0.5), round(7, -1), round(15, -1), round(25, -1))
print(int(3.9), int(-3.9), float(7), 7 / 2, 7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 7.5 // 2, -7.5 % 2)
print(2 ** 0.5, 10 ** -3, 2 ** 62, 2 ** 64, 2 ** -2, (-2) ** 3, 0 ** 0, 0.0 ** 0)
print(1e308 * 10, -1e308 * 10, abs(-0.0), max(0.0, -0.0), min(-0.0, 0.0))
print(float("1.5"), float(" -2 "), float("1e3"), float("nan") == float("nan"), int("  42 "), int("-0"), int("0x1f", 16), int("101", 2), int("z", 36))
print(sum([0.1] * 10), 0.1 * 10, sum([1, 2, 3]) / 3, 10 / 4, 3 * 0.1 == 0.3)
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), pow(3, 4), pow(3, 4, 5), pow(2, -1))
print(1_000_000, 0b1010, 0o17, 0xff, 1e3, 1E-2, .5, 5.)
print(float.is_integer(3.0), (2.5).is_integer(), (10).bit_length(), hex(255), oct(8), bin(5), hex(-1))
