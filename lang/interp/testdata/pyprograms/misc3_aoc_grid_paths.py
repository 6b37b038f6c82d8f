GRID = """Sabqponm
abcryxxl
accszExk
acctuvwj
abdefghi"""

rows = GRID.splitlines()
H, W = len(rows), len(rows[0])
height = {}
start = end = None
for r, line in enumerate(rows):
    for c, ch in enumerate(line):
        if ch == "S":
            start = (r, c)
            ch = "a"
        elif ch == "E":
            end = (r, c)
            ch = "z"
        height[(r, c)] = ord(ch) - ord("a")

def bfs(sources):
    dist = {s: 0 for s in sources}
    queue = list(sources)
    head = 0
    while head < len(queue):
        cur = queue[head]
        head += 1
        if cur == end:
            return dist[cur]
        r, c = cur
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in height and nxt not in dist and height[nxt] <= height[cur] + 1:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return None

print(start, end, H, W)
print("part 1:", bfs([start]))
print("part 2:", bfs([p for p, h in height.items() if h == 0]))
print(sum(1 for h in height.values() if h == 0), max(height.values()))
