def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
for data in ([3, 1, 2], [4, 1, 3, 2], [7], []):
    print(data, "->", median(data))
