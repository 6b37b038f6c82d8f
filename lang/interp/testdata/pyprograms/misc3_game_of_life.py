def step(live):
    counts = {}
    for (r, c) in live:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    key = (r + dr, c + dc)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}

def show(live, rows, cols):
    for r in range(rows):
        print("".join("#" if (r, c) in live else "." for c in range(cols)))

glider = {(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)}
g = glider
for gen in range(5):
    print(f"generation {gen}: {len(g)} cells")
    show(g, 6, 6)
    g = step(g)
blinker = {(1, 0), (1, 1), (1, 2)}
print(sorted(step(blinker)), step(step(blinker)) == blinker)
r_pent = {(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)}
pop = []
cells = r_pent
for i in range(60):
    cells = step(cells)
    pop.append(len(cells))
print(pop[:10], max(pop), pop[-1])
print(min(r for r, c in cells), max(c for r, c in cells))
