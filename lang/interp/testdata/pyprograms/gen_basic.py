def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1

print(list(count_up(5)))
g = count_up(3)
print(next(g), next(g), next(g))
print(next(g, "done"))
for x in count_up(2):
    print("x", x)
