# 8-puzzle with BFS and A*, water jug problem
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)

def neighbours(state):
    i = state.index(0)
    r, c = divmod(i, 3)
    for dr, dc, name in ((-1, 0, "U"), (1, 0, "D"), (0, -1, "L"), (0, 1, "R")):
        nr, nc = r + dr, c + dc
        if 0 <= nr < 3 and 0 <= nc < 3:
            j = nr * 3 + nc
            s = list(state)
            s[i], s[j] = s[j], s[i]
            yield name, tuple(s)

def manhattan(state):
    total = 0
    for i, v in enumerate(state):
        if v:
            gi = v - 1
            total += abs(i // 3 - gi // 3) + abs(i % 3 - gi % 3)
    return total

def astar(start):
    frontier = [(manhattan(start), 0, start, "")]
    best = {start: 0}
    expanded = 0
    while frontier:
        frontier.sort()
        f, g, state, path = frontier.pop(0)
        if state == GOAL:
            return path, expanded
        expanded += 1
        for move, nxt in neighbours(state):
            if g + 1 < best.get(nxt, 10 ** 9):
                best[nxt] = g + 1
                frontier.append((g + 1 + manhattan(nxt), g + 1, nxt, path + move))
    return None, expanded

for start in [(1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 0, 4, 6, 7, 5, 8), (4, 1, 3, 7, 2, 6, 0, 5, 8), (8, 1, 3, 4, 0, 2, 7, 6, 5)]:
    path, n = astar(start)
    print(start, "->", path, len(path), "moves,", n, "expanded")

def jugs(a, b, target):
    start = (0, 0)
    parent = {start: None}
    queue = [start]
    while queue:
        x, y = queue.pop(0)
        if x == target or y == target:
            path = []
            s = (x, y)
            while s:
                path.append(s)
                s = parent[s]
            return path[::-1]
        for nxt in [(a, y), (x, b), (0, y), (x, 0), (x - min(x, b - y), y + min(x, b - y)), (x + min(y, a - x), y - min(y, a - x))]:
            if nxt not in parent:
                parent[nxt] = (x, y)
                queue.append(nxt)
    return None
print(jugs(3, 5, 4))
print(jugs(2, 6, 5))
