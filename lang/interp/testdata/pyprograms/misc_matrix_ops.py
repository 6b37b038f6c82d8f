def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
def transpose(m):
    return [list(r) for r in zip(*m)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def det(m):
    if len(m) == 1:
        return m[0][0]
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    return sum((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m)))
a = [[1, 2], [3, 4]]
b = [[5, 6], [7, 8]]
print(matmul(a, b), transpose(a), identity(3), det(a), det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]))
for row in matmul(a, identity(2)):
    print(" ".join(f"{v:4d}" for v in row))
m = [[1.5, 2.25], [0.1, 3.0]]
for row in m:
    print("[" + ", ".join(f"{v:6.2f}" for v in row) + "]")
print([[round(v / 3, 3) for v in row] for row in m])
print(max(max(r) for r in a), sum(map(sum, a)), [sum(c) for c in zip(*a)])
