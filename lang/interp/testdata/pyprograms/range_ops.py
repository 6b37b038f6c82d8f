r = range(2, 20, 3)
print(list(r), len(r), r[2], r[-1], 5 in r, 6 in r)
print(list(range(5, 0, -1)), list(range(0)), sum(range(1, 11)))
print(range(10)[2:5], 2.0 in range(3), list(range(-3, 3)))
