def rotate(xs, k):
    if not xs:
        return xs
    k %= len(xs)
    return xs[-k:] + xs[:-k]

print(rotate([1, 2, 3, 4, 5], 2))
print(rotate([1, 2, 3, 4, 5], -1))
print(rotate([1, 2, 3], 7))
