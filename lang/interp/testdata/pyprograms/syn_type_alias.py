Vector = list[float]

def scale(v: Vector, k: float) -> Vector:
    return [x * k for x in v]

print(scale([1.0, 2.0], 2.0))
Matrix = list[Vector]
m: Matrix = [[1.0], [2.0]]
print(m, len(m))
