def subsets(xs):
    if not xs:
        return [[]]
    rest = subsets(xs[1:])
    return rest + [[xs[0]] + s for s in rest]

print(sorted(subsets([1, 2, 3]), key=lambda s: (len(s), s)))
