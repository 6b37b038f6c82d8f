def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)

class Fraction:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError("denominator is zero")
        if den < 0:
            num, den = -num, -den
        g = gcd(num, den)
        self.num = num // g
        self.den = den // g

    def __add__(self, o):
        return Fraction(self.num * o.den + o.num * self.den, self.den * o.den)

    def __sub__(self, o):
        return Fraction(self.num * o.den - o.num * self.den, self.den * o.den)

    def __mul__(self, o):
        return Fraction(self.num * o.num, self.den * o.den)

    def __truediv__(self, o):
        return Fraction(self.num * o.den, self.den * o.num)

    def __eq__(self, o):
        return self.num == o.num and self.den == o.den

    def __lt__(self, o):
        return self.num * o.den < o.num * self.den

    def __str__(self):
        return str(self.num) if self.den == 1 else f"{self.num}/{self.den}"

    def __repr__(self):
        return f"Fraction({self.num}, {self.den})"

    def __float__(self):
        return self.num / self.den

h = Fraction(0)
for n in range(1, 11):
    h = h + Fraction(1, n)
    print(f"H({n}) = {h}")
print(repr(h), float(h))
x = Fraction(3, 4)
y = Fraction(-5, 6)
print(x + y, x - y, x * y, x / y)
print(x < y, y < x, x == Fraction(6, 8))
fs = [Fraction(1, d) for d in range(2, 7)] + [Fraction(2, 3), Fraction(3, 5)]
print(sorted(fs))
print(min(fs), max(fs))
try:
    Fraction(1, 0)
except ZeroDivisionError as e:
    print("error:", e)
# Egyptian fractions
def egyptian(f):
    parts = []
    while f.num != 0:
        d = -(-f.den // f.num)
        parts.append(Fraction(1, d))
        f = f - Fraction(1, d)
    return parts
print(" + ".join(str(p) for p in egyptian(Fraction(4, 13))))
