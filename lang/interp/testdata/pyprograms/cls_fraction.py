from dataclasses import dataclass

def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)

@dataclass
class Frac:
    n: int
    d: int

    def norm(self):
        g = gcd(self.n, self.d)
        s = -1 if self.d < 0 else 1
        return Frac(s * self.n // g, s * self.d // g)

    def __add__(self, o):
        return Frac(self.n * o.d + o.n * self.d, self.d * o.d).norm()

    def __sub__(self, o):
        return Frac(self.n * o.d - o.n * self.d, self.d * o.d).norm()

    def __mul__(self, o):
        return Frac(self.n * o.n, self.d * o.d).norm()

    def __truediv__(self, o):
        return Frac(self.n * o.d, self.d * o.n).norm()

    def __lt__(self, o):
        return self.n * o.d < o.n * self.d

    def __str__(self):
        return f"{self.n}/{self.d}" if self.d != 1 else str(self.n)

half, third = Frac(1, 2), Frac(1, 3)
print(half + third, half - third, half * third, half / third)
print(Frac(6, -8).norm(), Frac(4, 2).norm(), repr(Frac(1, 2)))
total = Frac(0, 1)
for k in range(1, 6):
    total = total + Frac(1, k)
print("H5 =", total)
fs = [Frac(3, 4), Frac(1, 8), Frac(5, 6), Frac(1, 2)]
print(", ".join(str(f) for f in sorted(fs)), min(fs), max(fs))
print(half == Frac(1, 2), half == third)
