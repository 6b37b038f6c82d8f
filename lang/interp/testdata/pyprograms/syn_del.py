x = 10
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
d = {"a": 1, "b": 2, "c": 3}
del d["a"], d["c"]
print(d)
lst = list(range(8))
del lst[1], lst[-1]
del lst[1:3]
print(lst)
