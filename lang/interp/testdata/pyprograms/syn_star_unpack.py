first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
a, *mid, b = (1, 2)
print(a, mid, b)
head, *_ = range(5)
print(head)
x, (y, z) = 1, (2, 3)
print(x, y, z)
print(*[1, 2, 3], sep="-")
print([*range(3), *"ab"], (*[1], 2))
