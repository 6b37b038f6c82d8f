def luhn(num):
    digits = [int(c) for c in num if c.isdigit()]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0
for n in ["4539 3195 0343 6467", "8273 1232 7352 0569", "0"]:
    print(n, luhn(n))
