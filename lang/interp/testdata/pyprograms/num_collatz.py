def collatz_len(n):
    steps = 1
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps

best = max(range(1, 10000), key=collatz_len)
print(best, collatz_len(best))
print([collatz_len(i) for i in range(1, 11)])
