a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)))
print(a.issubset({1, 2, 3, 4, 5}), {1, 2} <= a, a.isdisjoint({9}))
a.add(10)
a.discard(1)
a.remove(2)
print(sorted(a), len(a), 3 in a)
s = set()
s |= {1, 2}
s.update([3, 4])
print(sorted(s))
