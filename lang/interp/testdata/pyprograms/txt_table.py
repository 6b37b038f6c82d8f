rows = [("name", "qty", "price"), ("apple", 3, 0.5), ("watermelon", 1, 3.25), ("fig", 12, 0.2)]
widths = [max(len(str(r[i])) for r in rows) for i in range(3)]
for r in rows:
    print(" | ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
print("-+-".join("-" * w for w in widths))
