d = {"a": 1, "b": 2, "c": 3}
inv = {v: k for k, v in d.items()}
print(inv)
print({k: v for k, v in d.items() if v > 1})
print(dict(zip("xyz", range(3))))
print(dict([("p", 1), ("q", 2)]), dict(a=1, b=2))
