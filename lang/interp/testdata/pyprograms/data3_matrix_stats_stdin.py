rows = []
while True:
    try:
        line = input()
    except EOFError:
        break
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    rows.append([float(x) for x in line.replace(",", " ").split()])
print(f"{len(rows)} rows x {len(rows[0])} cols")
cols = list(zip(*rows))
for i, col in enumerate(cols):
    mean = sum(col) / len(col)
    sd = (sum((v - mean) ** 2 for v in col) / len(col)) ** 0.5
    print(f"col {i}: min={min(col):g} max={max(col):g} mean={mean:.3f} sd={sd:.3f}")
norm = [[round((v - min(c)) / (max(c) - min(c)), 3) if max(c) != min(c) else 0.0 for v, c in zip(r, cols)] for r in rows]
for r in norm:
    print(r)
print(max(range(len(rows)), key=lambda i: sum(rows[i])))
