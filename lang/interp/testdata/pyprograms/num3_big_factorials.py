def factorial(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r

for n in (0, 1, 5, 10, 20, 25, 50):
    print(f"{n}! = {factorial(n)}")
f100 = factorial(100)
print(len(str(f100)), sum(map(int, str(f100))))
trailing = len(str(f100)) - len(str(f100).rstrip("0"))
print("trailing zeros:", trailing)

def binom(n, k):
    return factorial(n) // (factorial(k) * factorial(n - k))

for n in range(8):
    print(" ".join(str(binom(n, k)) for k in range(n + 1)).center(32))
print(binom(40, 20), binom(100, 50))
catalan = [binom(2 * n, n) // (n + 1) for n in range(15)]
print(catalan)
print(2 ** 64, 2 ** 64 - 1, -(2 ** 63), (2 ** 64) // 3, (2 ** 64) % 1000, 2 ** 64 / 2)
big = 12345678901234567890
print(big * big, big // 7, big % 97, -big // 7, big.bit_length(), hex(big), bin(255))
print(int("123456789" * 3), int("ff", 16), int("777", 8), int("-101", 2), int("0x1A", 16))
print(str(10 ** 30)[:5], 10 ** 30 == 10.0 ** 30, float(10 ** 30), 7 ** 77 % 1000)
digits = [int(d) for d in str(2 ** 200)]
print(digits.count(0), max(digits), sorted(set(digits)))
print(factorial(30) / factorial(28), factorial(20) / 3)
