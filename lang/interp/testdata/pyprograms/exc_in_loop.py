values = ["1", "2", "x", "4", "", "6"]
total = 0
bad = []
for v in values:
    try:
        total += int(v)
    except ValueError:
        bad.append(v)
        continue
print(total, bad)
