def naturals():
    n = 1
    while True:
        yield n
        n += 1

def take(n, it):
    out = []
    for x in it:
        if len(out) >= n:
            break
        out.append(x)
    return out

print(take(5, naturals()))
print(take(3, (x * x for x in naturals() if x % 2)))
squares = map(lambda x: x * x, naturals())
print(next(squares), next(squares))
