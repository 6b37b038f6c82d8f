edges = [("a", "b"), ("b", "c"), ("c", "a"), ("b", "d"), ("d", "e"), ("e", "f"), ("f", "d"), ("g", "f"), ("g", "h"), ("h", "i"), ("i", "j"), ("j", "g"), ("j", "k")]
graph = {}
for u, v in edges:
    graph.setdefault(u, []).append(v)
    graph.setdefault(v, [])

def tarjan(graph):
    index = {}
    low = {}
    stack = []
    on_stack = set()
    result = []
    counter = [0]
    def strongconnect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            result.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return result

print(tarjan(graph))

def has_cycle(graph):
    WHITE, GRAY, BLACK = 0, 1, 2
    color = {v: WHITE for v in graph}
    def visit(v):
        color[v] = GRAY
        for w in graph[v]:
            if color[w] == GRAY or (color[w] == WHITE and visit(w)):
                return True
        color[v] = BLACK
        return False
    return any(color[v] == WHITE and visit(v) for v in sorted(graph))

print(has_cycle(graph), has_cycle({"x": ["y"], "y": ["z"], "z": []}))

def bipartite(adj):
    side = {}
    for start in sorted(adj):
        if start in side:
            continue
        side[start] = 0
        queue = [start]
        while queue:
            u = queue.pop(0)
            for v in adj[u]:
                if v not in side:
                    side[v] = 1 - side[u]
                    queue.append(v)
                elif side[v] == side[u]:
                    return None
    return sorted(k for k, s in side.items() if s == 0), sorted(k for k, s in side.items() if s == 1)

square = {1: [2, 4], 2: [1, 3], 3: [2, 4], 4: [3, 1]}
triangle = {1: [2, 3], 2: [1, 3], 3: [1, 2]}
print(bipartite(square), bipartite(triangle))

def floyd(n, wedges):
    INF = float("inf")
    d = [[0 if i == j else INF for j in range(n)] for i in range(n)]
    for u, v, w in wedges:
        d[u][v] = min(d[u][v], w)
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if d[i][k] + d[k][j] < d[i][j]:
                    d[i][j] = d[i][k] + d[k][j]
    return d
for row in floyd(4, [(0, 1, 5), (1, 2, 3), (2, 3, 1), (0, 3, 10), (3, 0, 2)]):
    print(["inf" if x == float("inf") else x for x in row])
