# Shapes with a common interface (duck typing)
PI = 3.141592653589793

class Circle:
    def __init__(self, r):
        self.r = r
    def area(self):
        return PI * self.r ** 2
    def perimeter(self):
        return 2 * PI * self.r
    def name(self):
        return "circle"

class Rect:
    def __init__(self, w, h):
        self.w = w
        self.h = h
    def area(self):
        return self.w * self.h
    def perimeter(self):
        return 2 * (self.w + self.h)
    def name(self):
        return "square" if self.w == self.h else "rectangle"

class Triangle:
    def __init__(self, a, b, c):
        if a + b <= c or a + c <= b or b + c <= a:
            raise ValueError(f"invalid triangle {a}, {b}, {c}")
        self.a, self.b, self.c = a, b, c
    def area(self):
        s = self.perimeter() / 2
        return (s * (s - self.a) * (s - self.b) * (s - self.c)) ** 0.5
    def perimeter(self):
        return self.a + self.b + self.c
    def name(self):
        return "triangle"

shapes = [Circle(1), Rect(3, 4), Rect(2, 2), Triangle(3, 4, 5), Circle(2.5), Triangle(2, 2, 3)]
for s in shapes:
    print(f"{s.name():<10} area={s.area():8.3f} perimeter={s.perimeter():7.2f}")
print("largest:", max(shapes, key=lambda s: s.area()).name())
print("total area:", sum(s.area() for s in shapes))
counts = {}
for s in shapes:
    counts[s.name()] = counts.get(s.name(), 0) + 1
print(counts)
print([round(s.area(), 1) for s in sorted(shapes, key=lambda s: s.perimeter())])
try:
    Triangle(1, 2, 10)
except ValueError as e:
    print(e)
print(Circle(1).area() == PI, Rect(1.5, 2).area())
