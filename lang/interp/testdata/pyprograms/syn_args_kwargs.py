def f(*args, **kwargs):
    return args, kwargs

print(f(1, 2, a=3))
print(f())
def g(a, b=2, *rest, key=None, **opts):
    return (a, b, rest, key, opts)

print(g(1))
print(g(1, 3, 5, 7, key="k", x=1))
args = [10, 20]
kw = {"key": "z"}
print(g(*args, **kw))
def total(*nums):
    return sum(nums)
print(total(*range(5)), total())
