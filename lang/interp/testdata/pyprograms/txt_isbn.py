def valid_isbn10(s):
    s = s.replace("-", "")
    if len(s) != 10:
        return False
    total = 0
    for i, c in enumerate(s):
        if c == "X" and i == 9:
            v = 10
        elif c.isdigit():
            v = int(c)
        else:
            return False
        total += v * (10 - i)
    return total % 11 == 0
for s in ["3-598-21508-8", "3-598-21508-9", "3-598-21507-X", "359821507"]:
    print(s, valid_isbn10(s))
