moves = []
def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    moves.append((n, src, dst))
    hanoi(n - 1, via, dst, src)

hanoi(4, "A", "C", "B")
print(len(moves))
for m in moves[:7]:
    print("move disk %d from %s to %s" % m)
pegs = {"A": list(range(4, 0, -1)), "B": [], "C": []}
for disk, s, d in moves:
    assert pegs[s][-1] == disk
    pegs[d].append(pegs[s].pop())
    assert pegs[d] == sorted(pegs[d], reverse=True)
print(pegs)

def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    return rest + [[items[0]] + r for r in rest]
print(sorted(power_set([1, 2, 3]), key=lambda s: (len(s), s)))

def combos(items, k):
    if k == 0:
        return [[]]
    if len(items) < k:
        return []
    first, rest = items[0], items[1:]
    return [[first] + c for c in combos(rest, k - 1)] + combos(rest, k)
print(combos("abcd", 2), len(combos(list(range(10)), 4)))

def flood(grid, r, c, new):
    old = grid[r][c]
    if old == new:
        return
    stack = [(r, c)]
    while stack:
        r, c = stack.pop()
        if 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] == old:
            grid[r][c] = new
            stack.extend([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])

img = [list(row) for row in ["..##....", ".#..#...", ".#...#..", "..###...", "........"]]
flood(img, 2, 3, "o")
print("\n".join("".join(r) for r in img))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print([ackermann(m, n) for m in range(3) for n in range(4)], ackermann(2, 3))
