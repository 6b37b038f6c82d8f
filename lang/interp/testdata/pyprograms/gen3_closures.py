def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc

c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5), c2(), c2(-50))

def make_multipliers():
    return [lambda x, i=i: x * i for i in range(5)]

def make_multipliers_late():
    return [lambda x: x * i for i in range(5)]

print([m(10) for m in make_multipliers()])
print([m(10) for m in make_multipliers_late()])

def memoize(fn):
    cache = {}
    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    wrapper.cache = cache
    return wrapper

@memoize
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)

print(paths(16, 16), len(paths.cache))

def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run

inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7))

def accumulator():
    total = 0
    history = []
    def add(x):
        nonlocal total
        total += x
        history.append(total)
        return history
    return add

acc = accumulator()
acc(3); acc(4)
print(acc(10))

x = "global"
def outer():
    x = "outer"
    def inner():
        return x
    x = "changed"
    return inner
print(outer()())
