from dataclasses import dataclass

@dataclass
class Point:
    x: int
    y: int = 0

    def dist2(self, other):
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)

p = Point(1, 2)
q = Point(x=4, y=6)
print(p, q, p.dist2(q))
print(p.moved(1, 1), p == Point(1, 2), Point(3))
p.x = 10
print(p.x, p)
