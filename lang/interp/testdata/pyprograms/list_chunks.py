def chunks(xs, n):
    return [xs[i:i + n] for i in range(0, len(xs), n)]

print(chunks(list(range(10)), 3))
print(chunks("abcdefg", 2))
print(chunks([], 4))
