# Longest increasing subsequence, patience sorting with bisect written by hand
def bisect_left(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo

def lis(seq):
    tails = []
    tails_idx = []
    parent = [None] * len(seq)
    for i, x in enumerate(seq):
        k = bisect_left(tails, x)
        if k == len(tails):
            tails.append(x)
            tails_idx.append(i)
        else:
            tails[k] = x
            tails_idx[k] = i
        parent[i] = tails_idx[k - 1] if k > 0 else None
    out = []
    i = tails_idx[-1] if tails_idx else None
    while i is not None:
        out.append(seq[i])
        i = parent[i]
    return out[::-1]

def lis_quadratic(seq):
    if not seq:
        return 0
    best = [1] * len(seq)
    for i in range(len(seq)):
        for j in range(i):
            if seq[j] < seq[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best)

tests = [
    [3, 2, 6, 4, 5, 1],
    [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15],
    [],
    [5, 5, 5],
    list(range(10, 0, -1)),
    [x * 37 % 101 for x in range(30)],
]
for t in tests:
    r = lis(t)
    assert len(r) == lis_quadratic(t), t
    print(len(r), r)
