inventory = {
    "fruits": {"apple": 3, "banana": 5},
    "veg": {"carrot": 7},
}
inventory["fruits"]["cherry"] = 10
inventory.setdefault("dairy", {})["milk"] = 2
for cat, items in inventory.items():
    total = sum(items.values())
    print(cat, total, sorted(items))
print(inventory)
