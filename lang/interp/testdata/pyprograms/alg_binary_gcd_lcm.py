def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
def lcm(a, b):
    return a * b // gcd(a, b)
from_list = [12, 18, 24, 36]
g = from_list[0]
l = from_list[0]
for x in from_list[1:]:
    g = gcd(g, x)
    l = lcm(l, x)
print(g, l)
print([lcm(i, i + 1) for i in range(1, 10)])
acc = 1
for i in range(1, 21):
    acc = lcm(acc, i)
print("smallest multiple:", acc)
def ext_gcd(a, b):
    if b == 0:
        return a, 1, 0
    g, x, y = ext_gcd(b, a % b)
    return g, y, x - (a // b) * y
print(ext_gcd(240, 46), ext_gcd(17, 5))
def to_fraction(num, den):
    g = gcd(num, den)
    return f"{num // g}/{den // g}"
print(to_fraction(42, 56), to_fraction(100, 25), to_fraction(-6, 4))
