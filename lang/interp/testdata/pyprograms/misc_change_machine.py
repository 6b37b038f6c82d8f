def make_change(cents):
    coins = [("quarter", 25), ("dime", 10), ("nickel", 5), ("penny", 1)]
    out = {}
    for name, v in coins:
        n, cents = divmod(cents, v)
        if n:
            out[name] = n
    return out
for c in [0, 41, 99, 100]:
    print(c, make_change(c))
