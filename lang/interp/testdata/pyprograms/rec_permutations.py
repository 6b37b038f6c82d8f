def perms(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out

for p in perms([1, 2, 3]):
    print(p)
print(len(perms(list("abcd"))))
