def step(cells):
    counts = {}
    for (x, y) in cells:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    k = (x + dx, y + dy)
                    counts[k] = counts.get(k, 0) + 1
    return {c for c, n in counts.items() if n == 3 or (n == 2 and c in cells)}
glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
g = glider
for _ in range(4):
    g = step(g)
print(sorted(g))
print(sorted((x - 1, y - 1) for x, y in g) == sorted(glider))
