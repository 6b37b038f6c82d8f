# Matrix helpers on nested lists
def mat_mul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]

def transpose(m):
    return [list(r) for r in zip(*m)]

def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]

def mat_pow(m, k):
    result = identity(len(m))
    while k:
        if k & 1:
            result = mat_mul(result, m)
        m = mat_mul(m, m)
        k >>= 1
    return result

def det(m):
    if len(m) == 1:
        return m[0][0]
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    total = 0
    for c in range(len(m)):
        minor = [row[:c] + row[c + 1:] for row in m[1:]]
        total += (-1) ** c * m[0][c] * det(minor)
    return total

def show(m, name):
    print(name + " =")
    width = max(len(str(v)) for row in m for v in row)
    for row in m:
        print("  [" + " ".join(str(v).rjust(width) for v in row) + "]")

a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
show(mat_mul(a, b), "a*b")
show(transpose(a), "a^T")
fib = mat_pow([[1, 1], [1, 0]], 90)
print("fib(90) =", fib[0][1])
m = [[2, -3, 1], [2, 0, -1], [1, 4, 5]]
print("det =", det(m))
print("det(I5) =", det(identity(5)))
print([[x / 2 for x in row] for row in a])
print(mat_mul([[0.1, 0.2]], [[0.3], [0.4]]))
