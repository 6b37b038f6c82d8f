def run_rule(rule, width=31, steps=15):
    table = {tuple(int(b) for b in f"{i:03b}"): (rule >> i) & 1 for i in range(8)}
    cells = [0] * width
    cells[width // 2] = 1
    history = []
    for _ in range(steps):
        history.append("".join("#" if c else "." for c in cells))
        cells = [table[(cells[i - 1], cells[i], cells[(i + 1) % width])] for i in range(width)]
    return history

for rule in (30, 90, 110):
    print(f"rule {rule}")
    for line in run_rule(rule):
        print(line)

def langton(steps):
    black = set()
    x = y = 0
    dx, dy = 0, -1
    for _ in range(steps):
        if (x, y) in black:
            dx, dy = dy, -dx
            black.remove((x, y))
        else:
            dx, dy = -dy, dx
            black.add((x, y))
        x += dx
        y += dy
    return black, (x, y)

black, pos = langton(11000)
print(len(black), pos)
xs = [p[0] for p in black]
ys = [p[1] for p in black]
print(min(xs), max(xs), min(ys), max(ys))
