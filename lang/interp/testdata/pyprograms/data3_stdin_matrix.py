n, m = map(int, input().split())
grid = [list(map(int, input().split())) for _ in range(n)]
print("rows:", n, "cols:", m)
for row in grid:
    print(" ".join(f"{v:3}" for v in row))
row_sums = [sum(r) for r in grid]
col_sums = [sum(c) for c in zip(*grid)]
print("row sums:", row_sums)
print("col sums:", col_sums)
print("max:", max(max(r) for r in grid), "at", max(((v, (i, j)) for i, r in enumerate(grid) for j, v in enumerate(r)))[1])
q = int(input())
for _ in range(q):
    r1, c1, r2, c2 = map(int, input().split())
    total = sum(grid[i][j] for i in range(r1, r2 + 1) for j in range(c1, c2 + 1))
    print(f"sum[{r1},{c1}..{r2},{c2}] = {total}")
rest = []
while True:
    try:
        rest.append(input())
    except EOFError:
        break
print("trailing lines:", rest)
