def slices(series, length):
    if length == 0:
        raise ValueError("slice length cannot be zero")
    if length < 0:
        raise ValueError("slice length cannot be negative")
    if not series:
        raise ValueError("series cannot be empty")
    if length > len(series):
        raise ValueError("slice length cannot be greater than series length")
    return [series[i:i + length] for i in range(len(series) - length + 1)]

def largest_product(series, size):
    if size < 0 or size > len(series) or not series.isdigit() and series:
        raise ValueError("invalid input")
    best = 0
    for s in slices(series, size) if size else [""]:
        p = 1
        for d in s:
            p *= int(d)
        best = max(best, p)
    return best

for args in [("49142", 3), ("12", 1), ("", 1), ("123", 0), ("123", -1), ("123", 5)]:
    try:
        print(args, slices(*args))
    except ValueError as err:
        print(args, "ValueError:", err.args[0])
print(largest_product("63915", 3), largest_product("0123456789", 2), largest_product("1234", 0))
try:
    largest_product("12a4", 2)
except ValueError as e:
    print(e)

def rotate(text, key):
    return "".join(
        chr((ord(c) - base + key) % 26 + base) if c.isalpha() else c
        for c in text
        for base in [ord("A") if c.isupper() else ord("a")]
    )
print(rotate("Testing 1 2 3 testing", 4), rotate("The quick brown fox jumps over the lazy dog.", 13))
