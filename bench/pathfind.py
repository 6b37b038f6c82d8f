# Grid path finding: a maze as a dict of adjacency lists keyed by (x, y)
# tuples, BFS with a list used as a queue, Dijkstra and A* over a
# hand-written binary heap of tuples, path reconstruction from parent dicts.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def heap_push(heap, item):
    heap.append(item)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) // 2
        if heap[parent] <= item:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = item


def heap_pop(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    n = len(heap)
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = last
    return top


def make_grid(w, h, seed):
    walls = set()
    for y in range(h):
        for x in range(w):
            seed = (seed * 1103515245 + 12345) % 2147483648
            if seed % 100 < 22 and (x, y) != (0, 0) and (x, y) != (w - 1, h - 1):
                walls.add((x, y))
    graph = {}
    for y in range(h):
        for x in range(w):
            if (x, y) in walls:
                continue
            edges = []
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in walls:
                    cost = 1 + (nx * 7 + ny * 13) % 5
                    edges.append(((nx, ny), cost))
            graph[(x, y)] = edges
    return graph


def bfs(graph, start, goal):
    parent = {start: None}
    queue = [start]
    head = 0
    while head < len(queue):
        node = queue[head]
        head += 1
        if node == goal:
            break
        for nxt, _ in graph[node]:
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    if goal not in parent:
        return None
    path = []
    node = goal
    while node is not None:
        path.append(node)
        node = parent[node]
    return path[::-1]


def dijkstra(graph, start):
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, node = heap_pop(heap)
        if d > dist[node]:
            continue
        for nxt, cost in graph[node]:
            nd = d + cost
            if nd < dist.get(nxt, 1 << 60):
                dist[nxt] = nd
                heap_push(heap, (nd, nxt))
    return dist


def astar(graph, start, goal):
    gx, gy = goal
    came = {}
    g = {start: 0}
    heap = [(abs(start[0] - gx) + abs(start[1] - gy), 0, start)]
    expanded = 0
    while heap:
        f, cost, node = heap_pop(heap)
        if node == goal:
            return cost, expanded
        if cost > g[node]:
            continue
        expanded += 1
        for nxt, c in graph[node]:
            nc = cost + c
            if nc < g.get(nxt, 1 << 60):
                g[nxt] = nc
                came[nxt] = node
                h = abs(nxt[0] - gx) + abs(nxt[1] - gy)
                heap_push(heap, (nc + h, nc, nxt))
    return None, expanded


SIZE = 30 if SMALL else 170
graph = make_grid(SIZE, SIZE, 2024)
goal = (SIZE - 1, SIZE - 1)
path = bfs(graph, (0, 0), goal)
print("nodes", len(graph), "edges", sum(len(e) for e in graph.values()))
print("bfs", None if path is None else len(path), path[:4] if path else None)
dist = dijkstra(graph, (0, 0))
far = max(dist.items(), key=lambda kv: (kv[1], kv[0]))
print("dijkstra", len(dist), dist.get(goal), far)
print("astar", astar(graph, (0, 0), goal))
buckets = {}
for node, d in dist.items():
    buckets[d // 50] = buckets.get(d // 50, 0) + 1
print("buckets", sorted(buckets.items())[:6])
