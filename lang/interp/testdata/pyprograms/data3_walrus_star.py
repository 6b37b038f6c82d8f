data = [5, 12, 7, 3, 19, 8]
if (n := len(data)) > 5:
    print(f"list is long ({n} elements)")
print([y for x in data if (y := x * 2) > 15])
first, *middle, last = data
print(first, middle, last)
*init, tail = "hello"
print(init, tail)
head, *rest = [1]
print(head, rest)
a, (b, c), d = 1, (2, 3), 4
print(a, b, c, d)
for i, (name, score) in enumerate([("x", 1), ("y", 2)]):
    print(i, name, score)

def stats(*nums, precision=2, **opts):
    mean = sum(nums) / len(nums)
    label = opts.get("label", "mean")
    return f"{label}={round(mean, precision)} n={len(nums)} opts={sorted(opts)}"

print(stats(1, 2, 3, 4))
print(stats(*data, precision=1, label="avg", extra=True))
args = (1, 10, 3)
print(list(range(*args)))
kwargs = {"sep": "-", "end": "!\n"}
print("a", "b", "c", **kwargs)
print(*[1, 2, 3], sep=", ")
merged = [*data[:2], *"ab", *range(2)]
print(merged)
print({**{"a": 1}, **{"b": 2, "a": 3}})
line = "  key = value = more "
k, _, v = line.partition("=")
print(repr(k.strip()), repr(v.strip()))
while (chunk := data[:2]):
    print(chunk)
    data = data[2:]
