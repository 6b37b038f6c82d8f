items = [3, 1, 3, 2, 1, 5, 2]
seen = set()
out = []
for x in items:
    if x not in seen:
        seen.add(x)
        out.append(x)
print(out)
print(sorted(set(items)))
print(list(dict.fromkeys(items)))
