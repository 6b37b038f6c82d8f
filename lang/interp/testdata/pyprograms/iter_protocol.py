it = iter([1, 2, 3])
print(next(it))
print(list(it))
print(next(it, None))
try:
    next(iter([]))
except StopIteration:
    print("stop")
z = zip([1, 2, 3], "abc")
print(next(z), list(z))
e = enumerate("hi")
print(next(e), next(e), next(e, "end"))
