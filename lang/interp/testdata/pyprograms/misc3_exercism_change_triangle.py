def triangle_kind(a, b, c):
    sides = sorted([a, b, c])
    if sides[0] <= 0 or sides[0] + sides[1] < sides[2]:
        return "invalid"
    distinct = len({a, b, c})
    return {1: "equilateral", 2: "isosceles", 3: "scalene"}[distinct]

for t in [(2, 2, 2), (3, 4, 4), (3, 4, 5), (0, 0, 0), (1, 1, 3), (0.5, 0.4, 0.6), (7, 3, 2), (10, 10, 20)]:
    print(t, triangle_kind(*t))

def find_fewest_coins(coins, target):
    if target < 0:
        raise ValueError("target can't be negative")
    best = [[]] + [None] * target
    for amount in range(1, target + 1):
        for c in coins:
            if c <= amount and best[amount - c] is not None:
                cand = best[amount - c] + [c]
                if best[amount] is None or len(cand) < len(best[amount]):
                    best[amount] = cand
    if best[target] is None:
        raise ValueError("can't make target with given coins")
    return sorted(best[target])

for coins, t in [([1, 5, 10, 25, 100], 15), ([1, 4, 15, 20, 50], 23), ([2, 5, 10, 20, 50], 21), ([5, 10], 3), ([1], -5), ([1, 2], 0)]:
    try:
        print(t, find_fewest_coins(coins, t))
    except ValueError as e:
        print(t, "error:", e)

def armstrong(n):
    s = str(n)
    return n == sum(int(d) ** len(s) for d in s)
print([n for n in [0, 5, 10, 153, 100, 9474, 9475, 9926315, 9926314] if armstrong(n)])
