a = [1, 2]
b = a
b += [3]
print(a, b, a is b)
b = b + [4]
print(a, b, a is b)
c = [[0] * 2] * 2
c[0][0] = 1
print(c)
d = [[0] * 2 for _ in range(2)]
d[0][0] = 1
print(d)
m = a
m *= 2
print(a)
