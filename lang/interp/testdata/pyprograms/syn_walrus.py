data = [3, 8, 1, 12, 7]
if (n := len(data)) > 3:
    print("long list", n)
big = [y for x in data if (y := x * 2) > 10]
print(big)
i = 0
while (i := i + 1) < 4:
    print("i", i)
