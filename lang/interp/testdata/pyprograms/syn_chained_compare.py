x = 5
print(1 < x < 10, 1 < x > 3, 10 > x >= 5, 1 == 1 < 2, x != 5 != 6)
print(0 <= x <= 4, "a" < "b" < "c", [1] < [1, 2] <= [2])
print(x is not None, None is None, type(x) is int)
