data = [
    {"country": "Iceland", "pop": 376_248, "area": 103_000, "gdp": 27.84},
    {"country": "Luxembourg", "pop": 654_768, "area": 2_586, "gdp": 86.9},
    {"country": "Malta", "pop": 542_051, "area": 316, "gdp": 20.96},
    {"country": "Monaco", "pop": 36_297, "area": 2.02, "gdp": 8.6},
    {"country": "San Marino", "pop": 33_642, "area": 61.2, "gdp": 1.86},
]
cols = [("country", "<", ""), ("pop", ">", ","), ("area", ">", ",.1f"), ("gdp", ">", ".2f")]
widths = {}
for name, align, spec in cols:
    widths[name] = max(len(name), max(len(format(row[name], spec)) for row in data))
header = " | ".join(f"{name.upper():{align}{widths[name]}}" for name, align, spec in cols)
print(header)
print("-+-".join("-" * widths[name] for name, _, _ in cols))
for row in data:
    print(" | ".join(f"{row[name]:{align}{widths[name]}{spec}}" for name, align, spec in cols))
print()
for row in sorted(data, key=lambda r: r["pop"] / r["area"], reverse=True):
    density = row["pop"] / row["area"]
    print(f"{row['country']:.<15}{density:>12.1f} /km²  {density:e}")
print()
print("{:^11}|{:^11}|{:^11}".format("left", "center", "right"))
for v in [1, 22.5, -333, 0.0001, 1e21, 123456789]:
    print("{:<11}|{:^11}|{:>11}".format(v, v, v))
print("{0} {1} {0} {name}".format("a", "b", name="n"), "%s=%d (%5.1f%%)" % ("x", 42, 99.44))
print(f"{42:08b} {255:#x} {255:X} {8:o} {-17:+d} {17:+d} {3.14159:+.2f} {0.5:%} {1234567:_}")
