def bubble(xs):
    xs = list(xs)
    swaps = passes = 0
    for i in range(len(xs)):
        swapped = False
        passes += 1
        for j in range(len(xs) - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swaps += 1
                swapped = True
        if not swapped:
            break
    return xs, swaps, passes
def selection(xs):
    xs = xs[:]
    for i in range(len(xs)):
        m = min(range(i, len(xs)), key=lambda k: xs[k])
        xs[i], xs[m] = xs[m], xs[i]
    return xs
def counting(xs):
    if not xs:
        return []
    lo, hi = min(xs), max(xs)
    counts = [0] * (hi - lo + 1)
    for x in xs:
        counts[x - lo] += 1
    out = []
    for i, c in enumerate(counts):
        out.extend([i + lo] * c)
    return out
data = [64, 34, 25, 12, 22, 11, 90, -5, 22]
print(bubble(data))
print(selection(data), counting(data), sorted(data) == counting(data))
print(bubble([1, 2, 3]), bubble([]), selection(["pear", "fig", "apple"]))
