vals = [0, 1, -1, 7, 255, 1234567, -9876543, 0.5, 1.5, 2.5, -0.0, 0.125, 3.14159, 1e-10, 1e16, 123.456, float("inf"), float("nan"), True]
specs = ["", ">8", "<8", "^8", "08.2f", ".0f", ".1f", ".3e", "g", ".3g", ",", "+.2f", "10.4", "%", ".1%", "_"]
for v in vals:
    row = []
    for s in specs:
        try:
            row.append(format(v, s))
        except (ValueError, TypeError) as e:
            row.append("E")
    print(repr(v), "|".join(row))
ints = [0, 5, 255, -255, 1024]
for s in ["b", "08b", "o", "#o", "x", "#X", "c" if False else "d", "+d", " d", "=+8d", "x<6", "*>7,"]:
    print(s, [format(i, s) for i in ints])
print(f"{None!s:>6}|{True:>5}|{False!r}|{'a':5}|{5:5}|{3:.2f}|{'abc':.1}|{12:^7}|")
print(f"{-1234:,}", f"{1234.5:_.2f}", f"{1e100:g}", f"{123456789:e}", f"{0.000123456:.2g}", f"{1/3:.15g}", f"{2/3:r}" if False else f"{2/3!r}")
x = 3.5
print(f"{x=}", f"{x * 2 = }", f"{'q'!a}" if False else "")
