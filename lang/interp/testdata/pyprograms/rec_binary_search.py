def bsearch(a, target, lo=0, hi=None):
    if hi is None:
        hi = len(a) - 1
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if a[mid] == target:
        return mid
    if a[mid] < target:
        return bsearch(a, target, mid + 1, hi)
    return bsearch(a, target, lo, mid - 1)

data = [1, 3, 5, 7, 9, 11, 13]
print([bsearch(data, t) for t in [1, 7, 13, 4, 0, 20]])
