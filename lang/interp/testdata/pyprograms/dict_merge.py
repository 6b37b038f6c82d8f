a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
merged = {**a, **b}
print(merged)
print(a | b, b | a)
a |= {"w": 0}
print(a)
print({k: a.get(k, 0) + b.get(k, 0) for k in sorted(set(a) | set(b))})
