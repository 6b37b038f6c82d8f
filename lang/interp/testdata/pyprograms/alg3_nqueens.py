# N queens: count solutions and draw the first one
def solve(n):
    cols = set()
    diag1 = set()
    diag2 = set()
    placement = []
    solutions = []

    def place(row):
        if row == n:
            solutions.append(placement[:])
            return
        for c in range(n):
            if c in cols or (row + c) in diag1 or (row - c) in diag2:
                continue
            cols.add(c); diag1.add(row + c); diag2.add(row - c)
            placement.append(c)
            place(row + 1)
            placement.pop()
            cols.remove(c); diag1.remove(row + c); diag2.remove(row - c)

    place(0)
    return solutions

for n in range(1, 9):
    sols = solve(n)
    print(f"{n}x{n}: {len(sols)} solutions")

first = solve(6)[0]
print(first)
for c in first:
    print(" ".join("Q" if i == c else "." for i in range(6)))
unique = {tuple(s) for s in solve(5)}
print(len(unique), min(unique), max(unique))
