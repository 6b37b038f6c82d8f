# Minimum spanning tree with union-find (path compression + union by rank)
class_name = "DisjointSet"

def make_set(n):
    return {"parent": list(range(n)), "rank": [0] * n}

def find(ds, x):
    root = x
    while ds["parent"][root] != root:
        root = ds["parent"][root]
    while ds["parent"][x] != root:
        nxt = ds["parent"][x]
        ds["parent"][x] = root
        x = nxt
    return root

def union(ds, a, b):
    ra, rb = find(ds, a), find(ds, b)
    if ra == rb:
        return False
    if ds["rank"][ra] < ds["rank"][rb]:
        ra, rb = rb, ra
    ds["parent"][rb] = ra
    if ds["rank"][ra] == ds["rank"][rb]:
        ds["rank"][ra] += 1
    return True

edges = [
    (7, "A", "B"), (5, "A", "D"), (8, "B", "C"), (9, "B", "D"),
    (7, "B", "E"), (5, "C", "E"), (15, "D", "E"), (6, "D", "F"),
    (8, "E", "F"), (9, "E", "G"), (11, "F", "G"),
]
names = sorted({e[1] for e in edges} | {e[2] for e in edges})
index = {name: i for i, name in enumerate(names)}
ds = make_set(len(names))
tree = []
total = 0
for w, u, v in sorted(edges):
    if union(ds, index[u], index[v]):
        tree.append((u, v, w))
        total += w
for u, v, w in tree:
    print(f"{u}-{v} ({w})")
print("total weight:", total)
print("edges used:", len(tree), "of", len(edges))
components = {}
for name in names:
    components.setdefault(find(ds, index[name]), []).append(name)
print(list(components.values()))
print(class_name, ds["rank"])
