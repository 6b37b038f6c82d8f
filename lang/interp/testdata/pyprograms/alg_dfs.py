graph = {1: [2, 3], 2: [4], 3: [4, 5], 4: [6], 5: [6], 6: []}
order = []
def dfs(n, seen=None):
    if seen is None:
        seen = set()
    seen.add(n)
    order.append(n)
    for m in graph[n]:
        if m not in seen:
            dfs(m, seen)
    return seen
print(sorted(dfs(1)), order)
