def flatten(items):
    for x in items:
        if isinstance(x, (list, tuple)):
            yield from flatten(x)
        else:
            yield x

nested = [1, [2, [3, 4], (5, 6)], [[[7]]], 8, [], "nine"]
print(list(flatten(nested)))

def tree_walk(tree, depth=0):
    name, children = tree
    yield depth, name
    for child in children:
        yield from tree_walk(child, depth + 1)

tree = ("root", [("a", [("a1", []), ("a2", [("a2x", [])])]), ("b", []), ("c", [("c1", [])])])
for depth, name in tree_walk(tree):
    print("  " * depth + "- " + name)

def chain(*iterables):
    for it in iterables:
        yield from it

print(list(chain("ab", [1, 2], range(3), {"k": 1})))

def inner():
    x = yield 1
    yield x * 2
    return "inner done"

def outer():
    result = yield from inner()
    yield result

g = outer()
print(next(g))
print(g.send(21))
print(next(g))
try:
    next(g)
except StopIteration:
    print("exhausted")

def permutations(seq):
    if len(seq) <= 1:
        yield list(seq)
        return
    for i in range(len(seq)):
        for rest in permutations(seq[:i] + seq[i + 1:]):
            yield [seq[i]] + rest

perms = list(permutations([1, 2, 3]))
print(len(perms), perms)
print(["".join(p) for p in permutations("abc")])
