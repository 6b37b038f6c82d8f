def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    i = 3
    while i * i <= n:
        if n % i == 0:
            return False
        i += 2
    return True

size = 11
grid = [[0] * size for _ in range(size)]
x = y = size // 2
n = 1
grid[y][x] = n
step = 1
dirs = [(1, 0), (0, -1), (-1, 0), (0, 1)]
d = 0
while n < size * size:
    for _ in range(2):
        dx, dy = dirs[d % 4]
        for _ in range(step):
            if n >= size * size:
                break
            x += dx
            y += dy
            n += 1
            grid[y][x] = n
        d += 1
    step += 1
for row in grid:
    print("".join("#" if is_prime(v) else "." for v in row))
diag = [grid[i][i] for i in range(size)] + [grid[i][size - 1 - i] for i in range(size)]
print(sorted(set(diag))[:10], sum(1 for v in set(diag) if is_prime(v)), len(set(diag)))
print([n for n in range(100) if is_prime(n) and is_prime(n + 6)])
print(sum(n for n in range(2, 20000) if is_prime(n)))
