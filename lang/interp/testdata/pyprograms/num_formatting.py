vals = [0.1, 1.0, 1.5, 2.5, 100.0, 1e16, 1.23e-5, 123456789.123, -0.0]
for v in vals:
    print(v, repr(v), str(v), f"{v:.3g}", f"{v:e}")
print(round(2.5), round(3.5), round(0.125, 2), round(1234.5678, -2))
print(format(1234.5, ",.2f"), format(42, "08b"), format(3.14159, ".3"))
