a = 2 ** 64
b = 3 ** 50
print(a, b, a * b, b // a, b % a, -a // 7)
print(a - a + 1, (a + 1) * (a - 1) == a * a - 1)
f = 1
for i in range(1, 31):
    f *= i
print(f, len(str(f)), f % 1000007)
print(pow(2, 1000, 10 ** 9 + 7), pow(3, -1, 7))
