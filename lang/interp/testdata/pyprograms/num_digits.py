def digit_sum(n):
    return sum(int(d) for d in str(abs(n)))

print(digit_sum(12345), digit_sum(-999), digit_sum(2 ** 100))
print(int("".join(reversed(str(12345)))))
n = 9875
digits = []
while n:
    n, d = divmod(n, 10)
    digits.append(d)
print(digits[::-1])
