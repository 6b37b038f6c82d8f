def inner(n):
    for i in range(n):
        yield i

def outer():
    yield "start"
    yield from inner(3)
    yield from ["a", "b"]
    yield "end"

print(list(outer()))
