# Backtracking sudoku solver
puzzle = """
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""

def parse(text):
    rows = [line for line in text.strip().splitlines()]
    return [[0 if ch == "." else int(ch) for ch in row] for row in rows]

def candidates(grid, r, c):
    used = set(grid[r])
    used |= {grid[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {grid[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [d for d in range(1, 10) if d not in used]

calls = 0
def solve(grid):
    global calls
    calls += 1
    for r in range(9):
        for c in range(9):
            if grid[r][c] == 0:
                for d in candidates(grid, r, c):
                    grid[r][c] = d
                    if solve(grid):
                        return True
                grid[r][c] = 0
                return False
    return True

def show(grid):
    for r, row in enumerate(grid):
        if r and r % 3 == 0:
            print("------+-------+------")
        parts = [" ".join(str(v) if v else "." for v in row[i:i + 3]) for i in (0, 3, 6)]
        print(" | ".join(parts))

g = parse(puzzle)
show(g)
print()
print("solved:", solve(g))
show(g)
print("calls:", calls)
print(all(sorted(row) == list(range(1, 10)) for row in g))
print(all(sorted(col) == list(range(1, 10)) for col in zip(*g)))
