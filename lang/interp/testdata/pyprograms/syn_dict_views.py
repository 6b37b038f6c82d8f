d = {"a": 1, "b": 2}
ks = d.keys()
vs = d.values()
its = d.items()
d["c"] = 3
print(ks, vs, its)
print(len(ks), "a" in ks, ("b", 2) in its, 3 in vs)
print(sorted(ks), list(vs), list(its)[0])
del d["a"]
print(list(ks), ks & {"b", "z"})
