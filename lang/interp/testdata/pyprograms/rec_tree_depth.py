tree = {"value": 1, "children": [
    {"value": 2, "children": [{"value": 4, "children": []}, {"value": 5, "children": []}]},
    {"value": 3, "children": [{"value": 6, "children": [{"value": 7, "children": []}]}]},
]}
def depth(node):
    if not node["children"]:
        return 1
    return 1 + max(depth(c) for c in node["children"])
def total(node):
    return node["value"] + sum(total(c) for c in node["children"])
def paths(node, prefix=()):
    prefix = prefix + (node["value"],)
    if not node["children"]:
        yield prefix
    for c in node["children"]:
        yield from paths(c, prefix)
def show(node, indent=0):
    print("  " * indent + str(node["value"]))
    for c in node["children"]:
        show(c, indent + 1)
print(depth(tree), total(tree))
for p in paths(tree):
    print(" -> ".join(map(str, p)))
show(tree)
