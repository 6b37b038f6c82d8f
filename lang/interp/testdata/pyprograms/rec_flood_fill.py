grid = [
    "..........",
    ".####.....",
    ".#..#..##.",
    ".####..##.",
    "......#...",
    ".....###..",
]
cells = [list(row) for row in grid]
def fill(r, c, ch):
    if r < 0 or r >= len(cells) or c < 0 or c >= len(cells[0]) or cells[r][c] != ".":
        return 0
    cells[r][c] = ch
    return 1 + sum(fill(r + dr, c + dc, ch) for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)])
print("outside:", fill(0, 0, "~"))
print("inside:", fill(2, 2, "o"))
for row in cells:
    print("".join(row))
def islands(g):
    seen = set()
    sizes = []
    for r in range(len(g)):
        for c in range(len(g[0])):
            if g[r][c] == "#" and (r, c) not in seen:
                stack, size = [(r, c)], 0
                seen.add((r, c))
                while stack:
                    y, x = stack.pop()
                    size += 1
                    for ny, nx in [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)]:
                        if 0 <= ny < len(g) and 0 <= nx < len(g[0]) and g[ny][nx] == "#" and (ny, nx) not in seen:
                            seen.add((ny, nx))
                            stack.append((ny, nx))
                sizes.append(size)
    return sizes
print(islands(grid), len(islands(grid)))
