pairs = [(1, "one"), (2, "two")]
for num, name in pairs:
    print(num, name)
points = {"a": (0, 1), "b": (2, 3)}
for key, (x, y) in points.items():
    print(key, x + y)
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print(i, a * b)
