class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return f"P({self.x},{self.y})"

    def neighbours(self):
        return [Point(self.x + dx, self.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]

walls = {Point(1, 1), Point(1, 2), Point(2, 1), Point(3, 3)}
print(Point(1, 2) in walls, Point(2, 2) in walls, len(walls | {Point(1, 1), Point(0, 0)}))
start, goal = Point(0, 0), Point(3, 2)
dist = {start: 0}
queue = [start]
while queue:
    p = queue.pop(0)
    for n in p.neighbours():
        if 0 <= n.x <= 4 and 0 <= n.y <= 4 and n not in walls and n not in dist:
            dist[n] = dist[p] + 1
            queue.append(n)
print(dist[goal], len(dist))
print(sorted(dist.items(), key=lambda kv: (kv[1], kv[0].x, kv[0].y))[:6])
visits = {}
for p in [Point(0, 0), Point(1, 0), Point(0, 0), Point(1, 0), Point(0, 0)]:
    visits[p] = visits.get(p, 0) + 1
print(visits)
print(list({Point(1, 1): "a", Point(1, 1): "b"}.items()))
