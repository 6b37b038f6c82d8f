prices = {"apple": 1.25, "bread": 2.5, "cheese": 7.0}
for k in prices:
    print(k, end=" ")
print()
for i, (k, v) in enumerate(prices.items()):
    print(i, k, v)
print(sum(prices.values()), max(prices.values()))
print(sorted(prices, key=prices.get, reverse=True))
