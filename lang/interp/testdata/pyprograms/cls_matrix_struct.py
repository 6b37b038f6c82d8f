from dataclasses import dataclass

@dataclass
class Vec:
    x: float
    y: float

    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def scale(self, k):
        return Vec(self.x * k, self.y * k)

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

v = Vec(3.0, 4.0)
print(v.norm(), v.add(Vec(1.0, 1.0)), v.scale(0.5))
vs = [Vec(float(i), float(i * i)) for i in range(4)]
acc = Vec(0.0, 0.0)
for w in vs:
    acc = acc.add(w)
print(acc)
