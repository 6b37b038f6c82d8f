def greet(name, greeting="Hello"):
    """Return a greeting."""
    return f"{greeting}, {name}!"

print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet(greeting="Yo", name="Cy"))

def stats(numbers):
    return min(numbers), max(numbers), sum(numbers) / len(numbers)

lo, hi, avg = stats([4, 8, 15, 16, 23, 42])
print(lo, hi, avg)
print(stats([1, 2]))

def total(*args):
    return sum(args)

def describe(**kwargs):
    return ", ".join(f"{k}={v}" for k, v in kwargs.items())

print(total(), total(1, 2, 3), describe(a=1, b="two"))

def factorial(n):
    return 1 if n <= 1 else n * factorial(n - 1)

print([factorial(i) for i in range(8)])
square = lambda x: x * x
print(square(7), list(map(square, [1, 2, 3])), list(filter(lambda x: x > 2, [1, 2, 3, 4])))
print(greet.__doc__)

def apply(f, values):
    return [f(v) for v in values]

print(apply(str.upper, ["a", "b"]), apply(len, ["hey", "", "yo"]), apply(abs, [-1, 2, -3]))

def no_return():
    pass

print(no_return())
def default_list(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket
print(default_list(1), default_list(2))
def mutable_default(item, bucket=[]):
    bucket.append(item)
    return bucket
print(mutable_default(1), mutable_default(2))
