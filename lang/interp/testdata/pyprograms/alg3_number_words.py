ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
SCALES = [(10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand")]

def say(n):
    if n < 0:
        return "minus " + say(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return TENS[tens] + ("-" + ONES[ones] if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return ONES[hundreds] + " hundred" + (" and " + say(rest) if rest else "")
    for value, name in SCALES:
        if n >= value:
            big, rest = divmod(n, value)
            sep = "" if not rest else (" and " if rest < 100 else ", ")
            return say(big) + " " + name + (sep + say(rest) if rest else "")

for n in [0, 7, 13, 20, 42, 99, 100, 101, 342, 999, 1000, 1001, 12345, 1000000, 2000017, 123456789, -45]:
    print(f"{n:>11,}: {say(n)}")
letters = sum(len(say(i).replace(" ", "").replace("-", "")) for i in range(1, 1001))
print("letters 1..1000:", letters)
