d = dict(a=1, b=2)
d.update({"c": 3}, d=4)
d.update([("e", 5)])
print(d)
print(dict.fromkeys("xyz", 0), dict.fromkeys(range(3)))
print(d | {"a": 100, "z": 26}, {**d, "b": -2})
inv = {v: k for k, v in d.items()}
print(inv)
print(d.pop("e"), d.pop("nope", "default"), d.popitem(), d)
print(list(d), list(d.keys()), list(d.values()), list(d.items()))
print(sorted(d.items(), key=lambda kv: kv[1], reverse=True))
counts = {}
for ch in "abracadabra":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, max(counts, key=counts.get), min(counts.values()))
nested = {"x": {"y": {"z": 1}}, "list": [1, {"k": [2, 3]}], "t": (1,), "s": "str", "n": None, "f": 1.5}
print(nested)
print(nested["list"][1]["k"][-1], nested.get("missing", {}).get("deep", "none"))
grid = {(r, c): r * c for r in range(3) for c in range(3)}
print(grid[(2, 2)], grid[1, 2], len(grid), list(grid)[:4])
d2 = {}
d2.setdefault("k", []).append(1)
d2.setdefault("k", []).append(2)
print(d2, "k" in d2, "v" not in d2)
del d2["k"]
print(d2, bool(d2), len({}))
print({1: "a", 1.0: "b", True: "c"})
keys = ["b", "a", "c"]
ordered = {k: i for i, k in enumerate(keys)}
print(ordered, sorted(ordered), sorted(ordered.values()))
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
