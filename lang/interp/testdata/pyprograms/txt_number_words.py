ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
def words(n):
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + ("" if rest == 0 else " and " + words(rest))
    for div, name in [(10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand")]:
        if n >= div:
            rest = n % div
            return words(n // div) + " " + name + ("" if rest == 0 else (" " if rest >= 100 else " and ") + words(rest))
for n in [0, 7, 13, 20, 42, 99, 100, 101, 342, 999, 1000, 1001, 12345, 1000000, 987654321]:
    print(f"{n:>10,}: {words(n)}")
total = sum(len(words(i).replace(" ", "").replace("-", "")) for i in range(1, 1001))
print("letters 1..1000:", total)
