n = 2 ** 100
print(n, len(str(n)), str(n)[:5], n % 1000007)
f = 1
for i in range(1, 31):
    f *= i
print("30! =", f)
print(f // 10 ** 20, f % 10 ** 10)
digits = [int(c) for c in str(2 ** 50)]
print(digits, sum(digits))
print(int("123456789" * 3) + 1)
print(-(2 ** 63), 2 ** 63 - 1, -(2 ** 63) - 1, (2 ** 63) * (2 ** 63))
print(abs(-10 ** 20), 10 ** 20 // 7, -10 ** 20 // 7, 10 ** 20 % 7, -(10 ** 20) % 7)
print(str(10 ** 18).zfill(25), f"{10 ** 25:,}", f"{2**70:x}", "%d" % 2 ** 70)
print(max(2 ** 64, 2 ** 63), min(-2 ** 64, 5), sorted([2 ** 65, 3, -2 ** 65]))
print(2 ** 64 == 2.0 ** 64, 2 ** 53 + 1 > 2.0 ** 53, float(2 ** 60), int(1e20), int(2.5e18))
