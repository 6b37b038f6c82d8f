class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1

print(list(Countdown(5)))
for x in Countdown(3):
    print(x, end=" ")
print()

it = iter([10, 20, 30])
print(next(it), next(it), next(it), next(it, "default"))
words = iter("one two three four".split())
pairs = list(zip(words, words))
print(pairs)
r = range(2, 20, 3)
print(r, len(r), r[2], r[-1], list(reversed(r)), 11 in r, 12 in r)
print(list(enumerate("abc", start=10)))
e = enumerate(["x", "y"])
print(next(e), list(e))
z = zip([1, 2, 3], "ab")
print(list(z), list(z))
m = map(lambda s: s.upper(), ["a", "b"])
print(type(m).__name__, list(m))
print(list(map(pow, [2, 3, 4], [5, 2, 1])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])))
print(sorted("hello world"), "".join(sorted(set("mississippi"))))
print(dict(zip("abc", range(3))), list(zip(*[(1, "a"), (2, "b")])))
print(min("banana", "apple", "cherry"), max([3, 1, 2], default=0), max([], default="none"))
