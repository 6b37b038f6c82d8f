def make_counter(start=0, step=1):
    count = start
    def inc():
        nonlocal count
        count += step
        return count
    def reset():
        nonlocal count
        count = start
    return inc, reset
inc, reset = make_counter(10, 5)
print(inc(), inc(), inc())
reset()
print(inc())
fns = [lambda x, i=i: x + i for i in range(3)]
late = [lambda x: x + i for i in range(3)]
print([f(10) for f in fns], [f(10) for f in late])
def memoize(fn):
    cache = {}
    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    wrapper.cache = cache
    return wrapper
@memoize
def slow_fib(n):
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)
print(slow_fib(80), len(slow_fib.cache))
def compose(*fs):
    def run(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return run
inc1 = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc1, dbl)(5), compose(dbl, inc1)(5), compose()(7))
def make_multipliers():
    return {name: (lambda k: lambda x: x * k)(k) for name, k in [("double", 2), ("triple", 3)]}
m = make_multipliers()
print(m["double"](7), m["triple"](7), sorted(m))
total = 0
def add_to_total(x):
    global total
    total += x
for v in range(5):
    add_to_total(v)
print(total)
