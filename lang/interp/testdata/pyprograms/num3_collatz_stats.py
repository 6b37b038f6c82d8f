def collatz(n):
    seq = [n]
    while n != 1:
        n = 3 * n + 1 if n % 2 else n // 2
        seq.append(n)
    return seq

print(collatz(27)[:20], len(collatz(27)), max(collatz(27)))
lengths = {n: len(collatz(n)) for n in range(1, 3000)}
best = max(lengths, key=lambda n: (lengths[n], -n))
print(best, lengths[best])
records = []
top = 0
for n in range(1, 3000):
    if lengths[n] > top:
        top = lengths[n]
        records.append((n, top))
print(records)
peaks = sorted(range(1, 3000), key=lambda n: max(collatz(n)), reverse=True)[:5]
print([(n, max(collatz(n))) for n in peaks])
hist = {}
for L in lengths.values():
    hist[L // 25 * 25] = hist.get(L // 25 * 25, 0) + 1
for k in sorted(hist):
    print(f"{k:>3}-{k + 24:<3} {hist[k]:>4} {'*' * (hist[k] // 40)}")
print(sum(lengths.values()) / len(lengths))
