data = [("b", 2), ("a", 2), ("c", 1), ("d", 3), ("e", 1)]
print(sorted(data, key=lambda t: t[1]))
data.sort(key=lambda t: t[0], reverse=True)
print(data)
print(sorted([-3, 1, -2, 4], key=abs))
