# 0/1 knapsack (Rosetta Code problem) with item reconstruction
items = [
    ("map", 9, 150), ("compass", 13, 35), ("water", 153, 200),
    ("sandwich", 50, 160), ("glucose", 15, 60), ("tin", 68, 45),
    ("banana", 27, 60), ("apple", 39, 40), ("cheese", 23, 30),
    ("beer", 52, 10), ("suntan cream", 11, 70), ("camera", 32, 30),
    ("T-shirt", 24, 15), ("trousers", 48, 10), ("umbrella", 73, 40),
    ("waterproof trousers", 42, 70), ("waterproof overclothes", 43, 75),
    ("note-case", 22, 80), ("sunglasses", 7, 20), ("towel", 18, 12),
    ("socks", 4, 50), ("book", 30, 10),
]
LIMIT = 400

def knapsack(items, limit):
    table = [[0] * (limit + 1) for _ in range(len(items) + 1)]
    for j in range(1, len(items) + 1):
        name, wt, val = items[j - 1]
        for w in range(1, limit + 1):
            if wt > w:
                table[j][w] = table[j - 1][w]
            else:
                table[j][w] = max(table[j - 1][w], table[j - 1][w - wt] + val)
    result = []
    w = limit
    for j in range(len(items), 0, -1):
        if table[j][w] != table[j - 1][w]:
            name, wt, val = items[j - 1]
            result.append(items[j - 1])
            w -= wt
    return result

bagged = knapsack(items, LIMIT)
print("Bagged the following items")
for name, wt, val in sorted(bagged):
    print(f"  {name:<24} {wt:>4} {val:>4}")
print("for a total value of %i and a total weight of %i" % (
    sum(item[2] for item in bagged), sum(item[1] for item in bagged)))
print(len(bagged), "items")
