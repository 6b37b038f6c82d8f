class Shape:
    def area(self):
        raise NotImplementedError("subclasses must implement area()")

    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"

class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

class Circle(Shape):
    def __init__(self, r):
        self.r = r

    def area(self):
        return 3.14159 * self.r ** 2

class Blob(Shape):
    pass

for s in [Square(3), Circle(1.5), Blob()]:
    try:
        print(s.describe())
    except NotImplementedError as e:
        print(f"{type(s).__name__}: {e}")
shapes = sorted([Square(2), Circle(1), Square(1.5)], key=lambda s: s.area())
print([type(s).__name__ for s in shapes])
print(sum(s.area() for s in shapes))
