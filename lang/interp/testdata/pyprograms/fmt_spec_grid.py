# Python: format() against a grid of values and specs (fill, align, sign, #, 0, width,
# grouping, precision, type), and errors for specs a type does not take.
vals = [0, 5, -5, 12, 255, -255, 1234567, 3.0, -3.0, 100.0, 1234.5, -1234.5, 0.000123, 1e16, 2.5, "ab", "héllo", True]
specs = ["05", ">05", "<05", "^07", "=07", "010,.1f", "010,", "08,", "012,d", "#06x", "#08b", "#o", "+05", " 06", "-06",
         "*>8", "x<6", ".2", ".5", ".1", ".3", "10.2", "010.2", "_", "012_", "#010X", "+#08x", "05s", "g", ".0", "e", "010.3e", ",", "08.2%", "x^9", "0=8", "07.2f"]
for v in vals:
    for sp in specs:
        try:
            r = format(v, sp)
        except Exception as e:
            r = "ERR " + type(e).__name__
        print(repr(v), sp, "->", repr(r))
vals = [0.0, -0.0, 1.5, -2.75, 123456.789, 0.1, 1e-7, 9.999, 99.95, 1e22, 2**70, -2**65, float("inf"), float("-inf"), 7, -1, 10**6, 0.5, 1/3]
specs = ["", ".1", ".2", ".3", ".4", ".6", ".10", ".17", "10.3", "<10.3", "+.3", "012.4", ",.2f", "_.3f", "015,.2f", "+015,.3f", "e", ".2e", "g", ".3g", "#g", "#.3g", "%", ".1%", "08.1%",
         "x<12,", "012,", "0>12", "0<12", "0^12", ",", "_", "+,", " ,.1f", "=+12", "^+12.2f", "#x", "#b", "#o", "b", "c", "n", "d", "f", "F", "E", "G", ".0f", ".0e", ".0%", "020_", "#020_x"]
for v in vals:
    for sp in specs:
        try:
            r = format(v, sp)
        except Exception as e:
            r = "ERR " + type(e).__name__ + ": " + str(e)
        print(repr(v), repr(sp), "->", repr(r))
print(f"{3.14159:.3} {1234.5:010,.1f} {12:#06x} {5:>05} {'ab':05} {-5:05} {3.0:.2}")
print("{:>8.2f}|{:^10}|{:<6}|{:+d}|{:,}".format(3.14159, "mid", "l", 5, 1234567))
