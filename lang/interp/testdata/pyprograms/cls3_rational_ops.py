class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self, x=0.0, y=0.0, z=0.0):
        self.x, self.y, self.z = x, y, z

    def __add__(self, o): return Vec3(self.x + o.x, self.y + o.y, self.z + o.z)
    def __sub__(self, o): return Vec3(self.x - o.x, self.y - o.y, self.z - o.z)
    def __mul__(self, k): return Vec3(self.x * k, self.y * k, self.z * k)
    def __truediv__(self, k): return Vec3(self.x / k, self.y / k, self.z / k)
    def __neg__(self): return Vec3(-self.x, -self.y, -self.z)
    def __abs__(self): return (self.x ** 2 + self.y ** 2 + self.z ** 2) ** 0.5
    def __iter__(self): return iter((self.x, self.y, self.z))
    def __repr__(self): return f"Vec3({self.x:g}, {self.y:g}, {self.z:g})"
    def dot(self, o): return self.x * o.x + self.y * o.y + self.z * o.z
    def cross(self, o):
        return Vec3(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z, self.x * o.y - self.y * o.x)

a, b = Vec3(1, 2, 3), Vec3(4, 5, 6)
print(a + b, a - b, a * 2, b / 2, -a)
print(a.dot(b), a.cross(b), abs(Vec3(2, 3, 6)))
x, y, z = a
print(x, y, z, list(b), max(b))
unit = a / abs(a)
print(unit, round(abs(unit), 12))
print([round(c, 3) for c in unit])
