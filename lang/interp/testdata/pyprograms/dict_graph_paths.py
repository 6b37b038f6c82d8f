graph = {"A": ["B", "C"], "B": ["D"], "C": ["D", "E"], "D": ["F"], "E": ["F"], "F": []}
def all_paths(g, start, end, path=None):
    path = (path or []) + [start]
    if start == end:
        return [path]
    out = []
    for n in g[start]:
        if n not in path:
            out.extend(all_paths(g, n, end, path))
    return out
for p in all_paths(graph, "A", "F"):
    print(" -> ".join(p))
indeg = {n: 0 for n in graph}
for n, outs in graph.items():
    for m in outs:
        indeg[m] += 1
print(indeg)
order, ready = [], sorted(n for n, d in indeg.items() if d == 0)
while ready:
    n = ready.pop(0)
    order.append(n)
    for m in graph[n]:
        indeg[m] -= 1
        if indeg[m] == 0:
            ready.append(m)
            ready.sort()
print(order)
rev = {}
for n, outs in graph.items():
    for m in outs:
        rev.setdefault(m, []).append(n)
print(dict(sorted(rev.items())))
dist = {"A": 0}
queue = ["A"]
while queue:
    n = queue.pop(0)
    for m in graph[n]:
        if m not in dist:
            dist[m] = dist[n] + 1
            queue.append(m)
print(dist)
