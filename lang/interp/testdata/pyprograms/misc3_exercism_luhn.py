def luhn_valid(number):
    digits = number.replace(" ", "")
    if len(digits) <= 1 or not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0

def isbn10_valid(isbn):
    chars = isbn.replace("-", "")
    if len(chars) != 10:
        return False
    total = 0
    for i, ch in enumerate(chars):
        if ch == "X" and i == 9:
            value = 10
        elif ch.isdigit():
            value = int(ch)
        else:
            return False
        total += value * (10 - i)
    return total % 11 == 0

for n in ["4539 3195 0343 6467", "8273 1232 7352 0569", "0", " 0", "059", "055 444 285", "055a 444 285", "091", "9999999999 9999999999 9999999999 9999999999"]:
    print(f"{n!r:<48} {luhn_valid(n)}")
for isbn in ["3-598-21508-8", "3-598-21508-9", "3-598-21507-X", "3-598-2X507-9", "359821507X", "3-598-21507", "3598215088"]:
    print(f"{isbn:<15} {isbn10_valid(isbn)}")
