inventory = {"apples": 10, "pears": 3, "plums": 0}
inventory["kiwis"] = 7
inventory.update({"pears": 5, "figs": 2})
print(inventory)
print(inventory.pop("plums"), inventory.pop("nope", "n/a"), "plums" in inventory)
print(inventory.setdefault("apples", 99), inventory.setdefault("dates", 1))
print(sorted(inventory), sorted(inventory.values()), list(inventory.items())[:2])
print(max(inventory, key=inventory.get), min(inventory.items(), key=lambda kv: kv[1]))
low = {k: v for k, v in inventory.items() if v < 5}
print(low, len(low), dict(sorted(low.items())))
inv2 = dict(inventory)
inv2["apples"] -= 4
print(inventory["apples"], inv2["apples"], inventory == inv2, inv2 | {"x": 1})
print(dict(zip("abc", range(3))), dict([("a", 1), ("b", 2)]), dict(a=1, b=2), {}.get("x"))
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
nested = {"a": {"x": 1}, "b": {"y": 2}}
print(nested["a"]["x"], {k: list(v) for k, v in nested.items()}, list(nested.keys()), list(nested.values()))
print(inventory.popitem(), len(inventory))
del inventory["apples"]
print(inventory, list(reversed(inventory)))
inventory.clear()
print(inventory, bool(inventory))
