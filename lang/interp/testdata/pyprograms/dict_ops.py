d = {}
d["one"] = 1
d["two"] = 2
d.update({"three": 3}, four=4)
print(d, len(d))
print(d.pop("two"), d.pop("missing", "default"))
print("one" in d, "two" in d)
print(d.get("five"), d.get("five", 5))
print(list(d.keys()), list(d.values()))
d.setdefault("six", 6)
print(d)
del d["one"]
print(d)
c = d.copy()
c["x"] = 0
print(len(d), len(c))
d.clear()
print(d)
