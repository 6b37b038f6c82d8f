def kaprekar_steps(n):
    steps = 0
    seen = []
    while n != 6174:
        digits = f"{n:04d}"
        if len(set(digits)) == 1:
            return None, seen
        big = int("".join(sorted(digits, reverse=True)))
        small = int("".join(sorted(digits)))
        n = big - small
        seen.append(n)
        steps += 1
    return steps, seen

for n in [3524, 2111, 9998, 1111, 6174, 1000]:
    print(n, kaprekar_steps(n))
hist = {}
for n in range(1000, 10000):
    s, _ = kaprekar_steps(n)
    hist[s] = hist.get(s, 0) + 1
print(sorted(hist.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))

def digital_root(n):
    while n >= 10:
        n = sum(int(d) for d in str(n))
    return n
print([digital_root(n) for n in [0, 9, 38, 123456789, 2 ** 100]])
def persistence(n):
    count = 0
    while n >= 10:
        p = 1
        for d in str(n):
            p *= int(d)
        n = p
        count += 1
    return count
print(max(range(1, 10000), key=persistence), persistence(277777788888899))
print([n for n in range(1, 10 ** 4) if n == sum(int(d) ** len(str(n)) for d in str(n))])
self_numbers = set(range(1, 200)) - {n + sum(map(int, str(n))) for n in range(1, 200)}
print(sorted(self_numbers))
