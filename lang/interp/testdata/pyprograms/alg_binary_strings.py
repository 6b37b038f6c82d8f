def gray(n):
    if n == 0:
        return [""]
    prev = gray(n - 1)
    return ["0" + s for s in prev] + ["1" + s for s in reversed(prev)]
print(gray(3))
print([int(s, 2) for s in gray(4)])
