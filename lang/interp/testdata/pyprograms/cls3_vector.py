class Vector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vector(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vector(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __neg__(self):
        return Vector(-self.x, -self.y)

    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __bool__(self):
        return bool(self.x or self.y)

    def __repr__(self):
        return f"Vector({self.x}, {self.y})"

    def dot(self, other):
        return self.x * other.x + self.y * other.y

a = Vector(3, 4)
b = Vector(1, -2)
print(a + b, a - b, a * 2, 3 * b, -a)
print(abs(a), abs(b))
print(a == Vector(3, 4), a != b, a == b)
print(a.dot(b))
print(bool(Vector(0, 0)), bool(a))
vs = [Vector(i, i * i) for i in range(4)]
total = Vector(0, 0)
for v in vs:
    total = total + v
print(total)
print(sorted(vs, key=abs, reverse=True))
print([v for v in vs if v])
print(f"{a!r} has length {abs(a):.3f}")
