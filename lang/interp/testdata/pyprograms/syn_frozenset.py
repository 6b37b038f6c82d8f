fs = frozenset([1, 2, 3, 2])
print(len(fs), 2 in fs, sorted(fs))
d = {fs: "key"}
print(d[frozenset([3, 2, 1])])
print(sorted(fs | {4}), sorted(fs & frozenset([1, 9])))
print(type(fs).__name__)
