def spiral(n):
    grid = [[0] * n for _ in range(n)]
    r, c, dr, dc = 0, 0, 0, 1
    for i in range(n * n):
        grid[r][c] = i
        nr, nc = r + dr, c + dc
        if not (0 <= nr < n and 0 <= nc < n and grid[nr][nc] == 0 and (nr, nc) != (0, 0)):
            dr, dc = dc, -dr
            nr, nc = r + dr, c + dc
        r, c = nr, nc
    return grid

for row in spiral(5):
    print(" ".join(f"{v:2d}" for v in row))

def zigzag(n):
    cells = sorted(((r, c) for r in range(n) for c in range(n)),
                   key=lambda p: (p[0] + p[1], -p[1] if (p[0] + p[1]) % 2 else p[1]))
    grid = [[0] * n for _ in range(n)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = i
    return grid

for row in zigzag(5):
    print(*(f"{v:2d}" for v in row))

def rotate(m):
    return [list(row) for row in zip(*m[::-1])]

m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(rotate(m))
print(rotate(rotate(m)))
print([row[::-1] for row in m], [m[i][i] for i in range(3)], sum(m[i][2 - i] for i in range(3)))
magic = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
sums = [sum(r) for r in magic] + [sum(c) for c in zip(*magic)]
print(sums, len(set(sums)) == 1)
print([[0] * 3] * 2, [[i * j for j in range(1, 4)] for i in range(1, 4)])
