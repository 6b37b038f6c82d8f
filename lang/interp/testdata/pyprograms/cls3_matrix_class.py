class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]

    @property
    def shape(self):
        return (len(self.rows), len(self.rows[0]) if self.rows else 0)

    def __getitem__(self, idx):
        r, c = idx
        return self.rows[r][c]

    def __add__(self, other):
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Matrix([[a * other for a in r] for r in self.rows])
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

    def __eq__(self, other):
        return self.rows == other.rows

    def transpose(self):
        return Matrix(zip(*self.rows))

    def __str__(self):
        w = max(len(str(v)) for r in self.rows for v in r)
        return "\n".join("| " + " ".join(str(v).rjust(w) for v in r) + " |" for r in self.rows)

    def __repr__(self):
        return f"Matrix({self.rows})"

a = Matrix([[1, 2], [3, 4]])
b = Matrix([[0, 1], [1, 0]])
print(a + b)
print(a * b)
print(a * 2.5)
print(repr(a.transpose()), a.shape, Matrix([[1, 2, 3]]).shape)
print(a[1, 0], (a * b)[0, 1])
print(a * b == b * a, a + b == b + a)
ident = Matrix([[1, 0], [0, 1]])
p = ident
for _ in range(10):
    p = p * a
print(p)
print([repr(m) for m in (a, b)])
