add = lambda a, b=10: a + b
print(add(1), add(1, 2))
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(100) for f in fs])
key = lambda p: (p[1], -p[0])
print(sorted([(1, 2), (3, 1), (2, 2)], key=key))
compose = lambda f, g: lambda x: f(g(x))
print(compose(str, abs)(-5) + "!")
