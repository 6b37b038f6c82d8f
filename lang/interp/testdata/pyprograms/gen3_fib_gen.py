def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

def take(n, it):
    out = []
    for x in it:
        if len(out) == n:
            break
        out.append(x)
    return out

def takewhile(pred, it):
    for x in it:
        if not pred(x):
            return
        yield x

def evens(it):
    return (x for x in it if x % 2 == 0)

print(take(15, fib()))
print(sum(takewhile(lambda x: x < 4_000_000, evens(fib()))))
gen = fib()
print(next(gen), next(gen), next(gen), next(gen))
print([next(gen) for _ in range(5)])
first_big = next(x for x in fib() if len(str(x)) >= 100)
print(len(str(first_big)), str(first_big)[:20])
idx = next(i for i, x in enumerate(fib()) if x > 10 ** 20)
print("index", idx)
squares = (i * i for i in range(10))
print(next(squares), next(squares), list(squares), list(squares))
def countdown(n):
    print("start", n)
    while n > 0:
        yield n
        n -= 1
    print("done")
for x in countdown(3):
    print("got", x)
c = countdown(2)
print(type(c).__name__)
print(list(c))
