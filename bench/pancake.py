# Permutations: a recursive permutation generator, Heap's algorithm with
# swaps, lexicographic next_permutation with slice reversal, pancake
# flipping (prefix reversal by slicing) and permutation cycle counts.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def permutations(items):
    if len(items) <= 1:
        yield items[:]
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            yield [items[i]] + p


def heap_perms(n):
    a = list(range(n))
    c = [0] * n
    count = 1
    checksum = 0
    i = 0
    while i < n:
        if c[i] < i:
            if i % 2 == 0:
                a[0], a[i] = a[i], a[0]
            else:
                a[c[i]], a[i] = a[i], a[c[i]]
            count += 1
            checksum += a[0] * count % 7
            c[i] += 1
            i = 0
        else:
            c[i] = 0
            i += 1
    return count, checksum


def next_permutation(a):
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    a[i + 1:] = a[i + 1:][::-1]
    return True


def pancake_sort_flips(stack):
    stack = list(stack)
    flips = 0
    for size in range(len(stack), 1, -1):
        biggest = stack.index(max(stack[:size]))
        if biggest == size - 1:
            continue
        if biggest != 0:
            stack[:biggest + 1] = reversed(stack[:biggest + 1])
            flips += 1
        stack[:size] = stack[:size][::-1]
        flips += 1
    return flips


def cycles(p):
    seen = [False] * len(p)
    n = 0
    for i in range(len(p)):
        if not seen[i]:
            n += 1
            j = i
            while not seen[j]:
                seen[j] = True
                j = p[j]
    return n


N1 = 6 if SMALL else 8
perms = list(permutations(list(range(N1))))
print("recursive", len(perms), perms[0], perms[-1], sum(p[0] * p[-1] for p in perms))

print("heap", heap_perms(7 if SMALL else 9))

N2 = 6 if SMALL else 8
a = list(range(N2))
total_flips = 0
max_flips = 0
cycle_hist = {}
steps = 0
while True:
    f = pancake_sort_flips(a)
    total_flips += f
    if f > max_flips:
        max_flips = f
    c = cycles(a)
    cycle_hist[c] = cycle_hist.get(c, 0) + 1
    steps += 1
    if not next_permutation(a):
        break
print("lexicographic", steps, total_flips, max_flips, sorted(cycle_hist.items()))
