for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (7.5, 2)]:
    print(a, b, a / b, a // b, a % b, divmod(a, b))
print(10 / 4, 10 // 4, 2 ** 10 / 2 ** 5)
print(round(7 / 3, 3), int(7 / 3), 1 / 3)
