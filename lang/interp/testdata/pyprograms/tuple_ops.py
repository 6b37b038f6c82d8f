t = (1, 2, 3)
a, b, c = t
print(a + b + c, t * 2, t + (4,), len(t), t.index(2), t.count(1))
point = (3, 4)
x, y = point
print((x ** 2 + y ** 2) ** 0.5)
print((1, 2) < (1, 3), (2,) > (1, 9), () == ())
nested = ((1, 2), (3, 4))
for (p, q) in nested:
    print(p * q)
print(tuple([1, 2]), tuple("ab"), (5,))
