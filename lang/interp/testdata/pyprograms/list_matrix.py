def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]

A = [[1, 2], [3, 4]]
B = [[5, 6], [7, 8]]
print(matmul(A, B))
I = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
for row in I:
    print(" ".join(str(x) for x in row))
