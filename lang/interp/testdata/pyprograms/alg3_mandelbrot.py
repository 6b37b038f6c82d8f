chars = " .:-=+*#%@"
rows, cols = 21, 60
for r in range(rows):
    y = 1.2 - 2.4 * r / (rows - 1)
    line = []
    for c in range(cols):
        x = -2.1 + 2.8 * c / (cols - 1)
        zx = zy = 0.0
        n = 0
        while zx * zx + zy * zy < 4 and n < 30:
            zx, zy = zx * zx - zy * zy + x, 2 * zx * zy + y
            n += 1
        line.append(chars[n * (len(chars) - 1) // 30])
    print("".join(line).rstrip())
area_hits = 0
total = 0
for i in range(80):
    for j in range(60):
        x = -2.0 + 2.5 * i / 80
        y = -1.1 + 2.2 * j / 60
        zx = zy = 0.0
        for _ in range(50):
            zx, zy = zx * zx - zy * zy + x, 2 * zx * zy + y
            if zx * zx + zy * zy > 4:
                break
        else:
            area_hits += 1
        total += 1
print(area_hits, total, area_hits / total * 2.5 * 2.2)
