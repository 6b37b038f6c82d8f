prices = {"apple": 1.25, "banana": 0.5}
order = ["apple", "banana", "apple", "cherry"]
total = 0
for item in order:
    print("adding", item)
    total += prices[item]
print("total", total)
