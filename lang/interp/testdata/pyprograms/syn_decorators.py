def logged(fn):
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__, args)
        result = fn(*args, **kwargs)
        print("returned", result)
        return result
    return wrapper

@logged
def add(a, b):
    return a + b

add(2, 3)
def repeat(n):
    def deco(fn):
        def w(x):
            return [fn(x) for _ in range(n)]
        return w
    return deco

@repeat(3)
def sq(x):
    return x * x
print(sq(4))
