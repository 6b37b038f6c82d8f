from dataclasses import dataclass

@dataclass
class Rect:
    w: int
    h: int

    def area(self):
        return self.w * self.h

@dataclass
class Square:
    s: int

    def area(self):
        return self.s * self.s

shapes = [Rect(2, 3), Square(4), Rect(1, 1)]
for sh in sorted(shapes, key=lambda s: s.area()):
    print(type(sh).__name__, sh.area())
print(sum(s.area() for s in shapes))
