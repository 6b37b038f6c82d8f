names = ["a", "b", "c"]
scores = [10, 20, 30]
for i, (n, s) in enumerate(zip(names, scores), start=1):
    print(i, n, s)
print(list(zip(names, scores, [True, False, True])))
print(list(zip([1, 2, 3], "ab")))
print(dict(enumerate("xyz")))
