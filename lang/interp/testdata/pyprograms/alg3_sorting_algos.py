def bubble(a):
    a = a[:]
    swaps = 0
    for i in range(len(a)):
        swapped = False
        for j in range(len(a) - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps += 1
                swapped = True
        if not swapped:
            break
    return a, swaps

def insertion(a):
    a = a[:]
    for i in range(1, len(a)):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a

def merge_sort(a):
    if len(a) <= 1:
        return a
    mid = len(a) // 2
    left, right = merge_sort(a[:mid]), merge_sort(a[mid:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i]); i += 1
        else:
            out.append(right[j]); j += 1
    return out + left[i:] + right[j:]

def quick(a):
    if len(a) <= 1:
        return a
    pivot = a[len(a) // 2]
    return quick([x for x in a if x < pivot]) + [x for x in a if x == pivot] + quick([x for x in a if x > pivot])

def heapsort(a):
    a = a[:]
    n = len(a)
    def sift(i, size):
        while True:
            largest = i
            for c in (2 * i + 1, 2 * i + 2):
                if c < size and a[c] > a[largest]:
                    largest = c
            if largest == i:
                return
            a[i], a[largest] = a[largest], a[i]
            i = largest
    for i in range(n // 2 - 1, -1, -1):
        sift(i, n)
    for end in range(n - 1, 0, -1):
        a[0], a[end] = a[end], a[0]
        sift(0, end)
    return a

def counting(a):
    if not a:
        return []
    lo, hi = min(a), max(a)
    counts = [0] * (hi - lo + 1)
    for x in a:
        counts[x - lo] += 1
    return [i + lo for i, c in enumerate(counts) for _ in range(c)]

def radix(a):
    a = a[:]
    exp = 1
    while a and max(a) // exp > 0:
        buckets = [[] for _ in range(10)]
        for x in a:
            buckets[x // exp % 10].append(x)
        a = [x for b in buckets for x in b]
        exp *= 10
    return a

data = [38, 27, 43, 3, 9, 82, 10, 3, 55, 0, 71, 19]
print(bubble(data))
for f in (insertion, merge_sort, quick, heapsort, counting, radix):
    r = f(data)
    print(f"{f.__name__:<10} {r} {r == sorted(data)}")
print(bubble(list(range(8))), bubble(list(range(8, 0, -1))))
print(merge_sort(list("mergesort")), quick([2.5, -1, 3.25, 0]), counting([-3, 2, -3, 0]))
