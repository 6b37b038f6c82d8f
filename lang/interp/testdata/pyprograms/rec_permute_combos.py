def perms(xs):
    if len(xs) <= 1:
        return [xs[:]]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out
def combos(xs, k):
    if k == 0:
        return [[]]
    if not xs:
        return []
    head, tail = xs[0], xs[1:]
    return [[head] + c for c in combos(tail, k - 1)] + combos(tail, k)
print(perms([1, 2, 3]))
print(["".join(p) for p in perms(list("abc"))])
print(combos([1, 2, 3, 4], 2), len(combos(list(range(10)), 3)))
def partitions(n, m=None):
    if m is None:
        m = n
    if n == 0:
        return [[]]
    return [[k] + p for k in range(min(n, m), 0, -1) for p in partitions(n - k, k)]
print(partitions(5), len(partitions(12)))
def count_change(total, coins):
    if total == 0:
        return 1
    if total < 0 or not coins:
        return 0
    return count_change(total - coins[0], coins) + count_change(total, coins[1:])
print(count_change(100, [50, 25, 10, 5, 1]))
