def merge(intervals):
    result = []
    for start, end in sorted(intervals):
        if result and start <= result[-1][1]:
            result[-1][1] = max(result[-1][1], end)
        else:
            result.append([start, end])
    return result

cases = [
    [(1, 3), (2, 6), (8, 10), (15, 18)],
    [(1, 4), (4, 5)],
    [(5, 7), (1, 2), (2, 3), (6, 9), (11, 12)],
    [],
    [(1, 10), (2, 3), (4, 5)],
]
for c in cases:
    print(c, "->", merge(c))

def min_rooms(meetings):
    events = []
    for s, e in meetings:
        events.append((s, 1))
        events.append((e, -1))
    events.sort()
    cur = best = 0
    for _, delta in events:
        cur += delta
        best = max(best, cur)
    return best

print(min_rooms([(0, 30), (5, 10), (15, 20)]), min_rooms([(7, 10), (2, 4)]), min_rooms([(1, 5), (2, 6), (3, 7), (5, 8)]))

def max_subarray(xs):
    best = cur = xs[0]
    start = best_start = best_end = 0
    for i in range(1, len(xs)):
        if cur < 0:
            cur = xs[i]
            start = i
        else:
            cur += xs[i]
        if cur > best:
            best, best_start, best_end = cur, start, i
    return best, xs[best_start:best_end + 1]

print(max_subarray([-2, 1, -3, 4, -1, 2, 1, -5, 4]), max_subarray([-3, -1, -2]))

def two_sum(nums, target):
    seen = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return seen[target - n], i
        seen[n] = i
    return None

print(two_sum([2, 7, 11, 15], 9), two_sum([3, 2, 4], 6), two_sum([1, 2], 7))

def longest_unique(s):
    last = {}
    start = best = 0
    for i, ch in enumerate(s):
        if ch in last and last[ch] >= start:
            start = last[ch] + 1
        last[ch] = i
        best = max(best, i - start + 1)
    return best
print([longest_unique(s) for s in ["abcabcbb", "bbbbb", "pwwkew", "", "dvdf"]])
