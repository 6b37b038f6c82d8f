nums = [1, 2, 3, 4, 5, 6]
print(list(map(lambda x: x * 10, nums)))
print(list(filter(lambda x: x % 2 == 0, nums)))
print(list(map(str, nums)), list(filter(None, [0, 1, "", "a"])))
print(list(map(lambda a, b: a + b, [1, 2], [10, 20])))
m = map(int, ["1", "2"])
print(type(m).__name__, list(m), list(m))
print(list(reversed(range(5))), list(reversed("abc")))
