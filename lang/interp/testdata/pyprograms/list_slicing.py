a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[::3], a[8:2:-2], a[100:])
a[::2] = [0] * 5
print(a)
del a[::3]
print(a)
s = "abcdefgh"
print(s[1:6:2], s[::-1], s[-2:], s[:-2])
t = (1, 2, 3, 4)
print(t[1:], t[::-1])
