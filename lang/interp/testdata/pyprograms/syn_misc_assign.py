x = y = z = 0
x += 1
print(x, y, z)
a, (b, c), *d = 1, (2, 3), 4, 5
print(a, b, c, d)
first, *middle, last = "python"
print(first, middle, last)
pairs = [(1, ("a", True)), (2, ("b", False))]
for i, (s, flag) in pairs:
    print(i, s, flag)
for idx, (k, v) in enumerate({"p": 1, "q": 2}.items()):
    print(idx, k, v)
m = [[1, 2], [3, 4]]
m[0][1], m[1][0] = m[1][0], m[0][1]
print(m)
d = {}
d["a"] = d.get("a", 0) + 1
d.setdefault("list", []).append(5)
d.setdefault("list", []).append(6)
print(d)
n = 10
n //= 3
n **= 3
n %= 7
n <<= 2
n |= 1
n ^= 8
print(n)
s = "ab"
s *= 3
s += "!"
print(s)
t = (1, 2)
t += (3,)
print(t, t * 2)
print((lambda *args, **kw: (args, kw))(1, 2, k=3))
if (n := len(s)) > 5:
    print("long", n)
print([y := 5, y ** 2])
