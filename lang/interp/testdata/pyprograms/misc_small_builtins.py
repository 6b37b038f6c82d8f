# Python: small things pasted programs use — bool as an index, int/float
# methods (bit_count, as_integer_ratio, conjugate), str.isprintable and
# str.format_map.
n = 7
print(("odd", "even")[n % 2 == 0], ["no", "yes"][n > 5], "ab"[False])
flags = [0, 0, 0]
flags[True] = 9
print(flags)
for x in [0, 1, 7, 255, 1023, 2 ** 70 - 1, -5]:
    print(x, x.bit_length(), x.bit_count(), x.as_integer_ratio(), x.conjugate())
for f in [0.5, 0.1, 2.25, -3.0, 1e-3, 123456.789]:
    print(f, f.as_integer_ratio(), f.is_integer(), f.conjugate())
for s in ["abc", "", "tab\there", "new\nline", "caf\u00e9", "zero\u200bwidth", "nbsp\u00a0"]:
    print(repr(s), s.isprintable())
point = {"x": 3, "y": -2, "name": "P"}
print("{name} at ({x}, {y})".format_map(point))
print("{name!r:>5}|{x:+d}".format_map(point))
try:
    print("{z}".format_map(point))
except KeyError as e:
    print("KeyError", e)
